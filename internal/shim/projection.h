// projection.h: projections. sj_projection_new compiles JSON pointers (and
// the cases that restrict some of them to the documents a field selects)
// into a trie; project_doc extracts their values from a walked document into
// a row of sj_field, in the same pass in which batch.h splits the batch.
// Go side: projection.go.
//
// It runs no stage 1 and finds no document boundaries (batch.h); it reads
// scalars with handle.h's readers and steps over values with walk.h's jump
// table.

#ifndef SJ_SHIM_PROJECTION_H
#define SJ_SHIM_PROJECTION_H

namespace {

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

namespace {

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
    err = (root ? root_bool(p, tok, vi, false) : vi.get_bool()).get(b);
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

}  // namespace

extern "C" {

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

}  // extern "C"

#endif  // SJ_SHIM_PROJECTION_H
