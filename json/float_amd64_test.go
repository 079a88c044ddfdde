//go:build !purego

package json

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFormatDecimal: the assembly formatDecimal writes appendDecimal's bytes
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
			want := appendDecimal(make([]byte, 0, 64), d, e, false)
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

// TestFormatFloat64: the assembly Schubfach writes strconv's bytes for
// random float64 bits between 10^-6 and 10^21, for every power of two
// there (the irregular significands, whose interval below is narrower)
// and its neighbours, and for decimals of few digits (whose shortest
// form is a multiple of ten of the candidates, or a tie).
func TestFormatFloat64(t *testing.T) {
	lo, hi := math.Float64bits(1e-6), math.Float64bits(1e21)
	var us []uint64
	for e := -19; e < 70; e++ {
		u := math.Float64bits(math.Ldexp(1, e))
		us = append(us, u-1, u, u+1)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		us = append(us, lo+rng.Uint64N(hi-lo))
	}
	for range 20000 {
		f := float64(rng.Int64N(1e9)) / math.Pow10(rng.IntN(15))
		us = append(us, math.Float64bits(f), math.Float64bits(f)+1, math.Float64bits(f)-1)
	}
	var out [64]byte
	for _, u := range us {
		f := math.Float64frombits(u)
		if f < 1e-6 || f >= 1e21 || f == math.Trunc(f) && f < 1<<53 {
			continue // appendFloat's other paths
		}
		k := formatFloat64(&out[0], u)
		want := refAppendFloat(nil, f, 64)
		if k == 0 || !bytes.Equal(out[:k], want) {
			t.Fatalf("formatFloat64(%#x) = %q (%d); want %q", u, out[:k], k, want)
		}
	}
}
