// handle.h: a document parsed alone (sj_parse, sj_release) and access to its
// values, or to those of a batch's documents (batch.h), through handles used
// in any order, any number of times: lookups (sj_find, sj_path, sj_pointer,
// sj_index), scalars, raw text, counts and iterations. Go side: handle.go.
//
// On-Demand is a forward-only iterator: reading a value after the iterator
// moved past it is undefined behaviour in release builds, and reading one
// string twice unescapes it twice into a buffer sized for one pass. Go callers
// hold handles and use them in any order, so this shim makes order irrelevant:
//
//  * A handle is (token index, depth). Before a scalar read the shim moves the
//    iterator to the handle's token at its depth: a state the iterator would
//    have reached by a forward traversal, so simdjson's own code runs from a
//    state it knows. Forward reads find the iterator already there.
//  * Containers remember, in a small direct-mapped cache keyed by token, the
//    iterator state after the last lookup in them. The next lookup resumes
//    from there (find_field_unordered wraps around), so keys read in document
//    order cost what they cost natively; a cache miss restarts the container
//    from its first field, which is always correct.
//  * A string without escapes is returned as a view of the input. Others are
//    unescaped into a place of their own in the string buffer (fixed by the
//    string's offset) and cached: a string read again after the cache forgot
//    it is unescaped again into the same place, so repeated reads take no
//    memory (unescape_to_place).
//  * After an error that leaves simdjson's iterator dead, the document is
//    marked dead and every later access returns that error.
//
// It neither splits batches (batch.h) nor extracts projections
// (projection.h), though both use its scalar readers (read_string,
// slow_number, root_scalar).

#ifndef SJ_SHIM_HANDLE_H
#define SJ_SHIM_HANDLE_H

