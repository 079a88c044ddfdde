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
