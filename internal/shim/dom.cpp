// dom.cpp: the extern "C" layer between Go's Unmarshal/Valid and simdjson's
// DOM parser.
//
// One call parses a whole document into simdjson's tape (doc/tape.md in
// simdjson: 64-bit words, a separate buffer of unescaped strings); Go then
// reads the tape and the string buffer in place through the pointers in
// sj_dom_view, with no further crossing per value. (parse_lazy, below,
// leaves strings without escapes in the input: their tape words say where.)
//
// The tape does not record where a value sits in the input. Go needs that only
// for a few things (the text of a number for json.Number, the raw bytes for
// json.RawMessage and json.Unmarshaler, the offsets of type errors), so
// sj_dom_offsets builds the map on demand from stage 1's structural indexes,
// which the parser keeps until the next parse.
//
// No C++ exception is thrown (SIMDJSON_EXCEPTIONS=0, std::nothrow) and nothing
// here calls back into Go. This file does not include simdjson.cpp: the
// amalgamation is compiled once, by simdjson_amalgamation.cpp.

#include <algorithm>
#include <chrono>
#include <memory>
#include "simdjson.h"
#include "simdjson_go.h"
#include "members.h"  // the public simdjson members used here, checked at compile time

#include <cstring>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <memory>
#include <new>
#include <vector>

namespace {

constexpr uint8_t kTypeInt64 = 'l';
constexpr uint8_t kTypeUint64 = 'u';
constexpr uint8_t kTypeDouble = 'd';

// What may follow a scalar: whitespace or a structural character
// (simdjson's rule; the grammar then decides).
struct delim_table {
  bool is[256]{};
  constexpr delim_table() {
    for (const char c : {' ', '\t', '\n', '\r', ',', ']', '}', ':', '[', '{'}) is[uint8_t(c)] = true;
  }
};
constexpr delim_table kDelim{};

inline bool is_delim(uint8_t c) { return kDelim.is[c]; }

inline bool is_digit(uint8_t c) { return c >= '0' && c <= '9'; }

// The high bit of each byte of the word at p that is not an ASCII digit. A
// byte is a digit when its high nibble is 3 and adding 6 keeps it so; a
// carry out of a non-digit byte can only disturb the bytes after it, so the
// lowest bit set is exact.
inline uint64_t non_digits(const uint8_t *p) {
  uint64_t x;
  std::memcpy(&x, p, 8);
  const uint64_t a = (x & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL;
  const uint64_t b = ((x + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL;
  const uint64_t nz = a | b;  // non-zero bytes: not digits
  return (((nz & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | nz) & 0x8080808080808080ULL;
}

// Returns p advanced past its ASCII digits, eight bytes at a time (the
// input is padded).
inline const uint8_t *skip_digits(const uint8_t *p) {
  for (;;) {
    if (const uint64_t m = non_digits(p)) return p + (__builtin_ctzll(m) >> 3);
    p += 8;
  }
}

// Checks the JSON number grammar at p without converting the number:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? followed by a delimiter.
// The scan stops before the next token, which starts after whitespace or a
// structural character.
inline bool valid_number_slow(const uint8_t *p) {
  if (*p == '-') p++;
  if (*p == '0') {
    p++;
  } else if (is_digit(*p)) {  // 1-9
    p = skip_digits(p + 1);
  } else {
    return false;
  }
  if (*p == '.') {
    if (!is_digit(p[1])) return false;
    p = skip_digits(p + 2);
  }
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    if (!is_digit(*p)) return false;
    p = skip_digits(p + 1);
  }
  return is_delim(*p);
}

#if defined(__SSE2__)
// Masks of the digits and of the '.' among the 16 bytes at q.
inline void number_masks(const uint8_t *q, unsigned &digits, unsigned &dots) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(q));
  const __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('0'));
  digits = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d)));
  dots = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('.'))));
}

// valid_number's common case, without a loop: a number of fewer than 32
// characters (after its sign) without an exponent, checked from masks of
// its first 32 bytes (the input is padded). Returns 1 or 0, or -1 to leave
// the number to the byte-by-byte check.
inline int valid_number_fast(const uint8_t *p) {
  const uint8_t *q = p + (*p == '-');
  unsigned d1, t1, d2, t2;
  number_masks(q, d1, t1);
  number_masks(q + 16, d2, t2);
  const uint32_t digits = d1 | d2 << 16, dots = t1 | t2 << 16;
  const uint32_t other = ~(digits | dots);
  if (other == 0) return -1;                        // 32 characters or more
  const unsigned n = unsigned(__builtin_ctz(other));  // the length
  if (!(digits & 1)) return 0;                      // a digit first
  const uint32_t dd = dots & ((uint32_t(1) << n) - 1);
  if (dd & (dd - 1)) return 0;                      // one '.' at most,
  if (dd & (uint32_t(1) << (n - 1))) return 0;      // followed by a digit
  if (q[0] == '0' && (digits & 2)) return 0;        // no digit after a leading 0
  const uint8_t c = q[n];
  if (c == 'e' || c == 'E') return -1;
  return is_delim(c);
}
#endif

