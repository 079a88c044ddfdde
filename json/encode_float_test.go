package json

import (
	"bytes"
	"encoding/binary"
	stdjson "encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
)

// refAppendFloat is appendFloat as it was before encode_float.go: strconv's
// shortest formatting, the reference the new formatter must match byte for
// byte.
func refAppendFloat(b []byte, f float64, bits int) []byte {
	if t := int64(f); float64(t) == f && (t != 0 || !math.Signbit(f)) &&
		(bits == 64 && t > -1<<53 && t < 1<<53 || bits == 32 && t > -1<<24 && t < 1<<24) {
		return strconv.AppendInt(b, t, 10)
	}
	abs := math.Abs(f)
	fmtc := byte('f')
	if abs != 0 {
		if bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21) {
			fmtc = 'e'
		}
	}
	b = strconv.AppendFloat(b, f, fmtc, -1, bits)
	if fmtc == 'e' {
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// floatChecker compares appendFloat with refAppendFloat, reusing buffers.
type floatChecker struct {
	t        testing.TB
	got, ref []byte
	room     [putFloatRoom]byte
	fails    int
}

// check64 checks appendFloat, and putFloat64 where it writes f.
func (c *floatChecker) check64(f float64) {
	c.got = appendFloat(c.got[:0], f, 64)
	c.ref = refAppendFloat(c.ref[:0], f, 64)
	if !bytes.Equal(c.got, c.ref) {
		c.fail("float64 %#016x (%v): got %q, want %q", math.Float64bits(f), f, c.got, c.ref)
	}
	if k := putFloat64(unsafe.Pointer(&c.room[0]), f); k != 0 && !bytes.Equal(c.room[:k], c.ref) {
		c.fail("putFloat64(%#016x (%v)): got %q, want %q", math.Float64bits(f), f, c.room[:k], c.ref)
	}
}

// TestPutFloat64Takes: putFloat64 writes the floats it is for (integers
// below 2^53, and with the assembly the 'f' range) and leaves the others.
func TestPutFloat64Takes(t *testing.T) {
	var b [putFloatRoom]byte
	for _, f := range []float64{0, 7, -42, 1<<53 - 1, -(1<<53 - 1), 1.5, -65.61972000000003, 1e-6, 1 << 60, math.Nextafter(1e21, 0)} {
		integer := f == math.Trunc(f) && math.Abs(f) < 1<<53
		if k := putFloat64(unsafe.Pointer(&b[0]), f); (k != 0) != (integer || haveFormatFloat64) {
			t.Errorf("putFloat64(%v) wrote %d bytes", f, k)
		}
	}
	for _, f := range []float64{math.Copysign(0, -1), 1e21, -1e21, math.Nextafter(1e-6, 0), 1e300, 5e-324} {
		if k := putFloat64(unsafe.Pointer(&b[0]), f); k != 0 {
			t.Errorf("putFloat64(%v) wrote %q, want it left to appendFloat", f, b[:k])
		}
	}
}

func (c *floatChecker) check32(f float32) {
	c.got = appendFloat(c.got[:0], float64(f), 32)
	c.ref = refAppendFloat(c.ref[:0], float64(f), 32)
	if !bytes.Equal(c.got, c.ref) {
		c.fail("float32 %#08x (%v): got %q, want %q", math.Float32bits(f), f, c.got, c.ref)
	}
}

func (c *floatChecker) fail(format string, args ...any) {
	c.t.Helper()
	c.fails++
	if c.fails <= 20 {
		c.t.Errorf(format, args...)
	} else if c.fails == 21 {
		c.t.Errorf("more mismatches left out")
	}
}

// both checks f and -f.
func (c *floatChecker) both64(f float64) { c.check64(f); c.check64(-f) }
func (c *floatChecker) both32(f float32) { c.check32(f); c.check32(-f) }

func TestAppendFloatEdgeCases(t *testing.T) {
	c := &floatChecker{t: t}
	for _, f := range []float64{
		0, 1, 0.1, 0.5, 1.5, 2.5, 1e-6, 1e21, 1e20, 1e22, 1e23, 5e-324, 1e-323,
		math.SmallestNonzeroFloat64, math.MaxFloat64, 0x1p-1022, 0x1p-1022 - 5e-324,
		0x1p53, 0x1p53 + 2, 0x1p53 - 1, 0x1p54, 0x1p63, 0x1p64, 123456789012345678,
		1e-7, 9.999999999999999e-7, 1.0000000000000002e-6, 9.999999999999998e20,
		999999999999999999999, 1e15, 1e16, 1e17, 0.3, 2.0 / 3, math.Pi, math.E,
		-65.613616999999977, 1.7976931348623157e308, 2.2250738585072014e-308,
		2.225073858507201e-308, 4.9406564584124654e-324, 1.5e-323, 100, 1e-5,
		123.456, 0.000123456, 1e100, 1e-100, 3.0e-7, 7e-10, 1.2e-310,
	} {
		c.both64(f)
		for _, g := range []float64{math.Nextafter(f, 0), math.Nextafter(f, math.Inf(1)), math.Nextafter(f, -1)} {
			c.both64(g)
		}
	}
	c.check64(math.Inf(1))
	c.check64(math.Inf(-1))
	c.check64(math.NaN())
	// Every power of two, its neighbours, and the first and last
	// significands of every binary exponent.
	for e := 0; e < 2047; e++ {
		for m := uint64(0); m < 64; m++ {
			c.both64(math.Float64frombits(uint64(e)<<52 | m))
			c.both64(math.Float64frombits(uint64(e)<<52 | (1<<52 - 1 - m)))
		}
	}
	// Every power of ten the format reaches, its neighbours, and the
	// values at the 'f'/'e' boundaries.
	for e := -330; e <= 310; e++ {
		f, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 64)
		for i, g := 0, f; i < 8 && g != 0; i++ {
			c.both64(g)
			g = math.Nextafter(g, 0)
		}
		for i, g := 0, f; i < 8 && !math.IsInf(g, 0); i++ {
			c.both64(g)
			g = math.Nextafter(g, math.Inf(1))
		}
		for _, m := range []string{"2", "5", "9", "9.5", "1.5", "4.9"} {
			f, _ := strconv.ParseFloat(m+"e"+strconv.Itoa(e), 64)
			c.both64(f)
		}
	}
	// Integers around 2^53 and 2^24.
	for i := int64(-100); i <= 100; i++ {
		c.both64(float64(1<<53 + i))
		c.both64(float64(1<<24 + i))
		c.both64(float64(1<<63) + float64(i)*2048)
	}

	// float32: every exponent's first and last significands, the
	// boundaries, powers of ten.
	for e := uint32(0); e < 255; e++ {
		for m := uint32(0); m < 256; m++ {
			c.both32(math.Float32frombits(e<<23 | m))
			c.both32(math.Float32frombits(e<<23 | (1<<23 - 1 - m)))
		}
	}
	for _, f := range []float32{
		0, 1, 0.1, 1e-6, 1e21, math.MaxFloat32, math.SmallestNonzeroFloat32,
		0x1p-126, 0x1p24, 0x1p24 + 2, 16777217, 3.4028235e38, 1e-45, 1.1754942e-38,
		9.999999e-7, 9.99999e20, 1.0000001e21, 0.3, 2.0 / 3, math.Pi,
	} {
		c.both32(f)
		c.both32(math.Nextafter32(f, 0))
		c.both32(math.Nextafter32(f, math.MaxFloat32))
	}
	for e := -50; e <= 40; e++ {
		f, _ := strconv.ParseFloat("1e"+strconv.Itoa(e), 32)
		g := float32(f)
		for i := 0; i < 8; i++ {
			c.both32(g)
			c.both32(math.Nextafter32(float32(f), float32(math.Inf(1))))
			g = math.Nextafter32(g, 0)
		}
	}
	for i := int32(-100); i <= 100; i++ {
		c.both32(float32(1<<24 + i))
	}
	c.check32(float32(math.Inf(1)))
	c.check32(float32(math.NaN()))
}

