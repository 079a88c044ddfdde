//go:build !purego

package json

// The index functions (scan_amd64.s) return the index of the first byte
// of s in their class, or len(s); s must be at least 16 bytes long.
// indexEscape's class is the bytes appendString does not copy as they
// are (control characters, '"', '\\', non-ASCII bytes; with html '<',
// '>' and '&'), indexCompact's the string bytes compaction looks at
// (control characters, '"', '\\'; with html '<', '>', '&' and 0xE2).

//go:noescape
func indexEscape(s []byte) int

//go:noescape
func indexEscapeHTML(s []byte) int

//go:noescape
func indexCompact(s []byte) int

//go:noescape
func indexCompactHTML(s []byte) int

// indexSpecial's class is indexCompact's without '"': bytes that rule out
// that compaction leaves a message as it is, whatever its strings.

//go:noescape
func indexSpecial(s []byte) int

//go:noescape
func indexSpecialHTML(s []byte) int