// Checks the JSON number grammar at p without converting the number.
inline bool valid_number(const uint8_t *p) {
#if defined(__SSE2__)
  const int r = valid_number_fast(p);
  if (r >= 0) return r != 0;
#endif
  return valid_number_slow(p);
}

inline int hex4(const uint8_t *p) {
  int v = 0;
  for (int i = 0; i < 4; i++) {
    const uint8_t c = p[i];
    int h;
    if (c >= '0' && c <= '9') {
      h = c - '0';
    } else if (c >= 'a' && c <= 'f') {
      h = c - 'a' + 10;
    } else if (c >= 'A' && c <= 'F') {
      h = c - 'A' + 10;
    } else {
      return -1;
    }
    v = v << 4 | h;
  }
  return v;
}

// Decodes the escape sequence at s (a backslash) into dst as simdjson does,
// advancing dst; returns the input after it, or nullptr for an invalid
// escape or an unpaired surrogate. Reads stay within the string: a quote or
// a non-hex byte ends each check first (the string is closed, stage 1
// checked that).
inline const uint8_t *escape(const uint8_t *s, uint8_t *&dst) {
  s++;
  switch (*s++) {
    case '"': *dst++ = '"'; return s;
    case '\\': *dst++ = '\\'; return s;
    case '/': *dst++ = '/'; return s;
    case 'b': *dst++ = '\b'; return s;
    case 'f': *dst++ = '\f'; return s;
    case 'n': *dst++ = '\n'; return s;
    case 'r': *dst++ = '\r'; return s;
    case 't': *dst++ = '\t'; return s;
    case 'u': break;
    default: return nullptr;
  }
  int cp = hex4(s);
  if (cp < 0) return nullptr;
  s += 4;
  if (cp >= 0xD800 && cp < 0xDC00) {  // a high surrogate: a low one must follow
    if (s[0] != '\\' || s[1] != 'u') return nullptr;
    const int lo = hex4(s + 2);
    if (lo < 0xDC00 || lo > 0xDFFF) return nullptr;
    s += 6;
    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
  } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
    return nullptr;
  }
  if (cp < 0x80) {
    *dst++ = uint8_t(cp);
  } else if (cp < 0x800) {
    *dst++ = uint8_t(0xC0 | (cp >> 6));
    *dst++ = uint8_t(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    *dst++ = uint8_t(0xE0 | (cp >> 12));
    *dst++ = uint8_t(0x80 | ((cp >> 6) & 0x3F));
    *dst++ = uint8_t(0x80 | (cp & 0x3F));
  } else {
    *dst++ = uint8_t(0xF0 | (cp >> 18));
    *dst++ = uint8_t(0x80 | ((cp >> 12) & 0x3F));
    *dst++ = uint8_t(0x80 | ((cp >> 6) & 0x3F));
    *dst++ = uint8_t(0x80 | (cp & 0x3F));
  }
  return s;
}

constexpr uint64_t tag(uint8_t c) { return uint64_t(c) << 56; }

// An open container while parse_lazy builds the tape.
struct open_container {
  uint32_t word;   // tape index of its opening word
  uint32_t count;  // elements or pairs so far
  bool obj;
};

// A name of an object, as names_unique compares them: its bytes and its
// first eight bytes (native order, zero past its end).
struct name_ref {
  const uint8_t *p;
  uint64_t head;
  uint32_t len;
};
// For sj_dom_offsets, by the first byte of a token: the tape words it
// writes (none for the ',' and ':' separators, two for a number, one for
// every other token).
struct token_words {
  uint8_t n[256]{};
  constexpr token_words() {
    for (int c = 0; c < 256; c++) n[c] = 1;
    n[uint8_t(',')] = n[uint8_t(':')] = 0;
    n[uint8_t('-')] = 2;
    for (int c = '0'; c <= '9'; c++) n[c] = 2;
  }
};
constexpr token_words kTokenWords{};

}  // namespace

struct sj_dom {
  simdjson::dom::parser parser;
  std::unique_ptr<uint32_t[]> offsets;
  uint64_t offsets_cap = 0;
  sj_dom_view view{};
  std::vector<open_container> stack;  // parse_lazy's
  uint64_t slots[SJ_PLAN_MAX_SLOTS];   // sj_dom_parse_plan's
  // names_unique's: one object's names, a hash table of indexes into them
  // (1 + the index, 0 for none) for objects of many names, and a stack of
  // the values still to walk, kept from call to call; the seed of its
  // hash, drawn for each parser.
  std::vector<name_ref> names;
  std::vector<uint32_t> table;
  std::vector<uint32_t> kids;  // tape indexes of values to walk
  uint64_t seed = 0;
  // The tape index of each object of the last parse, in order, when
  // parse_lazy built its tape (objs_valid): names_unique then visits the
  // objects alone, not every value of the document.
  std::vector<uint32_t> objs;
  size_t nobjs = 0;
  bool objs_valid = false;
};

