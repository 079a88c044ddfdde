package json

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"unsafe"
)

//go:generate go run gen_float_table.go

// appendFloat formats f as encoding/json does: 'f' between 1e-6 and 1e21
// (float32 thresholds for bits 32), else 'e' with a two-digit negative
// exponent's leading zero dropped (1e-07 becomes 1e-7); the digits are the
// shortest that read back as f at that width, the closest to f among those
// (ties to even), as strconv's -1 precision gives. -0 keeps its sign.
//
// The digits come from Schubfach (R. Giulietti, "The Schubfach way to
// render doubles", 2020/2021): one 126-bit multiplication by a tabulated
// power of ten (floatPow10) gives the value and both ends of its rounding
// interval scaled to the first decimal exponent with at most one multiple
// of ten inside the interval; the shortest decimal is then one of four
// candidates. On amd64, formatFloat64 (float_amd64.s) does the same for
// the float64s written in the 'f' format, in one call of assembly.
func appendFloat(b []byte, f float64, bits int) []byte {
	if t, ok := floatInt(f, bits); ok {
		return appendInt(b, t)
	}
	var d uint64
	var e int
	var sci bool
	if bits == 32 {
		u := math.Float32bits(float32(f))
		if u&0x7f800000 == 0x7f800000 { // Inf or NaN: callers reject them first
			return strconv.AppendFloat(b, f, 'g', -1, 32)
		}
		if u>>31 != 0 {
			b = append(b, '-')
			u &^= 1 << 31
		}
		if u == 0 {
			return append(b, '0')
		}
		abs := math.Float32frombits(u)
		sci = abs < 1e-6 || abs >= 1e21
		bq := int(u >> 23)
		c := uint64(u & (1<<23 - 1))
		q := -149
		if bq != 0 {
			q = bq - 150
			c |= 1 << 23
		}
		d, e = schubfach(c, q, c == 1<<23 && bq > 1)
	} else {
		u := math.Float64bits(f)
		if u&0x7ff0000000000000 == 0x7ff0000000000000 {
			return strconv.AppendFloat(b, f, 'g', -1, 64)
		}
		if u>>63 != 0 {
			b = append(b, '-')
			u &^= 1 << 63
		}
		if u == 0 {
			return append(b, '0')
		}
		abs := math.Float64frombits(u)
		sci = abs < 1e-6 || abs >= 1e21
		if !sci {
			b = slices.Grow(b, 48)
			n := len(b)
			if k := formatFloat64(unsafe.SliceData(b[n:n+48]), u); k != 0 {
				return b[:n+k]
			}
		}
		bq := int(u >> 52)
		c := u & (1<<52 - 1)
		q := -1074
		if bq != 0 {
			q = bq - 1075
			c |= 1 << 52
		}
		d, e = schubfach(c, q, c == 1<<52 && bq > 1)
	}
	return appendDecimal(b, d, e, sci)
}

// floatInt returns f as an integer when f is one below 2^53 (2^24 for
// float32), whose shortest form is its digits: no two such integers are
// within an ulp of each other. Not -0, which keeps its sign.
func floatInt(f float64, bits int) (int64, bool) {
	t := int64(f)
	return t, float64(t) == f && (t != 0 || !math.Signbit(f)) &&
		(bits == 64 && t > -1<<53 && t < 1<<53 || bits == 32 && t > -1<<24 && t < 1<<24)
}

// putFloat64 writes the finite f at out as appendFloat(nil, f, 64) does
// and returns the bytes written, for the integers below 2^53 (not -0)
// and the floats formatFloat64 takes (10^-6 <= |f| < 10^21: most others);
// else it returns 0 and what it wrote past out is garbage. out must have
// room for putFloatRoom bytes. It spares the callers that have that room
// appendFloat's slice, loaded and stored again for each number.
func putFloat64(out unsafe.Pointer, f float64) int {
	if t, ok := floatInt(f, 64); ok {
		return putInt(out, t) // appendFloat's first case
	}
	if !haveFormatFloat64 {
		return 0
	}
	u := math.Float64bits(f)
	a := u &^ (1 << 63)
	if abs := math.Float64frombits(a); !(abs >= 1e-6 && abs < 1e21) {
		return 0
	}
	s := int(u >> 63)
	*(*byte)(out) = '-' // written over by the digits when f is positive
	k := formatFloat64((*byte)(unsafe.Add(out, s)), a)
	if k == 0 {
		return 0
	}
	return s + k
}

// putFloatRoom: the room putFloat64 needs (a sign and formatFloat64's
// 48; putInt needs 25).
const putFloatRoom = 49

