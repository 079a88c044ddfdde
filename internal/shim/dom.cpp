// dom.cpp: the extern "C" layer between Go's Unmarshal/Valid and simdjson's
// DOM parser.
//
// One call parses a whole document into simdjson's tape (doc/tape.md in
// simdjson: 64-bit words, a separate buffer of unescaped strings); Go then
// reads the tape and the string buffer in place through the pointers in
// sj_dom_view, with no further crossing per value.
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

#include "simdjson.h"
#include "simdjson_go.h"

#include <memory>
#include <new>

namespace {

constexpr uint8_t kTypeInt64 = 'l';
constexpr uint8_t kTypeUint64 = 'u';
constexpr uint8_t kTypeDouble = 'd';

}  // namespace

struct sj_dom {
  simdjson::dom::parser parser;
  std::unique_ptr<uint32_t[]> offsets;
  uint64_t offsets_cap = 0;
  sj_dom_view view{};
};

extern "C" {

sj_dom *sj_dom_new(void) {
  sj_dom *d = new (std::nothrow) sj_dom();
  return d;
}

void sj_dom_free(sj_dom *d) { delete d; }

sj_dom_view *sj_dom_view_of(sj_dom *d) { return &d->view; }

int sj_dom_parse(sj_dom *d, const uint8_t *buf, uint64_t len) {
  sj_dom_view &v = d->view;
  v.tape = nullptr;
  v.strings = nullptr;
  v.offsets = nullptr;
  v.tape_len = 0;
  // realloc_if_needed=false: the caller guarantees SIMDJSON_PADDING readable
  // bytes after buf[len-1] (their content does not matter).
  auto r = d->parser.parse(buf, size_t(len), false);
  v.capacity = d->parser.capacity();
  if (r.error()) return int(r.error());
  const simdjson::dom::document &doc = d->parser.doc;
  v.tape = doc.tape.get();
  v.strings = doc.string_buf.get();
  // The first word is ('r' << 56) | the index after the last root word.
  v.tape_len = v.tape[0] & simdjson::internal::JSON_VALUE_MASK;
  return 0;
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
  // structural index, in document order; the structural indexes in between
  // are the ',' and ':' separators. Numbers take two tape words.
  const uint64_t last = v.tape_len - 1;
  uint32_t j = 0;
  off[0] = 0;
  off[last] = uint32_t(len);
  for (uint64_t i = 1; i < last;) {
    while (j < nsi && si[j] < len && (buf[si[j]] == ',' || buf[si[j]] == ':')) j++;
    if (j >= nsi) return simdjson::UNEXPECTED_ERROR;
    off[i] = si[j++];
    const uint8_t t = uint8_t(v.tape[i] >> 56);
    if (t == kTypeInt64 || t == kTypeUint64 || t == kTypeDouble) {
      off[i + 1] = off[i];
      i += 2;
    } else {
      i += 1;
    }
  }
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
