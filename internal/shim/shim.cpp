// shim.cpp: the extern "C" layer between Go and simdjson's On-Demand API.
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
// No C++ exception is thrown (SIMDJSON_EXCEPTIONS=0, std::nothrow) and nothing
// here calls back into Go.

#include "simdjson.h"
#include "simdjson_go.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif
#include <pthread.h>
#include <new>
#include <string>
#include <vector>

namespace od = simdjson::ondemand;
using simdjson::error_code;

// Access to the protected members this shim needs, through the explicit
// instantiation rule (access checks do not apply to template arguments of an
// explicit instantiation). Pinned to simdjson 3.9.4: csrc/VERSION.
template <typename Tag, typename Tag::type M> struct sj_rob {
  friend typename Tag::type sj_get(Tag) { return M; }
};
#define SJ_ROB(NAME, CLASS, TYPE, MEMBER)                                      \
  struct NAME {                                                                \
    typedef TYPE CLASS::*type;                                                 \
    friend type sj_get(NAME);                                                  \
  };                                                                           \
  template struct sj_rob<NAME, &CLASS::MEMBER>;

SJ_ROB(rob_doc_iter, od::document, od::json_iterator, iter)
SJ_ROB(rob_ji_token, od::json_iterator, od::token_iterator, token)
SJ_ROB(rob_ji_depth, od::json_iterator, od::depth_t, _depth)
SJ_ROB(rob_vi_ji, od::value_iterator, od::json_iterator *, _json_iter)
SJ_ROB(rob_vi_depth, od::value_iterator, od::depth_t, _depth)
SJ_ROB(rob_vi_start, od::value_iterator, od::token_position, _start_position)
SJ_ROB(rob_p_impl, od::parser, std::unique_ptr<simdjson::internal::dom_parser_implementation>, implementation)
SJ_ROB(rob_p_sbuf, od::parser, std::unique_ptr<uint8_t[]>, string_buf)
SJ_ROB(rob_ji_parser, od::json_iterator, od::parser *, parser)
SJ_ROB(rob_ji_sbuf, od::json_iterator, uint8_t *, _string_buf_loc)
SJ_ROB(rob_ji_error, od::json_iterator, error_code, error)
SJ_ROB(rob_ji_root, od::json_iterator, od::token_position, _root)
SJ_ROB(rob_ti_buf, od::token_iterator, const uint8_t *, buf)

namespace {

constexpr uint32_t kCacheSize = 512;      // entries, power of two
constexpr uint64_t kEagerString = 4096;   // strings up to this raw size are read with their lookup
// The most bytes of projected rows an NDJSON batch holds (README, Limits):
// a batch with more lines than that allows ends early (rows_cut).
constexpr uint64_t kRowBudget = 32 << 20;

struct cstate_entry {  // container resume state
  uint32_t epoch;
  uint32_t tok;
  uint32_t pos;   // token index of the iterator
  int32_t depth;  // iterator depth
  uint64_t aux;   // arrays: index of the element at pos
};

struct sstate_entry {  // unescaped string
  uint32_t epoch;
  uint32_t tok;
  const uint8_t *ptr;
  uint64_t len;
};

// One node of a projection's trie of pointer segments.
struct pnode {
  std::string key;          // the segment (object key, unescaped ~0 ~1)
  uint64_t index{};         // the segment as an array index, when valid
  bool has_index{};
  int32_t slot{-1};         // field number when a pointer ends here
  std::vector<uint32_t> kids;
  uint64_t full{};          // a mask with a bit per kid (up to 64 kids; see project_wide)
  uint64_t lens{};          // bit min(len, 63) set for the key of each kid
};

// A piece of a window that failed stage 1 (batch_ndjson_failed): good lines
// buf[lo:hi) with tokens [t0, t1), or (err set) a bad line whose token is t0.
struct fpiece {
  uint64_t lo, hi;
  uint32_t t0, t1;
  int32_t err;
};

}  // namespace

// A case of a projection: a trie of its own, followed only in the
// documents whose guard field is one of the values.
struct pcase {
  uint32_t root{};  // its trie's document node in sj_projection::nodes
  int32_t guard{};  // the field that selects it
  std::vector<std::string> values;
};

struct sj_projection {
  std::vector<pnode> nodes;  // nodes[0] is the document, for the fields in no case
  std::vector<pcase> cases;
  uint64_t nfields{};
  // The most words of found-bits that the nodes with more than 64 kids on
  // one path from a trie's root need (project_wide): a parser's pbits.
  size_t wide_words{};
};

// The projected fields of a batch's documents, a row of nfields per
// document: grown geometrically, each new row zeroed inline (std::vector's
// resize went out of line for every document).
struct field_rows {
  std::unique_ptr<sj_field[]> buf;
  size_t cap = 0, n = 0;
  size_t limit = 0;  // the most fields the batch needs (0: unknown)
  // While a map runs (sj_parser::retain), a replaced buf is kept here, not
  // freed, until the map ends: a Row read from another goroutine (a misuse
  // its seqlock reports as stale) must never read freed memory.
  bool retain = false;
  std::vector<std::unique_ptr<sj_field[]>> retired;
  size_t retired_bytes = 0;
  void clear() { n = 0; }
  sj_field *data() { return buf.get(); }
  // add appends k zeroed fields and returns them; nullptr when out of memory.
  sj_field *add(size_t k) {
    if (n + k > cap) {
      size_t nc = std::max<size_t>(2 * cap, n + k + 256);
      if (limit) nc = std::max(std::min(nc, limit), n + k);
      // Retained, buffers grow at least twofold (up to the row budget, which
      // no batch's limit exceeds): what is retired stays below what is live.
      if (retain) nc = std::max(nc, std::min<size_t>(2 * cap, kRowBudget / sizeof(sj_field)));
      sj_field *nb = new (std::nothrow) sj_field[nc];
      if (!nb) return nullptr;
      if (n) std::memcpy(nb, buf.get(), n * sizeof(sj_field));
      if (retain && buf) {
        retired_bytes += cap * sizeof(sj_field);
        retired.push_back(std::move(buf));
      }
      buf.reset(nb);
      cap = nc;
    }
    sj_field *r = buf.get() + n;
    std::memset(r, 0, k * sizeof(sj_field));
    n += k;
    return r;
  }
  void drop(size_t k) { n -= k; }
};

struct sj_parser {
  sj_result res{};
  od::parser parser;
  od::document doc{};
  od::json_iterator bji{};  // the iterator of a batch of documents
  od::json_iterator *it{};
  bool batch{};             // the current input is a batch (sj_batch)
  const void *impl_seen{};  // the stage-1 implementation prepare() last saw
  bool fallback{};          // it is the fallback kernel
  uint32_t dead_lo{}, dead_hi{};  // tokens of the dead document
  uint32_t doc_lo{}, doc_hi{};    // batch: tokens of the document of the last access
  std::vector<sj_doc> docs{};
  field_rows fields{};
  std::vector<uint64_t> bstack{};  // bracket kinds while splitting a batch
  std::vector<uint32_t> ostack{};  // open bracket tokens while splitting a batch
  std::unique_ptr<uint32_t[]> ftoks{};  // tokens gathered by batch_ndjson_failed
  size_t ftoks_cap{};
  std::vector<fpiece> fpieces{};  // and its pieces
  // For each '{' or '[' token walked: (epoch << 32) | token of its closing
  // bracket. Entries of other epochs are unknown.
  std::unique_ptr<uint64_t[]> jump{};
  size_t jump_cap{};
  const uint8_t *buf{};
  uint64_t len{};
  od::token_position root{};
  uint32_t ntok{};
  uint32_t epoch{};
  int dead{};
  uint32_t max_depth{};
  uint8_t *sb{};     // simdjson's string buffer: the places of unescaped strings
  uint64_t sb_cap{};  // its size
  std::unique_ptr<uint8_t[]> uscratch{};  // where simdjson unescapes (unescape_to_place)
  size_t uscratch_cap{};
  uint64_t stage1_bytes{};  // bytes handed to stage 1 (a test hook's counter)
  std::string scratch{};
  // Found-bits of the projection nodes with more than 64 kids being searched
  // (project_wide), a stack: pbits[ptop:] is free. Sized per batch for the
  // projection (sj_batch); projections are shared, this state is not.
  std::unique_ptr<uint64_t[]> pbits{};
  size_t pbits_cap{}, ptop{};
  // A copy of a number that simdjson's root-number buffer cannot hold,
  // followed by spaces (slow_number).
  std::unique_ptr<uint8_t[]> nbuf{};
  size_t nbuf_cap{};
  cstate_entry cstate[kCacheSize]{};
  sstate_entry sstate[kCacheSize]{};
  // Set while a map runs over this parser (sj_map_new to sj_map_free): the
  // string buffers prepare() replaces are kept in retired_sb, and the
  // field rows' in fields.retired, until the map ends, so that a Row or a
  // string view used from another goroutine, which its seqlock or
  // generation then reports as stale, reads memory that is still
  // allocated. grow_min: the capacity the map's batches need (the first
  // allocation takes it, so that ordinary batches never reallocate); past
  // it, capacity at least doubles, which bounds the retired bytes by the
  // live ones. grow_max: the most a batch of the map can need (0: no
  // bound but the parser's), which doubling does not pass.
  bool retain{};
  uint64_t grow_min{}, grow_max{};
  uint64_t retired_bytes{};  // the string buffers' bytes in retired_sb
  std::vector<std::unique_ptr<uint8_t[]>> retired_sb{};

