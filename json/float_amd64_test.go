//go:build !purego

package json

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestFormatDecimal: the SSE2 formatDecimal writes appendDecimalGo's bytes
// for every decimal of 16 and 17 digits at every place of the point the
// 'f' format has (10^-6 to 10^21), and leaves shorter ones to it.
func TestFormatDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	ds := []uint64{1e15, 1e16, 99999999999999999, 10000000000000001, 1000000000000001,
		12345678901234567, 1234567890123456, 99999999999999990, 50000000000000000}
	for range 3000 {
		d := 1e15 + rng.Uint64N(1e17-1e15)
		// Trailing zeros, any number of them.
		p := pow10tab[rng.IntN(17)]
		ds = append(ds, max(d/p*p, 1e15))
	}
	var out [64]byte
	for _, d := range ds {
		nd := decimalLen(d)
		for dp := -5; dp <= 21; dp++ {
			e := dp - nd
			for i := range out {
				out[i] = 'x'
			}
			k := formatDecimal(&out[0], d, e)
			want := appendDecimalGo(make([]byte, 0, 64), d, e, false)
			if k == 0 || !bytes.Equal(out[:k], want) {
				t.Fatalf("formatDecimal(%d, %d) = %q (%d); want %q", d, e, out[:k], k, want)
			}
			if out[48] != 'x' {
				t.Fatalf("formatDecimal(%d, %d) wrote past 48 bytes", d, e)
			}
		}
	}
	for _, d := range []uint64{1, 9, 123, 999999999999999} {
		if k := formatDecimal(&out[0], d, 0); k != 0 {
			t.Errorf("formatDecimal(%d, 0) = %d; want 0 (left to the Go path)", d, k)
		}
	}
}