namespace {

constexpr uint64_t kEagerString = 4096;   // strings up to this raw size are read with their lookup

inline uint32_t tok_off(const sj_parser *p, uint32_t tok) { return p->root[tok]; }
inline uint8_t tok_char(const sj_parser *p, uint32_t tok) { return p->buf[p->root[tok]]; }
inline uint32_t cur_tok(const sj_parser *p) { return uint32_t(p->it->position() - p->root); }

inline void set_pos(sj_parser *p, uint32_t tok, int32_t depth) {
  (p->it->*sj_get(rob_ji_token())).set_position(p->root + tok);
  p->it->*sj_get(rob_ji_depth()) = depth;
}

inline od::value_iterator make_vi(sj_parser *p, uint32_t tok, int32_t depth) {
  od::value_iterator vi;
  vi.*sj_get(rob_vi_ji()) = p->it;
  vi.*sj_get(rob_vi_depth()) = depth;
  vi.*sj_get(rob_vi_start()) = p->root + tok;
  return vi;
}

// Byte offset just past the raw text of the scalar at tok (before whitespace
// is trimmed): the offset of the next token, or the input length.
inline uint64_t next_off(const sj_parser *p, uint32_t tok) {
  return tok + 1 < p->ntok ? p->root[tok + 1] : p->len;
}

inline int fail(sj_parser *p, int code, int64_t off) {
  p->res.err_off = off;
  return code;
}

// A batch holds many documents: an error that kills simdjson's iterator in
// one of them must not affect the others. The dead document is the one whose
// tokens contain tok; the iterator is revived when another is accessed.
void mark_dead(sj_parser *p, int code, uint32_t tok) {
  p->dead = code;
  p->dead_lo = 0;
  p->dead_hi = p->ntok;
  if (!p->batch) return;
  auto it = std::upper_bound(p->docs.begin(), p->docs.end(), tok,
                             [](uint32_t t, const sj_doc &d) { return t < d.tok; });
  while (it != p->docs.begin()) {
    --it;
    if (it->err == 0) {
      p->dead_lo = it->tok;
      break;
    }
  }
  for (auto nx = std::upper_bound(p->docs.begin(), p->docs.end(), tok,
                                  [](uint32_t t, const sj_doc &d) { return t < d.tok; });
       nx != p->docs.end(); ++nx) {
    if (nx->err == 0) {
      p->dead_hi = nx->tok;
      break;
    }
  }
}

void revive(sj_parser *p) {
  p->dead = 0;
  p->it->*sj_get(rob_ji_parser()) = &p->parser;
  p->it->*sj_get(rob_ji_error()) = simdjson::SUCCESS;
}

// Called after any simdjson call that may have failed: a dead iterator
// (simdjson abandoned it) makes the whole document unusable.
inline int after(sj_parser *p, int code, uint32_t tok) {
  if (!p->it->is_alive() || p->it->position() > p->root + p->ntok) {
    if (!code) code = simdjson::TAPE_ERROR;
    mark_dead(p, code, tok);
    p->res.flags |= SJ_FLAG_DEAD;
  }
  if (code) {
    uint32_t ct = cur_tok(p);
    p->res.err_off = ct < p->ntok ? int64_t(p->root[ct]) : int64_t(tok_off(p, tok));
  }
  return code;
}

inline int check(sj_parser *p, uint32_t tok, int32_t depth) {
  p->res.flags = 0;
  if (!p->buf) return fail(p, SJ_BAD_HANDLE, -1);
  if (p->dead) {
    if (tok >= p->dead_lo && tok < p->dead_hi) {
      p->res.flags |= SJ_FLAG_DEAD;
      return fail(p, p->dead, -1);
    }
    revive(p);
  }
  if (tok >= p->ntok || depth < 1) return fail(p, SJ_BAD_HANDLE, -1);
  if (uint64_t(uint32_t(depth)) > uint64_t(p->max_depth) + 1) return fail(p, simdjson::DEPTH_ERROR, tok_off(p, tok));
  if (p->batch && (tok < p->doc_lo || tok >= p->doc_hi)) {
    // The document holding tok: its tokens end where the next one's start.
    auto it = std::upper_bound(p->docs.begin(), p->docs.end(), tok,
                               [](uint32_t t, const sj_doc &d) { return t < d.tok; });
    p->doc_lo = it == p->docs.begin() ? 0 : std::prev(it)->tok;
    p->doc_hi = it == p->docs.end() ? p->ntok : it->tok;
  }
  return 0;
}

// In a batch, simdjson's iterator knows no document ends: on malformed JSON
// that the batch's walk accepts (brackets that balance around a missing
// comma or a value where a key belongs), skipping can run past the closing
// bracket of the document and read the next document's tokens, which would
// then answer for this one. Every access checks that it stayed inside the
// document of its handle (value: it also produced a value at p->res.tok).
inline int inside(sj_parser *p, int rc, bool value) {
  if (!p->batch || !p->buf || (rc != 0 && rc != SJ_DONE && rc != simdjson::NO_SUCH_FIELD &&
                               rc != simdjson::INDEX_OUT_OF_BOUNDS)) {
    return rc;
  }
  if (cur_tok(p) > p->doc_hi || (value && rc == 0 && p->res.tok >= p->doc_hi)) {
    return fail(p, simdjson::TAPE_ERROR, tok_off(p, p->doc_lo));
  }
  return rc;
}

inline cstate_entry *cstate_get(sj_parser *p, uint32_t tok) {
  cstate_entry *e = &p->cstate[tok & (kCacheSize - 1)];
  return (e->epoch == p->epoch && e->tok == tok) ? e : nullptr;
}

inline void cstate_put(sj_parser *p, uint32_t tok, uint64_t aux) {
  cstate_entry *e = &p->cstate[tok & (kCacheSize - 1)];
  e->epoch = p->epoch;
  e->tok = tok;
  e->pos = cur_tok(p);
  e->depth = p->it->depth();
  e->aux = aux;
}

// closing_quote_intact reports whether the last quote in [s0, q) is there
// and not escaped (an even run of backslashes before it). Kept out of line:
// inlined, it changes gcc's inlining of its callers, which slows the hot
// string reads (docs/PERFORMANCE.md, "Measurements behind the shim's choices").
[[gnu::noinline]] bool closing_quote_intact(const uint8_t *s0, const uint8_t *q) {
  while (q > s0 && q[-1] != '"') q--;
  if (q == s0) return false;
  const uint8_t *b = q - 1;
  while (b > s0 && b[-1] == '\\') b--;
  return (q - 1 - b) % 2 == 0;
}

// Unescaped strings have fixed places in the parser's string buffer: the
// string whose opening quote is at byte o goes to string_buf + o + 1. The
// buffer holds at least as many bytes as the input (5/3 of the parser's
// capacity), an unescaped string is never longer than its raw text, and
// raw strings do not overlap: each string has a place of its own, which
// nothing else writes. A string read again after the cache forgot it is
// unescaped again into the same place, with the same bytes, so the views
// handed out before stay valid and reading costs no memory however often
// it is repeated. simdjson's unescape writes up to a SIMD block past the
// string's end (into the next string's place): it writes into a scratch
// buffer, and the string is copied to its place from there.
//
// unescape_to_place runs unescape (a call of simdjson that unescapes at the
// iterator's string_buf_loc) for the string whose raw bytes start at
// offset start (after the quote) and end before offset limit, and copies
// the result to its place; out receives the place.
//
// simdjson's unescape scans for the closing quote without a bound: it
// trusts stage 1, which found it before limit. When the input changed
// after stage 1 (a zero-copy buffer the caller reused while the document
// was alive), that quote may be gone, and the scan would write past the
// scratch buffer. So the last quote before limit must be there and not be
// escaped (closing_quote_intact), or the string is a STRING_ERROR: the scan
// then stops before limit, whatever the bytes.
template <typename F>
error_code unescape_to_place(sj_parser *p, uint64_t start, uint64_t limit, std::string_view &out, F unescape) {
  if (!closing_quote_intact(p->buf + start, p->buf + limit)) return simdjson::STRING_ERROR;
  const uint64_t raw = limit - start;
  const size_t need = size_t(raw + 2 * simdjson::SIMDJSON_PADDING);
  if (p->uscratch_cap < need) {
    const size_t nc = std::max(need, 2 * p->uscratch_cap);
    std::unique_ptr<uint8_t[]> nb(new (std::nothrow) uint8_t[nc]);
    if (!nb) return simdjson::MEMALLOC;
    p->uscratch = std::move(nb);
    p->uscratch_cap = nc;
  }
  uint8_t *&loc = p->it->string_buf_loc();
  uint8_t *const saved = loc;
  loc = p->uscratch.get();
  std::string_view sv;
  error_code err = unescape(sv);
  loc = saved;
  if (err) return err;
  if (sv.size() > raw || start + sv.size() > p->sb_cap) return simdjson::STRING_ERROR;  // not expected
  uint8_t *place = p->sb + start;
  std::memcpy(place, sv.data(), sv.size());
  out = std::string_view(reinterpret_cast<const char *>(place), sv.size());
  return simdjson::SUCCESS;
}

// Reads the string at (tok, depth) into res.str/res.slen. A string without
// escapes is its raw bytes, which stage 1 has validated (UTF-8, no control
// characters): a view of the input. Others are unescaped into their place
// (unescape_to_place) and remembered in a small cache.
int read_string(sj_parser *p, uint32_t tok, int32_t depth) {
  sstate_entry *e = &p->sstate[tok & (kCacheSize - 1)];
  if (e->epoch == p->epoch && e->tok == tok) {
    p->res.str = e->ptr;
    p->res.slen = e->len;
    return 0;
  }
  if (tok_char(p, tok) != '"') return fail(p, simdjson::INCORRECT_TYPE, tok_off(p, tok));
  const uint64_t start = uint64_t(tok_off(p, tok)) + 1, limit = next_off(p, tok);
  // The closing quote: the last quote before the next token (only
  // whitespace separates them).
  const uint8_t *s0 = p->buf + start, *q = p->buf + limit;
  while (q > s0 && q[-1] != '"') q--;
  // A document that is one string (not in a batch) goes to simdjson, which
  // checks that nothing follows it.
  if (q > s0 && (depth > 1 || p->batch) && !std::memchr(s0, '\\', size_t(q - 1 - s0))) {
    p->res.str = s0;
    p->res.slen = uint64_t(q - 1 - s0);
    return 0;
  }
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  std::string_view sv;
  error_code err = unescape_to_place(p, start, limit, sv, [&](std::string_view &out) {
    return depth == 1 ? vi.get_root_string(!p->batch, false).get(out) : vi.get_string(false).get(out);
  });
  if (err == simdjson::MEMALLOC) return fail(p, err, tok_off(p, tok));
  if (err) return after(p, err, tok);
  e->epoch = p->epoch;
  e->tok = tok;
  e->ptr = reinterpret_cast<const uint8_t *>(sv.data());
  e->len = sv.size();
  p->res.str = e->ptr;
  p->res.slen = e->len;
  return 0;
}

// Reports the value at the iterator's current position as the result. Short
// strings are read right away (one crossing for lookup and read).
int put_value(sj_parser *p, int32_t depth) {
  uint32_t tok = cur_tok(p);
  if (tok >= p->ntok) return fail(p, simdjson::TAPE_ERROR, int64_t(p->len));
  uint8_t c = tok_char(p, tok);
  if (uint32_t(depth) > p->max_depth && (c == '{' || c == '[')) return fail(p, simdjson::DEPTH_ERROR, tok_off(p, tok));
  p->res.tok = tok;
  p->res.off = tok_off(p, tok);
  p->res.depth = depth;
  p->res.flags = 0;
  if (c == '"' && next_off(p, tok) - tok_off(p, tok) <= kEagerString) {
    if (read_string(p, tok, depth) == 0) {
      p->res.flags |= SJ_FLAG_STR;
    } else if (p->dead) {
      return p->dead;
    }
    set_pos(p, tok, depth);  // leave the iterator at the value either way
  }
  return 0;
}

// Puts the iterator inside the object at (tok, depth): at the state saved by
// the last lookup, or at its first field. Returns NO_SUCH_FIELD for {}.
int enter_object(sj_parser *p, uint32_t tok, int32_t depth, od::value_iterator &vi) {
  if (tok_char(p, tok) != '{') return fail(p, simdjson::INCORRECT_TYPE, tok_off(p, tok));
  if (cstate_entry *e = cstate_get(p, tok)) {
    set_pos(p, e->pos, e->depth);
    return 0;
  }
  set_pos(p, tok, depth);
  bool nonempty = false;
  error_code err = vi.start_object().get(nonempty);
  if (err) return after(p, err, tok);
  if (!nonempty) return fail(p, simdjson::NO_SUCH_FIELD, tok_off(p, tok));
  return 0;
}

// hint, when not 0, is the value of a field of this object found earlier
// (by the Go fast path): an unordered search resumes after it.
int find_in(sj_parser *p, uint32_t tok, int32_t depth, std::string_view key, int mode, uint32_t hint = 0) {
  od::value_iterator vi = make_vi(p, tok, depth);
  if (hint > tok && hint < p->ntok && mode == 0 && tok_char(p, tok) == '{') {
    set_pos(p, hint, depth + 1);
  } else {
    int rc = enter_object(p, tok, depth, vi);
    if (rc) return rc;
  }
  bool found = false;
  error_code err = (mode ? vi.find_field_raw(key) : vi.find_field_unordered_raw(key)).get(found);
  if (err) return after(p, err, tok);
  if (after(p, 0, tok)) return p->dead;
  // The position FindField continues from; unordered lookups resume from
  // the hint Go keeps instead.
  if (mode) cstate_put(p, tok, 0);
  if (!found) return fail(p, simdjson::NO_SUCH_FIELD, tok_off(p, tok));
  return put_value(p, depth + 1);
}

int index_in(sj_parser *p, uint32_t tok, int32_t depth, uint64_t index) {
  if (tok_char(p, tok) != '[') return fail(p, simdjson::INCORRECT_TYPE, tok_off(p, tok));
  od::value_iterator vi = make_vi(p, tok, depth);
  uint64_t k = 0;
  cstate_entry *e = cstate_get(p, tok);
  if (e && e->aux <= index) {
    set_pos(p, e->pos, e->depth);
    k = e->aux;
  } else {
    set_pos(p, tok, depth);
    bool nonempty = false;
    error_code err = vi.start_array().get(nonempty);
    if (err) return after(p, err, tok);
    if (!nonempty) return fail(p, simdjson::INDEX_OUT_OF_BOUNDS, tok_off(p, tok));
    cstate_put(p, tok, 0);
  }
  while (k < index) {
    error_code err = vi.skip_child();
    if (err) return after(p, err, tok);
    bool more = false;
    err = vi.has_next_element().get(more);
    if (err) return after(p, err, tok);
    if (!more) {
      if (after(p, 0, tok)) return p->dead;
      return fail(p, simdjson::INDEX_OUT_OF_BOUNDS, tok_off(p, tok));
    }
    k++;
  }
  if (after(p, 0, tok)) return p->dead;
  cstate_put(p, tok, k);
  return put_value(p, depth + 1);
}

// The root container ended: anything after it is trailing content.
inline int root_end(sj_parser *p, int32_t depth) {
  // In a batch, sj_batch checked that each document is one balanced value.
  if (depth == 1 && !p->batch && !p->it->at_end()) {
    uint32_t ct = cur_tok(p);
    return fail(p, simdjson::TRAILING_CONTENT, ct < p->ntok ? int64_t(p->root[ct]) : int64_t(p->len));
  }
  return SJ_DONE;
}

// Reads the key of the field the iterator is at and moves to its value.
int field_at(sj_parser *p, od::value_iterator &vi, uint32_t tok, int32_t depth) {
  uint32_t ktok = cur_tok(p);
  od::raw_json_string raw;
  error_code err = vi.field_key().get(raw);
  if (err) return after(p, err, tok);
  err = vi.field_value();
  if (err) return after(p, err, tok);
  // The key ends at the last quote before the ':' token.
  const uint8_t *kstart = reinterpret_cast<const uint8_t *>(raw.raw());
  const uint8_t *kend = p->buf + p->root[ktok + 1];
  while (kend > kstart && kend[-1] != '"') kend--;
  if (kend > kstart) kend--;
  uint64_t klen = uint64_t(kend - kstart);
  if (!std::memchr(kstart, '\\', klen)) {
    p->res.key = kstart;
    p->res.klen = klen;
  } else {
    sstate_entry *e = &p->sstate[ktok & (kCacheSize - 1)];
    if (e->epoch == p->epoch && e->tok == ktok) {
      p->res.key = e->ptr;
      p->res.klen = e->len;
    } else {
      std::string_view sv;
      const uint64_t kstart = uint64_t(tok_off(p, ktok)) + 1;
      err = unescape_to_place(p, kstart, kstart + klen + 1, sv,
                              [&](std::string_view &out) { return p->it->unescape(raw, false).get(out); });
      if (err == simdjson::MEMALLOC) return fail(p, err, tok_off(p, ktok));
      if (err) return after(p, err, ktok);
      e->epoch = p->epoch;
      e->tok = ktok;
      e->ptr = reinterpret_cast<const uint8_t *>(sv.data());
      e->len = sv.size();
      p->res.key = e->ptr;
      p->res.klen = e->len;
    }
  }
  return put_value(p, depth + 1);
}

// Moves an iteration over the object or array at (tok, depth) to the entry
// after the one whose value starts at prev (0: the first entry). The
// iterator is put back at prev first, so iterations and other reads may
// interleave freely.
int container_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev, bool obj) {
  if (int rc = check(p, tok, depth)) return rc;
  if (tok_char(p, tok) != (obj ? '{' : '[')) return fail(p, simdjson::INCORRECT_TYPE, tok_off(p, tok));
  if (prev >= p->ntok) return fail(p, SJ_BAD_HANDLE, -1);
  od::value_iterator vi = make_vi(p, tok, depth);
  bool more = false;
  error_code err;
  if (prev == 0) {
    set_pos(p, tok, depth);
    err = (obj ? vi.start_object() : vi.start_array()).get(more);
  } else {
    set_pos(p, prev, depth + 1);
    err = vi.skip_child();
    if (!err) err = (obj ? vi.has_next_field() : vi.has_next_element()).get(more);
  }
  if (err) return after(p, err, tok);
  if (!more) return root_end(p, depth);
  return obj ? field_at(p, vi, tok, depth) : put_value(p, depth + 1);
}

