//go:build !amd64 || purego

package json

import (
	"encoding/binary"
	"math/bits"
)

// The index functions return the index of the first byte of s in their
// class, or len(s) (see scan_amd64.go); here in Go, eight bytes at a
// time, for s of any length.

func indexEscape(s []byte) int      { return indexMask(s, needsEscape8, isEscape, false) }
func indexEscapeHTML(s []byte) int  { return indexMask(s, needsEscape8, isEscape, true) }
func indexCompact(s []byte) int     { return indexMask(s, compactMask8, isCompact, false) }
func indexCompactHTML(s []byte) int { return indexMask(s, compactMask8, isCompact, true) }
func indexSpecial(s []byte) int     { return indexMask(s, compactMask8, isSpecial, false) }
func indexSpecialHTML(s []byte) int { return indexMask(s, compactMask8, isSpecial, true) }

func isEscape(b byte, html bool) bool { return !htmlSafeByte[b] && (html || !safeByte[b]) }

func isCompact(b byte, html bool) bool {
	return b < 0x20 || b == '"' || b == '\\' || html && (b == '<' || b == '>' || b == '&' || b == 0xE2)
}

func isSpecial(b byte, html bool) bool { return b != '"' && isCompact(b, html) }

// indexMask finds the first byte of class, eight bytes at a time: mask
// flags a superset of class, exactly at the lowest flag; a flagged byte
// not in class is passed over.
func indexMask(s []byte, mask func(uint64, bool) uint64, class func(byte, bool) bool, html bool) int {
	i := 0
	for i+8 <= len(s) {
		m := mask(binary.LittleEndian.Uint64(s[i:]), html)
		if m == 0 {
			i += 8
			continue
		}
		i += bits.TrailingZeros64(m) >> 3
		if class(s[i], html) {
			return i
		}
		i++
	}
	for i < len(s) && !class(s[i], html) {
		i++
	}
	return i
}
