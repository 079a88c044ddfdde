//go:build !purego

package json

// haveFormatFloat64: whether formatFloat64 formats anything.
const haveFormatFloat64 = true

// formatFloat64 writes the float64 of bits u (positive, finite, 10^-6
// to 10^21, not an integer below 2^53) as appendFloat does and returns
// the bytes written (0: left to the Go path, which no such float is);
// out must have room for 48. It is schubfach and then the 'f' format of
// appendDecimal in one call (float_amd64.s).
//
//go:noescape
func formatFloat64(out *byte, u uint64) int

// formatDecimal is formatFloat64's second half alone, for the tests: it
// writes d*10^e (10^15 <= d < 10^17, 10^-6 <= d*10^e < 10^21) as
// appendDecimal's 'f' format does and returns the bytes written, or 0
// for a smaller d; out must have room for 48.
//
//go:noescape
func formatDecimal(out *byte, d uint64, e int) int