// schubfach returns the shortest decimal d*10^e in the rounding interval of
// c*2^q (c < 2^53, c >= 1), the closest to it among those, ties to even d.
// irregular: c is the smallest significand of a normal exponent above the
// least, so the interval below is half as wide as the one above. d may end
// in zeros.
func schubfach(c uint64, q int, irregular bool) (uint64, int) {
	out := c & 1 // an odd significand's interval excludes its ends
	cb := c << 2
	cbr := cb + 2
	var cbl uint64
	var k int
	if irregular {
		cbl = cb - 1
		k = int((int64(q)*661971961083 - 274743187321) >> 41) // floor(log10(3/4 * 2^q))
	} else {
		cbl = cb - 2
		k = int(int64(q) * 661971961083 >> 41) // floor(q * log10(2))
	}
	// g approximates 10^-k * 2^(125-floor(-k*log2(10))) from above.
	g := &floatPow10[-k-floatPow10Min]
	h := q + int(int64(-k)*913124641741>>38) + 2 // q + floor(-k*log2(10)) + 2
	vb := roundOdd(g[0], g[1], cb<<h)
	vbl := roundOdd(g[0], g[1], cbl<<h)
	vbr := roundOdd(g[0], g[1], cbr<<h)
	// vb, vbl, vbr: 4 * (c, its lower end, its upper end) * 2^q * 10^-k,
	// rounded to odd. The interval holds at most one multiple of ten.
	s := vb >> 2
	t := s + 1
	sp10 := s / 10 * 10
	tp10 := sp10 + 10
	lo, hi := vbl+out, vbr-out // the interval's ends, times four, within
	// The shortest candidate is a multiple of ten when exactly one of
	// sp10 and tp10 is in the interval; else the one of s and t that is
	// in it, or when both are the one closer to the value. The choice is
	// made without branches: the last one goes either way at random.
	up := uint64(-int64(vb-(s+t)<<1)) >> 63 // t is closer
	if vb == (s+t)<<1 {
		// A tie. strconv takes the even one. Go 1.26's (Dragonbox) rounds
		// up at an irregular significand instead, except at the one binary
		// exponent where float64 has such a tie (q = -77); float32's
		// (q = -35, 2^-12) rounds up there too. Go 1.27's (its own
		// unrounded scaling) takes the even one there too:
		// irregularTiesUp (encode_go126.go, encode_go127.go)
		// says which the toolchain's does.
		up = s & 1
		if irregularTiesUp && irregular && q != -77 {
			up = 1
		}
	}
	if uin, win := lo <= s<<2, t<<2 <= hi; uin != win {
		up = b2u(win)
	}
	d := s + up
	upin, wpin := lo <= sp10<<2, tp10<<2 <= hi
	if p10 := sp10 + 10*b2u(wpin); upin != wpin {
		d = p10
	}
	return d, k
}

// b2u returns 1 for true, 0 for false.
func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// roundOdd returns floor(g*cp / 2^127) with its lowest bit set when the
// quotient is inexact, g = g1*2^63 + g0 (g1, g0 < 2^63).
func roundOdd(g1, g0, cp uint64) uint64 {
	x1, _ := bits.Mul64(g0, cp)
	y1, y0 := bits.Mul64(g1, cp)
	z := y0>>1 + x1
	v := y1 + z>>63
	return v | (z&(1<<63-1)+(1<<63-1))>>63
}

// digitPairs holds "00" to "99", each as the two bytes of a little-endian
// uint16.
var digitPairs = func() (t [100]uint16) {
	for i := range t {
		t[i] = uint16('0'+i/10) | uint16('0'+i%10)<<8
	}
	return t
}()

// digits8 returns r < 10^8 as eight ASCII digits, the first in the low
// byte: by SWAR, with three multiplications by constants for all eight
// instead of a table lookup and a division per pair. The halves of r
// (four digits each) are two 32-bit lanes, split into four 16-bit lanes
// of two digits by one division by 100 (x*10486>>20 is x/100 for x <
// 10^4), and into eight bytes by one division by 10 (y*103>>10 is y/10
// for y < 100); TestDigits8 checks every r.
func digits8(r uint32) uint64 {
	hi, lo := r/10000, r%10000
	x := uint64(hi) | uint64(lo)<<32
	q := x * 10486 >> 20 & 0x0000007f0000007f
	y := q | (x-q*100)<<16
	t := y * 103 >> 10 & 0x000f000f000f000f
	return (t | (y-t*10)<<8) + zeros8
}

