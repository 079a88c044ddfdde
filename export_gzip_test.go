package simdjson

import "io"

// Test hooks of the gzip tests.

// InflateAll reads the gzip stream r through the gzip reader of Gzip inputs
// (whole members within maxBuf bytes, else streamed) to its end or error.
func InflateAll(r io.Reader, maxBuf int) ([]byte, error) {
	g := newGzipReader("", r, -1, maxBuf)
	defer g.close()
	return io.ReadAll(g)
}
