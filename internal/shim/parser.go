//go:build cgo

// Package shim is the cgo package of the module's simdjson binding: it
// compiles the vendored simdjson (simdjson_amalgamation.cpp) and the
// extern "C" shim over it (simdjson_go.h), and wraps each C function in a
// small Go function that takes plain values and unsafe.Pointer. The root
// package and package json stay pure Go, so editing them does not recompile
// the C++. (The module's other cgo package is internal/inflate: libdeflate,
// behind the gzip input.)
//
// Each concern has a C++ side and a Go side of the same name: parser.h and
// parser.go (the parser: state, lifecycle, test hooks), handle.h and
// handle.go (Parse, and handles into the document), walk.h and walk.go (the
// token walk that fills the jump table), projection.h and projection.go,
// batch.h and batch.go (NDJSON and concatenated documents), map.h and map.go
// (the parallel map, and the Go functions it calls back), kernels.h and
// kernels.go (simdjson's kernels and error messages). ondemand.cpp compiles
// the headers as one translation unit. dom.cpp and dom.go are the DOM parser
// behind Unmarshal and Valid. types.go declares the types that the build
// without cgo (shim_nocgo.go) shares.
//
// Every wrapper is one cgo crossing. Hot calls are marked noescape (their
// pointer arguments are not retained: only the input buffer of Parse is, and
// the caller pins it) and nocallback (they never call Go: only the map's
// workers do, through sj_map_work, which is not marked).
package shim

// parser.go: the Go side of parser.h: a native parser's lifecycle, its
// result area (Result, checked against sj_result here), its test hooks, and
// C memory for inputs. It parses nothing: Parse and the handles are in
// handle.go, batches in batch.go.

/*
#include <stdlib.h>
#include "simdjson_go.h"
*/
import "C"

import "unsafe"

// Malloc allocates n bytes of C memory (nil when out of memory): Go may keep
// views of it across calls without pinning.
func Malloc(n uint64) unsafe.Pointer { return C.malloc(C.size_t(n)) }

// Free releases memory from Malloc.
func Free(ptr unsafe.Pointer) { C.free(ptr) }

// Available reports whether the native code is compiled in.
const Available = true

// Compile-time layout checks against the C struct.
var (
	_ [unsafe.Sizeof(Result{}) - unsafe.Sizeof(C.sj_result{})]byte
	_ [unsafe.Sizeof(C.sj_result{}) - unsafe.Sizeof(Result{})]byte
	_ [unsafe.Offsetof(Result{}.Tok) - unsafe.Offsetof(C.sj_result{}.tok)]byte
	_ [unsafe.Offsetof(C.sj_result{}.tok) - unsafe.Offsetof(Result{}.Tok)]byte
	_ [unsafe.Offsetof(Result{}.Kind) - unsafe.Offsetof(C.sj_result{}.kind)]byte
	_ [unsafe.Offsetof(C.sj_result{}.kind) - unsafe.Offsetof(Result{}.Kind)]byte
	_ [unsafe.Offsetof(Result{}.Consumed) - unsafe.Offsetof(C.sj_result{}.consumed)]byte
	_ [unsafe.Offsetof(C.sj_result{}.consumed) - unsafe.Offsetof(Result{}.Consumed)]byte
)

func p(x unsafe.Pointer) *C.sj_parser { return (*C.sj_parser)(x) }

// NewParser allocates a native parser; nil when out of memory.
func NewParser(maxCapacity uint64, maxDepth uint32) unsafe.Pointer {
	return unsafe.Pointer(C.sj_parser_new(C.uint64_t(maxCapacity), C.uint32_t(maxDepth)))
}

// FreeParser releases a native parser.
func FreeParser(x unsafe.Pointer) { C.sj_parser_free(p(x)) }

// ResultOf returns the parser's result area (C memory, stable for its life).
func ResultOf(x unsafe.Pointer) *Result { return (*Result)(unsafe.Pointer(C.sj_parser_result(p(x)))) }

// Capacity returns the parser's allocated capacity in bytes.
func Capacity(x unsafe.Pointer) uint64 { return uint64(C.sj_parser_capacity(p(x))) }

// StackLevels returns how many levels the parser's depth stacks hold.
func StackLevels(x unsafe.Pointer) uint64 { return uint64(C.sj_parser_stack_levels(p(x))) }

// Parser statistics for tests (ParserStat).
const (
	StatStage1Bytes    = C.SJ_STAT_STAGE1_BYTES     // bytes handed to stage 1 since the parser was made
	StatStringExtra    = C.SJ_STAT_STRING_EXTRA     // bytes held for strings beyond the string buffer
	StatRowBytes       = C.SJ_STAT_ROW_BYTES        // capacity of a batch's projected rows, in bytes
	StatRetiredBytes   = C.SJ_STAT_RETIRED_BYTES    // bytes a running map keeps of replaced buffers
	StatStringBuf      = C.SJ_STAT_STRING_BUF       // address of the string buffer
	StatStringBufBytes = C.SJ_STAT_STRING_BUF_BYTES // its size
)

// ParserStat returns one of the parser's statistics (Stat*): a test hook.
func ParserStat(x unsafe.Pointer, which int) uint64 {
	return uint64(C.sj_parser_stat(p(x), C.int(which)))
}