// TestAppendFloatRandom compares millions of random bit patterns of both
// widths, and random short decimals (the shortest forms with fewer than 17
// digits, exponents near zero as in real documents), against the reference.
func TestAppendFloatRandom(t *testing.T) {
	n := 3_000_000
	if testing.Short() {
		n = 200_000
	}
	start := time.Now()
	rng := rand.New(rand.NewSource(19))
	c := &floatChecker{t: t}
	for i := 0; i < n; i++ {
		u := rng.Uint64()
		c.check64(math.Float64frombits(u))
		c.check32(math.Float32frombits(uint32(u)))
		// A decimal of 1 to 17 digits scaled by 10^-30..10^30, and one
		// with canada.json's shape (a few units, 15 to 17 digits).
		digits := rng.Int63n(int64(math.Pow10(1 + rng.Intn(17))))
		f, _ := strconv.ParseFloat(strconv.FormatInt(digits, 10)+"e"+strconv.Itoa(rng.Intn(61)-30), 64)
		c.both64(f)
		c.both64(float64(float32(f)))
		c.both32(float32(f))
		c.both64(rng.Float64()*360 - 180)
		if c.fails > 0 && i > 1000 {
			break
		}
		// Bounded to a few seconds where the race detector or a slow
		// machine makes the checks slower; the sequence stays the seed's.
		if i&0xffff == 0xffff && time.Since(start) > 4*time.Second {
			t.Logf("stopped after %d of %d rounds (4 s)", i+1, n)
			break
		}
	}
	// Subnormals with small significands.
	for m := uint64(1); m < 100_000; m++ {
		c.check64(math.Float64frombits(m))
		c.check32(math.Float32frombits(uint32(m)))
	}
}