namespace {

// Bytes of x equal to zero, as the high bit of each: exact for the lowest
// such byte (the borrow can only mark bytes above it).
inline uint64_t zero_bytes(uint64_t x) { return (x - 0x0101010101010101ULL) & ~x & 0x8080808080808080ULL; }

// A string word that refers to the input (parse_lazy's strings without
// escapes): bit 55 set, the length in bits 32-54, the offset of the first
// byte after the opening quote in bits 0-31. Go reads such a string from
// the input it passed; every other string word holds an offset into the
// string buffer, as simdjson writes it. Longer strings go to the buffer.
constexpr uint64_t kStrInInput = uint64_t(1) << 55;
constexpr size_t kStrInInputMax = (size_t(1) << 23) - 1;

// The offset from s of the first quote or backslash, and whether it is a
// quote; the string is closed (stage 1 checked that) and the input padded,
// so the loads stay within the padded input. Gives up (false) past
// kStrInInputMax bytes.
__attribute__((always_inline)) inline bool plain_string_end(const uint8_t *s, size_t &len) {
#if defined(__SSE2__)
  for (size_t k = 0; k < kStrInInputMax - 16; k += 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + k));
    const unsigned mq = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('"'))));
    const unsigned mb = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));
    if (const unsigned m = mq | mb) {
      len = k + unsigned(__builtin_ctz(m));
      return (mq & m & (0u - m)) != 0;  // the lowest is a quote
    }
  }
#else
  for (size_t k = 0; k < kStrInInputMax - 8; k += 8) {
    uint64_t x;
    std::memcpy(&x, s + k, 8);
    const uint64_t mq = zero_bytes(x ^ 0x2222222222222222ULL), mb = zero_bytes(x ^ 0x5C5C5C5C5C5C5C5CULL);
    if (const uint64_t m = mq | mb) {
      const int j = __builtin_ctzll(m);
      len = k + size_t(j >> 3);
      return (mq >> j) & 1;  // exact for the lowest marked byte
    }
  }
#endif
  return false;
}

// Sets word to the string token whose opening quote is at q (the input is
// buf[:len]). A string without escapes is left in the input (kStrInInput)
// when eight bytes of the input start there (Go reads the first eight bytes
// of a key at once). Any other is written into the string buffer at sb as
// simdjson's tape stores strings (a uint32 length, the unescaped bytes, a
// NUL), and sb moves past it: one pass, eight bytes at a time, each word
// stored as loaded and the output advanced to the first quote or backslash
// in it (the input is padded, and the string buffer has room past the last
// string). Returns false for an invalid escape or an unpaired surrogate
// (simdjson rejects both; encoding/json then decides).
__attribute__((always_inline)) inline bool lazy_string(const uint8_t *buf, size_t len, const uint8_t *q, uint8_t *sb0,
                                                       uint8_t *&sb, uint64_t &word) {
  const uint8_t *s = q + 1;
  size_t plain;
  if (size_t(s - buf) + 8 <= len && plain_string_end(s, plain)) {
    word = tag('"') | kStrInInput | uint64_t(plain) << 32 | uint64_t(s - buf);
    return true;
  }
  uint8_t *dst = sb + 4;
  for (;;) {
    uint64_t x;
    std::memcpy(&x, s, 8);
    std::memcpy(dst, &x, 8);
    const uint64_t m = zero_bytes(x ^ 0x2222222222222222ULL) | zero_bytes(x ^ 0x5C5C5C5C5C5C5C5CULL);
    if (m == 0) {
      s += 8;
      dst += 8;
      continue;
    }
    const int k = __builtin_ctzll(m) >> 3;
    s += k;
    dst += k;
    if (*s == '"') break;
    // A backslash: one escape, then on.
    const uint8_t *e = escape(s, dst);
    if (!e) return false;
    s = e;
  }
  const uint32_t n = uint32_t(dst - (sb + 4));
  std::memcpy(sb, &n, 4);
  *dst = 0;
  word = tag('"') | uint64_t(sb - sb0);
  sb = dst + 1;
  return true;
}

// Adds the tape index w of an object to parse_lazy's list (d->objs).
__attribute__((noinline)) void grow_objs(sj_dom *d) { d->objs.resize(std::max<size_t>(2 * d->objs.size(), 256)); }
inline void add_obj(sj_dom *d, size_t w) {
  if (d->nobjs == d->objs.size()) grow_objs(d);
  d->objs[d->nobjs++] = uint32_t(w);
}

