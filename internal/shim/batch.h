// batch.h: batches of documents. sj_batch runs stage 1 over a window of
// NDJSON lines (batch_ndjson: each line a document of its own, a bad line
// reported without disturbing the others, batch_ndjson_failed when stage 1
// rejects the window) or of concatenated documents (batch_many, like
// iterate_many), splits it into documents, walks each (walk.h) and, with a
// projection, extracts its fields (projection.h). Handles into the documents
// are served by handle.h. Go side: batch.go.
//
// It does not cut the input into windows nor call Go: the root package's
// streams do that, and map.h for the parallel map.

#ifndef SJ_SHIM_BATCH_H
#define SJ_SHIM_BATCH_H

namespace {

// The structural indexes of the input stage 1 last scanned.
inline const uint32_t *indexes(sj_parser *p) {
  return (p->parser.*sj_get(rob_p_impl()))->structural_indexes.get();
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

}  // namespace

extern "C" {

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

}  // extern "C"

#endif  // SJ_SHIM_BATCH_H