func FuzzAppendFloat(f *testing.F) {
	for _, u := range []uint64{0, 1, 1 << 63, 0x3ff0000000000000, 0x7fefffffffffffff, 0x000fffffffffffff,
		0x44b52d02c7e14af6, 0x3eb0c6f7a0b5ed8d, 0x4340000000000000} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u uint64) {
		c := &floatChecker{t: t}
		c.check64(math.Float64frombits(u))
		c.check32(math.Float32frombits(uint32(u)))
		c.check32(math.Float32frombits(uint32(u >> 32)))
	})
}

// TestFloatPow10Table recomputes the generated table and the logarithm
// approximations schubfach uses with exact arithmetic.
func TestFloatPow10Table(t *testing.T) {
	for e := floatPow10Min; e <= floatPow10Max; e++ {
		p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(e, -e))), nil))
		if e < 0 {
			p.Inv(p)
		}
		// r = floor(e*log2(10)) from the approximation; 2^r <= 10^e < 2^(r+1).
		r := int(int64(e) * 913124641741 >> 38)
		lo := new(big.Rat).SetFrac(big.NewInt(1), big.NewInt(1))
		if r >= 0 {
			lo.SetInt(new(big.Int).Lsh(big.NewInt(1), uint(r)))
		} else {
			lo.SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-r)))
		}
		hi := new(big.Rat).Mul(lo, big.NewRat(2, 1))
		if p.Cmp(lo) < 0 || p.Cmp(hi) >= 0 {
			t.Fatalf("floor(%d*log2(10)) != %d", e, r)
		}
		// g = floor(10^e * 2^(125-r)) + 1.
		s := new(big.Rat).Mul(p, new(big.Rat).Quo(big.NewRat(1, 1), new(big.Rat).Mul(lo, big.NewRat(1, 1))))
		s.Mul(s, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 125)))
		g := new(big.Int).Quo(s.Num(), s.Denom())
		g.Add(g, big.NewInt(1))
		want := [2]uint64{new(big.Int).Rsh(g, 63).Uint64(), new(big.Int).And(g, big.NewInt(math.MaxInt64)).Uint64()}
		if floatPow10[e-floatPow10Min] != want {
			t.Fatalf("floatPow10[%d] = %#x, want %#x", e, floatPow10[e-floatPow10Min], want)
		}
	}
	// floor(q*log10(2)) and floor(log10(3/4 * 2^q)) over every float64
	// exponent: 10^k <= x < 10^(k+1).
	for q := -1074; q <= 971; q++ {
		x := new(big.Rat)
		if q >= 0 {
			x.SetInt(new(big.Int).Lsh(big.NewInt(1), uint(q)))
		} else {
			x.SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-q)))
		}
		x34 := new(big.Rat).Mul(x, big.NewRat(3, 4))
		for _, c := range []struct {
			x *big.Rat
			k int
		}{{x, int(int64(q) * 661971961083 >> 41)}, {x34, int((int64(q)*661971961083 - 274743187321) >> 41)}} {
			p := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(max(c.k, -c.k))), nil))
			if c.k < 0 {
				p.Inv(p)
			}
			p10 := new(big.Rat).Mul(p, big.NewRat(10, 1))
			if c.x.Cmp(p) < 0 || c.x.Cmp(p10) >= 0 {
				t.Fatalf("q=%d: k=%d is not floor(log10(%s))", q, c.k, c.x.FloatString(5))
			}
		}
	}
}

// canadaFloats returns canada.json's numbers.
func canadaFloats(b *testing.B) []float64 {
	data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), "canada.json"))
	if err != nil {
		b.Fatal(err)
	}
	var v any
	if err := stdjson.Unmarshal(data, &v); err != nil {
		b.Fatal(err)
	}
	var fs []float64
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case float64:
			fs = append(fs, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	return fs
}

