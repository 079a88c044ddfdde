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
//  * Strings are unescaped once per token and cached; when the string buffer
//    would overflow (repeated reads evicted from the cache), the string is
//    unescaped into an overflow chunk freed at the next parse.
//  * After an error that leaves simdjson's iterator dead, the document is
//    marked dead and every later access returns that error.
//
// No C++ exception is thrown (SIMDJSON_EXCEPTIONS=0, std::nothrow) and nothing
// here calls back into Go.

#include "simdjson.h"
#include "simdjson_go.h"

#include <cstring>
#include <memory>
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

namespace {

constexpr uint32_t kCacheSize = 512;      // entries, power of two
constexpr uint64_t kEagerString = 4096;   // strings up to this raw size are read with their lookup

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

}  // namespace

struct sj_parser {
  sj_result res{};
  od::parser parser;
  od::document doc{};
  od::json_iterator *it{};
  const uint8_t *buf{};
  uint64_t len{};
  od::token_position root{};
  uint32_t ntok{};
  uint32_t epoch{};
  int dead{};
  uint32_t max_depth{};
  uint8_t *sb_end{};
  std::vector<std::unique_ptr<uint8_t[]>> overflow{};
  std::string scratch{};
  cstate_entry cstate[kCacheSize]{};
  sstate_entry sstate[kCacheSize]{};

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

// Called after any simdjson call that may have failed: a dead iterator
// (simdjson abandoned it) makes the whole document unusable.
inline int after(sj_parser *p, int code, uint32_t tok) {
  if (!p->it->is_alive() || p->it->position() > p->root + p->ntok) {
    p->dead = code ? code : simdjson::TAPE_ERROR;
    if (!code) code = simdjson::TAPE_ERROR;
  }
  if (code) {
    uint32_t ct = cur_tok(p);
    p->res.err_off = ct < p->ntok ? int64_t(p->root[ct]) : int64_t(tok_off(p, tok));
  }
  return code;
}

inline int check(sj_parser *p, uint32_t tok, int32_t depth) {
  if (!p->buf) return fail(p, SJ_BAD_HANDLE, -1);
  if (p->dead) return fail(p, p->dead, -1);
  if (tok >= p->ntok || depth < 1) return fail(p, SJ_BAD_HANDLE, -1);
  if (uint32_t(depth) > p->max_depth + 1) return fail(p, simdjson::DEPTH_ERROR, tok_off(p, tok));
  return 0;
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

// Saves and restores the string buffer write position around an unescape
// that might not fit in what is left of the parser's buffer.
class sbuf_guard {
 public:
  sbuf_guard(sj_parser *p, uint64_t span) : p_(p) {
    uint8_t *&loc = p->it->string_buf_loc();
    if (loc + span + simdjson::SIMDJSON_PADDING > p->sb_end) {
      std::unique_ptr<uint8_t[]> chunk(new (std::nothrow) uint8_t[span + 2 * simdjson::SIMDJSON_PADDING]);
      if (!chunk) { ok_ = false; return; }
      saved_ = loc;
      loc = chunk.get();
      p->overflow.push_back(std::move(chunk));
    }
  }
  ~sbuf_guard() {
    if (saved_) p_->it->string_buf_loc() = saved_;
  }
  bool ok() const { return ok_; }

 private:
  sj_parser *p_;
  uint8_t *saved_{};
  bool ok_{true};
};

// Reads the string at (tok, depth) into res.str/res.slen, once per token.
int read_string(sj_parser *p, uint32_t tok, int32_t depth) {
  sstate_entry *e = &p->sstate[tok & (kCacheSize - 1)];
  if (e->epoch == p->epoch && e->tok == tok) {
    p->res.str = e->ptr;
    p->res.slen = e->len;
    return 0;
  }
  if (tok_char(p, tok) != '"') return fail(p, simdjson::INCORRECT_TYPE, tok_off(p, tok));
  uint64_t span = next_off(p, tok) - tok_off(p, tok);
  sbuf_guard g(p, span);
  if (!g.ok()) return fail(p, simdjson::MEMALLOC, tok_off(p, tok));
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  std::string_view sv;
  error_code err = depth == 1 ? vi.get_root_string(true, false).get(sv) : vi.get_string(false).get(sv);
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

int find_in(sj_parser *p, uint32_t tok, int32_t depth, std::string_view key, int mode) {
  od::value_iterator vi = make_vi(p, tok, depth);
  int rc = enter_object(p, tok, depth, vi);
  if (rc) return rc;
  bool found = false;
  error_code err = (mode ? vi.find_field_raw(key) : vi.find_field_unordered_raw(key)).get(found);
  if (err) return after(p, err, tok);
  if (after(p, 0, tok)) return p->dead;
  cstate_put(p, tok, 0);
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
  if (depth == 1 && !p->it->at_end()) {
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
      sbuf_guard g(p, klen + 2);
      if (!g.ok()) return fail(p, simdjson::MEMALLOC, tok_off(p, ktok));
      std::string_view sv;
      err = p->it->unescape(raw, false).get(sv);
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

}  // namespace

extern "C" {

sj_parser *sj_parser_new(uint64_t max_capacity, uint32_t max_depth) {
  if (max_capacity == 0) max_capacity = simdjson::SIMDJSON_MAXSIZE_BYTES;
  sj_parser *p = new (std::nothrow) sj_parser(size_t(max_capacity));
  if (!p) return nullptr;
  p->max_depth = max_depth ? max_depth : simdjson::DEFAULT_MAX_DEPTH;
  p->res.err_off = -1;
  return p;
}

void sj_parser_free(sj_parser *p) { delete p; }

sj_result *sj_parser_result(sj_parser *p) { return &p->res; }

uint64_t sj_parser_capacity(sj_parser *p) { return p->parser.capacity(); }

int sj_parse(sj_parser *p, const uint8_t *buf, uint64_t len, uint64_t cap) {
  p->buf = nullptr;
  p->dead = 0;
  p->overflow.clear();
  p->res.err_off = -1;
  if (++p->epoch == 0) {
    std::memset(p->cstate, 0, sizeof(p->cstate));
    std::memset(p->sstate, 0, sizeof(p->sstate));
    p->epoch = 1;
  }
  if (cap < len + simdjson::SIMDJSON_PADDING) return simdjson::INSUFFICIENT_PADDING;
  error_code err = p->parser.iterate(simdjson::padded_string_view(buf, size_t(len), size_t(cap))).get(p->doc);
  if (err) return err;
  p->it = &(p->doc.*sj_get(rob_doc_iter()));
  p->root = p->it->root_position();
  p->ntok = (p->parser.*sj_get(rob_p_impl()))->n_structural_indexes;
  size_t sbcap = SIMDJSON_ROUNDUP_N(5 * p->parser.capacity() / 3 + simdjson::SIMDJSON_PADDING, 64);
  p->sb_end = (p->parser.*sj_get(rob_p_sbuf())).get() + sbcap;
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
  return 0;
}

void sj_release(sj_parser *p) {
  p->buf = nullptr;
  p->overflow.clear();
}

int sj_find(sj_parser *p, uint32_t tok, int32_t depth, const char *key, uint64_t keylen, int mode) {
  if (int rc = check(p, tok, depth)) return rc;
  return find_in(p, tok, depth, std::string_view(key, size_t(keylen)), mode);
}

int sj_path(sj_parser *p, uint32_t tok, int32_t depth, const char *path, uint64_t len) {
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

int sj_pointer(sj_parser *p, uint32_t tok, int32_t depth, const char *ptr, uint64_t len) {
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

int sj_index(sj_parser *p, uint32_t tok, int32_t depth, uint64_t index) {
  if (int rc = check(p, tok, depth)) return rc;
  return index_in(p, tok, depth, index);
}

int sj_string(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  return read_string(p, tok, depth);
}

#define SJ_SCALAR(NAME, TYPE, GET, ROOTGET, STORE)                             \
  int NAME(sj_parser *p, uint32_t tok, int32_t depth) {                        \
    if (int rc = check(p, tok, depth)) return rc;                              \
    set_pos(p, tok, depth);                                                    \
    od::value_iterator vi = make_vi(p, tok, depth);                            \
    TYPE v{};                                                                  \
    error_code err = depth == 1 ? vi.ROOTGET.get(v) : vi.GET.get(v);           \
    if (err) {                                                                 \
      int rc = after(p, err, tok);                                             \
      p->res.err_off = tok_off(p, tok);                                        \
      return rc;                                                               \
    }                                                                          \
    STORE;                                                                     \
    return 0;                                                                  \
  }

SJ_SCALAR(sj_int64, int64_t, get_int64(), get_root_int64(true), p->res.u = uint64_t(v))
SJ_SCALAR(sj_uint64, uint64_t, get_uint64(), get_root_uint64(true), p->res.u = v)
SJ_SCALAR(sj_double, double, get_double(), get_root_double(true), p->res.f = v)
SJ_SCALAR(sj_bool, bool, get_bool(), get_root_bool(true), p->res.u = v ? 1 : 0)
SJ_SCALAR(sj_null, bool, is_null(), is_root_null(true), p->res.u = v ? 1 : 0)

int sj_number(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  set_pos(p, tok, depth);
  od::value_iterator vi = make_vi(p, tok, depth);
  simdjson::ondemand::number n;
  error_code err = depth == 1 ? vi.get_root_number(true).get(n) : vi.get_number().get(n);
  if (err == simdjson::BIGINT_ERROR) {
    p->res.kind = 4;
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

int sj_raw(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  uint8_t c = tok_char(p, tok);
  if (c != '{' && c != '[') {
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
  p->res.u = uint64_t(p->root[ct - 1]) + 1;
  return 0;
}

int sj_count(sj_parser *p, uint32_t tok, int32_t depth) {
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

int sj_obj_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev) {
  return container_next(p, tok, depth, prev, true);
}

int sj_arr_next(sj_parser *p, uint32_t tok, int32_t depth, uint32_t prev) {
  return container_next(p, tok, depth, prev, false);
}

int sj_reset(sj_parser *p, uint32_t tok, int32_t depth) {
  if (int rc = check(p, tok, depth)) return rc;
  if (cstate_entry *e = cstate_get(p, tok)) e->epoch = 0;
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
