//go:build !go1.27

package json

// What the encoder does by the toolchain that builds it, before Go 1.27
// (encode_go127.go from it on).

// irregularTiesUp: the strconv of Go 1.26 rounds a tie at an irregular
// significand up (schubfach): float32's 2^-12 is 0.00024414063.
const irregularTiesUp = true

// v2StringKeysText: Go 1.26's encoding/json on encoding/json/v2
// (GOEXPERIMENT=jsonv2) calls MarshalText for map keys of a string kind,
// where the classic encoder and Go 1.27's write the string: such maps are
// left to encoding/json there (encode_fallback.go).
const v2StringKeysText = true
