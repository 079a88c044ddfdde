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
// need escaping (see needsEscape8), or len(s). From 16 bytes on it is
// indexEscape's exact answer; shorter runs are looked at eight bytes at a
// time here, which costs less than the call.
func nextEscape(s []byte, i int, html bool) int {
	n := len(s)
	if n-i >= 16 {
		if html {
			return i + indexEscapeHTML(s[i:])
		}
		return i + indexEscape(s[i:])
	}
	if i+8 <= n {
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
// UTF-8 as \ufffd (under encodeV2 as U+FFFD itself: invalidUTF8), U+2028
// and U+2029 as \u2028 and \u2029.
func appendString(dst []byte, str string, html bool) []byte {
	s := unsafe.Slice(unsafe.StringData(str), len(str))
	i := nextEscape(s, 0, html)
	if i == len(s) {
		dst = append(dst, '"')
		dst = append(dst, s...)
		return append(dst, '"')
	}
	return appendEscaped(dst, s, i, html)
}

// appendEscaped appends s to dst as appendString does, given that the
// bytes of s before i are written as they are (nextEscape's answer, so
// that they are not looked at again).
func appendEscaped(dst, s []byte, i int, html bool) []byte {
	dst = append(dst, '"')
	start := 0
	n := len(s)
	// nonASCII: a non-ASCII character was met. Then, after an escape, the
	// rest is scanned by skipUTF8, which passes over ASCII and UTF-8
	// alike, rather than by nextEscape, which would stop at the next
	// non-ASCII byte (in text such as CJK with newlines, at once).
	nonASCII := false
	for i < n {
		b := s[i]
		if b < utf8.RuneSelf {
			if htmlSafeByte[b] || !html && safeByte[b] { // a spurious flag
				i = nextEscape(s, i+1, html)
				continue
			}
			dst = appendEscapedASCII(append(dst, s[start:i]...), b)
			i++
			start = i
			if nonASCII && utf8Scan && n-i >= 32 {
				i = skipUTF8(s, i, html)
			} else {
				i = nextEscape(s, i, html)
			}
			continue
		}
		nonASCII = true
		// A run of non-ASCII characters: with AVX2 and from 32 bytes on,
		// skipUTF8 passes over what is copied as it is, ASCII included,
		// and stops at a character to look at here (below 32 bytes the Go
		// loop costs less than a NUL-padded copy for it, measured). Then
		// runs of three-byte sequences (CJK text) are checked two at a
		// time with one load, two- and three-byte sequences one at a time
		// (all but U+2028 and U+2029 kept as they are), the rest by
		// utf8.DecodeRune.
		for i < n && s[i] >= utf8.RuneSelf {
			if utf8Scan && n-i >= 32 {
				i = skipUTF8(s, i, html)
				if i == n || s[i] < utf8.RuneSelf {
					break
				}
			}
			for i+8 <= n {
				w := binary.LittleEndian.Uint64(s[i:])
				if w&0xC0C0F0C0C0F0 != 0x8080E08080E0 || !valid3(uint32(w)) || !valid3(uint32(w>>24)) {
					break
				}
				i += 6
			}
			if s[i] < utf8.RuneSelf { // i < n: the loop leaves two bytes
				break
			}
			if i+4 <= n {
				w := binary.LittleEndian.Uint32(s[i:])
				if w&0xC0C0F0 == 0x8080E0 && valid3(w) {
					i += 3
					continue
				}
				if w&0xC0E0 == 0x80C0 && byte(w) >= 0xC2 {
					i += 2
					continue
				}
			}
			c, size := utf8.DecodeRune(s[i:])
			if c == utf8.RuneError && size == 1 {
				dst = append(dst, s[start:i]...)
				dst = append(dst, invalidUTF8...)
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
		i = nextEscape(s, i, html)
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// utf8Scan: whether appendEscaped calls skipUTF8 (where the CPU allows;
// tests turn it off to check the Go path on the same machine).
var utf8Scan = utf8ScanSupported

// skipUTF8 returns the end of the run of s from i on (i at the start of a
// character, len(s)-i at least 32) that appendString copies as it is:
// safe ASCII and valid UTF-8 other than U+2028 and U+2029, whole
// characters only. Only where utf8Scan is set.
func skipUTF8(s []byte, i int, html bool) int {
	var q int
	if html {
		q = i + indexUTF8HTML(s[i:])
	} else {
		q = i + indexUTF8(s[i:])
	}
	// s[i:q] is valid UTF-8 but for its last character, which the flag at
	// q (or the end of s) may cut: then it stops at that character.
	if q-1 >= i && s[q-1] >= 0xC0 {
		return q - 1
	}
	if q-2 >= i && s[q-2] >= 0xE0 {
		return q - 2
	}
	if q-3 >= i && s[q-3] >= 0xF0 {
		return q - 3
	}
	return q
}

// valid3 reports whether w, the little-endian load of a lead byte E0..EF
// and two continuation bytes (and one more byte), is a character written
// as it is: not an overlong form (E0 then below A0), not a surrogate (ED
// then A0 and above), not U+2028 or U+2029 (E2 80 A8, E2 80 A9).
func valid3(w uint32) bool {
	switch byte(w) {
	case 0xE0:
		return byte(w>>8) >= 0xA0
	case 0xED:
		return byte(w>>8) < 0xA0
	case 0xE2:
		return w>>8&0xFEFF != 0xA880
	}
	return true
}

// setBuf sets e.buf to b, e.buf appended to: while b is in e.buf's array
// only the length is stored, without the write barrier that storing the
// pointer costs while the garbage collector marks.
func (e *encState) setBuf(b []byte) {
	if unsafe.SliceData(b) == unsafe.SliceData(e.buf) {
		e.buf = e.buf[:len(b)]
		return
	}
	e.buf = b
}

// appendBytesString is appendString for a []byte.
func appendBytesString(dst, b []byte, html bool) []byte {
	return appendString(dst, unsafe.String(unsafe.SliceData(b), len(b)), html)
}

// appendEscapedASCII appends the escape of c, an ASCII byte that needs one
// (a quote, a backslash, a control character; or, where HTML escaping is
// on, one of <, > and &, which get the \u form): the two-byte forms where
// JSON has them, \u00XX otherwise.
func appendEscapedASCII(dst []byte, c byte) []byte {
	switch c {
	case '\\', '"':
		return append(dst, '\\', c)
	case '\b':
		return append(dst, '\\', 'b')
	case '\f':
		return append(dst, '\\', 'f')
	case '\n':
		return append(dst, '\\', 'n')
	case '\r':
		return append(dst, '\\', 'r')
	case '\t':
		return append(dst, '\\', 't')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}
