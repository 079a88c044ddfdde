//go:build !amd64 || purego

package json

// formatDecimal leaves every decimal to appendDecimal's Go path.
func formatDecimal(out *byte, d uint64, e int) int { return 0 }

// formatFloat64 leaves every float to appendFloat's Go path.
func formatFloat64(out *byte, u uint64) int { return 0 }
