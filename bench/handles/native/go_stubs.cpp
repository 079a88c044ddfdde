// go_stubs.cpp: stand-ins for the Go functions that the shim's parallel map
// calls back (exported by internal/shim/map.go), so that ondemand.cpp links
// into the pure C++ program build/shim_handles, which never runs a map.
#include <cstdint>
#include <cstdlib>

#include "simdjson_go.h"

extern "C" int sjGoBatch(uintptr_t, int, uint64_t, uint8_t *, uint64_t) { std::abort(); }
extern "C" int sjGoNextChunk(uintptr_t, int, sj_chunk *) { std::abort(); }
