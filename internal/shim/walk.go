//go:build cgo

package shim

// walk.go: the Go side of walk.h: Walk fills the jump table of a document
// parsed alone, for the root package's lookups in Go (fastpath.go). Parse
// (handle.go) can walk in the same call, and Batch (batch.go) always walks
// its documents.

/*
#include "simdjson_go.h"

#cgo nocallback sj_walk
*/
import "C"

import "unsafe"

// Walk walks the document of the last Parse, filling its jump table.
func Walk(x unsafe.Pointer) int { return int(C.sj_walk(p(x))) }
