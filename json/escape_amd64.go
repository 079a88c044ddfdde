//go:build !purego

package json

// The index functions (escape_amd64.s) return the index of the first byte
// of s in their class, or len(s); s must be at least 16 bytes long.
// Their class is the bytes appendString does not copy as they are
// (control characters, '"', '\\', non-ASCII bytes; with html '<', '>'
// and '&').

//go:noescape
func indexEscape(s []byte) int

//go:noescape
func indexEscapeHTML(s []byte) int

// compactBits and compactBitsHTML set out[k] to the mask of the bytes
// compaction looks at (compactMask8's class: control characters, '"',
// '\\'; with html '<', '>', '&' and 0xE2) in s's k-th whole 64 bytes, bit j
// for byte 64k+j; out must have room for len(s)/64 words.

//go:noescape
func compactBits(s []byte, out *uint64)

//go:noescape
func compactBitsHTML(s []byte, out *uint64)
