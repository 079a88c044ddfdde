//go:build !amd64

package simdjson

import "sync/atomic"

// genStill reports whether *gen is still want, after the reads before it.
// A load-acquire (arm64's LDAR, what atomic.LoadUint64 compiles to) does not
// keep the loads before it from being satisfied after it; a
// compare-and-swap of the value with itself does (it is a full barrier in
// Go's memory model), as a seqlock's read barrier must.
func genStill(gen *uint64, want uint64) bool { return atomic.CompareAndSwapUint64(gen, want, want) }
