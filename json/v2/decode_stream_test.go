//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/simdjson-cgo/simdjson/json/jsontext"
	json "github.com/simdjson-cgo/simdjson/json/v2"
)

// UnmarshalDecode takes a top-level value on its fast path (found in the
// Decoder's buffer, decoded as Unmarshal decodes it) only when the fast path
// decodes it whole; otherwise the standard Decoder behind reads it from the
// same place. Streams of values laid out every way, some the fast path
// declines (a type mismatch, a duplicate name, a case-only match, a
// syntax error), read through readers with and without Len and in small
// pieces: the same results, errors, offsets and counts as the standard's,
// and every value decoded earlier intact at the end (the Decoder's buffers
// go back to a pool and are reused).
func TestUnmarshalDecodeStream(t *testing.T) {
	type rec struct {
		I int    `json:"i"`
		S string `json:"s"`
		R jsontext.Value
		M map[string]any
	}
	var vals []string
	for i := range 40 {
		vals = append(vals, fmt.Sprintf(`{"i":%d,"s":"%s\u00e9\n","R":[%d, {"x":"%s"}],"M":{"k":%d}}`, i, strings.Repeat("q", i*7), i, strings.Repeat("r", i), i))
	}
	bad := []string{`{"i":"x"}`, `{"i":1,"i":2}`, `{"I":3}`, `[1,2]`, `"s"`, `{"i":1}x`, `{"s":"\ud800"}`, `{"M":{"a":1,"a":2}}`, `{"i":`}
	type layout struct {
		name string
		sep  func(k int) string
	}
	layouts := []layout{
		{"ndjson", func(int) string { return "\n" }},
		{"oneline", func(int) string { return " " }},
		{"none", func(int) string { return "" }},
		{"mixed", func(k int) string { return []string{"\n", " ", "\t\r\n ", ""}[k%4] }},
	}
	readers := map[string]func([]byte) io.Reader{
		"bytes":   func(b []byte) io.Reader { return bytes.NewReader(b) },
		"plain":   func(b []byte) io.Reader { return struct{ io.Reader }{bytes.NewReader(b)} },
		"onebyte": func(b []byte) io.Reader { return iotest.OneByteReader(bytes.NewReader(b)) },
		"half":    func(b []byte) io.Reader { return iotest.HalfReader(bytes.NewReader(b)) },
	}
	for _, bi := range []int{-1, 3, 17, 39} {
		for _, lay := range layouts {
			var b strings.Builder
			for k, v := range vals {
				if k == bi {
					b.WriteString(bad[(bi+len(lay.name))%len(bad)])
					b.WriteString(lay.sep(k))
				}
				b.WriteString(v)
				b.WriteString(lay.sep(k))
			}
			in := []byte(b.String())
			for rname, mk := range readers {
				for _, target := range []string{"struct", "any"} {
					name := fmt.Sprintf("bad%d/%s/%s/%s", bi, lay.name, rname, target)
					std := stdjsontext.NewDecoder(mk(in))
					our := jsontext.NewDecoder(mk(in))
					var kept, keptStd []any
					for step := 0; step < len(vals)+3; step++ {
						var g, w any
						var eg, ew error
						if target == "struct" {
							var gs, ws rec
							eg, ew = json.UnmarshalDecode(our, &gs), jsonv2.UnmarshalDecode(std, &ws)
							g, w = gs, ws
						} else {
							eg, ew = json.UnmarshalDecode(our, &g), jsonv2.UnmarshalDecode(std, &w)
						}
						what := fmt.Sprintf("%s step %d", name, step)
						if rname == "bytes" || rname == "plain" {
							sameErr(t, what, eg, ew)
						} else {
							// The standard's syntax errors quote what its
							// buffer holds past the error: less when the
							// reader returned less at once.
							sameSyntaxErr(t, what, eg, ew)
						}
						if !reflect.DeepEqual(g, w) {
							t.Fatalf("%s: %v, want %v", what, g, w)
						}
						if our.InputOffset() != std.InputOffset() || our.StackDepth() != std.StackDepth() {
							t.Fatalf("%s: offset %d depth %d, want %d %d", what, our.InputOffset(), our.StackDepth(), std.InputOffset(), std.StackDepth())
						}
						_, n1 := our.StackIndex(0)
						_, n2 := std.StackIndex(0)
						if n1 != n2 {
							t.Fatalf("%s: %d values, want %d", what, n1, n2)
						}
						kept, keptStd = append(kept, g), append(keptStd, w)
						if ew != nil {
							break // the standard Decoder keeps failing
						}
					}
					if !reflect.DeepEqual(kept, keptStd) {
						t.Fatalf("%s: values decoded earlier changed", name)
					}
				}
			}
		}
	}
}

// sameSyntaxErr is sameErr, comparing syntax errors by their offset and
// pointer only.
func sameSyntaxErr(t *testing.T, what string, got, want error) {
	t.Helper()
	g, ok1 := got.(*stdjsontext.SyntacticError)
	w, ok2 := want.(*stdjsontext.SyntacticError)
	if !ok1 || !ok2 {
		sameErr(t, what, got, want)
		return
	}
	if g.ByteOffset != w.ByteOffset || g.JSONPointer != w.JSONPointer {
		t.Fatalf("%s: error %v, want %v", what, got, want)
	}
}

