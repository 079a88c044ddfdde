package simdjson

// Test hook of Decode (decode_test.go): how many values went to the
// fallback.

// DecodeFallbacks returns the number of values Decode has sent to
// encoding/json so far.
func DecodeFallbacks() int64 { return decodeFallbacks.Load() }