// BenchmarkAppendFloat: appendFloat against the strconv reference over
// canada.json's numbers, and the same rounded to float32 (ns/number).
func BenchmarkAppendFloat(b *testing.B) {
	fs := canadaFloats(b)
	fs32 := make([]float64, len(fs))
	for i, f := range fs {
		fs32[i] = float64(float32(f))
	}
	for _, bc := range []struct {
		name string
		fn   func([]byte, float64, int) []byte
	}{{"appendFloat", appendFloat}, {"strconv", refAppendFloat}} {
		b.Run(bc.name+"/canada", func(b *testing.B) {
			buf := make([]byte, 0, 64)
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range fs {
					buf = bc.fn(buf[:0], f, 64)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(fs)), "ns/number")
		})
		b.Run(bc.name+"/float32", func(b *testing.B) {
			buf := make([]byte, 0, 64)
			for b.Loop() {
				for _, f := range fs32 {
					buf = bc.fn(buf[:0], f, 32)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(fs)), "ns/number")
		})
	}
}

// TestDigits8 checks digits8 at every r < 10^8 against the digits
// computed a pair at a time.
func TestDigits8(t *testing.T) {
	for r := uint32(0); r < 1e8; r++ {
		hi, lo := r/10000, r%10000
		want := uint64(digitPairs[hi/100]) | uint64(digitPairs[hi%100])<<16 |
			uint64(digitPairs[lo/100])<<32 | uint64(digitPairs[lo%100])<<48
		if got := digits8(r); got != want {
			t.Fatalf("digits8(%d) = %q, want %q", r, binary.LittleEndian.AppendUint64(nil, got), binary.LittleEndian.AppendUint64(nil, want))
		}
	}
}

// TestAppendInt compares appendInt with strconv at every length: each
// power of ten and its neighbours, every value below 10^5, the int64
// limits and random values of every bit length, negative ones too.
func TestAppendInt(t *testing.T) {
	check := func(v int64) {
		t.Helper()
		if got, want := appendInt([]byte("x"), v), strconv.AppendInt([]byte("x"), v, 10); !bytes.Equal(got, want) {
			t.Fatalf("appendInt(%d) = %s, want %s", v, got, want)
		}
	}
	for v := int64(-1e5); v < 1e5; v++ {
		check(v)
	}
	for p := int64(1); p <= 1e18; p *= 10 {
		for _, v := range []int64{p - 1, p, p + 1, 2*p - 1, 9 * p} {
			check(v)
			check(-v)
		}
	}
	check(math.MaxInt64)
	check(math.MinInt64)
	r := rand.New(rand.NewSource(3))
	for range 200000 {
		v := int64(r.Uint64() >> r.Intn(64))
		check(v)
		check(-v)
	}
}

// TestAppendFloat32All compares every positive float32 (the negative ones
// differ only by the sign both write first) with the reference, on all
// processors: a few minutes, so only with SIMDJSON_FLOAT32_ALL=1. Run it
// under each toolchain whose strconv may round differently (Go 1.27's
// rewrote it: irregularTiesUp).
func TestAppendFloat32All(t *testing.T) {
	if os.Getenv("SIMDJSON_FLOAT32_ALL") == "" {
		t.Skip("set SIMDJSON_FLOAT32_ALL=1 to compare all 2^31 positive float32s (minutes)")
	}
	const total = 1 << 31 // 0 to 0x7fffffff, Inf and NaN included
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var fails []string
	for w := range workers {
		wg.Go(func() {
			var got, ref []byte
			for u := uint32(w); u < total; u += uint32(workers) {
				f := math.Float32frombits(u)
				if u&0x7f800000 == 0x7f800000 {
					continue // Inf and NaN: rejected before formatting
				}
				got = appendFloat(got[:0], float64(f), 32)
				ref = refAppendFloat(ref[:0], float64(f), 32)
				if !bytes.Equal(got, ref) {
					mu.Lock()
					if len(fails) < 20 {
						fails = append(fails, fmt.Sprintf("float32 %#08x: got %q, want %q", u, got, ref))
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	for _, f := range fails {
		t.Error(f)
	}
}

// TestFloat32IrregularTie pins the one float32 tie at an irregular
// significand (2^-12, exactly 0.000244140625) to the toolchain's strconv:
// Go 1.27 rounds it half to even, Go 1.26 up (irregularTiesUp, by build
// tag); encoding/json, classic or on v2, writes strconv's.
func TestFloat32IrregularTie(t *testing.T) {
	want := "0.00024414062" // Go 1.27
	if irregularTiesUp {
		want = "0.00024414063" // Go 1.26
	}
	f := math.Float32frombits(0x39800000)
	if got := string(appendFloat(nil, float64(f), 32)); got != want {
		t.Errorf("appendFloat(2^-12, 32) = %s, want %s", got, want)
	}
	if got := strconv.FormatFloat(float64(f), 'f', -1, 32); got != want {
		t.Errorf("strconv gives %s, want %s: irregularTiesUp is wrong for this toolchain", got, want)
	}
	if got, err := stdjson.Marshal(f); err != nil || string(got) != want {
		t.Errorf("encoding/json gives %s, %v; want %s", got, err, want)
	}
}