// Whether c may follow a number: whitespace, ',', '}' or ']'.
inline bool number_delim(uint8_t c) { return is_ws(c) || c == ',' || c == '}' || c == ']'; }

inline bool is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

// Byte offset just past the span of the scalar at tok, as simdjson's root
// getters see it: the offset of the next token, or for the last token the
// index stage 1 stores after it (the input's end; in a partial batch of a
// concatenated stream, the start of the incomplete document left for the
// next batch, which next_off would include while the batch is split).
inline uint64_t span_end(const sj_parser *p, uint32_t tok) {
  return std::min<uint64_t>(p->root[tok + 1], p->len);
}

// Copies s[0:n) into the parser's nbuf followed by SIMDJSON_PADDING spaces,
// where simdjson's number parsers may run (they need a delimiter after the
// number and read a few bytes past it); nullptr when out of memory.
const uint8_t *copy_padded(sj_parser *p, const uint8_t *s, size_t n) {
  const size_t need = n + simdjson::SIMDJSON_PADDING;
  if (p->nbuf_cap < need) {
    p->nbuf.reset(new (std::nothrow) uint8_t[need]);
    p->nbuf_cap = p->nbuf ? need : 0;
    if (!p->nbuf) return nullptr;
  }
  uint8_t *b = p->nbuf.get();
  std::memcpy(b, s, n);
  std::memset(b + n, ' ', simdjson::SIMDJSON_PADDING);
  return b;
}

