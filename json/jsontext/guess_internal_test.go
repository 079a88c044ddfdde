//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// TestGuessLinear: many values on one line (ended by a newline, or by the
// end of a reader with Len) are read with simdjson validating about each
// value's bytes once or twice, not the rest of the line again for every
// value (quadratic in the values of a line).
func TestGuessLinear(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	const n = 20000
	line := strings.Repeat(`[1,"ab"] `, n)
	for name, r := range map[string]io.Reader{
		"rest": strings.NewReader(line),
		"line": struct{ io.Reader }{strings.NewReader(line + "\n")},
	} {
		d := NewDecoder(r)
		for k := range n {
			v, err := d.ReadValue()
			if err != nil || !bytes.Equal(v, []byte(`[1,"ab"]`)) {
				t.Fatalf("%s: value %d: %q %v", name, k, v, err)
			}
		}
		if d.mode != fastMode {
			t.Fatalf("%s: the standard Decoder read", name)
		}
		if _, err := d.ReadValue(); err != io.EOF {
			t.Fatalf("%s: %v, want EOF", name, err)
		}
		if limit := int64(3 * len(line)); d.parsed > limit {
			t.Fatalf("%s: simdjson validated %d bytes of %d", name, d.parsed, len(line))
		}
	}
}
