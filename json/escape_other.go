//go:build !amd64 || purego

package json

import (
	"encoding/binary"
	"math/bits"
	"unsafe"
)

// The index functions return the index of the first byte of s in their
// class, or len(s) (see escape_amd64.go); here in Go, eight bytes at a
// time, for s of any length.

func indexEscape(s []byte) int     { return indexMask(s, needsEscape8, isEscape, false) }
func indexEscapeHTML(s []byte) int { return indexMask(s, needsEscape8, isEscape, true) }

func isEscape(b byte, html bool) bool { return !htmlSafeByte[b] && (html || !safeByte[b]) }

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

// compactBits and compactBitsHTML: see escape_amd64.go.
func compactBits(s []byte, out *uint64)     { compactBitsGo(s, out, false) }
func compactBitsHTML(s []byte, out *uint64) { compactBitsGo(s, out, true) }

func compactBitsGo(s []byte, out *uint64, html bool) {
	words := unsafe.Slice(out, len(s)/64)
	for k := range words {
		words[k] = compactBits64(s[64*k:64*k+64], html)
	}
}
