package json

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/bits"
)

// appendCompact appends src, the bytes a MarshalJSON returned (or a
// RawMessage), compacted as encoding/json's encoder compacts them:
// insignificant whitespace dropped and, with html, '<', '>', '&', U+2028
// and U+2029 escaped. It also validates them: on bytes encoding/json's
// scanner rejects it returns that scanner's error (from encoding/json's
// Compact), dst unchanged. The scan here is this package's own and
// accepts only what encoding/json accepts; anything it does not accept
// (an error, or nesting deep enough to be near the scanner's limit) goes
// to encoding/json's Compact, whose answer is used.
func appendCompact(dst, src []byte, html bool) ([]byte, error) {
	if compactAlready(src, html) {
		// Valid, without whitespace and with nothing to escape: copied
		// as it is.
		return append(dst, src...), nil
	}
	if out, ok := appendCompactFast(dst, src, html); ok {
		return out, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, src); err != nil {
		return dst, err
	}
	if html {
		var esc bytes.Buffer
		json.HTMLEscape(&esc, buf.Bytes())
		return append(dst, esc.Bytes()...), nil
	}
	return append(dst, buf.Bytes()...), nil
}

// maxCompactDepth: deeper documents go to encoding/json (whose scanner
// allows 10000 levels).
const maxCompactDepth = 9000

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipSpace(src []byte, i int) int {
	if i < len(src) && src[i] > ' ' {
		return i
	}
	for i < len(src) && isSpaceByte(src[i]) {
		i++
	}
	return i
}

// appendCompactFast is appendCompact's own scan; ok false when it does not
// accept src (dst is then to be ignored).
func appendCompactFast(dst, src []byte, html bool) (_ []byte, ok bool) {
	var stackBuf [32]byte
	stack := stackBuf[:0]
	n := len(src)
	i := 0
value:
	i = skipSpace(src, i)
	if i >= n {
		return dst, false
	}
	switch c := src[i]; c {
	case '{', '[':
		dst = append(dst, c)
		i = skipSpace(src, i+1)
		if i < n && src[i] == c+2 { // '}' is '{'+2, ']' is '['+2
			dst = append(dst, c+2)
			i++
			goto after
		}
		if len(stack) >= maxCompactDepth {
			return dst, false
		}
		stack = append(stack, c)
		if c == '{' {
			goto key
		}
		goto value
	case '"':
		if dst, i, ok = compactString(dst, src, i, html); !ok {
			return dst, false
		}
	case 't':
		if n-i < 4 || string(src[i:i+4]) != "true" {
			return dst, false
		}
		dst = append(dst, "true"...)
		i += 4
	case 'f':
		if n-i < 5 || string(src[i:i+5]) != "false" {
			return dst, false
		}
		dst = append(dst, "false"...)
		i += 5
	case 'n':
		if n-i < 4 || string(src[i:i+4]) != "null" {
			return dst, false
		}
		dst = append(dst, "null"...)
		i += 4
	default:
		j := scanNumber(src, i)
		if j < 0 {
			return dst, false
		}
		dst = append(dst, src[i:j]...)
		i = j
	}
after:
	i = skipSpace(src, i)
	if len(stack) == 0 {
		return dst, i == n
	}
	if i >= n {
		return dst, false
	}
	switch top := stack[len(stack)-1]; src[i] {
	case ',':
		dst = append(dst, ',')
		i++
		if top == '{' {
			goto key
		}
		goto value
	case top + 2:
		dst = append(dst, top+2)
		stack = stack[:len(stack)-1]
		i++
		goto after
	}
	return dst, false
key:
	i = skipSpace(src, i)
	if i >= n || src[i] != '"' {
		return dst, false
	}
	if dst, i, ok = compactString(dst, src, i, html); !ok {
		return dst, false
	}
	i = skipSpace(src, i)
	if i >= n || src[i] != ':' {
		return dst, false
	}
	dst = append(dst, ':')
	i++
	goto value
}

// compactAlready reports whether src is one valid JSON value that
// compaction leaves as it is: no whitespace outside strings, and with html
// nothing to escape in them. It reads src only (appendCompactFast decides
// the rest).
//
// When src has none of indexSpecial's bytes (no control character, no
// '\\', with html nothing to escape), its strings' contents need no
// look: only their closing quotes are looked for.
func compactAlready(src []byte, html bool) bool {
	plain := false
	if len(src) >= 16 {
		if html {
			plain = indexSpecialHTML(src) == len(src)
		} else {
			plain = indexSpecial(src) == len(src)
		}
	}
	var stackBuf [32]byte
	stack := stackBuf[:0]
	n := len(src)
	i := 0
value:
	if i >= n {
		return false
	}
	switch c := src[i]; c {
	case '{', '[':
		i++
		if i < n && src[i] == c+2 {
			i++
			goto after
		}
		if len(stack) >= maxCompactDepth {
			return false
		}
		stack = append(stack, c)
		if c == '{' {
			goto key
		}
		goto value
	case '"':
		if plain {
			i = closeQuote(src, i)
		} else {
			i = scanString(src, i, html)
		}
		if i < 0 {
			return false
		}
	case 't':
		if n-i < 4 || string(src[i:i+4]) != "true" {
			return false
		}
		i += 4
	case 'f':
		if n-i < 5 || string(src[i:i+5]) != "false" {
			return false
		}
		i += 5
	case 'n':
		if n-i < 4 || string(src[i:i+4]) != "null" {
			return false
		}
		i += 4
	default:
		if i = scanNumber(src, i); i < 0 {
			return false
		}
	}
after:
	if len(stack) == 0 {
		return i == n
	}
	if i >= n {
		return false
	}
	switch top := stack[len(stack)-1]; src[i] {
	case ',':
		i++
		if top == '{' {
			goto key
		}
		goto value
	case top + 2:
		stack = stack[:len(stack)-1]
		i++
		goto after
	}
	return false
key:
	if i >= n || src[i] != '"' {
		return false
	}
	if plain {
		i = closeQuote(src, i)
	} else {
		i = scanString(src, i, html)
	}
	if i < 0 || i >= n || src[i] != ':' {
		return false
	}
	i++
	goto value
}