// parse_lazy is simdjson's DOM parse of a document whose root is an object
// or an array, for Go types that read no number: stage 1 is simdjson's, and
// this stage 2 builds simdjson's tape while checking each number's grammar
// without converting it (its two tape words are a double of value 0, which
// nothing reads) and leaving strings without escapes in the input. Every
// other check is simdjson's: the structure, the literals, the escapes and
// surrogates of strings (stage 1 checks UTF-8 and control characters), the
// depth limit, trailing content. Numbers simdjson rejects but the grammar
// allows (integers beyond 64 bits, beyond float64's range) pass, as they do
// in encoding/json. A scalar root, and a document that is not small and has
// more strings than numbers, get simdjson's own stage 2 (see below).
// Returns 0 or a simdjson error code, as the DOM parse does. With list_objs
// (the caller checks names: SJ_PARSE_UNIQUE_NAMES), it also lists each
// object's tape index in d->objs, so that names_unique visits the objects
// alone rather than every value (canada.json's 111,000 arrays of numbers).
// Each instantiation is inlined into sj_dom_parse: gcc allocates the
// registers of the loop below differently otherwise (1-4 % more
// instructions on canada.json without the list, measured).
template <bool list_objs>
__attribute__((always_inline)) inline
int parse_lazy(sj_dom *d, const uint8_t *buf, uint64_t len) {
  simdjson::dom::parser &ps = d->parser;
  d->nobjs = 0;
  const size_t want = len < 32 ? 32 : size_t(len);
  if (want > ps.max_capacity()) return simdjson::CAPACITY;
  if (ps.doc.capacity() < want) {
    if (auto err = ps.doc.allocate(want)) return int(err);
  }
  if (!ps.implementation || ps.capacity() < want) {
    if (auto err = ps.allocate(want, ps.max_depth())) return int(err);
  }
  auto &impl = *ps.implementation;
  if (auto err = impl.stage1(buf, size_t(len), simdjson::stage1_mode::regular)) return int(err);
  const uint32_t *idx = impl.structural_indexes.get();
  const uint32_t n = impl.n_structural_indexes;
  // This stage 2 pays where numbers outnumber strings: it leaves strings
  // without escapes in the input, but scans them 16 bytes at a time, where
  // simdjson's stage 2 copies them with wider vectors. On a small document
  // (under 128 tokens and 4 KiB, such as one API payload) it pays anyway:
  // it skips the copies and simdjson's fixed costs. On a larger one, runs
  // of consecutive tokens spread over the document decide (single tokens at
  // a fixed stride can fall on the same place of every repeat of a regular
  // structure, such as canada.json's ",]"). A scalar root, and every other
  // document, gets simdjson's stage 2.
  if (buf[idx[0]] != '{' && buf[idx[0]] != '[') return int(impl.stage2(ps.doc));
  if (n < 128 && len > 4096) return int(impl.stage2(ps.doc));
  if (n >= 128) {
    uint32_t nums = 0, strs = 0;
    const uint32_t runs = n >= 1024 ? 16 : 8, run = runs, gap = n / runs;
    for (uint32_t r = 0; r < runs; r++) {
      for (uint32_t t = r * gap, e = t + run; t < e; t++) {
        const uint8_t c = buf[idx[t]];
        strs += c == '"';
        nums += c == '-' || is_digit(c);
      }
    }
    if (nums <= strs) return int(impl.stage2(ps.doc));
  }
  uint64_t *tape = ps.doc.tape.get();
  uint8_t *const sb0 = ps.doc.string_buf.get();
  uint8_t *sb = sb0;
  const size_t maxd = ps.max_depth();
  std::vector<open_container> &st = d->stack;
  if (st.size() < maxd) st.resize(maxd);
  // The innermost open container lives in locals (cur); the stack holds
  // the ones around it. (Updating its count in memory and reading the entry
  // back whole at its end stalled on store forwarding.)
  open_container cur{0, 0, false};
  size_t depth = 0;  // open containers, cur included
  size_t w = 1;      // tape[0] is the root word, written last
  uint32_t t = 0;
  uint8_t c;

  // Each label reads token t (t < n is checked before each read but the
  // first).
value:
  c = buf[idx[t]];
  switch (c) {
    case '{':
      if constexpr (list_objs) add_obj(d, w);
      [[fallthrough]];
    case '[':
      if (depth >= maxd) return simdjson::DEPTH_ERROR;
      if (depth > 0) st[depth - 1] = cur;
      depth++;
      cur = open_container{uint32_t(w), 0, c == '{'};
      tape[w++] = 0;
      if (++t >= n) return simdjson::TAPE_ERROR;
      if (buf[idx[t]] == (c == '{' ? '}' : ']')) goto close;
      if (c == '{') goto key;
      goto value;
    case '"':
      if (!lazy_string(buf, len, buf + idx[t], sb0, sb, tape[w])) return simdjson::STRING_ERROR;
      w++;
      break;
    case 't':
      if (std::memcmp(buf + idx[t], "true", 4) != 0 || !is_delim(buf[idx[t] + 4])) return simdjson::T_ATOM_ERROR;
      tape[w++] = tag('t');
      break;
    case 'f':
      if (std::memcmp(buf + idx[t], "false", 5) != 0 || !is_delim(buf[idx[t] + 5])) return simdjson::F_ATOM_ERROR;
      tape[w++] = tag('f');
      break;
    case 'n':
      if (std::memcmp(buf + idx[t], "null", 4) != 0 || !is_delim(buf[idx[t] + 4])) return simdjson::N_ATOM_ERROR;
      tape[w++] = tag('n');
      break;
    default:
      if (c != '-' && !is_digit(c)) return simdjson::TAPE_ERROR;
      // A number is never the last token of a valid document; bounding it
      // by the next one keeps the scan within the input.
      if (t + 1 >= n) return simdjson::TAPE_ERROR;
      if (!valid_number(buf + idx[t])) return simdjson::NUMBER_ERROR;
      tape[w++] = tag(kTypeDouble);
      tape[w++] = 0;
      break;
  }
  t++;
after:  // after a value inside cur: ',' and the next one, or cur's end
  cur.count++;
  if (t >= n) return simdjson::TAPE_ERROR;
  c = buf[idx[t]];
  if (c == ',') {
    if (++t >= n) return simdjson::TAPE_ERROR;
    if (cur.obj) goto key;
    goto value;
  }
  if (c != (cur.obj ? '}' : ']')) return simdjson::TAPE_ERROR;
  goto close;

key:  // token t starts a key: '"', then ':' and a value
  if (t + 2 >= n || buf[idx[t]] != '"' || buf[idx[t + 1]] != ':') return simdjson::TAPE_ERROR;
  if (!lazy_string(buf, len, buf + idx[t], sb0, sb, tape[w])) return simdjson::STRING_ERROR;
  w++;
  t += 2;
  goto value;

close: {  // token t closes cur
  const uint64_t cnt = cur.count > 0xFFFFFF ? 0xFFFFFF : cur.count;
  tape[w++] = tag(cur.obj ? '}' : ']') | cur.word;
  tape[cur.word] = tag(cur.obj ? '{' : '[') | (cnt << 32) | uint64_t(w);
  t++;
  if (--depth > 0) {
    cur = st[depth - 1];
    goto after;
  }
}
  if (t != n) return simdjson::TAPE_ERROR;  // trailing content
  tape[w] = tag('r');
  tape[0] = tag('r') | uint64_t(w + 1);
  d->objs_valid = list_objs;
  return 0;
}

