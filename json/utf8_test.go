package json

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// refSkip is skipUTF8 one character at a time: the end of the run of s
// from i on that encoding/json copies as it is.
func refSkip(s []byte, i int, html bool) int {
	for i < len(s) {
		if b := s[i]; b < utf8.RuneSelf {
			if !htmlSafeByte[b] && (html || !safeByte[b]) {
				return i
			}
			i++
			continue
		}
		c, size := utf8.DecodeRune(s[i:])
		if c == utf8.RuneError && size == 1 || c == '\u2028' || c == '\u2029' {
			return i
		}
		i += size
	}
	return i
}

// utf8Specials are the sequences the tests put at every offset: valid
// ones of each length (the smallest and largest of each, and those beside
// U+2028 and U+2029), U+2028 and U+2029, invalid ones of every kind (lone
// continuations, overlong forms, surrogates, above U+10FFFF, bytes F5-FF,
// sequences cut short by ASCII, by a lead or by the end) and the escapes.
var utf8Specials = []string{
	"é", "\u0080", "\u07ff", "日", "\u0800", "\uffff", "\ud7ff", "\ue000", "😀", "\U00010000", "\U0010ffff",
	"\u2027", "\u202a", "\u2028", "\u2029", "\u2028\u2029", "\xe2\x81\xa8", "\xe2\x80\xa8\xa8",
	"\x80", "\xbf", "\x80\x80", "é\x80", "日\xbf",
	"\xc0\x80", "\xc1\xbf", "\xc2", "\xc2a", "\xc2\xc2\xa9", "\xdf",
	"\xe0\x80\x80", "\xe0\x9f\xbf", "\xe0\xa0", "\xe0", "\xe6\x97", "\xe6\x97a", "\xe6a", "\xe6\x97\xe6\x97\xa5", "\xe2\x80", "\xe2\x80a", "\xe2",
	"\xed\xa0\x80", "\xed\xbf\xbf", "\xed\x9f\xbf",
	"\xf0\x80\x80\x80", "\xf0\x8f\xbf\xbf", "\xf0\x9f\x98", "\xf0\x9f", "\xf0", "\xf0\x9f\x98a", "\xf0\x9f\x98\x80\x80",
	"\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", "\xf4\xbf\xbf\xbf", "\xf5\x80\x80\x80", "\xf7\xbf\xbf\xbf", "\xf8\x88\x80\x80\x80", "\xfc", "\xfe", "\xff", "\xff\xff",
	"\"", "\\", "\n", "\x00", "\x1f", "\x7f", "<", ">", "&", "'", "=", "日\n", "\n日",
}

// utf8Fillers are the characters around the specials: one of each length.
var utf8Fillers = []string{"a", "é", "日", "😀"}

// pad returns n bytes: n%len(f) ASCII bytes, then f repeated.
func pad(f string, n int) string {
	return strings.Repeat("x", n%len(f)) + strings.Repeat(f, n/len(f))
}

// withScan runs f with utf8Scan set to on (skipped where the CPU cannot).
func withScan(t *testing.T, on bool, f func()) {
	t.Helper()
	if on && !utf8ScanSupported {
		return
	}
	old := utf8Scan
	utf8Scan = on
	defer func() { utf8Scan = old }()
	f()
}

// TestSkipUTF8Boundaries puts each special after 0..70 bytes of each
// filler and before 0..40 bytes of one (by length), so that it falls at every offset
// of the 32-byte blocks, of the tail block and at the end, each sequence
// cut at every block boundary: skipUTF8 from every start must stop where
// refSkip does, and appendString (with and without skipUTF8) must write
// encoding/json's bytes.
func TestSkipUTF8Boundaries(t *testing.T) {
	maxPos, maxSuf := 70, 40
	if testing.Short() {
		maxPos, maxSuf = 40, 8
	}
	for _, sp := range utf8Specials {
		for _, fp := range utf8Fillers {
			for pos := 0; pos <= maxPos; pos++ {
				for suf := 0; suf <= maxSuf; suf++ {
					fs := utf8Fillers[suf%len(utf8Fillers)]
					checkString(t, pad(fp, pos)+sp+pad(fs, suf), pos)
				}
			}
		}
	}
}

// checkString checks skipUTF8 against refSkip from each start up to
// maxStart where 32 bytes remain, and appendString against
// encoding/json's bytes, both ways.
func checkString(t *testing.T, str string, maxStart int) {
	t.Helper()
	s := []byte(str)
	for _, html := range []bool{false, true} {
		if utf8ScanSupported {
			for i := 0; i <= maxStart && len(s)-i >= 32; i++ {
				if got, want := skipUTF8(s, i, html), refSkip(s, i, html); got != want {
					t.Fatalf("skipUTF8(%q, %d, %v) = %d, want %d", s, i, html, got, want)
				}
			}
		}
		want := stdQuote(t, str, html)
		for _, on := range []bool{false, true} {
			withScan(t, on, func() {
				if got := string(appendString(nil, str, html)); got != want {
					t.Fatalf("appendString(%q, %v), utf8Scan %v = %s, want %s", str, html, on, got, want)
				}
			})
		}
	}
}

// TestSkipUTF8Random: strings of random specials and fillers (a special
// in four), every start.
func TestSkipUTF8Random(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		var sb strings.Builder
		for k := rng.Intn(60); k > 0; k-- {
			if rng.Intn(4) == 0 {
				sb.WriteString(utf8Specials[rng.Intn(len(utf8Specials))])
			} else {
				sb.WriteString(utf8Fillers[rng.Intn(len(utf8Fillers))])
			}
		}
		str := sb.String()
		checkString(t, str, len(str))
	}
}

// FuzzAppendString: any bytes as a string, against encoding/json (with and
// without skipUTF8), and skipUTF8 against refSkip from every start.
func FuzzAppendString(f *testing.F) {
	for _, sp := range utf8Specials {
		f.Add(pad("日", 31) + sp + pad("é", 20))
	}
	f.Add(strings.Repeat("日本語のテキスト\u2028", 9))
	f.Fuzz(func(t *testing.T, str string) {
		checkString(t, str, len(str))
	})
}

// BenchmarkAppendStringUTF8: strings of Japanese text (with a space in
// ten characters, as tweets have) by length, written with skipUTF8 (scan)
// and with the Go path alone (go).
func BenchmarkAppendStringUTF8(b *testing.B) {
	text := strings.Repeat("日本語のテキストです 東京は晴れ", 40)
	for _, n := range []int{9, 21, 45, 99, 300, 1200} {
		s := text[:n]
		for !utf8.ValidString(s) { // to a character boundary
			s = s[:len(s)-1]
		}
		for _, on := range []bool{false, true} {
			name := "go"
			if on {
				name = "scan"
			}
			b.Run(name+"/"+strconv.Itoa(len(s)), func(b *testing.B) {
				if on && !utf8ScanSupported {
					b.Skip("no AVX2")
				}
				old := utf8Scan
				utf8Scan = on
				defer func() { utf8Scan = old }()
				buf := make([]byte, 0, 2*len(s)+2)
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					buf = appendString(buf[:0], s, true)
				}
			})
		}
	}
}
