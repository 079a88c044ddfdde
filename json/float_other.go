//go:build !amd64 || purego

package json

// haveFormatFloat64: whether formatFloat64 formats anything.
const haveFormatFloat64 = false

// formatFloat64 leaves every float to appendFloat's Go path.
func formatFloat64(out *byte, u uint64) int { return 0 }