// The field of plan node nd that a key (n bytes at k, eight of them
// readable; word its first eight, zero past its end) decodes into, as
// encoding/json picks it: the field of that exact name, else the first in
// order whose name equals the key but for ASCII case. nullptr for none;
// off is set for a key with a byte that is not ASCII and no exact match
// (Unicode case folding can match such a key to an ASCII name, even one of
// another length). With exact (encoding/json/v2's default rules), only the
// field of that exact name: any other key is unknown.
template <bool exact>
inline const sj_plan_field *plan_match(const sj_plan *plan, const sj_plan_node &nd, const uint8_t *k, size_t n,
                                       uint64_t word, bool &off) {
  const auto ascii = [&] {
    bool a = (word & 0x8080808080808080ULL) == 0;
    for (size_t i = 8; a && i < n; i++) a = k[i] < 0x80;
    return a;
  };
  if (!((nd.lens >> (n < 63 ? n : 63)) & 1)) {  // no name of that length
    if (!exact) off = !ascii();
    return nullptr;
  }
  const sj_plan_field *const f0 = plan->fields + nd.first, *const f1 = f0 + nd.count;
  for (const sj_plan_field *f = f0; f < f1; f++) {
    if (f->word == word && f->len == n && (n <= 8 || std::memcmp(plan->names + f->name + 8, k + 8, n - 8) == 0)) return f;
  }
  if (exact) return nullptr;  // encoding/json/v2: an unknown name
  if (!ascii()) {
    off = true;
    return nullptr;
  }
  for (const sj_plan_field *f = f0; f < f1; f++) {
    if (f->len != n) continue;
    const uint8_t *u = plan->names + f->name + n;
    size_t i = 0;
    for (; i < n; i++) {
      uint8_t c = k[i];
      if (c >= 'a' && c <= 'z') c -= 'a' - 'A';
      if (c != u[i]) break;
    }
    if (i == n) return f;
  }
  return nullptr;
}

