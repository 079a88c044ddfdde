//go:build cgo

package shim

// map.go: the Go side of map.h: RunMap runs the parallel map, one worker per
// parser, each in a goroutine of its own, and the two exported functions
// below are what the workers call back (sjGoBatch once per batch,
// sjGoNextChunk for each chunk when Go reads the input: a reader, files),
// forwarding to the map's MapHandler. This file's preamble declares, never defines, C
// functions: a file with //export may not define any.

/*
#include <stdlib.h>
#include "simdjson_go.h"

#cgo nocallback sj_map_abandon
*/
import "C"

import (
	"runtime/cgo"
	"sync"
	"unsafe"
)

// RunMap runs the parallel map with one worker per parser and returns when
// all have finished. Worker 0 runs on the calling goroutine, the others on
// goroutines of their own: every call back into Go then runs on a thread of
// the Go runtime, where a runtime.Goexit (t.Fatal) unwinds its goroutine as
// anywhere else. If worker 0's goroutine exits that way, RunMap's deferred
// part still waits for the other workers (the handler must stop them) and
// frees the map.
func RunMap(c *MapConfig) (rc int) {
	n := len(c.Parsers)
	if n < 1 {
		return 0
	}
	h := cgo.NewHandle(c.Handler)
	defer h.Delete()
	arr := (*[1 << 28]*C.sj_parser)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(uintptr(0)))))[:n:n]
	defer C.free(unsafe.Pointer(&arr[0]))
	for i, x := range c.Parsers {
		arr[i] = p(x)
	}
	cfg := C.sj_map_cfg{
		len:     C.uint64_t(c.Len),
		cap:     C.uint64_t(c.Cap),
		chunk:   C.uint64_t(c.Chunk),
		batch:   C.uint64_t(c.Batch),
		parsers: &arr[0],
		proj:    (*C.sj_projection)(c.Proj),
		ctx:     C.uintptr_t(h),
		threads: C.int32_t(n),
		max_doc: C.uint64_t(c.MaxDoc),
	}
	if c.Reader {
		cfg.reader = 1
	}
	m := C.sj_map_new(&cfg, (*C.uint8_t)(c.Buf))
	if m == nil {
		return 2 // simdjson's MEMALLOC
	}
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		rc = int(C.sj_map_free(m))
	}()
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			C.sj_map_work(m, C.int(i))
		}()
	}
	C.sj_map_work(m, 0)
	return 0
}

// Abandon tells the shim that the map callback running on this thread is
// ending its goroutine (runtime.Goexit): the worker's C frames will not
// return. Call it from a deferred function of the callback.
func Abandon() { C.sj_map_abandon() }

// ChunkScanBytes returns the bytes searched for the map chunks' line
// starts, over all maps (for tests).
func ChunkScanBytes() uint64 { return uint64(C.sj_map_chunk_scan_bytes()) }

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
