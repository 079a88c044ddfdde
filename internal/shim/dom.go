//go:build cgo

package shim

// Wrappers of the DOM parser (dom.cpp), used by Unmarshal and Valid: one
// crossing parses a document into simdjson's tape, which Go then reads in
// place through DomView.

/*
#include "simdjson_go.h"

// The calls made once per Unmarshal or Valid take the parser as an integer:
// it is C memory, and cgo's runtime check of a pointer argument (whether it
// points into Go's heap) costs time on every call (docs/PERFORMANCE.md,
// "Measurements behind the shim's choices").
static inline int sj_dom_parse_h(uintptr_t d, const uint8_t *buf, uint64_t len, int flags) {
  return sj_dom_parse((sj_dom *)d, buf, len, flags);
}
static inline int sj_dom_parse_plan_h(uintptr_t d, const uint8_t *buf, uint64_t len, uintptr_t plan, int flags) {
  return sj_dom_parse_plan((sj_dom *)d, buf, len, (const sj_plan *)plan, flags);
}
static inline int sj_dom_offsets_h(uintptr_t d, const uint8_t *buf, uint64_t len) {
  return sj_dom_offsets((sj_dom *)d, buf, len);
}
static inline int sj_dom_neg_zero_h(uintptr_t d, const uint8_t *buf, uint64_t len) {
  return sj_dom_neg_zero((sj_dom *)d, buf, len);
}

#cgo noescape sj_dom_parse_h
#cgo nocallback sj_dom_parse_h
#cgo noescape sj_dom_parse_plan_h
#cgo nocallback sj_dom_parse_plan_h
#cgo noescape sj_dom_offsets_h
#cgo nocallback sj_dom_offsets_h
#cgo noescape sj_dom_neg_zero_h
#cgo nocallback sj_dom_neg_zero_h
#cgo noescape sj_minify
#cgo nocallback sj_minify
#cgo nocallback sj_dom_new
#cgo nocallback sj_dom_free
#cgo nocallback sj_dom_view_of
*/
import "C"

import "unsafe"

// Compile-time layout checks against the C struct.
var (
	_ [unsafe.Sizeof(DomView{}) - unsafe.Sizeof(C.sj_dom_view{})]byte
	_ [unsafe.Sizeof(C.sj_dom_view{}) - unsafe.Sizeof(DomView{})]byte
	_ [unsafe.Offsetof(DomView{}.TapeLen) - unsafe.Offsetof(C.sj_dom_view{}.tape_len)]byte
	_ [unsafe.Offsetof(C.sj_dom_view{}.tape_len) - unsafe.Offsetof(DomView{}.TapeLen)]byte
	_ [unsafe.Offsetof(DomView{}.Slots) - unsafe.Offsetof(C.sj_dom_view{}.slots)]byte
	_ [unsafe.Offsetof(C.sj_dom_view{}.slots) - unsafe.Offsetof(DomView{}.Slots)]byte
	_ [unsafe.Sizeof(PlanField{}) - unsafe.Sizeof(C.sj_plan_field{})]byte
	_ [unsafe.Sizeof(C.sj_plan_field{}) - unsafe.Sizeof(PlanField{})]byte
	_ [unsafe.Offsetof(PlanField{}.Target) - unsafe.Offsetof(C.sj_plan_field{}.target)]byte
	_ [unsafe.Offsetof(C.sj_plan_field{}.target) - unsafe.Offsetof(PlanField{}.Target)]byte
	_ [unsafe.Sizeof(PlanNode{}) - unsafe.Sizeof(C.sj_plan_node{})]byte
	_ [unsafe.Sizeof(C.sj_plan_node{}) - unsafe.Sizeof(PlanNode{})]byte
	_ [unsafe.Sizeof(Plan{}) - unsafe.Sizeof(C.sj_plan{})]byte
	_ [unsafe.Sizeof(C.sj_plan{}) - unsafe.Sizeof(Plan{})]byte
	_ [unsafe.Offsetof(Plan{}.NSlots) - unsafe.Offsetof(C.sj_plan{}.nslots)]byte
	_ [unsafe.Offsetof(C.sj_plan{}.nslots) - unsafe.Offsetof(Plan{}.NSlots)]byte
	_ [PlanMaxSlots - C.SJ_PLAN_MAX_SLOTS]byte
	_ [C.SJ_PLAN_MAX_SLOTS - PlanMaxSlots]byte
	_ [PlanObject - C.SJ_PLAN_OBJECT]byte
	_ [C.SJ_PLAN_OBJECT - PlanObject]byte
)

