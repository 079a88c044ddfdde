//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"encoding/json/jsontext"
	"io"
	"testing"
)

// TestFiller: every stand-in of n bytes and k values is what it says, read
// by a standard Decoder, for n up to 40 and every possible k, and ends with
// ']' unless n = k.
func TestFiller(t *testing.T) {
	for n := int64(0); n <= 40; n++ {
		for k := int64(0); k <= n; k++ {
			if k == 0 && n != 0 {
				continue
			}
			b, _ := io.ReadAll(newFiller(n, k))
			if int64(len(b)) != n {
				t.Fatalf("n=%d k=%d: %q has %d bytes", n, k, b, len(b))
			}
			if n > k && b[n-1] != ']' {
				t.Fatalf("n=%d k=%d: %q does not end with ]", n, k, b)
			}
			d := jsontext.NewDecoder(newFiller(n, k))
			for range k {
				if err := d.SkipValue(); err != nil {
					t.Fatalf("n=%d k=%d: %q: %v", n, k, b, err)
				}
			}
			if d.InputOffset() != n {
				t.Fatalf("n=%d k=%d: %q: offset %d", n, k, b, d.InputOffset())
			}
			if _, err := d.ReadToken(); err != io.EOF {
				t.Fatalf("n=%d k=%d: %q: more than %d values (%v)", n, k, b, k, err)
			}
		}
	}
}
