// handles.cpp: the native side of `make bench-handles`.
//
// Does, with the vendored simdjson's On-Demand API, exactly the work the Go
// loop of bench/handles/main.go does through the binding's handles: one
// reused ondemand::parser; for every event (one JSON document per line) it
// iterates a padded view of the line in place and reads type, actor.login,
// repo.name, created_at and payload.action (absent is normal) as strings.
// Checksum: total bytes of the strings read plus the number of actions.
//
// Memory layout (identical to the Go side): all lines are copied into one
// buffer, each followed by a gap of 64 zero bytes (simdjson's padding), and
// each line is parsed in place from a padded_string_view over it.
//
// Usage: handles [-step] [-warmup W] [-rewarm R] [-level L] [-cpu C] RUNS FILE...
//   Prints "events N bytes B", "impl ACTIVE BUILTIN", "hash H" (a content
//   hash of every string read, from one untimed pass), then one line
//   "run I NS CHECKSUM" per timed pass over all events.
//   -step: before each run, wait for a line on stdin ("run" or "run L" to
//   use level L for that run, "quit" to stop), so a driver can interleave
//   these runs with its own. -level L (0..5) does only part of the work
//   (0: iterate only, 1: +type, 2: +actor.login, 3: +repo.name,
//   4: +created_at, 5: +payload.action = the full work, the default).
//   -rewarm R: R untimed passes before each timed one (warm caches even when
//   another program ran in between).
//   -cpu C: run on CPU C only (the Go driver pins both sides to one CPU).
//
// Built with -DHANDLES_VIA_SHIM and linked with the binding's shim
// (internal/shim/ondemand.cpp), the timed loop calls the shim's C functions
// (sj_parse, sj_find, sj_path) exactly as the Go package does, but from C++:
// no cgo crossing, no Go code. `make bench-handles-breakdown` uses it to split
// the Go overhead into the shim's own work and the cost of crossing from Go.

#include "simdjson.h"
#ifdef HANDLES_VIA_SHIM
#include "simdjson_go.h"
#endif

#include <sched.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

using namespace simdjson;

