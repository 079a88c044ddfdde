//go:build cgo

package shim

// Build flags shared by the shim and the vendored simdjson.
//
// Exceptions are off (SIMDJSON_EXCEPTIONS=0): no C++ exception may cross the
// extern "C" boundary. -O3 -g0 halves the first build time compared with cgo's
// default -g. No -march: stage 1 is dispatched at run time to the best kernel
// the CPU has; the On-Demand stage 2 is compiled for the builtin kernel, which
// the amd64.v3 build tag raises (flags_amd64_v3.go).
//
// No -lstdc++: a package with C++ files makes the go command link with $CXX
// (g++, clang++), which adds its own C++ runtime (libstdc++, or libc++ on
// darwin, which has no libstdc++) and honours -static-libstdc++ in
// -extldflags; an explicit -lstdc++ here would link the shared libstdc++
// even then (make test-static checks the static builds).
//
// No -I for the shim's own headers (simdjson_go.h and the pieces of
// ondemand.cpp): they are in the package directory, which the go command
// puts on the include path of every C and C++ compile of the package.

/*
#cgo CXXFLAGS: -std=c++17 -O3 -g0 -DNDEBUG -DSIMDJSON_EXCEPTIONS=0 -fno-exceptions -I${SRCDIR}/../../csrc
#cgo LDFLAGS: -lm
*/
import "C"
