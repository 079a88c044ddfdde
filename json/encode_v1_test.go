//go:build !goexperiment.jsonv2

package json_test

// classicEncoding: the toolchain's encoding/json is the classic one, whose
// errors the tests expect here (encode_v2_test.go: the one on
// encoding/json/v2).
const classicEncoding = true

// edgeValuesBuild: the edge values only this build's encoding/json has
// (classic: none beyond edgeValues).
func edgeValuesBuild() map[string]any { return nil }

// stdReentrantEncoderBroken: see encode_v2_go126_test.go.
const stdReentrantEncoderBroken = false