namespace {

constexpr size_t kGap = SIMDJSON_PADDING;  // 64

struct line_ref {
  size_t off;
  size_t len;
};

struct corpus {
  std::vector<uint8_t> buf;
  std::vector<line_ref> lines;
  size_t bytes = 0;
};

[[noreturn]] void die(const char *what, const std::string &detail) {
  std::fprintf(stderr, "native handles: %s: %s\n", what, detail.c_str());
  std::exit(1);
}

std::string read_file(const char *name) {
  FILE *f = std::fopen(name, "rb");
  if (!f) die("cannot open", name);
  std::string s;
  char tmp[1 << 16];
  size_t n;
  while ((n = std::fread(tmp, 1, sizeof tmp, f)) > 0) s.append(tmp, n);
  bool bad = std::ferror(f);
  std::fclose(f);
  if (bad) die("cannot read", name);
  return s;
}

// Splits every file into lines (dropping a trailing '\r' and empty lines)
// and lays them out with a 64-byte zero gap after each.
void load(corpus &c, const std::vector<const char *> &files) {
  std::vector<std::string> datas;
  size_t total = 0;
  for (const char *name : files) {
    datas.push_back(read_file(name));
    total += datas.back().size();
  }
  c.buf.reserve(total + kGap * (total / 16 + 16));
  for (const std::string &d : datas) {
    size_t start = 0;
    while (start < d.size()) {
      size_t end = d.find('\n', start);
      if (end == std::string::npos) end = d.size();
      size_t len = end - start;
      if (len > 0 && d[start + len - 1] == '\r') len--;
      if (len > 0) {
        size_t off = c.buf.size();
        c.buf.insert(c.buf.end(), d.begin() + long(start), d.begin() + long(start + len));
        c.buf.insert(c.buf.end(), kGap, 0);
        c.lines.push_back({off, len});
        c.bytes += len;
      }
      start = end + 1;
    }
  }
}

[[noreturn]] void fail(size_t line, const char *what, error_code err) {
  die(what, "event " + std::to_string(line) + ": " + error_message(err));
}

#ifndef HANDLES_VIA_SHIM
// One pass over all events: the measured loop.
template <int Level>
uint64_t pass(ondemand::parser &parser, const corpus &c) {
  uint64_t sum = 0;
  const uint8_t *base = c.buf.data();
  ondemand::document doc;
  std::string_view s;
  for (size_t i = 0; i < c.lines.size(); i++) {
    const line_ref &l = c.lines[i];
    error_code err = parser.iterate(padded_string_view(base + l.off, l.len, l.len + kGap)).get(doc);
    if (err) fail(i, "iterate", err);
    if (Level >= 1) {
      if ((err = doc["type"].get_string().get(s))) fail(i, "type", err);
      sum += s.size();
    }
    if (Level >= 2) {
      if ((err = doc["actor"]["login"].get_string().get(s))) fail(i, "actor.login", err);
      sum += s.size();
    }
    if (Level >= 3) {
      if ((err = doc["repo"]["name"].get_string().get(s))) fail(i, "repo.name", err);
      sum += s.size();
    }
    if (Level >= 4) {
      if ((err = doc["created_at"].get_string().get(s))) fail(i, "created_at", err);
      sum += s.size();
    }
    if (Level >= 5) {
      err = doc["payload"]["action"].get_string().get(s);
      if (!err) {
        sum += s.size() + 1;
      } else if (err != NO_SUCH_FIELD) {
        fail(i, "payload.action", err);
      }
    }
  }
  return sum;
}
#else
// The same loop through the shim's C API, as the Go package calls it:
// Field -> sj_find (mode 0), Get with two keys -> sj_path, StringBytes -> the
// string the lookup already read (SJ_FLAG_STR) or sj_string.
sj_parser *shim_parser() {
  static sj_parser *p = sj_parser_new(0, 0);
  if (!p) die("sj_parser_new", "out of memory");
  return p;
}

struct packed_path {
  std::string bytes;
  explicit packed_path(std::initializer_list<std::string_view> keys) {
    for (std::string_view k : keys) {
      uint32_t n = uint32_t(k.size());
      bytes.append(reinterpret_cast<const char *>(&n), 4);  // little-endian hosts
      bytes.append(k);
    }
  }
};

[[noreturn]] void shim_fail(size_t line, const char *what, int rc) {
  die(what, "event " + std::to_string(line) + ": code " + std::to_string(rc) +
                (rc > 0 && rc < 1000 ? std::string(" ") + sj_error_message(rc) : std::string()));
}

inline int shim_str(sj_parser *p, const sj_result *res, std::string_view &s) {
  if (!(res->flags & SJ_FLAG_STR)) {
    if (int rc = sj_string(p, res->tok, res->depth)) return rc;
  }
  s = std::string_view(reinterpret_cast<const char *>(res->str), size_t(res->slen));
  return 0;
}

template <int Level>
uint64_t pass(ondemand::parser &, const corpus &c) {
  static const packed_path actor_login{"actor", "login"}, repo_name{"repo", "name"},
      payload_action{"payload", "action"};
  sj_parser *p = shim_parser();
  const sj_result *res = sj_parser_result(p);
  uint64_t sum = 0;
  const uint8_t *base = c.buf.data();
  std::string_view s;
  for (size_t i = 0; i < c.lines.size(); i++) {
    const line_ref &l = c.lines[i];
    int rc = sj_parse(p, base + l.off, l.len, l.len + kGap, 0);
    if (rc) shim_fail(i, "parse", rc);
    uint32_t tok = res->tok;  // the root
    int32_t depth = res->depth;
    if (Level >= 1) {
      if ((rc = sj_find(p, tok, depth, "type", 4, 0, 0)) || (rc = shim_str(p, res, s))) shim_fail(i, "type", rc);
      sum += s.size();
    }
    if (Level >= 2) {
      const std::string &k = actor_login.bytes;
      if ((rc = sj_path(p, tok, depth, k.data(), k.size())) || (rc = shim_str(p, res, s))) shim_fail(i, "actor.login", rc);
      sum += s.size();
    }
    if (Level >= 3) {
      const std::string &k = repo_name.bytes;
      if ((rc = sj_path(p, tok, depth, k.data(), k.size())) || (rc = shim_str(p, res, s))) shim_fail(i, "repo.name", rc);
      sum += s.size();
    }
    if (Level >= 4) {
      if ((rc = sj_find(p, tok, depth, "created_at", 10, 0, 0)) || (rc = shim_str(p, res, s))) shim_fail(i, "created_at", rc);
      sum += s.size();
    }
    if (Level >= 5) {
      const std::string &k = payload_action.bytes;
      rc = sj_path(p, tok, depth, k.data(), k.size());
      if (!rc) {
        if ((rc = shim_str(p, res, s))) shim_fail(i, "payload.action", rc);
        sum += s.size() + 1;
      } else if (rc != NO_SUCH_FIELD) {
        shim_fail(i, "payload.action", rc);
      }
    }
  }
  return sum;
}
#endif

uint64_t run_level(int level, ondemand::parser &parser, const corpus &c) {
  switch (level) {
    case 0: return pass<0>(parser, c);
    case 1: return pass<1>(parser, c);
    case 2: return pass<2>(parser, c);
    case 3: return pass<3>(parser, c);
    case 4: return pass<4>(parser, c);
    default: return pass<5>(parser, c);
  }
}

// FNV-1a over every string read (with a separator), untimed: lets the driver
// check that both sides read the same bytes, not only the same lengths.
void fnv(uint64_t &h, std::string_view s) {
  for (unsigned char ch : s) {
    h ^= ch;
    h *= 1099511628211ull;
  }
  h ^= 0xff;
  h *= 1099511628211ull;
}

uint64_t content_hash(ondemand::parser &parser, const corpus &c) {
  uint64_t h = 1469598103934665603ull;
  const char *const paths[][2] = {{"type", nullptr}, {"actor", "login"}, {"repo", "name"},
                                  {"created_at", nullptr}, {"payload", "action"}};
  for (size_t i = 0; i < c.lines.size(); i++) {
    const line_ref &l = c.lines[i];
    ondemand::document doc;
    error_code err = parser.iterate(padded_string_view(c.buf.data() + l.off, l.len, l.len + kGap)).get(doc);
    if (err) fail(i, "iterate", err);
    for (int k = 0; k < 5; k++) {
      std::string_view s;
      err = paths[k][1] ? doc[paths[k][0]][paths[k][1]].get_string().get(s) : doc[paths[k][0]].get_string().get(s);
      if (err == NO_SUCH_FIELD && k == 4) {
        fnv(h, "<absent>");
        continue;
      }
      if (err) fail(i, paths[k][0], err);
      fnv(h, s);
    }
  }
  return h;
}

}  // namespace

