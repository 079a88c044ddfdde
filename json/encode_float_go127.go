//go:build go1.27

package json

// irregularTiesUp: the strconv of Go 1.27 (internal/strconv's shortFloat,
// rounding the scaled value half to even) takes the even digit at every
// tie: float32's 2^-12 is 0.00024414062, as encoding/json (v1 or v2, both
// strconv) writes it.
const irregularTiesUp = false
