//go:build cgo

package shim

// projection.go: the Go side of projection.h: compiles JSON pointers into a
// native projection, whose values Batch (batch.go) and the map (map.go)
// extract from every document into rows of Field. It extracts nothing itself.

/*
#include "simdjson_go.h"

#cgo noescape sj_projection_new
#cgo nocallback sj_projection_new
#cgo nocallback sj_projection_free
*/
import "C"

import "unsafe"

// Kinds of projected values.
const (
	FMissing = C.SJ_F_MISSING
	FNull    = C.SJ_F_NULL
	FBool    = C.SJ_F_BOOL
	FInt64   = C.SJ_F_INT64
	FUint64  = C.SJ_F_UINT64
	FDouble  = C.SJ_F_DOUBLE
	FString  = C.SJ_F_STRING
	FBigInt  = C.SJ_F_BIGINT
	FObject  = C.SJ_F_OBJECT
	FArray   = C.SJ_F_ARRAY
	FError   = C.SJ_F_ERROR
)

// Compile-time layout checks against the C struct.
var (
	_ [unsafe.Sizeof(Field{}) - unsafe.Sizeof(C.sj_field{})]byte
	_ [unsafe.Sizeof(C.sj_field{}) - unsafe.Sizeof(Field{})]byte
	_ [unsafe.Offsetof(Field{}.Kind) - unsafe.Offsetof(C.sj_field{}.kind)]byte
	_ [unsafe.Offsetof(C.sj_field{}.kind) - unsafe.Offsetof(Field{}.Kind)]byte
)

// NewProjection compiles JSON pointers and the cases that restrict some of
// them (consistent: the caller checked them); on failure it returns nil and
// the index of the bad pointer (-1: out of memory).
func NewProjection(pointers []string, cases []ProjectionCase) (unsafe.Pointer, int) {
	var all []byte
	lens := make([]uint64, len(pointers)+1)
	for i, s := range pointers {
		all = append(all, s...)
		lens[i] = uint64(len(s))
	}
	all = append(all, 0)
	groups := make([]uint32, len(pointers)+1)
	guards := make([]int64, len(cases)+1)
	nvalues := make([]uint64, len(cases)+1)
	var values []byte
	var valueLens []uint64
	for c, k := range cases {
		guards[c] = int64(k.Guard)
		nvalues[c] = uint64(len(k.Values))
		for _, v := range k.Values {
			values = append(values, v...)
			valueLens = append(valueLens, uint64(len(v)))
		}
		for _, f := range k.Fields {
			groups[f] = uint32(c + 1)
		}
	}
	values = append(values, 0)
	valueLens = append(valueLens, 0)
	var bad C.int64_t = -1
	pr := C.sj_projection_new((*C.char)(unsafe.Pointer(&all[0])), (*C.uint64_t)(unsafe.Pointer(&lens[0])), C.uint64_t(len(pointers)),
		(*C.uint32_t)(unsafe.Pointer(&groups[0])), (*C.int64_t)(unsafe.Pointer(&guards[0])),
		(*C.char)(unsafe.Pointer(&values[0])), (*C.uint64_t)(unsafe.Pointer(&valueLens[0])),
		(*C.uint64_t)(unsafe.Pointer(&nvalues[0])), C.uint64_t(len(cases)), &bad)
	if pr == nil {
		return nil, int(bad)
	}
	return unsafe.Pointer(pr), -1
}

// FreeProjection releases a projection.
func FreeProjection(pr unsafe.Pointer) { C.sj_projection_free((*C.sj_projection)(pr)) }
