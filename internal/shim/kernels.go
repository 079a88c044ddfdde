//go:build cgo

package shim

// kernels.go: the Go side of kernels.h: simdjson's stage-1 kernels (which
// are compiled in and supported, the active and builtin ones, the choice for
// parsers created later) and its error messages. No parser state.

/*
#include "simdjson_go.h"

#cgo noescape sj_set_implementation
#cgo nocallback sj_set_implementation
*/
import "C"

import "unsafe"

// ErrorMessage returns simdjson's message for an error code.
func ErrorMessage(code int) string { return C.GoString(C.sj_error_message(C.int(code))) }

// ActiveImplementation names the kernel new parsers use for stage 1.
func ActiveImplementation() string { return C.GoString(C.sj_active_implementation()) }

// BuiltinImplementation names the kernel the On-Demand stage 2 is compiled for.
func BuiltinImplementation() string { return C.GoString(C.sj_builtin_implementation()) }

// Implementations lists the kernels compiled in.
func Implementations() []Implementation {
	n := int(C.sj_implementation_count())
	out := make([]Implementation, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, Implementation{
			Name:        C.GoString(C.sj_implementation_name(C.int(i))),
			Description: C.GoString(C.sj_implementation_description(C.int(i))),
			Supported:   C.sj_implementation_supported(C.int(i)) != 0,
		})
	}
	return out
}

// SetImplementation makes name the stage-1 kernel of parsers created later.
func SetImplementation(name string) int {
	return int(C.sj_set_implementation((*C.char)(unsafe.Pointer(unsafe.StringData(name))), C.uint64_t(len(name))))
}