  explicit sj_parser(size_t max_capacity) : parser(max_capacity) {}
};

namespace {

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
// inlined, it made the hot string reads of the seed benchmark 5-8 % slower
// (gcc's inlining of the callers changed).
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

// The depth stacks of the token walks (ostack, bstack) start at this many
// levels and grow with the depth the documents reach, up to max_depth: a
// large MaxDepth costs nothing until a document is that deep.
constexpr uint64_t kStackLevels = 256;

// Grows the depth stacks to hold at least levels + 1 levels (doubling, at
// most max_depth + 2 levels).
void grow_stacks(sj_parser *p, uint64_t levels) {
  uint64_t want = std::max<uint64_t>(levels + 1, 2 * uint64_t(p->ostack.size()));
  want = std::min<uint64_t>(want, uint64_t(p->max_depth) + 2);
  if (p->ostack.size() < want) p->ostack.resize(size_t(want));
  if (p->bstack.size() < want / 64 + 2) p->bstack.resize(size_t(want / 64 + 2));
}

// The levels the depth stacks hold now (a walk deeper than this grows them
// first, or, in walk_fast, leaves the container to walk_value).
inline uint32_t stack_levels(const sj_parser *p) {
  return uint32_t(std::min<uint64_t>(p->ostack.size() - 1, p->max_depth));
}

// Sizes the buffers of the token walks for the current input.
void walk_buffers(sj_parser *p) {
  if (p->ostack.empty()) grow_stacks(p, std::min<uint64_t>(p->max_depth, kStackLevels));
  if (p->jump_cap < size_t(p->ntok) + 1) {
    size_t cap = size_t(p->ntok) + 1 + p->ntok / 4;
    p->jump.reset(new (std::nothrow) uint64_t[cap]());
    p->jump_cap = p->jump ? cap : 0;
  }
}

// Allocates the parser's memory for len bytes, as parser::iterate does, and
// validates UTF-8 when the parser's stage 1 is the fallback kernel: that
// kernel checks UTF-8 inside strings only, the others everywhere, and every
// kernel must give the same answers.
error_code prepare(sj_parser *p, const uint8_t *buf, uint64_t len) {
  // No implementation: its creation failed (an unknown forced kernel) after
  // the string buffer was made; at least 1 byte, or allocate sees nothing new.
  if (p->parser.capacity() < len || !(p->parser.*sj_get(rob_p_sbuf())) || !(p->parser.*sj_get(rob_p_impl()))) {
    uint64_t want = std::max<uint64_t>(len, 1);
    std::unique_ptr<uint8_t[]> &sbuf = p->parser.*sj_get(rob_p_sbuf());
    if (p->retain) {
      uint64_t most = p->parser.max_capacity();
      if (p->grow_max) most = std::min(most, p->grow_max);
      const uint64_t cap = p->parser.capacity();
      const uint64_t grow = std::max<uint64_t>(p->grow_min, cap > most / 2 ? most : 2 * cap);
      want = std::max(want, std::min(grow, most));
      if (sbuf) {
        p->retired_bytes += SIMDJSON_ROUNDUP_N(5 * p->parser.capacity() / 3 + simdjson::SIMDJSON_PADDING, 64);
        p->retired_sb.push_back(std::move(sbuf));
      }
    }
    error_code err = p->parser.allocate(size_t(want), p->parser.max_depth());
    if (err) return err;
  }
  const void *impl = (p->parser.*sj_get(rob_p_impl())).get();
  if (impl != p->impl_seen) {  // allocated just now, by the active kernel
    p->impl_seen = impl;
    p->fallback = simdjson::get_active_implementation()->name() == "fallback";
  }
  if (p->fallback && !simdjson::validate_utf8(reinterpret_cast<const char *>(buf), size_t(len))) {
    return simdjson::UTF8_ERROR;
  }
  return simdjson::SUCCESS;
}

// Resets what one input (a document or a batch) leaves in the parser.
void begin_input(sj_parser *p) {
  p->buf = nullptr;
  p->batch = false;
  p->dead = 0;
  p->doc_lo = p->doc_hi = 0;
  p->docs.clear();
  p->fields.clear();
  p->fields.limit = 0;
  p->res.err_off = -1;
  p->res.docs = nullptr;
  p->res.fields = nullptr;
  p->res.ndocs = 0;
  p->res.consumed = 0;
  p->res.idx = nullptr;
  p->res.ntok = 0;
  p->res.jump = nullptr;
  if (++p->epoch == 0) {
    std::memset(p->cstate, 0, sizeof(p->cstate));
    std::memset(p->sstate, 0, sizeof(p->sstate));
    if (p->jump) std::memset(p->jump.get(), 0, p->jump_cap * sizeof(uint64_t));
    p->epoch = 1;
  }
}

inline bool is_ws(uint8_t c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

// Walks the value whose first token is idx[t], up to byte offset limit.
// Checks that brackets balance and match and that the depth stays within the
// parser's limit.
// Records the closing token of every container in the jump table. Leaves t
// past the value. Returns 0, an error (err_off set), or -1 when the value is
// cut off by limit (or by the end of the tokens).
int walk_value(sj_parser *p, const uint32_t *idx, uint32_t n, uint32_t &t, uint64_t limit, uint32_t &err_off) {
  const uint8_t *buf = p->buf;
  uint8_t c = buf[idx[t]];
  if (c != '{' && c != '[') {
    if (c == '}' || c == ']' || c == ',' || c == ':') {
      err_off = idx[t];
      t++;
      return simdjson::TAPE_ERROR;
    }
    t++;
    return 0;
  }
  uint64_t *st = p->bstack.data();
  uint32_t *os = p->ostack.data();
  uint32_t levels = stack_levels(p);
  uint64_t *jump = p->jump.get();
  const uint64_t ep = uint64_t(p->epoch) << 32;
  uint32_t depth = 0;
  while (t < n && idx[t] < limit) {
    c = buf[idx[t]];
    if (c == '{' || c == '[') {
      if (depth >= p->max_depth) {
        err_off = idx[t];
        return simdjson::DEPTH_ERROR;
      }
      if (depth >= levels) {
        grow_stacks(p, uint64_t(depth) + 1);
        st = p->bstack.data();
        os = p->ostack.data();
        levels = stack_levels(p);
      }
      uint64_t bit = uint64_t(1) << (depth & 63);
      if (c == '{') st[depth >> 6] |= bit; else st[depth >> 6] &= ~bit;
      os[depth] = t;
      depth++;
    } else if (c == '}' || c == ']') {
      depth--;
      bool obj = (st[depth >> 6] >> (depth & 63)) & 1;
      if (obj != (c == '}')) {
        err_off = idx[t];
        return simdjson::TAPE_ERROR;
      }
      if (jump) jump[os[depth]] = ep | t;
      if (depth == 0) {
        t++;
        return 0;
      }
    }
    t++;
  }
  err_off = uint32_t(t < n && idx[t] < limit ? idx[t] : std::min<uint64_t>(limit, p->len));
  return -1;
}

inline const uint32_t *indexes(sj_parser *p) {
  return (p->parser.*sj_get(rob_p_impl()))->structural_indexes.get();
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
// into a buffer of a fixed size: 21 bytes for an int64 or uint64, 6 for a
// bool, 1,083 for a double or number; they fail when the span does not fit,
// even when the text would: `true` followed by three spaces and a newline is
// INCORRECT_TYPE, `1` followed by 21 spaces NUMBER_ERROR. Such a span is read
// from root_text's copy instead, by the parser simdjson runs on its own.
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

// simdjson's bool parser, over root_text's copy.
simdjson::simdjson_result<bool> text_bool(const uint8_t *b) {
  if (std::memcmp(b, "true", 4) == 0 && is_ws(b[4])) return true;
  if (std::memcmp(b, "false", 5) == 0 && is_ws(b[5])) return false;
  return simdjson::INCORRECT_TYPE;
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
// simdjson 3.9.4 leaves out: a 20-digit integer above the uint64 range
// (NUMBER_ERROR), an integer beyond 64 bits (BIGINT_ERROR, reported without
// a look at what follows its digits: `12345678901234567890123x`), and a root
// number longer than simdjson's root-number buffer (1,083 bytes:
// NUMBER_ERROR, BIGINT_ERROR for digits only). The text must match JSON's
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

// Extracts the scalar at token tok (depth) into f.
void extract(sj_parser *p, uint32_t tok, int32_t depth, sj_field &f) {
  uint8_t c = tok_char(p, tok);
  od::value_iterator vi = make_vi(p, tok, depth);
  bool root = depth == 1;
  error_code err = simdjson::SUCCESS;
  if (c == '"') {
    // Without a backslash the string is its raw bytes, which stage 1 has
    // validated (UTF-8, no control characters): a view of the input.
    const uint8_t *s0 = p->buf + tok_off(p, tok) + 1;
    const uint8_t *e = p->buf + next_off(p, tok);
    while (e > s0 && e[-1] != '"') e--;
    if (e > s0 && !std::memchr(s0, '\\', size_t(e - 1 - s0))) {
      f.kind = SJ_F_STRING;
      f.str = s0;
      f.len = uint64_t(e - 1 - s0);
      return;
    }
    if (read_string(p, tok, depth) == 0) {
      f.kind = SJ_F_STRING;
      f.str = p->res.str;
      f.len = p->res.slen;
      return;
    }
    err = error_code(p->dead ? p->dead : simdjson::STRING_ERROR);
  } else if (c == 't' || c == 'f') {
    bool b = false;
    set_pos(p, tok, depth);
    err = root ? root_scalar(p, tok, 6, b, [&] { return vi.get_root_bool(false); }, text_bool) : vi.get_bool().get(b);
    if (!err) {
      f.kind = SJ_F_BOOL;
      f.u = b;
      return;
    }
  } else if (c == 'n') {
    bool isnull = false;
    set_pos(p, tok, depth);
    err = (root ? vi.is_root_null(false) : vi.is_null()).get(isnull);
    if (!err && isnull) {
      f.kind = SJ_F_NULL;
      return;
    }
    if (!err) err = simdjson::N_ATOM_ERROR;
  } else {
    od::number num;
    set_pos(p, tok, depth);
    err = (root ? vi.get_root_number(false) : vi.get_number()).get(num);
    if (err == simdjson::NUMBER_ERROR || err == simdjson::BIGINT_ERROR) {
      // A big integer, a root number too long for simdjson's buffer, or
      // an invalid number.
      const int rc = slow_number(p, tok, depth, f);
      if (rc == 0) return;
      err = error_code(rc);
    }
    if (!err) {
      switch (num.get_number_type()) {
        case od::number_type::signed_integer: f.kind = SJ_F_INT64; f.u = uint64_t(num.get_int64()); return;
        case od::number_type::unsigned_integer: f.kind = SJ_F_UINT64; f.u = num.get_uint64(); return;
        case od::number_type::floating_point_number: f.kind = SJ_F_DOUBLE; f.f = num.get_double(); return;
        default: err = simdjson::NUMBER_ERROR; break;
      }
    }
  }
  f.kind = SJ_F_ERROR;
  f.u = uint64_t(err);
  if (p->dead) revive(p);
}

// The position in nd.kids of the kid matching the raw key at
// buf[k:k+klen] (keys are compared as written, like simdjson's find_field),
// or -1.
inline int32_t match_key(const sj_projection *pr, const pnode &nd, const uint8_t *k, uint64_t klen) {
  // Most keys a search meets are not on the projection's paths: their
  // length alone rules them out, one predictable test instead of a
  // mispredicted comparison per kid.
  if (!((nd.lens >> (klen < 63 ? klen : 63)) & 1)) return -1;
  for (size_t j = 0; j < nd.kids.size(); j++) {
    const std::string &key = pr->nodes[nd.kids[j]].key;
    if (key.size() != klen || (klen && key[0] != char(k[0]))) continue;
    uint64_t i = 1;
    while (i < klen && key[i] == char(k[i])) i++;
    if (i >= klen) return int32_t(j);
  }
  return -1;
}

inline int32_t match_index(const sj_projection *pr, const pnode &nd, uint64_t i) {
  for (size_t j = 0; j < nd.kids.size(); j++) {
    const pnode &c = pr->nodes[nd.kids[j]];
    if (c.has_index && c.index == i) return int32_t(j);
  }
  return -1;
}

// Which kids of a node with up to 64 kids a search has found: a bit each.
struct found_narrow {
  uint64_t bits;
  const uint64_t full;
  // Marks kid j found; false when it already was.
  bool add(int32_t j) {
    const uint64_t b = uint64_t(1) << j;
    if (bits & b) return false;
    bits |= b;
    return true;
  }
  bool all() const { return bits == full; }
};

// The same for more kids, with the bits on the parser's stack (pbits).
struct found_wide {
  uint64_t *w;
  size_t left;  // kids not found yet
  bool add(int32_t j) {
    uint64_t &x = w[size_t(j) >> 6];
    const uint64_t b = uint64_t(1) << (j & 63);
    if (x & b) return false;
    x |= b;
    left--;
    return true;
  }
  bool all() const { return left == 0; }
};

bool project(sj_parser *p, const sj_projection *pr, uint32_t nd, const uint32_t *idx, uint32_t t, int32_t depth,
             sj_field *row);

// The search of project through the keys (or elements) of the container at
// token t, whose closing bracket is close, for the kids of node x; found
// tells which were found (the first of duplicate keys is taken) and ends
// the search once every kid is.
template <typename Found>
inline bool project_kids(sj_parser *p, const sj_projection *pr, const pnode &x, const uint32_t *idx, uint32_t t,
                         uint32_t close, bool obj, int32_t depth, sj_field *row, Found &found) {
  const uint8_t *buf = p->buf;
  const uint64_t *jump = p->jump.get();
  uint64_t i = 0;  // element index
  uint32_t k = t + 1;
  while (k < close) {
    int32_t j;
    uint32_t v;
    if (obj) {  // k: a key; k + 1: ':'; k + 2: its value
      if (k + 2 >= close || buf[idx[k]] != '"' || buf[idx[k + 1]] != ':') return false;
      v = k + 2;
      const uint8_t *ks = buf + idx[k] + 1;
      const uint8_t *ke = buf + idx[k + 1];
      while (ke > ks && ke[-1] != '"') ke--;
      j = ke > ks ? match_key(pr, x, ks, uint64_t(ke - 1 - ks)) : -1;
    } else {
      v = k;
      j = match_index(pr, x, i++);
    }
    uint8_t vc = buf[idx[v]];
    if (vc == ',' || vc == ':' || vc == '}' || vc == ']') return false;  // no value
    if (j >= 0 && found.add(j)) {
      if (!project(p, pr, x.kids[size_t(j)], idx, v, depth + 1, row)) return false;
      if (found.all()) return true;
    }
    uint32_t e = (vc == '{' || vc == '[' ? uint32_t(jump[v]) : v) + 1;  // the token after the value
    if (e == close) return true;
    if (e > close || buf[idx[e]] != ',') return false;
    k = e + 1;
    if (k == close) return false;  // a ',' before the closing bracket
  }
  return true;
}

// project_kids for a node with more than 64 kids: its found-bits take
// (kids + 63) / 64 words of the parser's stack, which sj_batch sized for
// the projection's widest path (sj_projection::wide_words).
__attribute__((noinline)) bool project_wide(sj_parser *p, const sj_projection *pr, const pnode &x,
                                            const uint32_t *idx, uint32_t t, uint32_t close, bool obj,
                                            int32_t depth, sj_field *row) {
  const size_t words = (x.kids.size() + 63) / 64;
  if (p->ptop + words > p->pbits_cap) return false;  // not expected: sized per batch
  found_wide found{p->pbits.get() + p->ptop, x.kids.size()};
  std::memset(found.w, 0, words * sizeof(uint64_t));
  p->ptop += words;
  const bool ok = project_kids(p, pr, x, idx, t, close, obj, depth, row, found);
  p->ptop -= words;
  return ok;
}

// Extracts the values of projection node nd and of its kids from the value
// at token t (depth: as the handles count it, 1 for a document) into row.
// The value has been walked (walk_value): each of its containers' closing
// token is in the jump table, so the search visits only the keys (or
// elements) of the containers on the projection's paths and steps over
// every value in one move. Of duplicate keys the first is taken, as
// find_field and at_pointer do. Returns false when a container on the way
// is malformed (the walk checks brackets only): a key not followed by ':'
// and a value, a missing value, or a value not followed by ',' or the
// closing bracket (a ',' right before it included).
bool project(sj_parser *p, const sj_projection *pr, uint32_t nd, const uint32_t *idx, uint32_t t, int32_t depth,
             sj_field *row) {
  const pnode &x = pr->nodes[nd];
  const uint8_t *buf = p->buf;
  uint8_t c = buf[idx[t]];
  bool obj = c == '{';
  if (!obj && c != '[') {
    if (x.slot >= 0) extract(p, t, depth, row[x.slot]);
    return true;
  }
  uint32_t close = uint32_t(p->jump[t]);
  if (x.slot >= 0) {
    sj_field &f = row[x.slot];
    f.kind = obj ? SJ_F_OBJECT : SJ_F_ARRAY;
    f.str = buf + idx[t];
    f.len = uint64_t(idx[close]) + 1 - idx[t];
  }
  if (x.kids.empty()) return true;
  if (simdjson_unlikely(x.kids.size() > 64)) return project_wide(p, pr, x, idx, t, close, obj, depth, row);
  found_narrow found{0, x.full};
  return project_kids(p, pr, x, idx, t, close, obj, depth, row, found);
}

// Whether the whitespace right before offset o holds a newline, looking no
// further back than buf (the stop token, the first bracket, may follow only
// whitespace). Out of line: the scans that call it keep their registers.
__attribute__((noinline)) bool newline_before(const uint8_t *buf, uint64_t o) {
  while (o > 0 && is_ws(buf[--o])) {
    if (buf[o] == '\n') return true;
  }
  return false;
}

// The one-line bracket scan's table, indexed by a token's first byte (high
// byte) and the byte before it (low byte), as one 16-bit load from the byte
// before the token reads them (byte-swapped on big-endian targets): bit 0
// when the token is a bracket, bit 1 when whitespace (or a control byte)
// precedes it. One load and one test per token that is neither, the common
// case.
struct line_scan_table {
  uint8_t t[65536];
  constexpr line_scan_table() : t{} {
    for (uint32_t w = 0; w < 65536; w++) {
      const uint8_t before = uint8_t(w), tok = uint8_t(w >> 8);
      const bool bracket = tok == '[' || tok == ']' || tok == '{' || tok == '}';
      t[w] = uint8_t((bracket ? 1 : 0) | (before <= ' ' ? 2 : 0));
    }
  }
};
constexpr line_scan_table line_scan{};

// walk_value's fast path, for a container that is valid: it looks at the
// limit and the nesting only at brackets (a token past the limit inside a
// container is followed by its closing bracket, also past it) and checks a
// closing bracket against its opening one's byte ('{' ^ '}' == '[' ^ ']' ==
// 6). Returns true with t past the container; false when the value is not
// a container or anything is off: the caller then runs walk_value from the
// start for the exact error.
//
// With one_line, the container must also sit on one line: every token
// after the first is checked for whitespace right before it, and a newline
// in that whitespace fails the walk. That finds every newline inside the
// container: every kernel's stage 1 rejects a raw newline (a control
// character) inside a string, so a newline lies in whitespace between
// tokens, and whitespace ends at a token (stage 1 starts a token at the
// first byte after whitespace, even inside a literal or number). In compact
// JSON no token follows whitespace; line_scan finds brackets and whitespace
// in one lookup per token.
//
// The bracket scan has no bound check per token: walk_fast stores a bracket
// token as the token after the last, so the scan stops there, and the bound
// is checked once per bracket. Without one_line, brackets are the bytes whose
// mask with 0xD9 is 0x59: '[', ']', '{', '}', and 'Y', '_', 'y' and DEL,
// which start no valid token and fail the match of a closing bracket.
template <bool one_line>
inline bool walk_fast_scan(sj_parser *p, const uint32_t *idx, uint32_t n, uint32_t &t, uint64_t limit) {
  const uint8_t *buf = p->buf;
  uint64_t *jump = p->jump.get();
  uint32_t *os = p->ostack.data();
  const uint64_t ep = uint64_t(p->epoch) << 32;
  const uint32_t maxd = stack_levels(p);  // deeper: walk_value grows the stacks
  const uint32_t *ip = idx + t, *end = idx + n;
  uint32_t o = *ip;
  uint8_t c = buf[o];
  uint32_t depth = 0;
  for (;;) {
    if (o >= limit || ip >= end) return false;
    const uint32_t i = uint32_t(ip - idx);
    if ((c & 0xDF) == '[') {
      if (depth >= maxd) return false;
      os[depth++] = i;
    } else {
      uint32_t ot = os[--depth];
      if ((buf[idx[ot]] ^ c) != 6) return false;
      jump[ot] = ep | i;
      if (depth == 0) {
        t = i + 1;
        return true;
      }
    }
    if (one_line) {  // to the next bracket
      for (;;) {
        uint16_t w;
        uint8_t f;
        do {
          o = *++ip;
          std::memcpy(&w, buf + o - 1, 2);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
          w = __builtin_bswap16(w);
#endif
          f = line_scan.t[w];
        } while (!f);
        if ((f & 2) && newline_before(buf, o)) return false;
        if (f & 1) break;
      }
      c = buf[o];
    } else {
      do {  // to the next bracket
        o = *++ip;
        c = buf[o];
      } while ((c & 0xD9) != 0x59);
    }
  }
}

// The stop token is the container's first token, a bracket; with one_line,
// whose load reads the byte before the token, a container at offset 0 stops
// on its next bracket token instead (none: the container cannot close).
template <bool one_line = false>
inline bool walk_fast(sj_parser *p, const uint32_t *idx, uint32_t n, uint32_t &t, uint64_t limit) {
  const uint8_t *buf = p->buf;
  uint32_t o = idx[t];
  if ((buf[o] & 0xDF) != '[' || !p->jump) return false;
  if (one_line && o == 0) {
    const uint32_t *q = idx + t + 1, *e = idx + n;
    while (q < e && (buf[*q] & 0xDF) != '[' && (buf[*q] & 0xDF) != ']') q++;
    if (q >= e) return false;
    o = *q;
  }
  // idx is the parser's own array, with room past its last token.
  uint32_t *stop = const_cast<uint32_t *>(idx) + n;
  const uint32_t saved = *stop;
  *stop = o;
  const bool ok = walk_fast_scan<one_line>(p, idx, n, t, limit);
  *stop = saved;
  return ok;
}

// Whether field f of row is a string equal to one of values.
inline bool selects(const sj_field &f, const std::vector<std::string> &values) {
  if (f.kind != SJ_F_STRING) return false;
  for (const std::string &v : values) {
    if (v.size() == f.len && (f.len == 0 || std::memcmp(v.data(), f.str, f.len) == 0)) return true;
  }
  return false;
}

// Extracts the fields of projection pr from the walked document at token
// start into row: those in no case, then those of each case that the first
// ones select. False when a container on the way is malformed.
inline bool project_doc(sj_parser *p, const sj_projection *pr, const uint32_t *idx, uint32_t start, sj_field *row) {
  bool ok = project(p, pr, 0, idx, start, 1, row);
  for (size_t c = 0; ok && c < pr->cases.size(); c++) {
    const pcase &k = pr->cases[c];
    if (selects(row[k.guard], k.values)) ok = project(p, pr, k.root, idx, start, 1, row);
  }
  return ok;
}

// Walks the document at token t (walk_value) and, with a projection,
// extracts its fields into row (project_doc).
inline int walk_doc(sj_parser *p, const sj_projection *pr, const uint32_t *idx, uint32_t n, uint32_t &t,
                    uint64_t limit, uint32_t &err_off, sj_field *row) {
  uint32_t start = t;
  if (pr && !p->jump) {  // the jump table could not be allocated
    err_off = idx[t];
    t++;
    return simdjson::MEMALLOC;
  }
  int err = walk_fast(p, idx, n, t, limit) ? 0 : walk_value(p, idx, n, t, limit, err_off);
  if (!err && pr && !project_doc(p, pr, idx, start, row)) {
    err_off = idx[start];
    err = simdjson::TAPE_ERROR;
  }
  return err;
}

// split_lines' common case, which needs no search for the line's end: the
// document at token t is an object or array that the walk finds on one line
// (walk_fast<true>), whose projected fields (if any) extract without error,
// and nothing but whitespace follows it up to a newline or the end. Records
// it and moves t and pos (a line start at or before the document) to the
// next line; otherwise returns false and leaves them, the documents and the
// rows as they were (the jump table may hold entries the slow path rewrites).
inline bool line_fast(sj_parser *p, const sj_projection *pr, const uint32_t *idx, uint32_t n, uint32_t &t,
                      uint64_t upto, uint64_t &pos) {
  uint32_t start = t, next = t;
  if (!walk_fast<true>(p, idx, n, next, upto)) return false;
  const uint8_t *buf = p->buf;
  uint64_t le = uint64_t(idx[next - 1]) + 1;
  while (le < upto && buf[le] != '\n') {
    if (!is_ws(buf[le])) return false;  // more on the line
    le++;
  }
  if (pr) {
    sj_field *row = p->fields.add(pr->nfields);
    if (!row) return false;
    if (!project_doc(p, pr, idx, start, row)) {
      p->fields.drop(pr->nfields);
      return false;
    }
  }
  p->docs.push_back(sj_doc{start, idx[start], uint32_t(le), 0, 0, 0});
  t = next;
  pos = le + 1;
  return true;
}

// Splits an NDJSON batch into lines and walks the tokens of each line: one
// value per line, brackets balanced and matched, within the depth limit;
// otherwise the line is bad, with its error. A line that line_fast does not
// take is found with memchr and walked within its bounds, so that a bad
// line cannot swallow the next ones. (line_fast stops at the first newline:
// each line costs a bounded number of walks.) The lines are those of
// buf[pos:upto), their tokens idx[t:n); the documents are appended.
int split_lines(sj_parser *p, uint64_t pos, uint64_t upto, uint32_t t, uint32_t n, const sj_projection *pr) {
  const uint32_t *idx = indexes(p);
  while (pos < upto && t < n) {  // past the last token, only blank lines remain
    if (line_fast(p, pr, idx, n, t, upto, pos)) continue;
    uint64_t le;
    for (;;) {  // to the line of token t, past blank lines
      const void *nl = std::memchr(p->buf + pos, '\n', size_t(upto - pos));
      le = nl ? uint64_t(static_cast<const uint8_t *>(nl) - p->buf) : upto;
      if (idx[t] < le) break;
      pos = le + 1;
    }
    sj_doc d{t, idx[t], uint32_t(le), 0, 0, 0};
    uint32_t eo = 0;
    int err;
    if (pr) {
      sj_field *row = p->fields.add(pr->nfields);
      if (!row) return simdjson::MEMALLOC;
      err = walk_doc(p, pr, idx, n, t, le, eo, row);
      if (err) std::memset(row, 0, sizeof(sj_field) * pr->nfields);
    } else {
      err = walk_doc(p, nullptr, idx, n, t, le, eo, nullptr);
    }
    if (err == -1) err = simdjson::INCOMPLETE_ARRAY_OR_OBJECT;
    if (!err && t < n && idx[t] < le) {
      err = simdjson::TRAILING_CONTENT;
      eo = idx[t];
    }
    if (err) {
      d.err = err;
      d.err_off = eo;
      d.off = uint32_t(pos);
      while (t < n && idx[t] < le) t++;
    }
    p->docs.push_back(d);
    pos = le + 1;
  }
  return 0;
}

// Stage 1 over buf[0:len) with the parser's memory grown as needed.
error_code stage1(sj_parser *p, const uint8_t *buf, uint64_t len, simdjson::stage1_mode mode) {
  p->stage1_bytes += len;
  if (error_code err = prepare(p, buf, len)) return err;
  return (p->parser.*sj_get(rob_p_impl()))->stage1(buf, size_t(len), mode);
}

// Points the batch iterator at the tokens stage 1 just produced.
void start_batch(sj_parser *p, const uint8_t *buf, uint64_t len) {
  auto *impl = (p->parser.*sj_get(rob_p_impl())).get();
  od::json_iterator &ji = p->bji;
  od::token_iterator &ti = ji.*sj_get(rob_ji_token());
  ti.*sj_get(rob_ti_buf()) = buf;
  ti.set_position(impl->structural_indexes.get());
  ji.*sj_get(rob_ji_parser()) = &p->parser;
  ji.*sj_get(rob_ji_sbuf()) = (p->parser.*sj_get(rob_p_sbuf())).get();
  ji.*sj_get(rob_ji_error()) = simdjson::SUCCESS;
  ji.*sj_get(rob_ji_depth()) = 1;
  ji.*sj_get(rob_ji_root()) = impl->structural_indexes.get();
  p->it = &ji;
  p->root = impl->structural_indexes.get();
  p->ntok = impl->n_structural_indexes;
  size_t sbcap = SIMDJSON_ROUNDUP_N(5 * p->parser.capacity() / 3 + simdjson::SIMDJSON_PADDING, 64);
  p->sb = (p->parser.*sj_get(rob_p_sbuf())).get();
  p->sb_cap = sbcap;
  p->buf = buf;
  p->len = len;
  p->batch = true;
  walk_buffers(p);
}

// The window buf[0:len) failed stage 1: some of its lines are bad on their
// own (invalid UTF-8, a control character in a string, an unclosed string,
// which makes stage 1 misread every line after it). Each line is taken on
// its own, in one call for the whole window, and stage 1 scans each byte at
// most twice more: runs of whole lines, doubling while they pass, and each
// line of a run that fails (a run of one line is that bad line). The good
// lines' tokens are gathered (their offsets moved to the window) into the
// parser's structural index, as if stage 1 had scanned the window without
// the bad lines, with one token per bad line at the newline before it (at
// 0 for the first line): its document's token, which bounds the last value
// before it, as the end of the input does for a batch, so that nothing
// reads a string or a number of a good line on into the bad one. Its byte
// (whitespace) starts no value. The documents and rows are then those of
// each run of good lines (split_lines) and the bad lines between them, in
// order: what each line gives alone.
int batch_ndjson_failed(sj_parser *p, const uint8_t *buf, uint64_t len, error_code werr, const sj_projection *pr) {
  // At most one token per byte of the good lines and one per bad line
  // (never empty): len tokens at most.
  if (p->ftoks_cap < len) {
    p->ftoks.reset(new (std::nothrow) uint32_t[size_t(len)]);
    p->ftoks_cap = p->ftoks ? size_t(len) : 0;
    if (!p->ftoks) return simdjson::MEMALLOC;
  }
  uint32_t *toks = p->ftoks.get();
  uint32_t ntoks = 0;
  std::vector<fpiece> &pieces = p->fpieces;
  pieces.clear();
  bool any_bad = false;
  // Takes the tokens of the stage 1 just run over buf[lo:hi) (good lines).
  auto good = [&](uint64_t lo, uint64_t hi, bool scanned) {
    if (pieces.empty() || pieces.back().err) pieces.push_back(fpiece{lo, hi, ntoks, 0, 0});
    fpiece &g = pieces.back();
    if (scanned) {
      const auto *impl = (p->parser.*sj_get(rob_p_impl())).get();
      const uint32_t *ix = impl->structural_indexes.get();
      const uint32_t k = impl->n_structural_indexes;
      for (uint32_t i = 0; i < k; i++) toks[ntoks + i] = ix[i] + uint32_t(lo);
      ntoks += k;
    }
    g.hi = hi;
    g.t1 = ntoks;
  };
  auto bad = [&](uint64_t lo, uint64_t hi, error_code err) {
    any_bad = true;
    pieces.push_back(fpiece{lo, hi, ntoks, ntoks + 1, int32_t(err)});
    toks[ntoks++] = lo ? uint32_t(lo - 1) : 0;
  };
  auto ok = [](error_code e) { return e == simdjson::SUCCESS || e == simdjson::EMPTY; };
  auto fatal = [](error_code e) { return e == simdjson::MEMALLOC || e == simdjson::CAPACITY; };
  uint64_t pos = 0, want = 1;
  while (pos < len) {
    // The run: the lines from pos that cover want bytes (its last newline
    // left out, so that a run of one line is that line, as stage 1 sees it
    // alone).
    const uint64_t from = std::min(pos + want, len) - 1;
    const void *nl = std::memchr(buf + from, '\n', size_t(len - from));
    const uint64_t end = nl ? uint64_t(static_cast<const uint8_t *>(nl) - buf) : len;
    error_code err = end > pos ? stage1(p, buf + pos, end - pos, simdjson::stage1_mode::regular) : simdjson::EMPTY;
    if (ok(err)) {
      good(pos, end, err == simdjson::SUCCESS);
      want = 2 * (end + 1 - pos);
    } else if (fatal(err)) {
      return err;
    } else if (!std::memchr(buf + pos, '\n', size_t(end - pos))) {
      bad(pos, end, err);
      want = 1;
    } else {
      for (uint64_t q = pos; q <= end;) {  // each line of the run alone
        const void *l = std::memchr(buf + q, '\n', size_t(end - q));
        const uint64_t le = l ? uint64_t(static_cast<const uint8_t *>(l) - buf) : end;
        error_code lerr = le > q ? stage1(p, buf + q, le - q, simdjson::stage1_mode::regular) : simdjson::EMPTY;
        if (ok(lerr)) {
          good(q, le, lerr == simdjson::SUCCESS);
        } else if (fatal(lerr)) {
          return lerr;
        } else {
          bad(q, le, lerr);
        }
        q = le + 1;
      }
      want = 1;
    }
    pos = end + 1;
  }
  if (!any_bad) {  // not expected: report the whole window
    start_batch(p, buf, 0);
    p->ntok = 0;
    p->docs.push_back(sj_doc{0, 0, uint32_t(len), int32_t(werr), 0, 0});
    if (pr && !p->fields.add(pr->nfields)) return simdjson::MEMALLOC;
    p->res.consumed = len;
    return 0;
  }
  // The index has room for len tokens and the 3 entries stage 1 leaves
  // after the last, which are set as it sets them.
  auto *impl = (p->parser.*sj_get(rob_p_impl())).get();
  const uint32_t n = ntoks;
  uint32_t *ix = impl->structural_indexes.get();
  std::memcpy(ix, toks, size_t(n) * sizeof(uint32_t));
  ix[n] = uint32_t(len);
  ix[n + 1] = uint32_t(len);
  ix[n + 2] = 0;
  impl->n_structural_indexes = n;
  start_batch(p, buf, len);
  for (const fpiece &k : pieces) {
    if (!k.err) {
      if (int rc = split_lines(p, k.lo, k.hi, k.t0, k.t1, pr)) return rc;
      continue;
    }
    p->docs.push_back(sj_doc{k.t0, uint32_t(k.lo), uint32_t(k.hi), k.err, uint32_t(k.lo), 0});
    if (pr && !p->fields.add(pr->nfields)) return simdjson::MEMALLOC;
  }
  p->res.consumed = len;
  return 0;
}

// The most rows (documents and bad lines) a batch with projection pr may
// have: its rows take at most kRowBudget bytes (one row at least).
inline uint64_t max_rows(const sj_projection *pr) {
  const uint64_t row = pr->nfields * sizeof(sj_field);
  return row ? std::max<uint64_t>(1, kRowBudget / row) : UINT64_MAX;
}

// Where a batch of whole lines buf[0:len) must end for its rows to stay
// within max_rows: len, or just after the max_rows-th newline. A line holds
// at most one row and a row takes at least two bytes (a value and a
// newline), so a batch of up to 2 * max_rows - 1 bytes needs no look at its
// lines (the common case: 3 pointers allow 279,620 rows, twice what a 256
// KiB batch can hold). Chosen before stage 1, so nothing is scanned twice.
uint64_t rows_cut(const uint8_t *buf, uint64_t len, uint64_t rows) {
  if ((len + 1) / 2 <= rows) return len;
  uint64_t pos = 0;
  for (uint64_t k = 0; k < rows; k++) {
    const void *nl = std::memchr(buf + pos, '\n', size_t(len - pos));
    if (!nl) return len;
    pos = uint64_t(static_cast<const uint8_t *>(nl) - buf) + 1;
  }
  return pos;
}

int batch_ndjson(sj_parser *p, const uint8_t *buf, uint64_t len, const sj_projection *pr) {
  if (pr) {
    const uint64_t rows = max_rows(pr);
    len = rows_cut(buf, len, rows);
    p->fields.limit = rows == UINT64_MAX ? 0 : size_t(rows * pr->nfields);
  }
  error_code err = stage1(p, buf, len, simdjson::stage1_mode::regular);
  if (err == simdjson::EMPTY) {
    p->res.consumed = len;
    return 0;
  }
  if (err == simdjson::MEMALLOC || err == simdjson::CAPACITY || err == simdjson::UNSUPPORTED_ARCHITECTURE) return err;
  if (err) return batch_ndjson_failed(p, buf, len, err, pr);
  start_batch(p, buf, len);
  if (int rc = split_lines(p, 0, len, 0, p->ntok, pr)) return rc;
  p->res.consumed = len;
  return 0;
}

// Offset of the first byte of buf[0:len) that is not valid UTF-8 (len if all
// is valid).
uint64_t first_invalid_utf8(const uint8_t *buf, uint64_t len) {
  uint64_t i = 0;
  while (i < len) {
    uint8_t c = buf[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    uint64_t n;
    uint32_t cp;
    if ((c & 0xE0) == 0xC0) { n = 2; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { n = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { n = 4; cp = c & 0x07; }
    else return i;
    if (i + n > len) return i;
    for (uint64_t k = 1; k < n; k++) {
      if ((buf[i + k] & 0xC0) != 0x80) return i;
      cp = (cp << 6) | (buf[i + k] & 0x3F);
    }
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += n;
  }
  return len;
}

// Offset of the first control character inside a string (len if none).
uint64_t first_unescaped(const uint8_t *buf, uint64_t len) {
  bool in = false;
  for (uint64_t i = 0; i < len; i++) {
    uint8_t c = buf[i];
    if (in) {
      if (c == '\\') i++;
      else if (c == '"') in = false;
      else if (c < 0x20) return i;
    } else if (c == '"') {
      in = true;
    }
  }
  return len;
}

int batch_many(sj_parser *p, const uint8_t *buf, uint64_t len, int final, const sj_projection *pr, bool recover = true);

// The last batch of a concatenated stream failed stage 1: deliver the
// complete documents before the failure, then report it.
int batch_many_failed(sj_parser *p, const uint8_t *buf, uint64_t len, error_code err, const sj_projection *pr) {
  uint64_t limit = err == simdjson::UTF8_ERROR      ? first_invalid_utf8(buf, len)
                   : err == simdjson::UNESCAPED_CHARS ? first_unescaped(buf, len)
                                                      : len;
  int rc = limit ? batch_many(p, buf, limit, 0, pr, false) : 0;
  if (rc) return rc;
  uint64_t at = limit ? p->res.consumed : 0;
  if (!p->buf) {
    start_batch(p, buf, 0);
    p->ntok = 0;
  }
  p->docs.push_back(sj_doc{p->ntok, uint32_t(at), uint32_t(len), int32_t(err),
                           uint32_t(limit < len ? limit : at), 0});
  if (pr && !p->fields.add(pr->nfields)) return simdjson::MEMALLOC;
  p->res.consumed = len;
  return 0;
}

int batch_many(sj_parser *p, const uint8_t *buf, uint64_t len, int final, const sj_projection *pr, bool recover) {
  error_code err = stage1(p, buf, len, final ? simdjson::stage1_mode::regular : simdjson::stage1_mode::streaming_partial);
  if (recover && err && err != simdjson::EMPTY && err != simdjson::MEMALLOC && err != simdjson::CAPACITY) {
    return batch_many_failed(p, buf, len, err, pr);
  }
  if (err == simdjson::EMPTY) {
    p->res.consumed = final ? len : 0;
    if (!final) {
      // Only whitespace, or one incomplete document: find out which.
      uint64_t i = 0;
      while (i < len && is_ws(buf[i])) i++;
      p->res.consumed = i;
    }
    return 0;
  }
  if (err == simdjson::CAPACITY && !final) {
    p->res.consumed = 0;  // the first document does not fit: grow the batch
    return 0;
  }
  if (err) return err;
  start_batch(p, buf, len);
  const uint32_t *idx = indexes(p);
  uint32_t n = p->ntok, t = 0;
  // streaming_partial truncated the tokens to the complete documents; the
  // first token left out (still in the array) is where the next batch starts.
  uint64_t next = final ? len : uint64_t(idx[n]);
  while (t < n) {
    uint32_t start = t, eo = 0;
    int rc;
    if (pr) {
      sj_field *row = p->fields.add(pr->nfields);
      if (!row) return simdjson::MEMALLOC;
      rc = walk_doc(p, pr, idx, n, t, UINT64_MAX, eo, row);
      if (rc) std::memset(row, 0, sizeof(sj_field) * pr->nfields);
    } else {
      rc = walk_doc(p, nullptr, idx, n, t, UINT64_MAX, eo, nullptr);
    }
    if (rc == -1) {
      if (!final) {
        if (pr) p->fields.drop(pr->nfields);
        t = start;
        break;
      }
      rc = simdjson::INCOMPLETE_ARRAY_OR_OBJECT;
    }
    if (rc) {
      p->docs.push_back(sj_doc{start, idx[start], uint32_t(len), rc, eo, 0});
      p->res.consumed = len;
      p->res.docs = p->docs.data();
      p->res.ndocs = p->docs.size();
      return 0;
    }
    p->docs.push_back(sj_doc{start, idx[start], 0, 0, 0, 0});
  }
  if (t < n) next = idx[t];
  // A scalar that reaches the end of a partial batch may be cut short.
  if (!final && !p->docs.empty() && t == n) {
    const sj_doc &last = p->docs.back();
    uint8_t c = buf[last.off];
    if (c != '{' && c != '[' && last.tok + 1 == n && len > 0 && !is_ws(buf[len - 1])) {
      next = last.off;
      p->docs.pop_back();
      if (pr) p->fields.drop(pr->nfields);
    }
  }
  for (size_t i = 0; i + 1 < p->docs.size(); i++) p->docs[i].end = p->docs[i + 1].off;
  if (!p->docs.empty()) p->docs.back().end = uint32_t(next);
  p->res.consumed = next;
  p->len = next;
  return 0;
}

// The parallel map (sj_map_run).

extern "C" int sjGoBatch(uintptr_t ctx, int worker, uint64_t base, uint8_t *buf, uint64_t len);
extern "C" int sjGoNextChunk(uintptr_t ctx, int worker, sj_chunk *out);

}  // namespace

// A running map (sj_map_new). Each worker runs in its own Go goroutine
// (sj_map_work), so that the Go code it calls back runs on a thread the Go
// runtime created: a runtime.Goexit there (t.Fatal in a test) unwinds the
// goroutine, abandoning the worker's C++ frames without running their
// destructors. Those frames therefore own nothing: what a worker keeps
// between batches lives here.
struct sj_map {
  sj_map_cfg cfg_copy{};
  const sj_map_cfg *cfg{};
  const uint8_t *buf{};
  std::atomic<uint64_t> next{0};         // next chunk to hand out ([]byte input)
  std::atomic<int> stop{0};              // stop everything (error in Go, panic)
  std::atomic<uint64_t> stop_at{UINT64_MAX};  // skip batches starting after this offset
  std::atomic<int> rc{0};                // first native error
  std::vector<std::vector<uint8_t>> tmp{};  // per worker: the padded copy of a last batch
  std::mutex memo_mu;                       // chunk_start's longest search
  uint64_t memo_lo{}, memo_hi{};
};

namespace {

using map_run = sj_map;

// Start of chunk k: the first line start at or after k * chunk.
// The outermost sj_map_work frame of this thread, and how many are open.
thread_local uintptr_t t_work_entry = 0;
thread_local int t_work_depth = 0;

// Bytes chunk_start has searched, over every map (for tests).
std::atomic<uint64_t> g_chunk_scan{0};

// Start of chunk k: the first line start at or after k * chunk. Chunks whose
// nominal start falls inside one long line all start after it: the longest
// search so far is remembered (no newline in [memo_lo, memo_hi - 1)), so a
// line longer than many chunks is searched about once, not once per chunk.
uint64_t chunk_start(map_run *m, uint64_t k) {
  const sj_map_cfg *c = m->cfg;
  if (k == 0) return 0;
  if (c->chunk == 0 || k > c->len / c->chunk) return c->len;
  uint64_t s = k * c->chunk;
  if (s >= c->len) return c->len;
  const uint64_t q = s - 1;
  {
    std::lock_guard<std::mutex> g(m->memo_mu);
    if (q >= m->memo_lo && q < m->memo_hi) return m->memo_hi;
  }
  const void *nl = std::memchr(m->buf + q, '\n', size_t(c->len - q));
  const uint64_t r = nl ? uint64_t(static_cast<const uint8_t *>(nl) - m->buf) + 1 : c->len;
  g_chunk_scan.fetch_add(r - q, std::memory_order_relaxed);
  std::lock_guard<std::mutex> g(m->memo_mu);
  if (r - q > m->memo_hi - m->memo_lo) {
    m->memo_lo = q;
    m->memo_hi = r;
  }
  return r;
}

void stop_at(map_run *m, uint64_t off) {
  uint64_t cur = m->stop_at.load();
  while (off < cur && !m->stop_at.compare_exchange_weak(cur, off)) {
  }
}

// Parses buf[0:len) (whole lines; cap readable bytes; base: its offset in the
// input) in batches, calling Go once per batch.
void run_chunk(map_run *m, int w, const uint8_t *buf, uint64_t len, uint64_t cap, uint64_t base,
               std::vector<uint8_t> &tmp) {
  const sj_map_cfg *c = m->cfg;
  sj_parser *p = c->parsers[w];
  uint64_t pos = 0;
  p->grow_min = std::min(c->batch, len);
  p->grow_max = c->max_doc ? c->batch + c->max_doc + 1 : 0;
  while (pos < len) {
    if (m->stop.load(std::memory_order_relaxed) || base + pos > m->stop_at.load(std::memory_order_relaxed)) return;
    uint64_t end = pos + c->batch, line = 0;
    if (end >= len) {
      end = len;
    } else {
      const void *q = memrchr(buf + pos, '\n', size_t(end - pos));
      if (q) {
        end = uint64_t(static_cast<const uint8_t *>(q) - buf) + 1;
      } else {  // a line longer than the batch: the batch grows to hold it
        const void *nl = std::memchr(buf + end, '\n', size_t(len - end));
        end = nl ? uint64_t(static_cast<const uint8_t *>(nl) - buf) + 1 : len;
        line = (nl ? end - 1 : end) - pos;
      }
    }
    const uint8_t *b = buf + pos;
    uint64_t blen = end - pos, bcap = cap - pos, consumed = blen;
    if (c->max_doc && line > c->max_doc) {
      // Longer than the limit: one bad document, neither copied nor parsed.
      begin_input(p);
      p->docs.push_back(sj_doc{0, 0, uint32_t(std::min<uint64_t>(line, UINT32_MAX)), simdjson::CAPACITY,
                               uint32_t(c->max_doc), 0});
      if (c->proj && !p->fields.add(c->proj->nfields)) {
        int zero = 0;
        m->rc.compare_exchange_strong(zero, int(simdjson::MEMALLOC));
        m->stop.store(1);
        return;
      }
      p->res.docs = p->docs.data();
      p->res.ndocs = 1;
      p->res.fields = c->proj ? p->fields.data() : nullptr;
      p->res.consumed = blen;
    } else {
      if (bcap < blen + simdjson::SIMDJSON_PADDING) {  // the input's last bytes lack padding
        tmp.assign(b, b + blen);
        tmp.resize(size_t(blen + simdjson::SIMDJSON_PADDING), ' ');
        b = tmp.data();
        bcap = tmp.size();
      }
      int rc = sj_batch(p, b, blen, bcap, 0, 1, c->proj);
      if (rc) {
        int zero = 0;
        m->rc.compare_exchange_strong(zero, rc);
        m->stop.store(1);
        return;
      }
      if (p->res.consumed) consumed = p->res.consumed;
    }
    int g = sjGoBatch(c->ctx, w, base + pos, const_cast<uint8_t *>(b), consumed);
    if (g == 1) {
      m->stop.store(1);
      return;
    }
    if (g == 2) {  // a bad line under the stop policy: later batches are not needed
      stop_at(m, base + pos);
      return;
    }
    pos += consumed;
  }
}

// Starts (on) or ends (off: frees what was retired) a map's retention of
// the memory p replaces (sj_parser::retain).
void set_retain(sj_parser *p, bool on) {
  p->retain = on;
  p->fields.retain = on;
  p->grow_min = p->grow_max = 0;
  if (!on) {
    p->retired_sb.clear();
    p->retired_bytes = 0;
    p->fields.retired.clear();
    p->fields.retired_bytes = 0;
  }
}

void map_worker_main(map_run *m, int w) {
  const sj_map_cfg *c = m->cfg;
  std::vector<uint8_t> &tmp = m->tmp[size_t(w)];
  if (c->reader) {
    sj_chunk ch{};
    while (!m->stop.load()) {
      if (sjGoNextChunk(c->ctx, w, &ch) != 0) break;
      if (ch.base > m->stop_at.load()) continue;
      run_chunk(m, w, ch.buf, ch.len, ch.cap, ch.base, tmp);
    }
  } else {
    while (!m->stop.load()) {
      uint64_t k = m->next.fetch_add(1);
      uint64_t s = chunk_start(m, k);
      if (s >= c->len || s > m->stop_at.load()) break;
      uint64_t e = chunk_start(m, k + 1);
      if (e > s) run_chunk(m, w, m->buf + s, e - s, c->cap - s, s, tmp);
    }
  }
}

}  // namespace

extern "C" {

sj_map *sj_map_new(const sj_map_cfg *cfg, const uint8_t *buf) {
  if (cfg->threads < 1) return nullptr;
  sj_map *m = new (std::nothrow) sj_map();
  if (!m) return nullptr;
  m->cfg_copy = *cfg;
  m->cfg = &m->cfg_copy;
  m->buf = buf;
  m->tmp.resize(size_t(cfg->threads));
  for (int w = 0; w < cfg->threads; w++) set_retain(cfg->parsers[w], true);
  return m;
}

void sj_map_work(sj_map *m, int worker) {
  if (worker < 0 || worker >= m->cfg->threads) return;
  // The outermost worker frame of this thread (maps may nest: fn may run a
  // map), for sj_map_abandon.
  const bool outer = t_work_depth++ == 0;
  if (outer) t_work_entry = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  map_worker_main(m, worker);
  if (--t_work_depth == 0) t_work_entry = 0;
}

void sj_map_abandon(void) {
  // The Go callback on this thread ends its goroutine (runtime.Goexit):
  // the worker's frames above this one are left behind without returning.
  // Under AddressSanitizer their redzones would stay poisoned and the next
  // C frames there would be reported as overflows: unpoison them, as ASan
  // does for longjmp.
#if defined(__SANITIZE_ADDRESS__)
  if (t_work_entry) {
    const uintptr_t here = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
    if (here < t_work_entry) {
      __asan_unpoison_memory_region(reinterpret_cast<void *>(here), size_t(t_work_entry - here + 256));
    }
  }
#endif
  t_work_depth = 0;
  t_work_entry = 0;
}

uint64_t sj_map_chunk_scan_bytes(void) { return g_chunk_scan.load(); }

int sj_map_free(sj_map *m) {
  for (int w = 0; w < m->cfg->threads; w++) set_retain(m->cfg->parsers[w], false);
  int rc = m->rc.load();
  delete m;
  return rc;
}

int sj_batch(sj_parser *p, const uint8_t *buf, uint64_t len, uint64_t cap, int mode, int final,
             const sj_projection *pr) {
  begin_input(p);
  if (cap < len + simdjson::SIMDJSON_PADDING) return simdjson::INSUFFICIENT_PADDING;
  if (len >= uint64_t(UINT32_MAX) - 64) return simdjson::CAPACITY;
  p->ptop = 0;
  if (pr && pr->wide_words > p->pbits_cap) {  // nodes with more than 64 kids
    p->pbits.reset(new (std::nothrow) uint64_t[pr->wide_words]);
    p->pbits_cap = p->pbits ? pr->wide_words : 0;
    if (!p->pbits) return simdjson::MEMALLOC;
  }
  int rc = mode == 0 ? batch_ndjson(p, buf, len, pr) : batch_many(p, buf, len, final, pr);
  if (rc) {
    p->buf = nullptr;
    return rc;
  }
  p->res.docs = p->docs.data();
  p->res.ndocs = p->docs.size();
  p->res.fields = pr ? p->fields.data() : nullptr;
  p->res.idx = p->buf ? p->root : nullptr;
  p->res.ntok = p->buf ? p->ntok : 0;
  p->res.jump = p->buf ? p->jump.get() : nullptr;
  p->res.epoch = p->epoch;
  return 0;
}

sj_projection *sj_projection_new(const char *pointers, const uint64_t *lens, uint64_t n, const uint32_t *groups,
                                 const int64_t *guards, const char *values, const uint64_t *value_lens,
                                 const uint64_t *nvalues, uint64_t ncases, int64_t *err_index) {
  *err_index = -1;
  std::unique_ptr<sj_projection> pr(new (std::nothrow) sj_projection());
  if (!pr) return nullptr;
  pr->nodes.emplace_back();
  pr->nfields = n;
  uint64_t vat = 0, vi = 0;
  for (uint64_t c = 0; c < ncases; c++) {
    pcase k;
    k.root = uint32_t(pr->nodes.size());
    k.guard = int32_t(guards[c]);
    for (uint64_t j = 0; j < nvalues[c]; j++, vi++) {
      k.values.emplace_back(values + vat, size_t(value_lens[vi]));
      vat += value_lens[vi];
    }
    pr->nodes.emplace_back();
    pr->cases.push_back(std::move(k));
  }
  uint64_t at = 0;
  for (uint64_t i = 0; i < n; i++) {
    std::string_view ptr(pointers + at, size_t(lens[i]));
    at += lens[i];
    const uint32_t g = groups ? groups[i] : 0;
    uint32_t node = g == 0 ? 0 : pr->cases[g - 1].root;
    size_t k = 0;
    if (!ptr.empty() && ptr[0] != '/') {
      *err_index = int64_t(i);
      return nullptr;
    }
    while (k < ptr.size()) {
      size_t j = k + 1;
      std::string seg;
      while (j < ptr.size() && ptr[j] != '/') {
        char c = ptr[j];
        if (c == '~') {
          if (j + 1 >= ptr.size() || (ptr[j + 1] != '0' && ptr[j + 1] != '1')) {
            *err_index = int64_t(i);
            return nullptr;
          }
          seg.push_back(ptr[j + 1] == '0' ? '~' : '/');
          j++;
        } else {
          seg.push_back(c);
        }
        j++;
      }
      k = j;
      int32_t found = -1;
      for (uint32_t kid : pr->nodes[node].kids) {
        if (pr->nodes[kid].key == seg) found = int32_t(kid);
      }
      if (found < 0) {
        pnode nd;
        nd.key = seg;
        if (!seg.empty() && seg.size() <= 19 && (seg.size() == 1 || seg[0] != '0') &&
            seg.find_first_not_of("0123456789") == std::string::npos) {
          nd.has_index = true;
          for (char d : seg) nd.index = nd.index * 10 + uint64_t(d - '0');
        }
        pr->nodes.push_back(std::move(nd));
        found = int32_t(pr->nodes.size() - 1);
        pr->nodes[node].kids.push_back(uint32_t(found));
      }
      node = uint32_t(found);
    }
    if (pr->nodes[node].slot >= 0) {  // the same pointer twice
      *err_index = int64_t(i);
      return nullptr;
    }
    pr->nodes[node].slot = int32_t(i);
  }
  for (pnode &nd : pr->nodes) {
    size_t k = nd.kids.size();
    nd.full = k >= 64 ? ~uint64_t(0) : (uint64_t(1) << k) - 1;
    for (uint32_t kid : nd.kids) {
      const size_t n = pr->nodes[kid].key.size();
      nd.lens |= uint64_t(1) << (n < 63 ? n : 63);
    }
  }
  // The found-bits of the nodes with more than 64 kids on the widest path
  // from each trie's root (a kid comes after its parent in nodes).
  std::vector<size_t> need(pr->nodes.size());
  for (size_t i = pr->nodes.size(); i-- > 0;) {
    const pnode &nd = pr->nodes[i];
    size_t m = 0;
    for (uint32_t kid : nd.kids) m = std::max(m, need[kid]);
    need[i] = m + (nd.kids.size() > 64 ? (nd.kids.size() + 63) / 64 : 0);
  }
  pr->wide_words = need[0];
  for (const pcase &k : pr->cases) pr->wide_words = std::max(pr->wide_words, need[k.root]);
  return pr.release();
}

void sj_projection_free(sj_projection *pr) { delete pr; }

sj_parser *sj_parser_new(uint64_t max_capacity, uint32_t max_depth) {
  // Go checks the options' ranges; out-of-range values are clamped here too.
  if (max_capacity == 0 || max_capacity > simdjson::SIMDJSON_MAXSIZE_BYTES) max_capacity = simdjson::SIMDJSON_MAXSIZE_BYTES;
  sj_parser *p = new (std::nothrow) sj_parser(size_t(max_capacity));
  if (!p) return nullptr;
  p->max_depth = max_depth == 0 ? uint32_t(simdjson::DEFAULT_MAX_DEPTH) : std::min<uint32_t>(max_depth, SJ_MAX_DEPTH);
  p->res.err_off = -1;
  return p;
}

void sj_parser_free(sj_parser *p) { delete p; }

sj_result *sj_parser_result(sj_parser *p) { return &p->res; }

uint64_t sj_parser_capacity(sj_parser *p) { return p->parser.capacity(); }

uint64_t sj_parser_stack_levels(sj_parser *p) { return p->ostack.size(); }
uint64_t sj_parser_stat(sj_parser *p, int which) {
  switch (which) {
    case SJ_STAT_STAGE1_BYTES: return p->stage1_bytes;
    case SJ_STAT_STRING_EXTRA: return p->uscratch_cap;
    case SJ_STAT_ROW_BYTES: return uint64_t(p->fields.cap) * sizeof(sj_field);
    case SJ_STAT_RETIRED_BYTES: return p->retired_bytes + p->fields.retired_bytes;
    case SJ_STAT_STRING_BUF: return uint64_t(reinterpret_cast<uintptr_t>((p->parser.*sj_get(rob_p_sbuf())).get()));
    case SJ_STAT_STRING_BUF_BYTES:
      return (p->parser.*sj_get(rob_p_sbuf()))
                 ? SIMDJSON_ROUNDUP_N(5 * p->parser.capacity() / 3 + simdjson::SIMDJSON_PADDING, 64)
                 : 0;
  }
  return 0;
}

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
SJ_SCALAR(sj_bool, bool, get_bool(), get_root_bool(!p->batch), 6, text_bool, p->res.u = v ? 1 : 0)

// is_root_null reads the span in place (no buffer).
int sj_null(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  bool v{};
  error_code err = depth == 1 ? vi.is_root_null(!p->batch).get(v) : vi.is_null().get(v);
  if (err) {
    int rc = after(p, err, tok);
    p->res.err_off = tok_off(p, tok);
    return rc;
  }
  p->res.u = v ? 1 : 0;
  return 0;
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

int sj_walk(sj_parser *p) {
  if (!p->buf || p->batch || p->dead || !p->jump || p->ntok == 0) return SJ_BAD_HANDLE;
  uint32_t t = 0;
  if (!walk_fast(p, p->root, p->ntok, t, p->len)) return simdjson::TAPE_ERROR;
  return 0;
}

const char *sj_error_message(int code) {
  if (code < 0 || code >= simdjson::NUM_ERROR_CODES) return "unknown error";
  return simdjson::error_message(error_code(code));
}

// simdjson's implementation::name() and description() return std::string by
// value: keep copies with static storage so the C strings outlive the call.
namespace {
struct impl_table {
  std::vector<std::string> names, descs;
  std::vector<int> supported;
};
const impl_table &impls() {
  static const impl_table t = [] {
    impl_table t;
    for (const simdjson::implementation *impl : simdjson::get_available_implementations()) {
      t.names.push_back(impl->name());
      t.descs.push_back(impl->description());
      t.supported.push_back(impl->supported_by_runtime_system() ? 1 : 0);
    }
    return t;
  }();
  return t;
}
const char *static_name(const std::string &name) {
  for (const std::string &n : impls().names) {
    if (n == name) return n.c_str();
  }
  static thread_local std::string other;
  other = name;
  return other.c_str();
}
}  // namespace

const char *sj_active_implementation(void) { return static_name(simdjson::get_active_implementation()->name()); }

const char *sj_builtin_implementation(void) { return static_name(simdjson::builtin_implementation()->name()); }

int sj_implementation_count(void) { return int(impls().names.size()); }

const char *sj_implementation_name(int i) { return impls().names[size_t(i)].c_str(); }

const char *sj_implementation_description(int i) { return impls().descs[size_t(i)].c_str(); }

int sj_implementation_supported(int i) { return impls().supported[size_t(i)]; }

int sj_set_implementation(const char *name, uint64_t len) {
  std::string n(name, size_t(len));
  const simdjson::implementation *impl = simdjson::get_available_implementations()[n];
  if (!impl) return simdjson::UNSUPPORTED_ARCHITECTURE;
  if (!impl->supported_by_runtime_system()) return simdjson::UNSUPPORTED_ARCHITECTURE;
  simdjson::get_active_implementation() = impl;
  return 0;
}

}  // extern "C"
