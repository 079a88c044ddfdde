package json

import (
	"bytes"
	"encoding/binary"
	stdjson "encoding/json"
	"math/bits"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// appendCompact appends src, the bytes a MarshalJSON returned (or a
// RawMessage), compacted as encoding/json's encoder compacts them:
// insignificant whitespace dropped and, with html, '<', '>', '&', U+2028
// and U+2029 escaped (under encodeV2 U+2028 and U+2029 always). It also
// validates them: on bytes encoding/json's scanner rejects it returns that
// scanner's error (from encoding/json's Compact), dst unchanged. The scan
// here is this package's own and accepts only what encoding/json accepts;
// anything it does not accept (an error, or nesting deep enough to be
// near the scanner's limit) goes to encoding/json's Compact, whose answer
// is used. Under encodeV2 that is errFallback, and so is nesting deeper
// than room levels (encState.compactRoom).
func appendCompact(dst, src []byte, html bool, room int) ([]byte, error) {
	if compactAlready(src, html, room) {
		// Valid, without whitespace and with nothing to escape: copied
		// as it is.
		return append(dst, src...), nil
	}
	if out, ok := appendCompactFast(dst, src, html, room); ok {
		return out, nil
	}
	if encodeV2 {
		return dst, errFallback
	}
	var buf bytes.Buffer
	if err := stdjson.Compact(&buf, src); err != nil {
		return dst, err
	}
	if html {
		var esc bytes.Buffer
		stdjson.HTMLEscape(&esc, buf.Bytes())
		return append(dst, esc.Bytes()...), nil
	}
	return append(dst, buf.Bytes()...), nil
}

// maxCompactDepth: deeper documents go to encoding/json (whose scanner
// allows 10000 levels).
const maxCompactDepth = 9000

func skipSpace(src []byte, i int) int {
	if i < len(src) && src[i] > ' ' {
		return i
	}
	for i < len(src) && text.IsSpace(src[i]) {
		i++
	}
	return i
}

// appendCompactFast is appendCompact's own scan; ok false when it does not
// accept src (dst is then to be ignored). room: appendCompact's (read
// under encodeV2 only).
func appendCompactFast(dst, src []byte, html bool, room int) (_ []byte, ok bool) {
	w := compactWin{src: src, html: html}
	if encodeV2 {
		w.setV2(html, room)
	}
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
		if encodeV2 && len(stack) >= w.room { // every container counts there
			return dst, false
		}
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
		if dst, i, ok = compactString(dst, &w, i); !ok {
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
		j := text.NumberEnd(src, i)
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
	if dst, i, ok = compactString(dst, &w, i); !ok {
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
// compaction leaves as it is: no whitespace outside strings, and nothing
// to escape in them (with html '<', '>', '&', U+2028 and U+2029; under
// encodeV2 U+2028 and U+2029 always), nested within room levels (under
// encodeV2). It reads src only (appendCompactFast decides the rest).
// Strings are read through a compactWin: the bytes of their contents it
// flags are few, and only those are looked at.
func compactAlready(src []byte, html bool, room int) bool {
	w := compactWin{src: src, html: html}
	if encodeV2 {
		w.setV2(html, room)
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
		if encodeV2 && len(stack) >= w.room { // every container counts there
			return false
		}
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
		if i = w.string(i); i < 0 {
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
		if i = text.NumberEnd(src, i); i < 0 {
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
	if i = w.string(i); i < 0 || i >= n || src[i] != ':' {
		return false
	}
	i++
	goto value
}

// compactWin holds, as one bit per byte, where a window of a message has
// bytes of compactMask8's class ('"', '\\', control characters and, with
// html, '<', '>', '&' and 0xE2); the window moves on as the message is
// read. Its bits for whole 64 bytes come from compactBits (SIMD on amd64).
type compactWin struct {
	src  []byte
	html bool // the class has '<', '>', '&' and 0xE2
	// Under encodeV2 only (setV2): esc, '<', '>' and '&' are escaped
	// (the class is the HTML one, with or without: U+2028 and U+2029 are
	// escaped always); room, how many levels the value may nest.
	esc       bool
	room      int
	base, end int // the window: src[base:end], base a multiple of 64
	bits      [32]uint64
}

// setV2 sets w for encoding/json on v2's compaction (encodeV2): U+2028
// and U+2029 escaped with or without HTML escaping, so the HTML class,
// its '<', '>' and '&' passed over without it; room levels of nesting.
func (w *compactWin) setV2(html bool, room int) {
	w.html, w.esc, w.room = true, html, room
}

// fill moves the window to the 64 bytes holding p and the ones after.
func (w *compactWin) fill(p int) {
	base := p &^ 63
	end := min(base+64*len(w.bits), len(w.src))
	whole := (end - base) &^ 63
	if whole > 0 {
		if w.html {
			compactBitsHTML(w.src[base:base+whole], &w.bits[0])
		} else {
			compactBits(w.src[base:base+whole], &w.bits[0])
		}
	}
	if whole < end-base {
		w.bits[whole>>6] = compactBits64(w.src[base+whole:end], w.html)
	}
	w.base, w.end = base, end
}

// next returns the index of the first flagged byte at or after p, or
// len(src).
func (w *compactWin) next(p int) int {
	for p < len(w.src) {
		if p >= w.end || p < w.base {
			w.fill(p)
		}
		k := (p - w.base) >> 6
		if m := w.bits[k] >> ((p - w.base) & 63); m != 0 {
			return p + bits.TrailingZeros64(m)
		}
		p = w.base + (k+1)<<6
	}
	return len(w.src)
}

// string returns the index after the string literal at src[i] (a '"')
// when it is valid and, with html, holds nothing to escape; else -1.
func (w *compactWin) string(i int) int {
	src := w.src
	n := len(src)
	for p := i + 1; ; {
		// next's first step, here: the flag in the same 64 bytes.
		var j int
		if d := p - w.base; p < w.end && d >= 0 {
			if m := w.bits[(d>>6)&(len(w.bits)-1)] >> (d & 63); m != 0 {
				j = p + bits.TrailingZeros64(m)
			} else {
				j = w.next(p)
			}
		} else {
			j = w.next(p)
		}
		if j >= n {
			return -1
		}
		switch src[j] {
		case '"':
			return j + 1
		case '\\':
			if j+1 >= n {
				return -1
			}
			switch src[j+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p = j + 2
			case 'u':
				if j+6 > n || !isHex(src[j+2]) || !isHex(src[j+3]) || !isHex(src[j+4]) || !isHex(src[j+5]) {
					return -1
				}
				p = j + 6
			default:
				return -1
			}
		case 0xE2:
			// Only U+2028 and U+2029 (E2 80 A8/A9) are escaped.
			if j+2 < n && src[j+1] == 0x80 && src[j+2]&^1 == 0xA8 {
				return -1
			}
			p = j + 1
		default: // a control character, or '<', '>', '&' with html
			if encodeV2 && !w.esc && src[j] >= 0x20 {
				p = j + 1 // '<', '>' or '&', not escaped
				continue
			}
			return -1
		}
	}
}

// compactBits64 returns the class mask of s (at most 64 bytes), bit j for
// s[j]: compactMask8 eight bytes at a time, each flag checked (those
// above a flagged byte may be spurious).
func compactBits64(s []byte, html bool) uint64 {
	var m uint64
	j := 0
	for ; j+8 <= len(s); j += 8 {
		f := compactMask8(binary.LittleEndian.Uint64(s[j:]), html)
		for f != 0 {
			b := j + bits.TrailingZeros64(f)>>3
			if isCompact(s[b], html) {
				m |= 1 << b
			}
			f &= f - 1
		}
	}
	for ; j < len(s); j++ {
		if isCompact(s[j], html) {
			m |= 1 << j
		}
	}
	return m
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
// escapes) and, with html, escaping '<', '>', '&', U+2028 and U+2029; it
// returns the index after its closing quote. Only the bytes w flags are
// looked at.
func compactString(dst []byte, w *compactWin, i int) ([]byte, int, bool) {
	src := w.src
	n := len(src)
	start := i
	i++
	for {
		i = w.next(i)
		if i >= n {
			return dst, i, false
		}
		switch c := src[i]; {
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
		case c == 0xE2:
			if i+2 < n && src[i+1] == 0x80 && src[i+2]&^1 == 0xA8 {
				dst = append(dst, src[start:i]...)
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[src[i+2]&0xF])
				i += 3
				start = i
			} else {
				i++
			}
		default: // '<', '>' or '&', with html
			if encodeV2 && !w.esc {
				i++ // not escaped
				continue
			}
			dst = append(dst, src[start:i]...)
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			i++
			start = i
		}
	}
}

// isCompact: the class of compactMask8, exactly.
func isCompact(b byte, html bool) bool {
	return b < 0x20 || b == '"' || b == '\\' || html && (b == '<' || b == '>' || b == '&' || b == 0xE2)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
