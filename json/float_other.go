//go:build !amd64 || purego

package json

// formatFloat64 leaves every float to appendFloat's Go path.
func formatFloat64(out *byte, u uint64) int { return 0 }
