package text

import (
	"math/rand/v2"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
)

// The JSON number grammar was written four times before NumberEnd. The four
// copies are kept here as they were, the oracles of what each caller needs;
// each caller makes the thin use of NumberEnd or IsNumber that numberUses
// pairs with its copy.

// refValidNumber is the root package's validNumber (ondemand.go): b, whole,
// is one number.
func refValidNumber(b []byte) bool {
	i := 0
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i >= len(b) {
		return false
	}
	if b[i] == '0' {
		i++
	} else if b[i] >= '1' && b[i] <= '9' {
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
	} else {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		d := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		if i == d {
			return false
		}
	}
	return i == len(b)
}

// refIsValidNumber was package json's isValidNumber (decode_reflect.go,
// encoding/json's own): s, whole, is one number (a json.Number decoded from
// a string).
func refIsValidNumber(s []byte) bool {
	k := 0
	if k < len(s) && s[k] == '-' {
		k++
	}
	switch {
	case k >= len(s):
		return false
	case s[k] == '0':
		k++
	case s[k] >= '1' && s[k] <= '9':
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
	default:
		return false
	}
	if k+1 < len(s) && s[k] == '.' && s[k+1] >= '0' && s[k+1] <= '9' {
		k += 2
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
	}
	if k+1 < len(s) && (s[k] == 'e' || s[k] == 'E') {
		k++
		if s[k] == '+' || s[k] == '-' {
			k++
			if k >= len(s) {
				return false
			}
		}
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
	}
	return k == len(s)
}

// refValidNumberString was package json's validNumberString (encode_type.go):
// the string s, whole, is one number (a json.Number being encoded).
func refValidNumberString(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' {
		s = s[1:]
		if s == "" {
			return false
		}
	}
	switch {
	default:
		return false
	case s[0] == '0':
		s = s[1:]
	case '1' <= s[0] && s[0] <= '9':
		s = s[1:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && s[0] == '.' && '0' <= s[1] && s[1] <= '9' {
		s = s[2:]
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	if len(s) >= 2 && (s[0] == 'e' || s[0] == 'E') {
		s = s[1:]
		if s[0] == '+' || s[0] == '-' {
			s = s[1:]
			if s == "" {
				return false
			}
		}
		for len(s) > 0 && '0' <= s[0] && s[0] <= '9' {
			s = s[1:]
		}
	}
	return s == ""
}

// refScanNumber was package json's scanNumber (encode_compact.go): the end
// of the number at src[i] within a larger text, or -1, also when a '.' or
// an 'e' is not followed by what the grammar needs.
func refScanNumber(src []byte, i int) int {
	n := len(src)
	if i < n && src[i] == '-' {
		i++
	}
	if i >= n {
		return -1
	}
	switch {
	case src[i] == '0':
		i++
	case '1' <= src[i] && src[i] <= '9':
		i++
		for i < n && '0' <= src[i] && src[i] <= '9' {
			i++
		}
	default:
		return -1
	}
	if i < n && src[i] == '.' {
		i++
		if i >= n || src[i] < '0' || src[i] > '9' {
			return -1
		}
		for i < n && '0' <= src[i] && src[i] <= '9' {
			i++
		}
	}
	if i < n && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < n && (src[i] == '+' || src[i] == '-') {
			i++
		}
		if i >= n || src[i] < '0' || src[i] > '9' {
			return -1
		}
		for i < n && '0' <= src[i] && src[i] <= '9' {
			i++
		}
	}
	return i
}

// number is a named string type, as json.Number is.
type number string

// numberUses pairs each old function with its replacement: the whole-text
// checks are IsNumber, scanNumber is NumberEnd itself. Each takes the text
// as a string and a []byte holding the same bytes, and an index (only
// scanNumber reads one).
var numberUses = []struct {
	name      string
	ref, with func(s string, b []byte, i int) int
}{
	{
		"root validNumber ([]byte, whole)",
		func(s string, b []byte, i int) int { return b2i(refValidNumber(b)) },
		func(s string, b []byte, i int) int { return b2i(IsNumber(b)) },
	},
	{
		"json isValidNumber ([]byte, whole)",
		func(s string, b []byte, i int) int { return b2i(refIsValidNumber(b)) },
		func(s string, b []byte, i int) int { return b2i(IsNumber(b)) },
	},
	{
		"json validNumberString (string, whole)",
		func(s string, b []byte, i int) int { return b2i(refValidNumberString(s)) },
		func(s string, b []byte, i int) int { return b2i(IsNumber(s)) },
	},
	{
		"json validNumberString (json.Number-like named string, whole)",
		func(s string, b []byte, i int) int { return b2i(refValidNumberString(s)) },
		func(s string, b []byte, i int) int { return b2i(IsNumber(number(s))) },
	},
	{
		"json scanNumber ([]byte, the number at i)",
		func(s string, b []byte, i int) int { return refScanNumber(b, i) },
		func(s string, b []byte, i int) int { return NumberEnd(b, i) },
	},
	{
		"NumberEnd of a string (the number at i)",
		func(s string, b []byte, i int) int { return refScanNumber(b, i) },
		func(s string, b []byte, i int) int { return NumberEnd(s, i) },
	},
}

func b2i(ok bool) int {
	if ok {
		return 1
	}
	return 0
}

// checkNumberUses compares every use with its reference on s at every
// index from 0 to len(s) (the whole-text ones at 0 only).
func checkNumberUses(t *testing.T, s string, b []byte) {
	for k, u := range numberUses {
		last := 0
		if k >= 4 {
			last = len(s)
		}
		for i := 0; i <= last; i++ {
			if want, got := u.ref(s, b, i), u.with(s, b, i); want != got {
				t.Fatalf("%s on %q at %d: %d, the reference %d", u.name, s, i, got, want)
			}
		}
	}
}

func TestNumberEndCases(t *testing.T) {
	for _, c := range []struct {
		s   string
		i   int
		end int
	}{
		{"0", 0, 1},
		{"-0", 0, 2},
		{"7", 0, 1},
		{"123456789", 0, 9},
		{"-0.0e-0", 0, 7},
		{"1E+5", 0, 4},
		{"1e05", 0, 4},
		{"1.5", 0, 3},
		{"", 0, -1},
		{"-", 0, -1},
		{"+1", 0, -1},
		{"- 1", 0, -1},
		{".5", 0, -1},
		{"x1", 0, -1},
		{"01", 0, 1},   // a number, 0, ends before the 1
		{"00", 0, 1},   //
		{"-01", 0, 2},  //
		{"1x", 0, 1},   // what follows is the caller's to judge
		{"1 ", 0, 1},   //
		{"1.5.", 0, 3}, //
		{"1e5.", 0, 3}, //
		{"1.", 0, -1},  // a '.' or an 'e' needs its digits
		{"1.x", 0, -1},
		{"1.e5", 0, -1},
		{"1e", 0, -1},
		{"1E", 0, -1},
		{"1e-", 0, -1},
		{"1e+x", 0, -1},
		{"1ex", 0, -1},
		{"x1", 1, 2}, // at an index
		{"[1,-2.5]", 3, 7},
		{"[1,-2.5]", 4, 7},
		{"[1,-2.5]", 2, -1},
		{"1", 1, -1}, // at or past the end
		{"1", 5, -1},
	} {
		if got := NumberEnd(c.s, c.i); got != c.end {
			t.Errorf("NumberEnd(%q, %d) = %d, want %d", c.s, c.i, got, c.end)
		}
		if got := NumberEnd([]byte(c.s), c.i); got != c.end {
			t.Errorf("NumberEnd([]byte(%q), %d) = %d, want %d", c.s, c.i, got, c.end)
		}
		if c.i == 0 {
			if got, want := IsNumber(c.s), c.end == len(c.s); got != want {
				t.Errorf("IsNumber(%q) = %v, want %v", c.s, got, want)
			}
		}
		if c.i <= len(c.s) {
			checkNumberUses(t, c.s, []byte(c.s))
		}
	}
}

// numberAlphabet: the bytes of numbers, and two that are not.
const numberAlphabet = "-+.eE0123456789x "

// TestNumberEndExhaustive checks every string over numberAlphabet of up to
// six bytes (25 million), five in -short mode and under the race detector.
func TestNumberEndExhaustive(t *testing.T) {
	corpus.EachString(numberAlphabet, corpus.ExhaustiveLen(), func(b []byte) { checkNumberUses(t, string(b), b) })
}

// TestNumberEndRandom checks longer strings: over numberAlphabet, and
// mostly digits with a few of the other bytes (longer numbers, valid or
// nearly).
func TestNumberEndRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const digitHeavy = "0123456789012345678901234567890123456789-.e+E"
	for n := range 200_000 {
		alphabet := numberAlphabet
		if n%2 == 1 {
			alphabet = digitHeavy
		}
		b := make([]byte, 7+r.IntN(24))
		for k := range b {
			b[k] = alphabet[r.IntN(len(alphabet))]
		}
		checkNumberUses(t, string(b), b)
	}
}

