// native.cpp: the seed's task written directly against simdjson's On-Demand
// API in C++, as a C++ user would write it: parser.iterate_many over the
// buffer, doc["type"] as a string_view, and only for pull request events
// payload.action and payload.pull_request.base.repo.language. One thread, or
// several std::threads each over a slice of the buffer cut at a newline, each
// with its own parser and counters, merged at the end.
//
// It uses the same vendored simdjson 4.6.7 (csrc/) as the library, with the
// library's flags (bench_native.go). The library's internal/shim already
// compiles simdjson.cpp into the same binary, so this translation unit
// compiles its own copy inside a renamed namespace (simdjson_native): the
// same code, no duplicate symbols, and this benchmark does not depend on
// the shim's build.
#define simdjson simdjson_native
#include "../csrc/simdjson.h"
#include "../csrc/simdjson.cpp"
#undef simdjson

#include "native.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

namespace {

namespace od = simdjson_native::ondemand;
using simdjson_native::error_code;

// A handful of distinct keys: a vector searched linearly beats a hash map
// and keeps the string_view lookups allocation-free.
struct counter {
  std::vector<std::pair<std::string, uint64_t>> entries;
  void add(std::string_view key, uint64_t n = 1) {
    for (auto &e : entries) {
      if (e.first == key) {
        e.second += n;
        return;
      }
    }
    entries.emplace_back(std::string(key), n);
  }
};

struct result {
  counter types;
  counter langs;
  uint64_t null_lang = 0;
  error_code error = simdjson_native::SUCCESS;
  size_t error_offset = 0;
};

void count(const uint8_t *buf, size_t len, result &res) {
  od::parser parser;
  // One thread means one thread: without this, a build with threads enabled
  // (cgo passes -pthread) runs stage 1 of the next batch on a second thread.
  parser.threaded = false;
  od::document_stream stream;
  error_code err = parser.iterate_many(buf, len, od::DEFAULT_BATCH_SIZE).get(stream);
  if (err) {
    res.error = err;
    return;
  }
  for (auto it = stream.begin(); it != stream.end(); ++it) {
    auto doc = *it;
    std::string_view type;
    if ((err = doc["type"].get_string().get(type))) {
      res.error = err;
      res.error_offset = it.current_index();
      return;
    }
    res.types.add(type);
    if (type != "PullRequestEvent") continue;
    auto payload = doc["payload"];
    std::string_view action;
    if ((err = payload["action"].get_string().get(action))) {
      res.error = err;
      res.error_offset = it.current_index();
      return;
    }
    if (action != "opened") continue;
    auto lang = payload["pull_request"]["base"]["repo"]["language"];
    bool is_null;
    if ((err = lang.is_null().get(is_null))) {
      res.error = err;
      res.error_offset = it.current_index();
      return;
    }
    if (is_null) {
      res.null_lang++;
      continue;
    }
    std::string_view name;
    if ((err = lang.get_string().get(name))) {
      res.error = err;
      res.error_offset = it.current_index();
      return;
    }
    res.langs.add(name);
  }
  if (stream.truncated_bytes() != 0) {
    res.error = simdjson_native::TAPE_ERROR;  // an unclosed document at the end
    res.error_offset = len - stream.truncated_bytes();
  }
}

char *dup(const std::string &s) {
  char *p = static_cast<char *>(std::malloc(s.size() + 1));
  if (p) std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}

}  // namespace

extern "C" char *native_count(const uint8_t *buf, size_t len, int threads) {
  if (threads < 1) threads = 1;
  std::vector<result> results(threads);
  std::vector<size_t> starts;  // slice starts, cut after a newline
  for (int t = 0; t < threads; t++) {
    size_t s = len * t / threads;
    if (t > 0) {
      const void *nl = std::memchr(buf + s, '\n', len - s);
      s = nl ? static_cast<const uint8_t *>(nl) - buf + 1 : len;
      if (s < starts.back()) s = starts.back();
    }
    starts.push_back(s);
  }
  starts.push_back(len);
  if (threads == 1) {
    count(buf, len, results[0]);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; t++) {
      pool.emplace_back([&, t] {
        count(buf + starts[t], starts[t + 1] - starts[t], results[t]);
      });
    }
    for (auto &th : pool) th.join();
  }
  result total;
  for (int t = 0; t < threads; t++) {
    auto &r = results[t];
    if (r.error) {
      char msg[256];
      std::snprintf(msg, sizeof msg, "E%s (slice %d, document at byte %zu)",
                    simdjson_native::error_message(r.error), t, starts[t] + r.error_offset);
      return dup(msg);
    }
    for (auto &e : r.types.entries) total.types.add(e.first, e.second);
    for (auto &e : r.langs.entries) total.langs.add(e.first, e.second);
    total.null_lang += r.null_lang;
  }
  // Tab-separated lines: T type n, L language n, N n (null language).
  std::string out;
  for (auto &e : total.types.entries) out += "T\t" + e.first + "\t" + std::to_string(e.second) + "\n";
  for (auto &e : total.langs.entries) out += "L\t" + e.first + "\t" + std::to_string(e.second) + "\n";
  out += "N\t" + std::to_string(total.null_lang) + "\n";
  return dup(out);
}

extern "C" const char *native_implementation(void) {
  return simdjson_native::get_active_implementation()->name().data();
}