// simdjson's root getters copy the span of the root scalar at tok (its text
// and the whitespace after it, up to the next token or the end of the input)
// into a buffer of a fixed size: 21 bytes for an int64 or uint64, 1,083 for a
// double or number (4.6.7; bools are read in place, root_bool); they fail
// when the span does not fit, even when the text would: `1` followed by 21
// spaces is NUMBER_ERROR. Such a span is read from root_text's copy instead,
// by the parser simdjson runs on its own.
inline bool root_span_fits(const sj_parser *p, uint32_t tok, uint64_t n) {
  return span_end(p, tok) - tok_off(p, tok) <= n;
}

// The text of the root scalar at tok without the whitespace after it, copied
// as copy_padded does; nullptr when out of memory.
const uint8_t *root_text(sj_parser *p, uint32_t tok) {
  const uint8_t *s = p->buf + tok_off(p, tok);
  const uint8_t *e = p->buf + span_end(p, tok);
  while (e > s && is_ws(e[-1])) e--;
  return copy_padded(p, s, size_t(e - s));
}

// A root true or false. simdjson 4.x reads a root bool in place, with no
// buffer of its own (3.9.4 copied its span into 6 bytes), but 4.6.7's
// value_iterator::get_root_bool compares only the first four bytes of
// "false" (atomparsing::str4ncmp), so "fals" followed by any one byte and
// whitespace or the span's end would read as false. The literal is checked
// here first, by the rule get_bool applies inside containers: the literal,
// then whitespace or the end of its span (a structural character is a token
// of its own). simdjson's getter then checks trailing content and moves the
// iterator.
inline simdjson::simdjson_result<bool> root_bool(sj_parser *p, uint32_t tok, od::value_iterator &vi, bool check_trailing) {
  const uint8_t *s = p->buf + tok_off(p, tok);
  const uint64_t n = span_end(p, tok) - tok_off(p, tok);
  const bool t = n >= 4 && std::memcmp(s, "true", 4) == 0 && (n == 4 || is_ws(s[4]));
  const bool f = n >= 5 && std::memcmp(s, "false", 5) == 0 && (n == 5 || is_ws(s[5]));
  if (!t && !f) return simdjson::INCORRECT_TYPE;
  return vi.get_root_bool(check_trailing);
}

