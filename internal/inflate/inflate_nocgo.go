//go:build !cgo

package inflate

import "unsafe"

// Available reports whether libdeflate is compiled in: not without cgo, where
// the root package's gzip reader uses compress/gzip alone.
const Available = false

// Results of Gzip.
const (
	OK      = 0
	BadData = 1
	NoSpace = 3
)

// Decompressor is unavailable without cgo.
type Decompressor struct{}

// New returns nil without cgo.
func New() *Decompressor { return nil }

// Close does nothing without cgo.
func (d *Decompressor) Close() {}

// Gzip fails without cgo.
func (d *Decompressor) Gzip(in []byte, out unsafe.Pointer, outCap int) (inUsed, outN, rc int) {
	return 0, 0, BadData
}

// StreamState is unused without cgo.
type StreamState struct{}

// Constants of Stream.
const (
	StreamInMargin  = 1024
	StreamOutMargin = 258
)

func (s *StreamState) InBit() int      { return 0 }
func (s *StreamState) SetInBit(n int)  {}
func (s *StreamState) OutPos() int     { return 0 }
func (s *StreamState) SetOutPos(n int) {}
func (s *StreamState) Done() bool      { return false }

// Stream fails without cgo.
func (d *Decompressor) Stream(st *StreamState, in unsafe.Pointer, n int, final bool, out unsafe.Pointer, outCap int) int {
	return BadData
}

// CopyFrom does nothing without cgo.
func (d *Decompressor) CopyFrom(s *Decompressor) {}

// Malloc returns nil without cgo.
func Malloc(n int) unsafe.Pointer { return nil }

// Free does nothing without cgo.
func Free(p unsafe.Pointer) {}