// UnmarshalRead reads into a pooled buffer: readers that return a count
// out of range, nothing over and over, or data with io.EOF get the
// standard's results.
func TestUnmarshalReadOddReaders(t *testing.T) {
	doc := `{"a":[1,2,{"b":"c"}]}`
	for name, mk := range map[string]func() io.Reader{
		"dataEOF": func() io.Reader { return iotest.DataErrReader(strings.NewReader(doc)) },
		"onebyte": func() io.Reader { return iotest.OneByteReader(strings.NewReader(doc)) },
		"empty":   func() io.Reader { return &stallReader{strings.NewReader(doc), 5, 0} },
		"stall":   func() io.Reader { return &stallReader{strings.NewReader(doc), 8, 1000} },
		"large":   func() io.Reader { return strings.NewReader(strings.Repeat(" ", 5000) + doc) },
	} {
		var got, want any
		errG := json.UnmarshalRead(mk(), &got)
		errW := jsonv2.UnmarshalRead(mk(), &want)
		sameErr(t, name, errG, errW)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %v, want %v", name, got, want)
		}
	}
	for _, n := range []int{-1, 1 << 20} {
		var perr, perrStd any
		func() {
			defer func() { perr = recover() }()
			var v any
			_ = json.UnmarshalRead(&badCountReader{r: strings.NewReader(doc), n: n}, &v)
		}()
		func() {
			defer func() { perrStd = recover() }()
			var v any
			_ = jsonv2.UnmarshalRead(&badCountReader{r: strings.NewReader(doc), n: n}, &v)
		}()
		if (perr == nil) != (perrStd == nil) {
			t.Fatalf("count %d: panic %v, the standard's %v", n, perr, perrStd)
		}
	}
}

// stallReader returns (0, nil) stall times after every after bytes.
type stallReader struct {
	r     io.Reader
	after int
	stall int
}

func (s *stallReader) Read(p []byte) (int, error) {
	if s.stall > 0 && s.after == 0 {
		s.stall--
		return 0, nil
	}
	if len(p) > 1 {
		p = p[:1]
	}
	s.after--
	return s.r.Read(p)
}

// badCountReader returns count n on its third read.
type badCountReader struct {
	r     io.Reader
	n     int
	reads int
}

func (b *badCountReader) Read(p []byte) (int, error) {
	if b.reads++; b.reads == 3 {
		return b.n, nil
	}
	return b.r.Read(p[:min(len(p), 4)])
}

// Readers that misbehave, through UnmarshalDecode (adversarial review,
// 2026-12-06): the standard's result each time. A Len of 0 that is not the
// unread bytes (the value was cut at the buffer's end), a count past the
// room given (the standard panics), bytes that come with an error (the
// standard drops the error), a negative count with an error (the standard
// reports the reader's error), and the zero Decoder.
func TestUnmarshalDecodeOddReaders(t *testing.T) {
	outcome := func(f func() error) (s string) {
		defer func() {
			if r := recover(); r != nil {
				s = "panic"
			}
		}()
		return fmt.Sprint(f())
	}
	boom := errors.New("boom")
	for name, mk := range map[string]func() io.Reader{
		"len lies":     func() io.Reader { return &lenZeroReader{bytes.NewReader([]byte(strings.Repeat(" ", 509) + "1234"))} },
		"len lies obj": func() io.Reader { return &lenZeroReader{bytes.NewReader([]byte(`{"a":[1,2]} {"b":3}`))} },
		"over count":   func() io.Reader { return &scriptReader{r: strings.NewReader(`{"a":1}`), at: 1, n: 1 << 20} },
		"data+error":   func() io.Reader { return &scriptReader{r: strings.NewReader(`{"a":[1,2]}`), at: 1, n: 3, err: boom} },
		"neg+error":    func() io.Reader { return &scriptReader{r: strings.NewReader(`{"A":1}`), at: 1, n: -1, err: boom} },
		"neg":          func() io.Reader { return &scriptReader{r: strings.NewReader(`{"A":1}`), at: 2, n: -1} },
	} {
		for _, target := range []string{"any", "struct"} {
			var got, want any
			var gs, ws struct{ A int }
			do := func(un func(any) error, a *any, s *struct{ A int }) func() error {
				return func() error {
					if target == "any" {
						return un(a)
					}
					return un(s)
				}
			}
			our := mk()
			std := mk()
			og := outcome(do(func(v any) error { return json.UnmarshalDecode(jsontext.NewDecoder(our), v) }, &got, &gs))
			ow := outcome(do(func(v any) error { return jsonv2.UnmarshalDecode(stdjsontext.NewDecoder(std), v) }, &want, &ws))
			if og != ow || !reflect.DeepEqual(got, want) || gs != ws {
				t.Errorf("%s into %s: %s %v %v, the standard's %s %v %v", name, target, og, got, gs, ow, want, ws)
			}
		}
	}
	var zero jsontext.Decoder
	var stdZero stdjsontext.Decoder
	var v1, v2 any
	if og, ow := outcome(func() error { return json.UnmarshalDecode(&zero, &v1) }), outcome(func() error { return jsonv2.UnmarshalDecode(&stdZero, &v2) }); og != ow {
		t.Errorf("zero Decoder: %s, the standard's %s", og, ow)
	}
}

// lenZeroReader says it holds nothing while it does.
type lenZeroReader struct{ r *bytes.Reader }

func (l *lenZeroReader) Read(p []byte) (int, error) { return l.r.Read(p) }
func (l *lenZeroReader) Len() int                   { return 0 }

// scriptReader returns (n, err) on its read number at (counting from 1;
// n > 0 reads that many bytes when they fit, else claims len(p)+n), and
// reads r otherwise.
type scriptReader struct {
	r     io.Reader
	at, n int
	err   error
	reads int
}

func (s *scriptReader) Read(p []byte) (int, error) {
	if s.reads++; s.reads != s.at {
		return s.r.Read(p)
	}
	if s.n > 0 && s.n <= len(p) && s.err != nil {
		k, _ := s.r.Read(p[:s.n])
		return k, s.err
	}
	if s.n > 0 {
		return len(p) + s.n, s.err
	}
	return s.n, s.err
}
