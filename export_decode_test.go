package simdjson

// Test hook of Decode (decode_test.go): how many values went to the
// fallback.

// DecodeFallbacks returns the number of values Decode has sent to
// encoding/json so far.
func DecodeFallbacks() int64 { return decodeFallbacks.Load() }

// DecodeDivergences returns the number of values whose exact pass failed
// after a method was called although the dry pass had decided them.
func DecodeDivergences() int64 { return decodeDivergences.Load() }
