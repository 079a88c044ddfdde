//go:build cgo

package shim

// batch.go: the Go side of batch.h: Batch parses a window of NDJSON lines or
// of concatenated documents into the parser's documents (Doc, checked against
// sj_doc here), with their projected rows when given a projection. Cutting a
// stream into windows is the root package's work (stream.go), or the map's
// (map.go); reading the documents is handle.go's.

/*
#include "simdjson_go.h"

#cgo noescape sj_batch
#cgo nocallback sj_batch
*/
import "C"

import "unsafe"

// Compile-time layout checks against the C struct.
var (
	_ [unsafe.Sizeof(Doc{}) - unsafe.Sizeof(C.sj_doc{})]byte
	_ [unsafe.Sizeof(C.sj_doc{}) - unsafe.Sizeof(Doc{})]byte
	_ [unsafe.Offsetof(Doc{}.ErrOff) - unsafe.Offsetof(C.sj_doc{}.err_off)]byte
	_ [unsafe.Offsetof(C.sj_doc{}.err_off) - unsafe.Offsetof(Doc{}.ErrOff)]byte
)

// Batch runs stage 1 over buf[:n] (readable up to capacity bytes) and splits
// it into documents: mode 0 NDJSON, 1 whitespace-separated; proj (may be nil)
// is extracted from each document in the same pass.
func Batch(x unsafe.Pointer, buf unsafe.Pointer, n, capacity uint64, mode int, final bool, proj unsafe.Pointer) int {
	f := C.int(0)
	if final {
		f = 1
	}
	return int(C.sj_batch(p(x), (*C.uint8_t)(buf), C.uint64_t(n), C.uint64_t(capacity), C.int(mode), f, (*C.sj_projection)(proj)))
}
