//go:build cgo

package shim

/*
#include "simdjson_go.h"
*/
import "C"

import (
	"runtime/cgo"
	"unsafe"
)

// MapHandler receives the parallel map's calls from its worker threads.
type MapHandler interface {
	// Batch delivers the documents the worker's parser holds (its Result),
	// parsed from buf[:n] at offset base of the input. It returns 0 to go on,
	// 1 to stop every worker, 2 after a bad line under the stop policy.
	Batch(worker int, base uint64, buf unsafe.Pointer, n uint64) int
	// NextChunk hands the worker its next chunk of whole lines (C memory,
	// readable up to capacity bytes); ok is false when there are no more.
	NextChunk(worker int) (buf unsafe.Pointer, n, capacity, base uint64, ok bool)
}

//export sjGoBatch
func sjGoBatch(ctx C.uintptr_t, worker C.int, base C.uint64_t, buf *C.uint8_t, n C.uint64_t) C.int {
	h := cgo.Handle(ctx).Value().(MapHandler)
	return C.int(h.Batch(int(worker), uint64(base), unsafe.Pointer(buf), uint64(n)))
}

//export sjGoNextChunk
func sjGoNextChunk(ctx C.uintptr_t, worker C.int, out *C.sj_chunk) C.int {
	h := cgo.Handle(ctx).Value().(MapHandler)
	buf, n, capacity, base, ok := h.NextChunk(int(worker))
	if !ok {
		return 1
	}
	out.buf = (*C.uint8_t)(buf)
	out.len = C.uint64_t(n)
	out.cap = C.uint64_t(capacity)
	out.base = C.uint64_t(base)
	return 0
}