// plan_walk follows plan node node over the object whose tape word is
// tape[i], recording in slots the last string or boolean of each field it
// names. It returns false, leaving the document to Go's walk of the tape,
// for a value of another kind than its field's (encoding/json's type error;
// null leaves any field as it is, as in encoding/json) and for a key
// plan_match cannot decide. Keys are read where the tape says: in the input
// buf or in the string buffer sb0, both padded.
template <bool exact>
bool plan_walk(const uint64_t *tape, const uint8_t *buf, const uint8_t *sb0, const sj_plan *plan, uint64_t *slots,
               uint32_t i, uint32_t node) {
  const sj_plan_node &nd = plan->nodes[node];
  const uint32_t end = uint32_t(tape[i]) - 1;  // the closing word
  for (uint32_t j = i + 1; j < end;) {
    const uint64_t kw = tape[j];
    const uint8_t *k;
    size_t kn;
    if (kw & kStrInInput) {
      k = buf + uint32_t(kw);
      kn = size_t(kw >> 32) & kStrInInputMax;
    } else {
      const uint8_t *p = sb0 + (kw & simdjson::internal::JSON_VALUE_MASK);
      uint32_t n32;
      std::memcpy(&n32, p, 4);
      k = p + 4;
      kn = n32;
    }
    uint64_t word;
    std::memcpy(&word, k, 8);
    if (kn < 8) word &= (uint64_t(1) << (8 * kn)) - 1;
    bool off = false;
    const sj_plan_field *f = plan_match<exact>(plan, nd, k, kn, word, off);
    if (off) return false;
    const uint32_t v = j + 1;
    const uint64_t vw = tape[v];
    const uint8_t tg = uint8_t(vw >> 56);
    switch (tg) {
      case '{':
      case '[':
        j = uint32_t(vw);
        break;
      case kTypeInt64:
      case kTypeUint64:
      case kTypeDouble:
        j = v + 2;
        break;
      default:
        j = v + 1;
    }
    if (!f || tg == 'n') continue;
    switch (f->kind) {
      case SJ_PLAN_STRING:
        if (tg != '"') return false;
        slots[f->target] = vw;
        break;
      case SJ_PLAN_BOOL:
        if (tg != 't' && tg != 'f') return false;
        slots[f->target] = vw;
        break;
      default:
        if (tg != '{' || !plan_walk<exact>(tape, buf, sb0, plan, slots, v, f->target)) return false;
    }
  }
  return true;
}

// Duplicate object names, checked for json/v2 (SJ_PARSE_UNIQUE_NAMES):
// encoding/json/v2 rejects a document in which some object has a name twice
// (compared unescaped) wherever the object is, so one pass over the tape
// after the parse answers for the whole document and Go's decoders need not
// ask again.

// The name whose string word is w (see lazy_string for the two kinds).
// Eight bytes are readable at the start of every string (lazy_string, and
// simdjson's string buffer has SIMDJSON_PADDING bytes past its content).
inline name_ref name_at(uint64_t w, const uint8_t *buf, const uint8_t *sb0) {
  name_ref r;
  if (w & kStrInInput) {
    r.p = buf + uint32_t(w);
    r.len = uint32_t(w >> 32) & uint32_t(kStrInInputMax);
  } else {
    const uint8_t *s = sb0 + (w & simdjson::internal::JSON_VALUE_MASK);
    std::memcpy(&r.len, s, 4);
    r.p = s + 4;
  }
  std::memcpy(&r.head, r.p, 8);
  if (r.len < 8) r.head &= (uint64_t(1) << (8 * r.len)) - 1;
  return r;
}

inline bool same_name(const name_ref &a, const name_ref &b) {
  return a.len == b.len && a.head == b.head && (a.len <= 8 || std::memcmp(a.p + 8, b.p + 8, a.len - 8) == 0);
}

// The order sorted_distinct sorts names in: by length, first eight bytes,
// then the rest.
inline bool name_less(const name_ref &a, const name_ref &b) {
  if (a.len != b.len) return a.len < b.len;
  if (a.head != b.head) return a.head < b.head;
  return a.len > 8 && std::memcmp(a.p + 8, b.p + 8, a.len - 8) < 0;
}

// Tape words of a value by its tag: 2 for a number, 0 for an object or an
// array (its opening word says where it ends), 1 for the others.
struct word_steps {
  uint8_t n[256];
  constexpr word_steps() : n() {
    for (int c = 0; c < 256; c++) n[c] = 1;
    n['{'] = n['['] = 0;
    n[kTypeInt64] = n[kTypeUint64] = n[kTypeDouble] = 2;
  }
};
constexpr word_steps kSteps;

// Walks a parsed document for names_unique: each object's names are
// gathered and compared (pairwise up to 8, else through a hash table of
// seeded hashes of their first and last eight bytes and length; names that
// collide beyond a budget of probes, as an input built to collide makes
// them, are sorted instead, so that time stays O(n log n) per object),
// then its values that are objects or arrays are walked.
struct names_walk {
  sj_dom *d;
  const uint64_t *tape;
  const uint8_t *buf;
  const uint8_t *sb0;
  size_t ktop;  // d->kids in use by the objects being walked

  bool value(uint64_t i) { return uint8_t(tape[i] >> 56) == '{' ? object(i) : array(i); }

  bool array(uint64_t i) {
    const uint64_t end = uint32_t(tape[i]) - 1;
    for (uint64_t j = i + 1; j < end;) {
      const uint64_t e = tape[j];
      if (const uint8_t s = kSteps.n[uint8_t(e >> 56)]) {
        j += s;
      } else {
        if (!value(j)) return false;
        j = uint32_t(e);
      }
    }
    return true;
  }

