//go:build go1.27

package json

// What the encoder does by the toolchain that builds it, from Go 1.27 on
// (encode_go126.go before it).

// irregularTiesUp: the strconv of Go 1.27 (internal/strconv's shortFloat,
// rounding the scaled value half to even) takes the even digit at every
// tie: float32's 2^-12 is 0.00024414062, as encoding/json (v1 or v2, both
// strconv) writes it.
const irregularTiesUp = false

// v2StringKeysText: Go 1.27's encoding/json on encoding/json/v2 writes
// map keys of a string kind as the strings, MarshalText or not, as the
// classic encoder does.
const v2StringKeysText = false