// A root scalar read by root_get (simdjson's root getter, a callable of
// the value iterator) or, when its span does not fit simdjson's buffer of
// n bytes, by text_get over root_text's copy, with the check of trailing
// content at the root of a single document.
template <typename T, typename RootGet, typename TextGet>
inline error_code root_scalar(sj_parser *p, uint32_t tok, uint64_t n, T &v, RootGet root_get, TextGet text_get) {
  if (simdjson_likely(root_span_fits(p, tok, n))) return root_get().get(v);
  const uint8_t *b = root_text(p, tok);
  if (!b) return simdjson::MEMALLOC;
  error_code err = text_get(b).get(v);
  if (!err && !p->batch && tok + 1 < p->ntok) err = simdjson::TRAILING_CONTENT;
  return err;
}

// Reads the number at tok that simdjson refused with NUMBER_ERROR or
// BIGINT_ERROR into f (SJ_F_INT64, SJ_F_UINT64, SJ_F_DOUBLE or SJ_F_BIGINT
// with its text in str/len); returns 0 or an error code. It covers what
// simdjson 4.6.7 leaves out, as 3.9.4 did: a 20-digit integer above the
// uint64 range (NUMBER_ERROR), an integer beyond 64 bits (BIGINT_ERROR,
// reported without a look at what follows its digits:
// `12345678901234567890123x`), and a root number longer than simdjson's
// root-number buffer (1,083 bytes: NUMBER_ERROR, BIGINT_ERROR for digits
// only). The text must match JSON's
// number grammar and be followed by whitespace, ',', '}', ']' or the end of
// the input (at depth 1, or by the next token: the next document of a
// batch), and at the root of a single document by nothing but whitespace
// (else TRAILING_CONTENT). Nothing past the input's end is read (a document
// parsed in place, or a batch's last line, may be followed by anything). A
// float is parsed by simdjson's own number parser (correctly rounded) from a
// copy followed by spaces: the same value (or error, for one beyond
// float64's range) it gives for the number inside an array. Good input
// comes here only for those numbers.
int slow_number(sj_parser *p, uint32_t tok, int32_t depth, sj_field &f) {
  const uint8_t *s = p->buf + tok_off(p, tok);
  const uint8_t *end = p->buf + p->len;
  const uint8_t *lim = p->buf + span_end(p, tok);
  const uint8_t *q = s;
  if (q < lim && *q == '-') q++;
  const uint8_t *d0 = q;
  if (q < lim && *q == '0') {
    q++;
  } else {
    while (q < lim && is_digit(*q)) q++;
  }
  if (q == d0) return simdjson::NUMBER_ERROR;
  const uint8_t *d1 = q;
  bool integer = true;
  if (q < lim && *q == '.') {
    integer = false;
    const uint8_t *f0 = ++q;
    while (q < lim && is_digit(*q)) q++;
    if (q == f0) return simdjson::NUMBER_ERROR;
  }
  if (q < lim && (*q == 'e' || *q == 'E')) {
    integer = false;
    q++;
    if (q < lim && (*q == '+' || *q == '-')) q++;
    const uint8_t *e0 = q;
    while (q < lim && is_digit(*q)) q++;
    if (q == e0) return simdjson::NUMBER_ERROR;
  }
  if (q < lim ? !number_delim(*q) : depth > 1 && q < end && !number_delim(*q)) return simdjson::NUMBER_ERROR;
  // After a valid number (as simdjson checks it): a delimiter other than
  // whitespace is a token of its own, and whitespace ends at one, so with
  // no token after this one only whitespace follows.
  const int trailing = depth == 1 && !p->batch && tok + 1 < p->ntok ? simdjson::TRAILING_CONTENT : 0;
  const size_t n = size_t(q - s);
  if (integer) {
    if (d1 - d0 <= 20) {
      uint64_t v = 0;
      bool ovf = false;
      for (const uint8_t *c = d0; c < d1 && !ovf; c++) {
        const uint64_t d = uint64_t(*c - '0');
        if (v > (UINT64_MAX - d) / 10) ovf = true;
        else v = v * 10 + d;
      }
      if (!ovf && s != d0 && v <= uint64_t(INT64_MAX) + 1) {
        f.kind = SJ_F_INT64;
        f.u = ~v + 1;
        return trailing;
      }
      if (!ovf && s == d0) {
        f.kind = v <= uint64_t(INT64_MAX) ? SJ_F_INT64 : SJ_F_UINT64;
        f.u = v;
        return trailing;
      }
    }
    f.kind = SJ_F_BIGINT;
    f.str = s;
    f.len = n;
    return trailing;
  }
  const uint8_t *b = copy_padded(p, s, n);
  if (!b) return simdjson::MEMALLOC;
  od::number num;
  if (simdjson::builtin::numberparsing::parse_number(b, num) != simdjson::SUCCESS ||
      num.get_number_type() != od::number_type::floating_point_number) {
    return simdjson::NUMBER_ERROR;
  }
  f.kind = SJ_F_DOUBLE;
  f.f = num.get_double();
  return trailing;
}

}  // namespace

