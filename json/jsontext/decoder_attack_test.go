//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"encoding/json/jsontext"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"testing"

	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// Adversarial review (2026-12-07): a reader whose Len is math.MaxInt, an
// endless array read value by value, a reader with more after an EOF.

type lenReader struct {
	io.Reader
	n int
}

func (r lenReader) Len() int { return r.n }

// TestDecoderReaderLenExtreme: a reader may claim any Len; the Decoder reads
// what it returns, as the standard (which never asks) does. math.MaxInt
// made the room it asked for overflow (a slice bounds panic).
func TestDecoderReaderLenExtreme(t *testing.T) {
	for _, n := range []int{math.MaxInt, math.MaxInt - 1, math.MinInt, -5, 0, 1, 1 << 40} {
		for _, in := range []string{"[1]", `{"a":"b"} 2 [3]`} {
			d := ours.NewDecoder(lenReader{strings.NewReader(in), n})
			s := jsontext.NewDecoder(strings.NewReader(in))
			for {
				v, err := d.ReadValue()
				w, werr := s.ReadValue()
				if string(v) != string(w) || err != werr {
					t.Fatalf("Len %d, %q: %q %v, the standard %q %v", n, in, v, err, w, werr)
				}
				if err != nil {
					break
				}
			}
		}
	}
}

// TestDecoderEndlessArrayBounded: a top-level value read on the fast path,
// then an array read element by element (a stream of records after a
// header). The bytes fed to the standard Decoder inside the array were
// recorded until the array ended, so that the standard Decoder could be
// handed over with the input's offsets (exact): 41 MB of array kept 117 MB
// of heap. Past maxRecord the standard Decoder now takes over for good;
// the results stay the standard's (checked against it call by call on a
// smaller array) and the heap stays flat.
func TestDecoderEndlessArrayBounded(t *testing.T) {
	const elem = `{"id":12345,"name":"xxxxxxxxxxxxxxxxxxxx"},`
	// run reads the stream, calling mid halfway through the array.
	run := func(t *testing.T, n int, check bool, mid func()) *ours.Decoder {
		// A header, the array's n elements, its end and one more value.
		mk := func() io.Reader {
			return io.MultiReader(strings.NewReader("{\"hdr\":1}\n["), &repeatReader{line: []byte(elem), n: n}, strings.NewReader("{}]\n[7]\n"))
		}
		d := ours.NewDecoder(mk())
		var s *jsontext.Decoder
		if check {
			s = jsontext.NewDecoder(mk())
		}
		same := func(what string, v, w []byte, err, werr error) {
			if check && (string(v) != string(w) || (err == nil) != (werr == nil) || d.InputOffset() != s.InputOffset() || d.StackPointer() != s.StackPointer()) {
				t.Fatalf("%s: %q %v at %d %q, the standard %q %v at %d %q", what, v, err, d.InputOffset(), d.StackPointer(), w, werr, s.InputOffset(), s.StackPointer())
			}
		}
		v, err := d.ReadValue()
		var w jsontext.Value
		var werr error
		if check {
			w, werr = s.ReadValue()
		}
		same("header", v, w, err, werr)
		tok, err := d.ReadToken()
		if err != nil || tok.Kind() != '[' {
			t.Fatalf("ReadToken: %v %v", tok, err)
		}
		if check {
			s.ReadToken()
		}
		for k := 0; d.PeekKind() != ']'; k++ {
			if k == n/2 && mid != nil {
				mid()
			}
			v, err := d.ReadValue()
			if check {
				w, werr = s.ReadValue()
				if k%1000 == 0 {
					_, c := d.StackIndex(1)
					_, sc := s.StackIndex(1)
					if c != sc {
						t.Fatalf("element %d: StackIndex(1) %d, the standard %d", k, c, sc)
					}
				}
			}
			same("element", v, w, err, werr)
			if err != nil {
				t.Fatal(err)
			}
		}
		for range 2 { // ']', then the next top-level value
			v, err := d.ReadValue()
			if err != nil {
				_, err = d.ReadToken()
			}
			if check {
				w, werr = s.ReadValue()
				if werr != nil {
					_, werr = s.ReadToken()
				}
			}
			same("after the array", v, w, err, werr)
		}
		return d
	}
	t.Run("results", func(t *testing.T) { run(t, 60000, true, nil) }) // 2.6 MB of array: past maxRecord
	t.Run("memory", func(t *testing.T) {
		if testing.Short() {
			t.Skip("streams 43 MB")
		}
		if instrumented {
			t.Skip("instrumented builds allocate what the product does not")
		}
		var m0, m1 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		d := run(t, 1_000_000, false, func() {
			runtime.GC()
			runtime.ReadMemStats(&m1)
		})
		runtime.KeepAlive(d)
		t.Logf("heap %d -> %d bytes halfway through the array", m0.HeapAlloc, m1.HeapAlloc)
		if grew := int64(m1.HeapAlloc) - int64(m0.HeapAlloc); grew > 16<<20 {
			t.Errorf("the heap grew by %d bytes over the first 21 MB of the array", grew)
		}
	})
}

// scriptReader returns its reads in turn (then io.EOF).
type scriptReader struct {
	reads []scripted
}

type scripted struct {
	data string
	err  error
}

func (r *scriptReader) Read(p []byte) (int, error) {
	if len(r.reads) == 0 {
		return 0, io.EOF
	}
	s := r.reads[0]
	n := copy(p, s.data)
	if n < len(s.data) {
		r.reads[0].data = s.data[n:]
		return n, nil
	}
	r.reads = r.reads[1:]
	return n, s.err
}

// TestDecoderReadAfterEOF: a reader that returns io.EOF and then more
// (a terminal, a file being appended to). The standard Decoder asks it
// again after an EOF; this one reported the EOF it had kept first ("0",
// "0", EOF, "1" against "0", "0", "1", EOF).
func TestDecoderReadAfterEOF(t *testing.T) {
	for _, script := range [][]scripted{
		{{"00", nil}, {"", io.EOF}, {"1", nil}},
		{{"00", io.EOF}, {"1", nil}},
		{{"00", nil}, {"", io.EOF}, {"", errRead}},
		{{"[1]", nil}, {"", io.EOF}, {" [2]", io.EOF}, {"", io.EOF}, {"3", nil}},
		{{"12", nil}, {"", io.EOF}, {"3", io.EOF}},
	} {
		mk := func() io.Reader { return &scriptReader{reads: append([]scripted(nil), script...)} }
		d := ours.NewDecoder(mk())
		s := jsontext.NewDecoder(mk())
		for k := range 8 {
			v, err := d.ReadValue()
			w, werr := s.ReadValue()
			if string(v) != string(w) || !errors.Is(err, werr) && fmt.Sprint(err) != fmt.Sprint(werr) {
				t.Fatalf("%v, read %d: %q %v, the standard %q %v", script, k, v, err, w, werr)
			}
		}
	}
}
