// Package text holds the byte-level facts about JSON text that the root
// package (handles, streams, maps) and package json both need.
package text

// HasBOM reports whether b starts with a UTF-8 byte order mark, which
// simdjson skips and encoding/json rejects.
func HasBOM(b []byte) bool {
	return len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
}

// DropBOM moves the bytes after a byte order mark at the start of b to its
// start (a reader's buffer keeps its place) and returns them.
func DropBOM(b []byte) []byte { return b[:copy(b, b[3:])] }

// IsSpace reports whether c is JSON whitespace (RFC 8259).
func IsSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
