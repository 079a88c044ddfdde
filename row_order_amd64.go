package simdjson

import "sync/atomic"

// genStill reports whether *gen is still want, after the reads before it.
// On amd64 a load is never reordered with an older load: an atomic load (a
// plain MOV) is enough.
func genStill(gen *uint64, want uint64) bool { return atomic.LoadUint64(gen) == want }
