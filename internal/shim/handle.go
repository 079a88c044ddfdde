//go:build cgo

package shim

// handle.go: the Go side of handle.h: Parse (a document parsed alone) and the
// accesses through handles (token, depth), in any order: lookups, scalars,
// raw text, counts and iterations, each one crossing whose results land in
// the parser's Result. Batches of documents are parsed by Batch (batch.go);
// their handles are read with these same functions.

/*
#include "simdjson_go.h"

#cgo noescape sj_parse
#cgo nocallback sj_parse
#cgo noescape sj_find
#cgo nocallback sj_find
#cgo noescape sj_path
#cgo nocallback sj_path
#cgo noescape sj_pointer
#cgo nocallback sj_pointer
#cgo noescape sj_path_all
#cgo nocallback sj_path_all
#cgo nocallback sj_index
#cgo nocallback sj_string
#cgo nocallback sj_int64
#cgo nocallback sj_uint64
#cgo nocallback sj_double
#cgo nocallback sj_bool
#cgo nocallback sj_null
#cgo nocallback sj_number
#cgo nocallback sj_raw
#cgo nocallback sj_count
#cgo nocallback sj_obj_next
#cgo nocallback sj_arr_next
#cgo nocallback sj_reset
#cgo nocallback sj_release
*/
import "C"

import "unsafe"

// Codes the shim returns beyond simdjson's error codes.
const (
	Done      = C.SJ_DONE
	BadHandle = C.SJ_BAD_HANDLE
	FlagStr   = C.SJ_FLAG_STR
	FlagDead  = C.SJ_FLAG_DEAD
)

// Parse runs stage 1 over buf[:n]; buf must be readable up to capacity bytes.
func Parse(x unsafe.Pointer, buf unsafe.Pointer, n, capacity uint64, walk bool) int {
	w := C.int(0)
	if walk {
		w = 1
	}
	return int(C.sj_parse(p(x), (*C.uint8_t)(buf), C.uint64_t(n), C.uint64_t(capacity), w))
}

// Release forgets the current document.
func Release(x unsafe.Pointer) { C.sj_release(p(x)) }

// Find looks key up in the object at (tok, depth); mode 1 is ordered. An
// unordered search resumes after the value token hint when it is not 0.
func Find(x unsafe.Pointer, tok uint32, depth int32, key string, mode int, hint uint32) int {
	return int(C.sj_find(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.StringData(key))), C.uint64_t(len(key)), C.int(mode), C.uint32_t(hint)))
}

// Path follows packed keys (uint32 length + bytes each) from (tok, depth).
func Path(x unsafe.Pointer, tok uint32, depth int32, packed []byte) int {
	return int(C.sj_path(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.SliceData(packed))), C.uint64_t(len(packed))))
}

// Pointer follows an RFC 6901 JSON pointer from (tok, depth).
func Pointer(x unsafe.Pointer, tok uint32, depth int32, ptr string) int {
	return int(C.sj_pointer(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.StringData(ptr))), C.uint64_t(len(ptr))))
}

// Wildcard is the length that marks a wildcard step in PathAll's packed
// steps.
const Wildcard = 0xFFFFFFFF

// PathAll finds every value at packed steps (as Path's, a wildcard packed as
// the length Wildcard with no bytes) from (tok, depth): each as token |
// depth << 32, in document order, in C memory valid until the next call on
// the parser; rc is 0 or the error that ended the search after them.
func PathAll(x unsafe.Pointer, tok uint32, depth int32, packed []byte) (matches []uint64, rc int) {
	var m *C.uint64_t
	var n C.uint64_t
	rc = int(C.sj_path_all(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.SliceData(packed))), C.uint64_t(len(packed)), &m, &n))
	if n == 0 {
		return nil, rc
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(m)), int(n)), rc
}

// Index returns element i of the array at (tok, depth).
func Index(x unsafe.Pointer, tok uint32, depth int32, i uint64) int {
	return int(C.sj_index(p(x), C.uint32_t(tok), C.int32_t(depth), C.uint64_t(i)))
}

// String reads a string value.
func String(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_string(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Int64 reads a signed integer.
func Int64(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_int64(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Uint64 reads an unsigned integer.
func Uint64(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_uint64(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Double reads a number as float64.
func Double(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_double(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Bool reads true or false.
func Bool(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_bool(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Null checks for null.
func Null(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_null(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Number reads a number of any kind.
func Number(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_number(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Raw finds the end offset of the value's raw text.
func Raw(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_raw(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Count counts the fields or elements of a container.
func Count(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_count(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// ObjNext moves to the field after the one whose value is at prev (0: first).
func ObjNext(x unsafe.Pointer, tok uint32, depth int32, prev uint32) int {
	return int(C.sj_obj_next(p(x), C.uint32_t(tok), C.int32_t(depth), C.uint32_t(prev)))
}

// ArrNext moves to the element after prev (0: first).
func ArrNext(x unsafe.Pointer, tok uint32, depth int32, prev uint32) int {
	return int(C.sj_arr_next(p(x), C.uint32_t(tok), C.int32_t(depth), C.uint32_t(prev)))
}

// Reset forgets the lookup position saved for a container.
func Reset(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_reset(p(x), C.uint32_t(tok), C.int32_t(depth)))
}