func TestNumberEndAllocs(t *testing.T) {
	s, b, num := "-12.5e+3", []byte("-12.5e+3"), number("-12.5e+3")
	if n := testing.AllocsPerRun(100, func() {
		if NumberEnd(s, 0) != 8 || !IsNumber(s) || !IsNumber(num) || NumberEnd(b, 0) != 8 || !IsNumber(b) {
			panic("not a number")
		}
	}); n != 0 {
		t.Errorf("%v allocations, want 0", n)
	}
}

// numberSample: numbers as canada.json and twitter.json write them.
var numberSample = []string{
	"-65.613616999999977", "43.420273000000009", "-75.448163999999991", "0", "1",
	"505874924095815681", "13", "-122.40061", "1.2e-7", "3846", "37.7821120598956",
}

// BenchmarkNumberEnd: NumberEnd and IsNumber against the functions they
// replace, on numberSample.
func BenchmarkNumberEnd(b *testing.B) {
	bs := make([][]byte, len(numberSample))
	for k, s := range numberSample {
		bs[k] = []byte(s)
	}
	run := func(name string, f func(k int) bool) {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				for k := range numberSample {
					if !f(k) {
						b.Fatal("not a number")
					}
				}
			}
		})
	}
	run("NumberEnd/bytes", func(k int) bool { return NumberEnd(bs[k], 0) == len(bs[k]) })
	run("ref/scanNumber", func(k int) bool { return refScanNumber(bs[k], 0) == len(bs[k]) })
	run("IsNumber/bytes", func(k int) bool { return IsNumber(bs[k]) })
	run("ref/isValidNumber", func(k int) bool { return refIsValidNumber(bs[k]) })
	run("ref/validNumber", func(k int) bool { return refValidNumber(bs[k]) })
	run("IsNumber/string", func(k int) bool { return IsNumber(numberSample[k]) })
	run("ref/validNumberString", func(k int) bool { return refValidNumberString(numberSample[k]) })
}
