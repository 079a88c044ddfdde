package simdjson

import "io"

// Test hooks of the gzip tests.

// InflateAll reads the gzip stream r through the gzip reader of Gzip inputs
// (whole members within maxBuf bytes, else streamed) to its end or error.
func InflateAll(r io.Reader, maxBuf int) ([]byte, error) {
	g := newGzipReader("", r, -1, gzipOpts{maxBuf: maxBuf, whole: true})
	defer g.close()
	return io.ReadAll(g)
}

// InflateStream reads the gzip stream r through the streaming libdeflate
// reader of Gzip inputs (the default) to its end or error.
func InflateStream(r io.Reader) ([]byte, error) {
	g := newGzipReader("", r, -1, gzipOpts{})
	defer g.close()
	return io.ReadAll(g)
}

// GzipStreamReader returns the default (streaming) gzip reader of r and its
// closer.
func GzipStreamReader(r io.Reader) (io.Reader, func()) {
	g := newGzipReader("", r, -1, gzipOpts{})
	return g, g.close
}
