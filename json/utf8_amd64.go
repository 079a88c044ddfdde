//go:build !purego

package json

// indexUTF8 and indexUTF8HTML (utf8_amd64.s, AVX2) return the index of
// the first byte of s flagged by a check of UTF-8 validity and of the
// bytes appendString escapes, or len(s): s before it is a prefix of valid
// UTF-8 (its last character possibly cut) holding no escape and no U+2028
// or U+2029. s must be at least 32 bytes long (shorter, they return 0).
// Bytes before s count as ASCII. Call them only where utf8Scan is set.

//go:noescape
func indexUTF8(s []byte) int

//go:noescape
func indexUTF8HTML(s []byte) int

// cpuAVX2 reports whether the CPU has AVX2 and the OS saves its
// registers.
func cpuAVX2() bool

// utf8ScanSupported: whether indexUTF8 can run here.
var utf8ScanSupported = cpuAVX2()
