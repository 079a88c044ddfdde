//go:build !amd64 || purego

package json

import (
	"encoding/binary"
	"math/bits"
)

// The index functions return the index of the first byte of s in their
// class, or len(s) (see scan_amd64.go); here in Go, eight bytes at a
// time, for s of any length.

func indexEscape(s []byte) int     { return indexMask(s, needsEscape8, false) }
func indexEscapeHTML(s []byte) int { return indexMask(s, needsEscape8, true) }
func indexCompact(s []byte) int    { return indexMask(s, compactMask8, false) }
func indexCompactHTML(s []byte) int {
	return indexMask(s, compactMask8, true)
}

// indexMask finds the first byte mask flags, checking the byte it stops
// at with the exact class (the masks may flag bytes above the first
// spuriously).
func indexMask(s []byte, mask func(uint64, bool) uint64, html bool) int {
	i := 0
	for i+8 <= len(s) {
		if m := mask(binary.LittleEndian.Uint64(s[i:]), html); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	var w [8]byte
	copy(w[:], s[i:])
	// Padding past the end with 'a', a byte in no class.
	for j := len(s) - i; j < 8; j++ {
		w[j] = 'a'
	}
	if m := mask(binary.LittleEndian.Uint64(w[:]), html); m != 0 {
		return i + bits.TrailingZeros64(m)>>3
	}
	return len(s)
}