int main(int argc, char **argv) {
  bool step = false;
  int warmup = 3;
  int rewarm = 0;
  int level = 5;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    std::string a = argv[i];
    if (a == "-step") {
      step = true;
    } else if (a == "-warmup" && i + 1 < argc) {
      warmup = std::atoi(argv[++i]);
    } else if (a == "-rewarm" && i + 1 < argc) {
      rewarm = std::atoi(argv[++i]);
    } else if (a == "-level" && i + 1 < argc) {
      level = std::atoi(argv[++i]);
    } else if (a == "-cpu" && i + 1 < argc) {
      int cpu = std::atoi(argv[++i]);
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(cpu, &set);
      if (sched_setaffinity(0, sizeof set, &set) != 0) die("sched_setaffinity", std::to_string(cpu));
    } else {
      die("unknown flag", a);
    }
  }
  if (argc - i < 2) {
    std::fprintf(stderr, "usage: %s [-step] [-warmup W] [-rewarm R] [-level L] [-cpu C] RUNS FILE...\n", argv[0]);
    return 2;
  }
  int runs = std::atoi(argv[i++]);
  std::vector<const char *> files(argv + i, argv + argc);

  corpus c;
  load(c, files);
  ondemand::parser parser;

  std::printf("events %zu bytes %zu\n", c.lines.size(), c.bytes);
  std::printf("impl %s %s\n", get_active_implementation()->name().c_str(),
              builtin_implementation()->name().c_str());
  std::printf("hash %llu\n", (unsigned long long)content_hash(parser, c));
  for (int w = 0; w < warmup; w++) run_level(level, parser, c);
  std::fflush(stdout);

  char cmd[64];
  for (int r = 0; runs <= 0 || r < runs; r++) {
    int lv = level;
    if (step) {
      if (!std::fgets(cmd, sizeof cmd, stdin) || std::strncmp(cmd, "quit", 4) == 0) break;
      if (std::strncmp(cmd, "run ", 4) == 0) lv = std::atoi(cmd + 4);
    }
    for (int w = 0; w < rewarm; w++) run_level(lv, parser, c);
    auto t0 = std::chrono::steady_clock::now();
    uint64_t sum = run_level(lv, parser, c);
    auto t1 = std::chrono::steady_clock::now();
    long long ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
    std::printf("run %d %lld %llu\n", r, ns, (unsigned long long)sum);
    std::fflush(stdout);
  }
  return 0;
}
