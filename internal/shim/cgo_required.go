//go:build simdjson_cgo_required && !cgo

package shim

// Built with -tags simdjson_cgo_required but without cgo (CGO_ENABLED=0; a
// cross build, where the go command turns cgo off unless CGO_ENABLED=1 is
// set; a machine with no C compiler on PATH): the build stops here instead
// of producing a binary whose Unmarshal, Valid and Decoder fall back to
// encoding/json and whose Parser, Stream and Map report ErrNoCGO at run time.
//
// Enable cgo: CGO_ENABLED=1 with a C++17 compiler for the target (for a
// cross build, CC and CXX naming the cross compilers, e.g.
// CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ for linux/arm64).
// Every package of the module that uses the native code imports this one,
// so the tag covers the root package and package json alike.

var _ = simdjson_requires_cgo_but_CGO_ENABLED_is_0

var _ int = "simdjson: built with -tags simdjson_cgo_required and cgo off: set CGO_ENABLED=1 and CXX to a C++17 compiler for the target"
