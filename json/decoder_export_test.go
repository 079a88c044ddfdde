package json

// Test hooks of the Decoder (this file is compiled only into the package's
// tests).

// DecoderBufferCap returns the capacity of dec's buffer.
func DecoderBufferCap(dec *Decoder) int { return cap(dec.buf) }

// KeepsNoInput is keepsNoInput: whether the Decoder may give back a buffer
// that a value of v's type was decoded from.
var KeepsNoInput = keepsNoInput

// DecoderHoldsBuffer reports whether dec holds a buffer of the pool.
func DecoderHoldsBuffer(dec *Decoder) bool { return dec.held != nil }

// StdGo127 is stdGo127: the toolchain is Go 1.27 or later (its
// GOEXPERIMENT=jsonv2 encoding/json is no longer Go 1.26's experiment).
const StdGo127 = stdGo127

// SetReadHint sets readHint, the first buffer's room for a reader without
// Len, and returns the hint it had.
func SetReadHint(n int64) int64 { return readHint.Swap(n) }
