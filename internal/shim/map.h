// map.h: the parallel map. Workers, each with its own parser, cut the input
// at newlines into chunks (or take chunks that Go reads: sjGoNextChunk),
// parse each chunk in batches (sj_batch, batch.h) and call back into Go once
// per batch (sjGoBatch). This is the only piece of ondemand.cpp that calls
// Go. Go side: map.go, which runs each worker (sj_map_work) in a goroutine
// and exports the two callbacks.
//
// It starts no thread of its own: the workers run on the Go runtime's threads.

#ifndef SJ_SHIM_MAP_H
#define SJ_SHIM_MAP_H

namespace {

// The Go functions the map calls, exported by map.go.
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
    if (g == 3) return;  // a bad line of one of several files: the rest of this chunk is not needed
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

}  // extern "C"

#endif  // SJ_SHIM_MAP_H