// copy24 copies 24 bytes, src to dst (the callers' slack past what counts).
func copy24(dst, src []byte) {
	_, _ = dst[23], src[23]
	binary.LittleEndian.PutUint64(dst, binary.LittleEndian.Uint64(src))
	binary.LittleEndian.PutUint64(dst[8:], binary.LittleEndian.Uint64(src[8:]))
	binary.LittleEndian.PutUint64(dst[16:], binary.LittleEndian.Uint64(src[16:]))
}

const zeros8 = 0x3030303030303030 // "00000000"

// appendDecimal appends d*10^e (0 < d < 10^17, as schubfach gives for
// float64: c*2^q*10^-k < 2^53*10; exponents those of finite floats) in
// strconv's 'f' format with precision -1, or with sci in its 'e' format
// with encoding/json's exponent (no leading zero for a negative one).
//
// All 17 digit places are written into a buffer (leading zeros included),
// the trailing zeros counted in the digit words, and the parts of the
// output copied 24 bytes at a time into the slack after b's length: no
// loop runs over the digits.
func appendDecimal(b []byte, d uint64, e int, sci bool) []byte {
	nd := decimalLen(d)
	dp := nd + e // the digits before the decimal point

	// buf[17-nd:17] are d's digits; buf[17:] is slack for copy24.
	var buf [48]byte
	top := d / 1e16
	rest := d - top*1e16
	hi := rest / 1e8
	whi := digits8(uint32(hi))
	wlo := digits8(uint32(rest - hi*1e8))
	buf[0] = byte('0' + top)
	binary.LittleEndian.PutUint64(buf[1:], whi)
	binary.LittleEndian.PutUint64(buf[9:], wlo)
	first := 17 - nd
	// Drop the trailing zeros (the last digit is a word's high byte); d
	// has a digit other than zero, so at most nd-1 of them.
	if x := wlo ^ zeros8; x != 0 {
		nd -= bits.LeadingZeros64(x) / 8
	} else if x := whi ^ zeros8; x != 0 {
		nd -= 8 + bits.LeadingZeros64(x)/8
	} else {
		nd -= 16
	}

	// The longest output is "-1.2345678901234567e-308" (24 bytes, the
	// sign already appended) or 21 digits; copy24 writes up to 42 bytes
	// past b's length.
	if cap(b)-len(b) < 48 {
		b = append(b, make([]byte, 48)...)[:len(b)]
	}
	n := len(b)
	out := b[n : n+48]
	if sci {
		out[0] = buf[first]
		i := 1
		if nd > 1 {
			out[1] = '.'
			copy24(out[2:], buf[first+1:])
			i = nd + 1
		}
		out[i] = 'e'
		x := dp - 1
		if x < 0 {
			out[i+1] = '-'
			x = -x
			i += 2
		} else {
			out[i+1] = '+'
			i += 2
			if x < 10 {
				out[i] = '0'
				i++
			}
		}
		switch {
		case x < 10:
			out[i] = byte('0' + x)
			i++
		case x < 100:
			binary.LittleEndian.PutUint16(out[i:], digitPairs[x])
			i += 2
		default:
			out[i] = byte('0' + x/100)
			binary.LittleEndian.PutUint16(out[i+1:], digitPairs[x%100])
			i += 3
		}
		return b[:n+i]
	}
	switch {
	case dp <= 0:
		// 0.000ddd: dp >= -5 (the value is at least 1e-6).
		binary.LittleEndian.PutUint64(out, zeros8&^0xff00|uint64('.')<<8) // "0.000000"
		copy24(out[2-dp:], buf[first:])
		return b[:n+2-dp+nd]
	case dp >= nd:
		// ddd000: dp <= 21 (the value is below 1e21).
		copy24(out, buf[first:])
		binary.LittleEndian.PutUint64(out[nd:], zeros8)
		binary.LittleEndian.PutUint64(out[nd+8:], zeros8)
		binary.LittleEndian.PutUint64(out[nd+16:], zeros8)
		return b[:n+dp]
	default:
		// dd.ddd
		copy24(out, buf[first:])
		out[dp] = '.'
		copy24(out[dp+1:], buf[first+dp:])
		return b[:n+nd+1]
	}
}

// decimalLen returns the number of decimal digits of d > 0.
func decimalLen(d uint64) int {
	n := (bits.Len64(d) * 1233) >> 12 // floor(log10(2^len)) or one less
	if d >= pow10tab[n] {
		n++
	}
	return n
}

var pow10tab = [20]uint64{
	1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}
