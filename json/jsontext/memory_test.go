//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"io"
	"runtime"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/jtlink"
	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// repeatReader yields line n times, then io.EOF.
type repeatReader struct {
	line []byte
	n    int
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) && r.n > 0 {
		c := copy(p[k:], r.line[r.off:])
		k += c
		r.off += c
		if r.off == len(r.line) {
			r.off = 0
			r.n--
		}
	}
	if k == 0 {
		return 0, io.EOF
	}
	return k, nil
}

// TestMemoryBounded: reading 16 MB of NDJSON allocates a bounded amount
// (the buffer, not the stream), and so does handing the standard Decoder
// over at the end (its stand-in for the 16 MB read is made as it is read).
func TestMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 16 MB")
	}
	if instrumented {
		t.Skip("instrumented builds allocate what the product does not")
	}
	t.Run("lines", func(t *testing.T) {
		memoryBounded(t, []byte(`{"a":[1,2,3],"b":"xxxxxxxxxxxxxxxxxxxxxxxx","c":{"d":null}}`+"\n"))
	})
	// A number the fast path leaves to the standard Decoder (no space after
	// it), then an object it reads: the buffer goes back and forth.
	t.Run("alternating", func(t *testing.T) {
		memoryBounded(t, []byte(`{"a":[1,2,3],"b":"xxxxxxxxxxxxxxxxxxxxxxxx","c":{"d":null}}0`))
	})
}

func memoryBounded(t *testing.T, line []byte) {
	n := 16 << 20 / len(line)
	d := ours.NewDecoder(&repeatReader{line: line, n: n + 1})
	var m0, m1, m2 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for range n {
		if _, err := d.ReadValue(); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&m1)
	if got := m1.TotalAlloc - m0.TotalAlloc; got > 2<<20 {
		t.Errorf("reading %d lines allocated %d bytes", n, got)
	}
	sd := jtlink.StdDecoder(d)
	runtime.ReadMemStats(&m2)
	if got := m2.TotalAlloc - m1.TotalAlloc; got > 2<<20 {
		t.Errorf("handing over after %d bytes allocated %d bytes", d.InputOffset(), got)
	}
	if v, err := sd.ReadValue(); err != nil || len(v) == 0 || sd.InputOffset() <= d.InputOffset()-int64(len(v)) {
		t.Fatalf("after the handover: %q %v at %d", v, err, sd.InputOffset())
	}
}
