// parser.h: the native parser (sj_parser) and its lifecycle. It defines the
// state every later piece of ondemand.cpp works on: simdjson's On-Demand
// parser and iterators, the caches of handle.h, the jump table and depth
// stacks of walk.h, the documents and projected rows of batch.h and
// projection.h, the retention a running map (map.h) turns on. Also here: the
// allocation of a parser's memory for an input (prepare) and the reset
// between inputs (begin_input). Go side: parser.go.
//
// It parses nothing and reads no value: sj_parse and the handles are in
// handle.h, batches in batch.h.

#ifndef SJ_SHIM_PARSER_H
#define SJ_SHIM_PARSER_H

// The simdjson members reached through sj_get (rob_*) are in members.h, with
// the compile-time checks that pin them to the vendored release.

namespace {

constexpr uint32_t kCacheSize = 512;      // entries, power of two
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

// A container of sj_path_all's walk: its token and depth, the step that
// applies to it, and for a wildcard step the value token of the entry
// visited last (0: none yet).
struct sj_pframe {
  uint32_t tok;
  int32_t depth;
  uint32_t step;
  uint32_t prev;
};

// A piece of a window that failed stage 1 (batch_ndjson_failed): good lines
// buf[lo:hi) with tokens [t0, t1), or (err set) a bad line whose token is t0.
struct fpiece {
  uint64_t lo, hi;
  uint32_t t0, t1;
  int32_t err;
};

}  // namespace

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
  // sj_path_all: its decoded steps, its walk's stack and the values found.
  std::vector<std::string_view> psteps{};
  std::vector<sj_pframe> pstack{};
  std::vector<uint64_t> matches{};
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

}  // namespace

extern "C" {

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

}  // extern "C"

#endif  // SJ_SHIM_PARSER_H
