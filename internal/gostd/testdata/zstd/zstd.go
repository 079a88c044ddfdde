// Package zstd stands in for the standard library's internal/zstd in the
// copy of Go's encoding/json tests that internal/gostd builds. Only the
// benchmarks read zstd data (codeInit, the golang_source.json.zst corpus),
// and the harness runs no benchmark, so this reader only reports an error.
package zstd

import (
	"errors"
	"io"
)

// Reader reads nothing: it fails on the first Read.
type Reader struct{}

// NewReader returns a Reader whose reads fail.
func NewReader(io.Reader) *Reader { return &Reader{} }

// Read reports that zstd data is not available in the harness.
func (*Reader) Read([]byte) (int, error) {
	return 0, errors.New("gostd: internal/zstd is not available: the benchmarks' corpus is not decoded here")
}
