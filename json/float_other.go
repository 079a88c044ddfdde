//go:build !amd64 || purego

package json

// formatDecimal leaves every decimal to appendDecimal's Go path.
func formatDecimal(out *byte, d uint64, e int) int { return 0 }