  // object checks the names of the object at i, then, with walk, walks
  // its values that are objects or arrays (without, they are skipped).
  template <bool walk = true>
  bool object(uint64_t i) {
    const uint64_t end = uint32_t(tape[i]) - 1;
    // At most this many names and values that are containers.
    const size_t most = (end - i) / 2;
    if (d->names.size() < most) d->names.resize(most);
    if (walk && d->kids.size() < ktop + most) d->kids.resize(ktop + most);
    name_ref *nm = d->names.data();
    uint32_t *kids = d->kids.data() + ktop;
    size_t n = 0, nk = 0;
    for (uint64_t j = i + 1; j < end;) {
      nm[n++] = name_at(tape[j], buf, sb0);
      const uint64_t w = tape[j + 1];
      if (const uint8_t s = kSteps.n[uint8_t(w >> 56)]) {
        j += 1 + s;
      } else {
        if (walk) kids[nk++] = uint32_t(j + 1);
        j = uint32_t(w);
      }
    }
    if (n > 1 && !distinct(nm, n)) return false;
    if (!walk) return true;
    // The names are compared: d->names is free for the values' objects.
    const size_t base = ktop;
    ktop += nk;
    for (size_t k = 0; k < nk; k++) {
      if (!value(d->kids[base + k])) return false;
    }
    ktop = base;
    return true;
  }

  bool distinct(name_ref *nm, size_t n) {
    if (n <= 8) {
      for (size_t a = 1; a < n; a++) {
        for (size_t b = 0; b < a; b++) {
          if (same_name(nm[a], nm[b])) return false;
        }
      }
      return true;
    }
    int bits = 1;
    while ((size_t(1) << bits) < 2 * n) bits++;
    std::vector<uint32_t> &table = d->table;
    if (table.size() < (size_t(1) << bits)) table.resize(size_t(1) << bits);
    uint32_t *t = table.data();
    std::memset(t, 0, sizeof(uint32_t) << bits);
    const uint64_t seed = d->seed;
    const int shift = 64 - bits;
    size_t budget = 4 * n + 64;
    for (size_t a = 0; a < n; a++) {
      const name_ref &r = nm[a];
      uint64_t h = (r.head ^ seed) * 0x9E3779B97F4A7C15ULL;
      if (r.len > 8) {
        uint64_t tail;
        std::memcpy(&tail, r.p + r.len - 8, 8);
        h ^= (tail + seed) * 0xC2B2AE3D27D4EB4FULL;
      }
      h = (h ^ (h >> 29) ^ r.len) * 0xBF58476D1CE4E5B9ULL;
      for (uint64_t k = h >> shift;; k = (k + 1) & ((uint64_t(1) << bits) - 1)) {
        if (t[k] == 0) {
          t[k] = uint32_t(a + 1);
          break;
        }
        if (same_name(r, nm[t[k] - 1])) return false;
        if (--budget == 0) return sorted_distinct(nm, n);
      }
    }
    return true;
  }

  static bool sorted_distinct(name_ref *nm, size_t n) {
    std::sort(nm, nm + n, name_less);
    for (size_t a = 1; a < n; a++) {
      if (same_name(nm[a], nm[a - 1])) return false;
    }
    return true;
  }
};

// Whether no object of the last parse has a name twice.
bool names_unique(sj_dom *d, const uint8_t *buf) {
  const sj_dom_view &v = d->view;
  names_walk w{d, v.tape, buf, v.strings, 0};
  if (d->objs_valid) {
    // parse_lazy listed the objects: no need to walk the arrays.
    for (size_t k = 0; k < d->nobjs; k++) {
      if (!w.object<false>(d->objs[k])) return false;
    }
    return true;
  }
  const uint8_t t = uint8_t(v.tape[1] >> 56);
  if (t != '{' && t != '[') return true;
  return w.value(1);
}

}  // namespace