// PlanOff is what DomParsePlan returns when the document parsed but the
// plan did not apply (SJ_PLAN_OFF).
const PlanOff = C.SJ_PLAN_OFF

func dom(x unsafe.Pointer) *C.sj_dom { return (*C.sj_dom)(x) }

// DomNew allocates a native DOM parser; nil when out of memory.
func DomNew() unsafe.Pointer { return unsafe.Pointer(C.sj_dom_new()) }

// DomFree releases a DOM parser.
func DomFree(x unsafe.Pointer) { C.sj_dom_free(dom(x)) }

// DomViewOf returns the parser's view (C memory, stable for its life).
func DomViewOf(x unsafe.Pointer) *DomView {
	return (*DomView)(unsafe.Pointer(C.sj_dom_view_of(dom(x))))
}

// DomParse parses buf[:n] into the tape; buf must be readable up to n+64
// bytes. It returns 0 or a simdjson error code. With lazyNumbers, numbers
// are checked but not converted: their tape words hold no value (for callers
// that read none; see dom.cpp).
func DomParse(x unsafe.Pointer, buf unsafe.Pointer, n uint64, lazyNumbers bool) int {
	flags := C.int(0)
	if lazyNumbers {
		flags = C.SJ_PARSE_LAZY_NUMBERS
	}
	return int(C.sj_dom_parse_h(C.uintptr_t(uintptr(x)), (*C.uint8_t)(buf), C.uint64_t(n), flags))
}

// DomParseUnique is DomParse that also checks, in the same call, that no
// object of the document has a name twice (compared unescaped, as
// encoding/json/v2 compares them): NamesDup when one has.
func DomParseUnique(x unsafe.Pointer, buf unsafe.Pointer, n uint64, lazyNumbers bool) int {
	flags := C.int(C.SJ_PARSE_UNIQUE_NAMES)
	if lazyNumbers {
		flags |= C.SJ_PARSE_LAZY_NUMBERS
	}
	return int(C.sj_dom_parse_h(C.uintptr_t(uintptr(x)), (*C.uint8_t)(buf), C.uint64_t(n), flags))
}

// NamesDup is what DomParseUnique returns for a document that parsed but
// has an object with a name twice (SJ_NAMES_DUP).
const NamesDup = C.SJ_NAMES_DUP

// DomParsePlan is DomParse with lazy numbers, following plan (C memory):
// 0 when the plan applied (the view's Slots hold the answer), PlanOff when
// the document parsed but the plan did not apply, or a simdjson error code.
// With v2, encoding/json/v2's default rules: NamesDup for a document with
// a name twice in an object, and keys matched by their exact names only.
func DomParsePlan(x unsafe.Pointer, buf unsafe.Pointer, n uint64, plan unsafe.Pointer, v2 bool) int {
	flags := C.int(0)
	if v2 {
		flags = C.SJ_PLAN_V2
	}
	return int(C.sj_dom_parse_plan_h(C.uintptr_t(uintptr(x)), (*C.uint8_t)(buf), C.uint64_t(n), C.uintptr_t(uintptr(plan)), flags))
}

// DomOffsets fills the view's Offsets; buf[:n] must be the last DomParse's
// input, unchanged.
func DomOffsets(x unsafe.Pointer, buf unsafe.Pointer, n uint64) int {
	return int(C.sj_dom_offsets_h(C.uintptr_t(uintptr(x)), (*C.uint8_t)(buf), C.uint64_t(n)))
}

// DomNegZero reports whether a number of the last parse is the integer -0.
func DomNegZero(x unsafe.Pointer, buf unsafe.Pointer, n uint64) bool {
	return C.sj_dom_neg_zero_h(C.uintptr_t(uintptr(x)), (*C.uint8_t)(buf), C.uint64_t(n)) != 0
}

// Minify writes buf[:n] (no padding needed) without the whitespace outside
// strings to dst, which must have room for n+64 bytes, and returns the bytes
// written. It does not validate: minify only what a parse accepted.
func Minify(buf unsafe.Pointer, n uint64, dst unsafe.Pointer) uint64 {
	return uint64(C.sj_minify((*C.uint8_t)(buf), C.uint64_t(n), (*C.uint8_t)(dst)))
}
