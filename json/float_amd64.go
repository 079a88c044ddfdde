//go:build !purego

package json

// formatDecimal writes d*10^e (0 < d < 10^17) to out in strconv's 'f'
// format with precision -1, for 10^-6 <= d*10^e < 10^21, and returns the
// bytes written; out must have room for 48. It returns 0, writing
// nothing of use, when d is below 10^15 (its first digit is not among
// the first two of 17 places): appendDecimal's Go path writes those.
//
//go:noescape
func formatDecimal(out *byte, d uint64, e int) int

// formatFloat64 writes the float64 of bits u (positive, finite, 10^-6
// to 10^21, not an integer below 2^53) as appendFloat does and returns
// the bytes written (0: left to the Go path, which no such float is);
// out must have room for 48. It is schubfach and formatDecimal in one
// call.
//
//go:noescape
func formatFloat64(out *byte, u uint64) int
