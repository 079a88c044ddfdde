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

// NumberEnd returns the end of the JSON number (RFC 8259's grammar,
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?) that starts at b[i]: the
// index just after it. The number ends at the first byte that cannot
// continue it ("01" ends after the 0, "1.5x" after the 5); the caller
// decides what may follow. It returns -1 when b[i:] does not start with a
// number, and also when a '.' or an exponent's 'e' or 'E' follows the
// digits without the digits the grammar requires after it ("1.", "1.e5",
// "1e", "1e+"), as a scanner that reads the '.' or 'e' and then fails.
// b is a string or a byte slice; neither is copied.
func NumberEnd[T ~string | ~[]byte](b T, i int) int {
	n := len(b)
	if i < n && b[i] == '-' {
		i++
	}
	if i >= n {
		return -1
	}
	switch c := b[i]; {
	case c == '0':
		i++
	case '1' <= c && c <= '9':
		i++
		for i < n && isDigit(b[i]) {
			i++
		}
	default:
		return -1
	}
	if i < n && b[i] == '.' {
		i++
		if i >= n || !isDigit(b[i]) {
			return -1
		}
		i++
		for i < n && isDigit(b[i]) {
			i++
		}
	}
	if i < n && b[i]|0x20 == 'e' { // 'e' or 'E'
		i++
		if i < n && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= n || !isDigit(b[i]) {
			return -1
		}
		i++
		for i < n && isDigit(b[i]) {
			i++
		}
	}
	return i
}

// IsNumber reports whether s is one JSON number and nothing else (no
// whitespace around it): NumberEnd(s, 0) == len(s).
func IsNumber[T ~string | ~[]byte](s T) bool { return NumberEnd(s, 0) == len(s) }

func isDigit(c byte) bool { return c-'0' < 10 }

// Hex4 reads the escape \uXXXX at the start of s: its code unit, and
// false when s does not start with one.
func Hex4(s []byte) (rune, bool) {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range s[2:6] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