// skipPlain skips string bytes from i and returns the index of the first
// one compactMask8 flags (indexCompact's exact answer from 16 bytes on),
// or of the last bytes that do not fill eight (the caller looks at them
// one by one).
func skipPlain(src []byte, i int, html bool) int {
	if len(src)-i >= 16 {
		if html {
			return i + indexCompactHTML(src[i:])
		}
		return i + indexCompact(src[i:])
	}
	for i+8 <= len(src) {
		m := compactMask8(binary.LittleEndian.Uint64(src[i:]), html)
		if m == 0 {
			i += 8
			continue
		}
		return i + bits.TrailingZeros64(m)>>3
	}
	return i
}

// closeQuote returns the index after the string at src[i] (a '"') in a
// src without control characters or '\\' (the string is then valid), or
// -1 when it is not closed. Short strings are looked at eight bytes at a
// time here, longer ones by bytes.IndexByte.
func closeQuote(src []byte, i int) int {
	i++
	for k := 0; k < 2 && i+8 <= len(src); k++ {
		q := binary.LittleEndian.Uint64(src[i:]) ^ lsb*'"'
		// The lowest flag is a '"' (borrows flag only bytes above it).
		if m := (q - lsb) &^ q & msb; m != 0 {
			return i + bits.TrailingZeros64(m)>>3 + 1
		}
		i += 8
	}
	j := bytes.IndexByte(src[i:], '"')
	if j < 0 {
		return -1
	}
	return i + j + 1
}

// scanString returns the index after the string literal at src[i] (a
// '"'), or -1 when it is invalid or, with html, holds a character to
// escape.
func scanString(src []byte, i int, html bool) int {
	n := len(src)
	i++
	for {
		i = skipPlain(src, i, html)
		if i >= n {
			return -1
		}
		switch c := src[i]; {
		case c == '"':
			return i + 1
		case c == '\\':
			if i+1 >= n {
				return -1
			}
			switch src[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > n || !isHex(src[i+2]) || !isHex(src[i+3]) || !isHex(src[i+4]) || !isHex(src[i+5]) {
					return -1
				}
				i += 6
			default:
				return -1
			}
		case c < 0x20:
			return -1
		case html && (c == '<' || c == '>' || c == '&'):
			return -1
		case html && c == 0xE2 && i+2 < n && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
			return -1
		default:
			i++
		}
	}
}

// scanNumber returns the end of the number literal at src[i], or -1.
func scanNumber(src []byte, i int) int {
	n := len(src)
	if i < n && src[i] == '-' {
		i++
	}
	if i >= n {
		return -1
	}
	switch {
	case src[i] == '0':
		i++
	case '1' <= src[i] && src[i] <= '9':
		i++
		for i < n && '0' <= src[i] && src[i] <= '9' {
			i++
		}
	default:
		return -1
	}
	if i < n && src[i] == '.' {
		i++
		if i >= n || src[i] < '0' || src[i] > '9' {
			return -1
		}
		for i < n && '0' <= src[i] && src[i] <= '9' {
			i++
		}
	}
	if i < n && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < n && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= n || src[i] < '0' || src[i] > '9' {
			return -1
		}
		for i < n && '0' <= src[i] && src[i] <= '9' {
			i++
		}
	}
	return i
}

// compactMask8 flags, in w, the string bytes compactString must look at:
// '"', '\\', control characters and, with html, '<', '>', '&' and 0xE2
// (which starts U+2028 and U+2029). The lowest flag is exact; bytes above
// a flagged one may be flagged spuriously (borrows), and compactString
// checks the byte it stops at.
func compactMask8(w uint64, html bool) uint64 {
	if !html {
		return ((w - lsb*0x20) | ((w ^ lsb*'"') - lsb) | ((w ^ lsb*'\\') - lsb)) &^ w & msb
	}
	// '"' (0x22) and '&' (0x26) differ in bit 2 only, '<' (0x3c) and '>'
	// (0x3e) in bit 1.
	e := w ^ lsb*0xE2
	return (((w-lsb*0x20)|((w&^(lsb*4))^lsb*'"'-lsb)|((w&^(lsb*2))^lsb*'<'-lsb)|((w^lsb*'\\')-lsb))&^w | (e-lsb)&^e) & msb
}

// compactString copies the string literal at src[i] (a '"'), validating
// it as encoding/json's scanner does (no control characters, known
// escapes); it returns the index after its closing quote.
func compactString(dst, src []byte, i int, html bool) ([]byte, int, bool) {
	n := len(src)
	start := i
	i++
	for {
		i = skipPlain(src, i, html)
		if i >= n {
			return dst, i, false
		}
		c := src[i]
		switch {
		case c == '"':
			dst = append(dst, src[start:i+1]...)
			return dst, i + 1, true
		case c == '\\':
			if i+1 >= n {
				return dst, i, false
			}
			switch src[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > n || !isHex(src[i+2]) || !isHex(src[i+3]) || !isHex(src[i+4]) || !isHex(src[i+5]) {
					return dst, i, false
				}
				i += 6
			default:
				return dst, i, false
			}
		case c < 0x20:
			return dst, i, false
		case html && (c == '<' || c == '>' || c == '&'):
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			i++
			start = i
		case html && c == 0xE2 && i+2 < n && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8:
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[src[i+2]&0xF])
			i += 3
			start = i
		default:
			i++
		}
	}
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
