//go:build !go1.27

package json

// irregularTiesUp: the strconv of Go 1.26 rounds a tie at an irregular
// significand up (schubfach): float32's 2^-12 is 0.00024414063.
const irregularTiesUp = true
