// kernels.h: what the library reports about itself: the stage-1 kernels
// (simdjson's implementations) compiled in and which the CPU supports, the
// active one and the builtin one (the kernel On-Demand's stage 2 is compiled
// for), the choice of the kernel for parsers created later
// (sj_set_implementation), and simdjson's error messages. Go side:
// kernels.go.
//
// It holds no parser state. sj_minify chooses its own kernel (dom.cpp).

#ifndef SJ_SHIM_KERNELS_H
#define SJ_SHIM_KERNELS_H

extern "C" {

// simdjson's message for a code, except that 4.x's "This is a fatal and
// unrecoverable error." (TAPE_ERROR, INCOMPLETE_ARRAY_OR_OBJECT) is left out:
// fatal to simdjson's iterator, such an error ends one document here, and
// streams and maps go on with the next line.
const char *sj_error_message(int code) {
  if (code < 0 || code >= simdjson::NUM_ERROR_CODES) return "unknown error";
  static const std::vector<std::string> messages = [] {
    std::vector<std::string> m;
    for (int c = 0; c < simdjson::NUM_ERROR_CODES; c++) {
      std::string s = simdjson::error_message(error_code(c));
      const size_t i = s.find(" This is a fatal and unrecoverable error.");
      if (i != std::string::npos) s.erase(i, std::strlen(" This is a fatal and unrecoverable error."));
      while (!s.empty() && s.back() == ' ') s.pop_back();
      m.push_back(std::move(s));
    }
    return m;
  }();
  return messages[size_t(code)].c_str();
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

#endif  // SJ_SHIM_KERNELS_H
