package json

import (
	"bytes"
	stdjson "encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// escapeClass and compactClass are the index functions' classes, byte by
// byte.
func escapeClass(b byte, html bool) bool {
	return b < 0x20 || b >= 0x80 || b == '"' || b == '\\' || html && (b == '<' || b == '>' || b == '&')
}

func compactClass(b byte, html bool) bool {
	return b < 0x20 || b == '"' || b == '\\' || html && (b == '<' || b == '>' || b == '&' || b == 0xE2)
}

func refIndex(s []byte, i int, class func(byte, bool) bool, html bool) int {
	for i < len(s) && !class(s[i], html) {
		i++
	}
	return i
}

// fill returns n bytes of those not in class, varied (so that every byte
// outside the class is seen, signed and unsigned ones alike).
func fill(n int, class func(byte, bool) bool, html bool) []byte {
	var plain []byte
	for b := 0; b < 256; b++ {
		if !class(byte(b), html) {
			plain = append(plain, byte(b))
		}
	}
	s := make([]byte, n)
	for j := range s {
		s[j] = plain[(j*37)%len(plain)]
	}
	return s
}

// TestScanClasses puts every byte value at every position 0..40 of inputs
// of 0..70 bytes and checks the scanners against a loop over the bytes:
// the index functions (from 16 bytes) and nextEscape (whose answer may
// stop early, at a byte outside the class, below 16 bytes, never late),
// from every start before the byte.
func TestScanClasses(t *testing.T) {
	type scanner struct {
		name  string
		class func(byte, bool) bool
		index func([]byte) int
		next  func([]byte, int, bool) int
		html  bool
	}
	scanners := []scanner{
		{"escape", escapeClass, indexEscape, nextEscape, false},
		{"escapeHTML", escapeClass, indexEscapeHTML, nextEscape, true},
	}
	for _, sc := range scanners {
		for n := 0; n <= 70; n++ {
			base := fill(n, sc.class, sc.html)
			for pos := 0; pos < n && pos <= 40; pos++ {
				for b := 0; b < 256; b++ {
					s := append([]byte(nil), base...)
					s[pos] = byte(b)
					want := refIndex(s, 0, sc.class, sc.html)
					if n >= 16 {
						if got := sc.index(s); got != want {
							t.Fatalf("%s(%q) = %d, want %d", sc.name, s, got, want)
						}
					}
					for i := 0; sc.next != nil && i <= pos; i += 1 + pos/8 {
						want := refIndex(s, i, sc.class, sc.html)
						got := sc.next(s, i, sc.html)
						// The Go loops may stop early at a byte outside
						// the class (at the last bytes that do
						// not fill eight), never past one in it.
						if got > want || got < want && (got < i || n-i >= 16) {
							t.Fatalf("%s next(%q, %d) = %d, want %d", sc.name, s, i, got, want)
						}
					}
				}
			}
		}
	}
}

// TestCompactBits puts every byte value at positions of inputs of 0..140
// bytes (one to three blocks of compactBits, with tails) and checks
// compactWin.next, from starts before the byte, against a loop over the
// bytes; then inputs longer than a window, with flagged bytes on either
// side of its edges.
func TestCompactBits(t *testing.T) {
	for _, html := range []bool{false, true} {
		for n := 0; n <= 140; n++ {
			base := fill(n, compactClass, html)
			for pos := 0; pos < n; pos += 1 + pos/16 {
				for b := 0; b < 256; b++ {
					s := append([]byte(nil), base...)
					s[pos] = byte(b)
					w := compactWin{src: s, html: html}
					for i := 0; i <= pos; i += 1 + pos/5 {
						if got, want := w.next(i), refIndex(s, i, compactClass, html); got != want {
							t.Fatalf("html %v: next(%q, %d) = %d, want %d", html, s, i, got, want)
						}
					}
				}
			}
		}
		n := 5*64*len(compactWin{}.bits) + 37
		s := fill(n, compactClass, html)
		var marks []int
		for edge := 64 * len(compactWin{}.bits); edge < n; edge += 64 * len(compactWin{}.bits) {
			marks = append(marks, edge-1, edge, edge+63, edge+64)
		}
		marks = append(slices.DeleteFunc(marks, func(m int) bool { return m >= n-1 }), n-1)
		for _, m := range marks {
			s[m] = '"'
		}
		w := compactWin{src: s, html: html}
		p := 0
		for _, m := range marks {
			if got := w.next(p); got != m {
				t.Fatalf("html %v: next(%d) = %d, want %d", html, p, got, m)
			}
			p = m + 1
		}
		if got := w.next(p); got != n {
			t.Fatalf("html %v: next(%d) = %d, want %d (none)", html, p, got, n)
		}
	}
}

// TestAppendStringLong checks the escaping of long strings, where the
// index functions do the scanning, against encoding/json: escapes at
// every position of a 70-byte string.
func TestAppendStringLong(t *testing.T) {
	specials := []string{"\"", "\\", "\n", "\x01", "\x7f", "<", ">", "&", "é", "日", "\u2028", "\u2029", "\xff", "\xe2\x80", "\xed\xa0\x80", "\xe0\x80\x80", "𝄞", "\xf0\x9f"}
	for _, sp := range specials {
		for pos := 0; pos <= 70; pos++ {
			s := strings.Repeat("a", pos) + sp + strings.Repeat("b", 70-pos)
			for _, html := range []bool{false, true} {
				got := string(appendString(nil, s, html))
				want := stdQuote(t, s, html)
				if got != want {
					t.Fatalf("appendString(%q, %v) = %s, want %s", s, html, got, want)
				}
			}
		}
	}
}

// stdQuote is encoding/json's encoding of the string s.
func stdQuote(t *testing.T, s string, html bool) string {
	t.Helper()
	var buf bytes.Buffer
	enc := stdjson.NewEncoder(&buf)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// TestCompactRawMessageBytes marshals RawMessages whose strings are long
// enough for the bit masks' whole 64 bytes, with each special byte at
// each position of a string (and of the whole message, and across the
// edge of a window of masks), against encoding/json: the bytes and
// whether it fails.
func TestCompactRawMessageBytes(t *testing.T) {
	specials := []string{"\"", "\\", "\\n", "\\u00e9", "\\x", "\n", "\x01", " ", "<", ">", "&", "\u2028", "\u2029", "\xe2\x80", "é", "\xff", "}", ","}
	for _, sp := range specials {
		for pos := 0; pos <= 40; pos++ {
			str := strings.Repeat("a", pos) + sp + strings.Repeat("b", 40-pos)
			msgs := []string{
				`"` + str + `"`,
				`{"key":"` + str + `","n":[1,true,null,"x"]}`,
				`[` + strings.Repeat(`"abcdefghijklmnopqrstuvwxyz",`, 3) + `"` + str + `"]`,
				`{"` + str + `":1}`,
				`[1,2,` + strings.Repeat("3,", pos) + sp + `4]`,
				// The string across the edge of compactWin's first
				// window (2048 bytes).
				`["` + strings.Repeat("p", 2025) + `","` + str + `"]`,
			}
			for _, m := range msgs {
				for _, html := range []bool{false, true} {
					var wb, gb bytes.Buffer
					we := stdjson.NewEncoder(&wb)
					ge := NewEncoder(&gb)
					we.SetEscapeHTML(html)
					ge.SetEscapeHTML(html)
					werr := we.Encode(stdjson.RawMessage(m))
					gerr := ge.Encode(RawMessage(m))
					if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() || wb.String() != gb.String() {
						t.Fatalf("Encode(RawMessage(%q)), html %v: %q, %v; encoding/json: %q, %v", m, html, gb.String(), gerr, wb.String(), werr)
					}
				}
			}
		}
	}
}

// BenchmarkNextEscape: the scan of a plain string by length (with -tags
// purego, the eight-byte Go loop alone), to see where the call to the
// assembly pays.
func BenchmarkNextEscape(b *testing.B) {
	for _, n := range []int{8, 15, 16, 24, 32, 64, 256} {
		s := []byte(strings.Repeat("abcdefgh", n/8+1)[:n])
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for b.Loop() {
				if nextEscape(s, 0, true) != n {
					b.Fatal("stopped early")
				}
			}
		})
	}
}
