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
