package json

import (
	"encoding/binary"
	"math/bits"
	"unicode/utf8"
	"unsafe"
)

const hexDigits = "0123456789abcdef"

// safeByte[b] is set for the ASCII bytes a JSON string holds as they are
// (not '"', '\\' or a control character); htmlSafeByte also excludes '<',
// '>' and '&'.
var safeByte, htmlSafeByte [256]bool

func init() {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		if b != '"' && b != '\\' {
			safeByte[b] = true
			htmlSafeByte[b] = b != '<' && b != '>' && b != '&'
		}
	}
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// needsEscape8 returns a word with the high bit set in each byte of w (8
// bytes of a string, little-endian) that is not written as it is: a
// control character, '"', '\\', a non-ASCII byte, and with html '<', '>'
// and '&'. The lowest flagged byte is exact; bytes above a flagged one
// may be flagged spuriously (borrows), so callers check the byte they
// stop at.
func needsEscape8(w uint64, html bool) uint64 {
	m := w | (w - lsb*0x20) // >= 0x80, or < 0x20 (borrow)
	s := w ^ (lsb * '\\')
	m |= s - lsb
	if html {
		// '"' (0x22) and '&' (0x26) differ in bit 2 only, '<' (0x3c) and
		// '>' (0x3e) in bit 1.
		q := (w &^ (lsb * 0x04)) ^ (lsb * '"')
		m |= q - lsb
		l := (w &^ (lsb * 0x02)) ^ (lsb * '<')
		m |= l - lsb
	} else {
		q := w ^ (lsb * '"')
		m |= q - lsb
	}
	return m & msb
}

// nextEscape returns the index of the first byte of s from i on that may
// need escaping (see needsEscape8), or len(s).
func nextEscape(s []byte, i int, html bool) int {
	n := len(s)
	for i+8 <= n {
		if m := needsEscape8(binary.LittleEndian.Uint64(s[i:]), html); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	if i == n {
		return n
	}
	if n >= 8 {
		// The last eight bytes, those before i shifted out.
		m := needsEscape8(binary.LittleEndian.Uint64(s[n-8:]), html) >> (8 * (8 - (n - i)))
		if m == 0 {
			return n
		}
		return i + bits.TrailingZeros64(m)>>3
	}
	for i < n && (htmlSafeByte[s[i]] || !html && safeByte[s[i]]) {
		i++
	}
	return i
}

// appendString appends s as a JSON string, escaped as encoding/json
// escapes it: '"', '\\' and control characters (\b \f \n \r \t by name,
// the others as \u00XX), with html '<', '>' and '&' as \u00XX, invalid
// UTF-8 as \ufffd, U+2028 and U+2029 as \u2028 and \u2029. Runs of bytes
// written as they are are found eight at a time.
func appendString(dst []byte, str string, html bool) []byte {
	s := unsafe.Slice(unsafe.StringData(str), len(str))
	dst = append(dst, '"')
	start := 0
	i := 0
	n := len(s)
	for {
		found := false
		for i+8 <= n {
			if m := needsEscape8(binary.LittleEndian.Uint64(s[i:]), html); m != 0 {
				i += bits.TrailingZeros64(m) >> 3
				found = true
				break
			}
			i += 8
		}
		if !found {
			if i = nextEscape(s, i, html); i >= n {
				break
			}
		}
		b := s[i]
		if b < utf8.RuneSelf {
			if htmlSafeByte[b] || !html && safeByte[b] { // a spurious flag
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		// A run of non-ASCII characters: two- and three-byte sequences
		// checked here (all but U+2028 and U+2029 kept as they are), the
		// rest by utf8.DecodeRune.
		for i < n && s[i] >= utf8.RuneSelf {
			b := s[i]
			if b >= 0xC2 && b < 0xE0 && i+1 < n && s[i+1]&0xC0 == 0x80 {
				i += 2
				continue
			}
			if b&0xF0 == 0xE0 && i+2 < n && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 &&
				(b != 0xE0 || s[i+1] >= 0xA0) && (b != 0xED || s[i+1] < 0xA0) &&
				(b != 0xE2 || s[i+1] != 0x80 || s[i+2]&^1 != 0xA8) {
				i += 3
				continue
			}
			c, size := utf8.DecodeRune(s[i:])
			if c == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, `\ufffd`...)
				i++
				start = i
				continue
			}
			if c == '\u2028' || c == '\u2029' {
				dst = append(dst, s[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
				i += size
				start = i
				continue
			}
			i += size
		}
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// appendBytesString is appendString for a []byte.
func appendBytesString(dst, b []byte, html bool) []byte {
	return appendString(dst, unsafe.String(unsafe.SliceData(b), len(b)), html)
}