extern "C" {

sj_dom *sj_dom_new(void) {
  sj_dom *d = new (std::nothrow) sj_dom();
  if (d) {
    // names_unique's seed: the clock and the address, mixed (an input
    // cannot know them, so it cannot choose names that collide).
    const uint64_t c = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
    const uint64_t x = (c ^ 0xE7037ED1A0B428DBULL) * 0x9E3779B97F4A7C15ULL;
    d->seed = (x ^ (x >> 31) ^ uint64_t(reinterpret_cast<uintptr_t>(d))) * 0xBF58476D1CE4E5B9ULL;
  }
  return d;
}

void sj_dom_free(sj_dom *d) { delete d; }

sj_dom_view *sj_dom_view_of(sj_dom *d) { return &d->view; }

int sj_dom_parse(sj_dom *d, const uint8_t *buf, uint64_t len, int flags) {
  sj_dom_view &v = d->view;
  v.tape = nullptr;
  v.strings = nullptr;
  v.offsets = nullptr;
  v.tape_len = 0;
  d->objs_valid = false;  // parse_lazy sets it when it lists the objects
  // realloc_if_needed=false: the caller guarantees SIMDJSON_PADDING readable
  // bytes after buf[len-1] (their content does not matter).
  int rc;
  if (!(flags & SJ_PARSE_LAZY_NUMBERS)) {
    rc = int(d->parser.parse(buf, size_t(len), false).error());
  } else if (flags & SJ_PARSE_UNIQUE_NAMES) {
    rc = parse_lazy<true>(d, buf, len);
  } else {
    rc = parse_lazy<false>(d, buf, len);
  }
  v.capacity = d->parser.capacity();
  if (rc) return rc;
  const simdjson::dom::document &doc = d->parser.doc;
  v.tape = doc.tape.get();
  v.strings = doc.string_buf.get();
  v.slots = d->slots;
  // The first word is ('r' << 56) | the index after the last root word.
  v.tape_len = v.tape[0] & simdjson::internal::JSON_VALUE_MASK;
  if (flags & SJ_PARSE_UNIQUE_NAMES && !names_unique(d, buf)) return SJ_NAMES_DUP;
  return 0;
}

int sj_dom_parse_plan(sj_dom *d, const uint8_t *buf, uint64_t len, const sj_plan *plan, int flags) {
  const bool v2 = flags & SJ_PLAN_V2;
  if (const int rc = sj_dom_parse(d, buf, len, SJ_PARSE_LAZY_NUMBERS | (v2 ? SJ_PARSE_UNIQUE_NAMES : 0))) return rc;
  if (plan->nslots > SJ_PLAN_MAX_SLOTS) return SJ_PLAN_OFF;
  const sj_dom_view &v = d->view;
  std::memset(d->slots, 0, sizeof(uint64_t) * plan->nslots);
  if (uint8_t(v.tape[1] >> 56) != '{') return SJ_PLAN_OFF;
  const bool ok = v2 ? plan_walk<true>(v.tape, buf, v.strings, plan, d->slots, 1, 0)
                    : plan_walk<false>(v.tape, buf, v.strings, plan, d->slots, 1, 0);
  return ok ? 0 : SJ_PLAN_OFF;
}

int sj_dom_offsets(sj_dom *d, const uint8_t *buf, uint64_t len) {
  sj_dom_view &v = d->view;
  if (!v.tape) return simdjson::UNINITIALIZED;
  if (v.tape_len > d->offsets_cap) {
    d->offsets.reset(new (std::nothrow) uint32_t[v.tape_len]);
    if (!d->offsets) {
      d->offsets_cap = 0;
      return simdjson::MEMALLOC;
    }
    d->offsets_cap = v.tape_len;
  }
  uint32_t *off = d->offsets.get();
  const uint32_t *si = d->parser.implementation->structural_indexes.get();
  const uint32_t nsi = d->parser.implementation->n_structural_indexes;
  // Every value on the tape (between the two root words) starts at a
  // structural index, in document order, and the first byte of each token
  // says how many tape words it wrote: none for the ',' and ':' separators,
  // two for a number, one for anything else. Walking the indexes (not the
  // tape, whose next word depends on the last one's type) leaves no load
  // on the loop's carried chain, only the add.
  const uint64_t last = v.tape_len - 1;
  uint64_t i = 1;
  off[0] = 0;
  for (uint32_t j = 0; j < nsi; j++) {
    if (i >= last) return simdjson::UNEXPECTED_ERROR;
    const uint32_t o = si[j];
    off[i] = o;
    off[i + 1] = o;  // a number's second word; else overwritten next
    i += kTokenWords.n[buf[o]];
  }
  if (i != last) return simdjson::UNEXPECTED_ERROR;
  off[last] = uint32_t(len);
  v.offsets = off;
  return 0;
}

int sj_dom_neg_zero(sj_dom *d, const uint8_t *buf, uint64_t len) {
  // Whether some number of the document is the integer literal -0, which
  // the tape stores as the integer 0 (encoding/json decodes it as the float
  // -0). Valid JSON puts no digit after "-0"; '.', 'e' or 'E' make it a
  // float, which the tape keeps as -0.0.
  if (!d->view.tape) return 0;
  const uint32_t *si = d->parser.implementation->structural_indexes.get();
  const uint32_t nsi = d->parser.implementation->n_structural_indexes;
  for (uint32_t j = 0; j < nsi; j++) {
    const uint64_t s = si[j];
    if (s + 1 < len && buf[s] == '-' && buf[s + 1] == '0') {
      const uint8_t c = s + 2 < len ? buf[s + 2] : ' ';
      if (c != '.' && c != 'e' && c != 'E') return 1;
    }
  }
  return 0;
}

}  // extern "C"

// sj_minify runs the active kernel's minify. (With simdjson 3.9.4 the shim
// timed icelake's against haswell's once at start-up and kept the faster:
// 3.9.4's icelake minify stores with VPCOMPRESSB to memory, which AMD Zen 4
// runs many times slower than haswell's shuffles. 4.x compresses in a
// register and stores the whole vector (upstream: "AMD Zen4 has terrible
// performance with it"), so the timing went: on this project's AMD EPYC
// (Zen 5) icelake's 4.6.7 minify runs 2.6 times haswell's; bench/RESULTS.md,
// "simdjson 4.6.7".)
uint64_t sj_minify(const uint8_t *buf, uint64_t len, uint8_t *dst) {
  size_t n = 0;
  // The kernel's contract asks for len + SIMDJSON_PADDING bytes of dst.
  if (simdjson::get_active_implementation()->minify(buf, size_t(len), dst, n)) return 0;
  return n;
}