extern "C" {

int sj_parse(sj_parser *p, const uint8_t *buf, uint64_t len, uint64_t cap, int walk) {
  begin_input(p);
  if (cap < len + simdjson::SIMDJSON_PADDING) return simdjson::INSUFFICIENT_PADDING;
  p->stage1_bytes += len;
  if (error_code err = prepare(p, buf, len)) return err;
  error_code err = p->parser.iterate(simdjson::padded_string_view(buf, size_t(len), size_t(cap))).get(p->doc);
  if (err) return err;
  p->it = &(p->doc.*sj_get(rob_doc_iter()));
  p->root = p->it->root_position();
  p->ntok = (p->parser.*sj_get(rob_p_impl()))->n_structural_indexes;
  size_t sbcap = SIMDJSON_ROUNDUP_N(5 * p->parser.capacity() / 3 + simdjson::SIMDJSON_PADDING, 64);
  p->sb = (p->parser.*sj_get(rob_p_sbuf())).get();
  p->sb_cap = sbcap;
  p->buf = buf;
  p->len = len;
  // simdjson checks the root container's ends when it is first opened; do it
  // once here so that every later restart may use the plain container code.
  od::value_iterator vi = make_vi(p, 0, 1);
  uint8_t c = tok_char(p, 0);
  if (c == '{' || c == '[') {
    err = c == '{' ? vi.check_root_object() : vi.check_root_array();
    if (err) {
      p->dead = err;
      p->res.err_off = int64_t(p->len);
      return err;
    }
  }
  p->res.tok = 0;
  p->res.off = tok_off(p, 0);
  p->res.depth = 1;
  p->res.flags = 0;
  p->res.idx = p->root;
  p->res.ntok = p->ntok;
  walk_buffers(p);
  p->res.jump = p->jump.get();
  p->res.epoch = p->epoch;
  if (walk) sj_walk(p);
  return 0;
}

void sj_release(sj_parser *p) {
  p->buf = nullptr;
}

static int sj_find_impl(sj_parser *p, uint32_t tok, int32_t depth, const char *key, uint64_t keylen, int mode, uint32_t hint) {
  if (int rc = check(p, tok, depth)) return rc;
  return find_in(p, tok, depth, std::string_view(key, size_t(keylen)), mode, hint);
}

int sj_find(sj_parser *p, uint32_t tok, int32_t depth, const char *key, uint64_t keylen, int mode, uint32_t hint) {
  return inside(p, sj_find_impl(p, tok, depth, key, keylen, mode, hint), true);
}

static int sj_path_impl(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len) {
  if (int rc = check(p, tok, depth)) return rc;
  uint64_t i = 0;
  p->res.tok = tok;
  p->res.off = tok_off(p, tok);
  p->res.depth = depth;
  p->res.flags = 0;
  while (i + 4 <= len) {
    uint32_t n;
    std::memcpy(&n, path + i, 4);
    i += 4;
    if (i + n > len) return fail(p, simdjson::INVALID_JSON_POINTER, -1);
    int rc = find_in(p, p->res.tok, p->res.depth, std::string_view(path + i, n), 0);
    if (rc) return rc;
    i += n;
  }
  return 0;
}

int sj_path(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len) {
  return inside(p, sj_path_impl(p, tok, depth, path, len), true);
}

static int sj_pointer_impl(sj_parser *p, uint32_t tok, int32_t depth, const char *ptr, uint64_t len) {
  if (int rc = check(p, tok, depth)) return rc;
  p->res.tok = tok;
  p->res.off = tok_off(p, tok);
  p->res.depth = depth;
  p->res.flags = 0;
  if (len == 0) return 0;
  if (ptr[0] != '/') return fail(p, simdjson::INVALID_JSON_POINTER, -1);
  uint64_t i = 1;
  while (true) {
    uint64_t j = i;
    while (j < len && ptr[j] != '/') j++;
    // Unescape ~0 and ~1 into scratch.
    std::string &seg = p->scratch;
    seg.clear();
    for (uint64_t k = i; k < j; k++) {
      char c = ptr[k];
      if (c == '~') {
        if (k + 1 >= j || (ptr[k + 1] != '0' && ptr[k + 1] != '1')) return fail(p, simdjson::INVALID_JSON_POINTER, -1);
        seg.push_back(ptr[k + 1] == '0' ? '~' : '/');
        k++;
      } else {
        seg.push_back(c);
      }
    }
    uint32_t ct = p->res.tok;
    int32_t cd = p->res.depth;
    uint8_t c = tok_char(p, ct);
    int rc;
    if (c == '{') {
      rc = find_in(p, ct, cd, seg, 0);
    } else if (c == '[') {
      if (seg == "-") return fail(p, simdjson::INDEX_OUT_OF_BOUNDS, tok_off(p, ct));
      if (seg.empty() || seg.size() > 19 || (seg.size() > 1 && seg[0] == '0')) return fail(p, simdjson::INVALID_JSON_POINTER, -1);
      uint64_t idx = 0;
      for (char d : seg) {
        if (d < '0' || d > '9') return fail(p, simdjson::INVALID_JSON_POINTER, -1);
        idx = idx * 10 + uint64_t(d - '0');
      }
      rc = index_in(p, ct, cd, idx);
    } else {
      return fail(p, simdjson::INVALID_JSON_POINTER, tok_off(p, ct));
    }
    if (rc) return rc;
    if (j >= len) return 0;
    i = j + 1;
  }
}

int sj_pointer(sj_parser *p, uint32_t tok, int32_t depth, const char *ptr, uint64_t len) {
  return inside(p, sj_pointer_impl(p, tok, depth, ptr, len), true);
}

// The wildcard step of sj_path's encoding: a length no key has.
constexpr uint32_t kWildcard = 0xFFFFFFFF;

// sj_path_all's walk: every value at the decoded steps p->psteps under the
// value at (tok, depth), appended to p->matches in document order. A step
// (a key in an object; in an array an index, written as in a JSON pointer)
// selects nothing where the value has no such key or index or is a scalar;
// a wildcard selects every field's value or element of a container and
// nothing of a scalar: JSONPath's selection (RFC 9535), as simdjson's DOM
// at_path_with_wildcard selects (4.6's On-Demand
// for_each_at_path_with_wildcard stops at the first miss instead). Errors of
// the document (malformed JSON, the depth limit) end the walk. Depth first,
// with a stack of its own (a path is as long as its caller makes it): the
// values under one entry of a wildcard come before those under the next.
static int path_all(sj_parser *p, uint32_t tok, int32_t depth) {
  const size_t nsteps = p->psteps.size();
  std::vector<sj_pframe> &st = p->pstack;
  st.clear();
  st.push_back(sj_pframe{tok, depth, 0, 0});
  while (!st.empty()) {
    const sj_pframe f = st.back();
    if (f.step == nsteps) {
      p->matches.push_back(uint64_t(f.tok) | uint64_t(uint32_t(f.depth)) << 32);
      st.pop_back();
      continue;
    }
    const std::string_view key = p->psteps[f.step];
    const uint8_t c = tok_char(p, f.tok);
    if (c != '{' && c != '[') {  // a scalar: nothing below it
      st.pop_back();
      continue;
    }
    int rc;
    if (key.data() == nullptr) {  // a wildcard: the next entry
      rc = inside(p, container_next(p, f.tok, f.depth, f.prev, c == '{'), true);
      if (rc == SJ_DONE) {
        st.pop_back();
        continue;
      }
      if (rc) return rc;
      st.back().prev = p->res.tok;
      st.push_back(sj_pframe{p->res.tok, p->res.depth, f.step + 1, 0});
      continue;
    }
    if (c == '{') {
      rc = find_in(p, f.tok, f.depth, key, 0);
    } else {
      // An index as a JSON pointer writes it: digits, no leading zero.
      bool index = !key.empty() && key.size() <= 19 && (key.size() == 1 || key[0] != '0');
      uint64_t idx = 0;
      for (char d : key) {
        index = index && d >= '0' && d <= '9';
        idx = idx * 10 + uint64_t(uint8_t(d) - '0');
      }
      if (!index) {
        st.pop_back();
        continue;
      }
      rc = index_in(p, f.tok, f.depth, idx);
    }
    rc = inside(p, rc, true);
    if (rc == simdjson::NO_SUCH_FIELD || rc == simdjson::INDEX_OUT_OF_BOUNDS) {
      st.pop_back();
      continue;
    }
    if (rc) return rc;
    st.back() = sj_pframe{p->res.tok, p->res.depth, f.step + 1, 0};
  }
  return 0;
}

static int sj_path_all_impl(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len) {
  if (int rc = check(p, tok, depth)) return rc;
  p->psteps.clear();
  for (uint64_t i = 0; i < len;) {
    if (len - i < 4) return fail(p, simdjson::INVALID_JSON_POINTER, -1);
    uint32_t n;
    std::memcpy(&n, path + i, 4);
    i += 4;
    if (n == kWildcard) {
      p->psteps.emplace_back();  // data() == nullptr
      continue;
    }
    if (n > len - i) return fail(p, simdjson::INVALID_JSON_POINTER, -1);
    // A key of length 0 must not read as a wildcard: point it at the path.
    p->psteps.emplace_back(path + i, n);
    i += n;
  }
  return path_all(p, tok, depth);
}

int sj_path_all(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len, const uint64_t **matches,
                uint64_t *n) {
  p->matches.clear();
  const int rc = sj_path_all_impl(p, tok, depth, path, len);
  *matches = p->matches.data();
  *n = p->matches.size();
  return rc;
}

static int sj_index_impl(sj_parser *p, uint32_t tok, int32_t depth, uint64_t index) {
  if (int rc = check(p, tok, depth)) return rc;
  return index_in(p, tok, depth, index);
}

int sj_index(sj_parser *p, uint32_t tok, int32_t depth, uint64_t index) {
  return inside(p, sj_index_impl(p, tok, depth, index), true);
}

static int sj_string_impl(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  return read_string(p, tok, depth);
}

int sj_string(sj_parser *p, uint32_t tok, int32_t depth) {
  return inside(p, sj_string_impl(p, tok, depth), false);
}

// N and TEXTGET: see root_scalar.
#define SJ_SCALAR(NAME, TYPE, GET, ROOTGET, N, TEXTGET, STORE)                 \
  int NAME(sj_parser *p, uint32_t tok, int32_t depth) {                        \
    if (int rc = check(p, tok, depth)) return rc;                              \
    set_pos(p, tok, depth);                                                    \
    od::value_iterator vi = make_vi(p, tok, depth);                            \
    TYPE v{};                                                                  \
    error_code err = depth == 1 ? root_scalar(p, tok, N, v, [&] { return vi.ROOTGET; },               \
                                              [](const uint8_t *b) { return TEXTGET(b); })            \
                                : vi.GET.get(v);                                                      \
    if (err) {                                                                 \
      int rc = after(p, err, tok);                                             \
      p->res.err_off = tok_off(p, tok);                                        \
      return rc;                                                               \
    }                                                                          \
    STORE;                                                                     \
    return 0;                                                                  \
  }

namespace numparse = simdjson::builtin::numberparsing;

SJ_SCALAR(sj_int64, int64_t, get_int64(), get_root_int64(!p->batch), 21, numparse::parse_integer, p->res.u = uint64_t(v))
SJ_SCALAR(sj_uint64, uint64_t, get_uint64(), get_root_uint64(!p->batch), 21, numparse::parse_unsigned, p->res.u = v)
SJ_SCALAR(sj_double, double, get_double(), get_root_double(!p->batch), 1083, numparse::parse_double, p->res.f = v)

// sj_bool's and sj_null's answer r (set_pos done), stored as 0 or 1.
static int store_flag(sj_parser *p, uint32_t tok, simdjson::simdjson_result<bool> r) {
  bool v{};
  if (error_code err = std::move(r).get(v)) {
    int rc = after(p, err, tok);
    p->res.err_off = tok_off(p, tok);
    return rc;
  }
  p->res.u = v ? 1 : 0;
  return 0;
}

// A root bool is read by root_bool, in place.
int sj_bool(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  return store_flag(p, tok, depth == 1 ? root_bool(p, tok, vi, !p->batch) : vi.get_bool());
}

// is_root_null reads the span in place (no buffer).
int sj_null(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  return store_flag(p, tok, depth == 1 ? vi.is_root_null(!p->batch) : vi.is_null());
}

static int sj_number_impl(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  simdjson::ondemand::number n;
  error_code err = depth == 1 ? vi.get_root_number(!p->batch).get(n) : vi.get_number().get(n);
  if (err == simdjson::BIGINT_ERROR || err == simdjson::NUMBER_ERROR) {
    // Check the big integer's grammar and what follows it; read a root
    // number too long for simdjson's buffer (slow_number).
    sj_field f{};
    if (int rc = slow_number(p, tok, depth, f)) {
      rc = after(p, rc, tok);
      p->res.err_off = tok_off(p, tok);
      return rc;
    }
    switch (f.kind) {
      case SJ_F_INT64: p->res.kind = 1; p->res.u = f.u; break;
      case SJ_F_UINT64: p->res.kind = 2; p->res.u = f.u; break;
      case SJ_F_DOUBLE: p->res.kind = 3; p->res.f = f.f; break;
      default: p->res.kind = 4; break;
    }
    return 0;
  }
  if (err) {
    int rc = after(p, err, tok);
    p->res.err_off = tok_off(p, tok);
    return rc;
  }
  switch (n.get_number_type()) {
    case od::number_type::signed_integer: p->res.kind = 1; p->res.u = uint64_t(n.get_int64()); break;
    case od::number_type::unsigned_integer: p->res.kind = 2; p->res.u = n.get_uint64(); break;
    case od::number_type::floating_point_number: p->res.kind = 3; p->res.f = n.get_double(); break;
    default: p->res.kind = 4; break;
  }
  return 0;
}

int sj_number(sj_parser *p, uint32_t tok, int32_t depth) {
  return inside(p, sj_number_impl(p, tok, depth), false);
}

static int sj_raw_impl(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  uint8_t c = tok_char(p, tok);
  // The root of a single document is the only value of its input: a token
  // after it is trailing content (a batch's documents end at the next one).
  const bool single_root = depth == 1 && !p->batch;
  if (c != '{' && c != '[') {
    if (single_root && tok + 1 < p->ntok) return fail(p, simdjson::TRAILING_CONTENT, tok_off(p, tok + 1));
    p->res.u = next_off(p, tok);
    return 0;
  }
  set_pos(p, tok, depth);
  error_code err = p->it->skip_child(depth - 1);
  if (err) return after(p, err, tok);
  if (after(p, 0, tok)) return p->dead;
  uint32_t ct = cur_tok(p);
  if (ct == 0 || ct > p->ntok) return fail(p, simdjson::TAPE_ERROR, tok_off(p, tok));
  uint8_t close = tok_char(p, ct - 1);
  if (close != (c == '{' ? '}' : ']')) return fail(p, simdjson::TAPE_ERROR, tok_off(p, ct - 1));
  if (single_root && ct < p->ntok) return fail(p, simdjson::TRAILING_CONTENT, tok_off(p, ct));
  p->res.u = uint64_t(p->root[ct - 1]) + 1;
  return 0;
}

int sj_raw(sj_parser *p, uint32_t tok, int32_t depth) {
  return inside(p, sj_raw_impl(p, tok, depth), false);
}

static int sj_count_impl(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  uint8_t c = tok_char(p, tok);
  if (c != '{' && c != '[') return fail(p, simdjson::INCORRECT_TYPE, tok_off(p, tok));
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  bool more = false;
  error_code err = (c == '{' ? vi.start_object() : vi.start_array()).get(more);
  if (err) return after(p, err, tok);
  uint64_t n = 0;
  while (more) {
    n++;
    if (c == '{') {
      od::raw_json_string raw;
      if ((err = vi.field_key().get(raw))) return after(p, err, tok);
      if ((err = vi.field_value())) return after(p, err, tok);
    }
    if ((err = vi.skip_child())) return after(p, err, tok);
    if ((err = (c == '{' ? vi.has_next_field() : vi.has_next_element()).get(more))) return after(p, err, tok);
  }
  if (after(p, 0, tok)) return p->dead;
  p->res.u = n;
  return 0;
}

int sj_count(sj_parser *p, uint32_t tok, int32_t depth) {
  return inside(p, sj_count_impl(p, tok, depth), false);
}

static int sj_obj_next_impl(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev) {
  return container_next(p, tok, depth, prev, true);
}

int sj_obj_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev) {
  return inside(p, sj_obj_next_impl(p, tok, depth, prev), true);
}

static int sj_arr_next_impl(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev) {
  return container_next(p, tok, depth, prev, false);
}

int sj_arr_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev) {
  return inside(p, sj_arr_next_impl(p, tok, depth, prev), true);
}

int sj_reset(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  if (cstate_entry *e = cstate_get(p, tok)) e->epoch = 0;
  return 0;
}

}  // extern "C"

#endif  // SJ_SHIM_HANDLE_H
