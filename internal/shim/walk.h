// walk.h: the token walk. Over stage 1's structural indexes it checks that a
// value's brackets balance and match within the depth limit, and records for
// each '{' or '[' token the token of its closing bracket in the parser's jump
// table (sj_result.jump), with which Go's lookups (fastpath.go in the root
// package) and projection.h step over a value in one move. walk_fast takes
// the common, valid case; walk_value the exact one, which finds the error.
// Go side: walk.go (Walk: sj_walk walks a document parsed alone);
// sj_parse (handle.h) and batch.h call the walk themselves.
//
// It does not check what lies between brackets (commas, colons, scalars):
// On-Demand does when a value is read (handle.h), projection.h for the
// values it extracts.

#ifndef SJ_SHIM_WALK_H
#define SJ_SHIM_WALK_H

namespace {

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

// JSON's whitespace (the later pieces use it too).
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

}  // namespace

extern "C" {

// Aligned to 64 bytes: the scan's inner loops (walk_fast_scan, inlined here)
// then sit at the same offsets of a cache line whatever else the translation
// unit holds. Left to where the code before it ends, they moved with every
// change elsewhere in ondemand.cpp: with simdjson 4.6.7 and AtPathAll
// (executing the same instructions, callgrind) the handles loop of make
// bench-handles ran 2-4 % slower, aligned it runs as before or faster
// (bench/RESULTS.md, "simdjson 4.6.7").
__attribute__((aligned(64))) int sj_walk(sj_parser *p) {
  if (!p->buf || p->batch || p->dead || !p->jump || p->ntok == 0) return SJ_BAD_HANDLE;
  uint32_t t = 0;
  if (!walk_fast(p, p->root, p->ntok, t, p->len)) return simdjson::TAPE_ERROR;
  return 0;
}

}  // extern "C"

#endif  // SJ_SHIM_WALK_H
