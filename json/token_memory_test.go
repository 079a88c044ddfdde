package json_test

import (
	"bytes"
	"io"
	"strconv"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// arrayReader produces a top-level array of n elements as it is read,
// elem(i) each, without holding the whole input (and without Len).
type arrayReader struct {
	n, i    int
	elem    func(dst []byte, i int) []byte
	pend    []byte
	started bool
	done    bool
}

func (r *arrayReader) Read(p []byte) (int, error) {
	for len(r.pend) < len(p) && !r.done {
		switch {
		case !r.started:
			r.pend = append(r.pend, '[')
			r.started = true
		case r.i < r.n:
			if r.i > 0 {
				r.pend = append(r.pend, ',')
			}
			r.pend = r.elem(r.pend, r.i)
			r.i++
		default:
			r.pend = append(r.pend, "]\n"...)
			r.done = true
		}
	}
	if len(r.pend) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.pend)
	r.pend = append(r.pend[:0], r.pend[n:]...)
	return n, nil
}

func numberElem(dst []byte, i int) []byte { return strconv.AppendInt(dst, int64(i), 10) }

func objectElem(dst []byte, i int) []byte {
	dst = append(dst, `{"id":`...)
	dst = strconv.AppendInt(dst, int64(i), 10)
	return append(dst, `,"name":"item","tags":["a","b"]}`...)
}

// TestTokenBoundedMemory: Token over a top-level array of a million
// elements, and the Token, More, Decode, Token pattern over one of a
// million objects, keep the Decoder's buffer at its first size (the
// consumed prefix is dropped), through a reader without Len and through a
// bytes.Reader of the whole input (whose first read is capped).
func TestTokenBoundedMemory(t *testing.T) {
	n := 1000000
	if testing.Short() || raceEnabled {
		n = 100000
	}
	const maxCap = 4096 + 64 // the first buffer of a reader without Len, with its padding
	check := func(name string, dec *sjson.Decoder, maxCap int, elems func(dec *sjson.Decoder) int) {
		t.Helper()
		worst := 0
		got := 0
		tok, err := dec.Token()
		if err != nil || tok != sjson.Delim('[') {
			t.Fatalf("%s: first token %v, %v", name, tok, err)
		}
		for dec.More() {
			got += elems(dec)
			worst = max(worst, sjson.DecoderBufferCap(dec))
		}
		if tok, err := dec.Token(); err != nil || tok != sjson.Delim(']') {
			t.Fatalf("%s: last token %v, %v", name, tok, err)
		}
		if _, err := dec.Token(); err != io.EOF {
			t.Fatalf("%s: after the array: %v, want io.EOF", name, err)
		}
		if got != n {
			t.Fatalf("%s: %d elements, want %d", name, got, n)
		}
		if worst > maxCap {
			t.Errorf("%s: the buffer grew to %d bytes, want at most %d", name, worst, maxCap)
		}
	}
	numbers := func(dec *sjson.Decoder) int {
		tok, err := dec.Token()
		if _, ok := tok.(float64); err != nil || !ok {
			t.Fatalf("token %v, %v", tok, err)
		}
		return 1
	}
	type object struct {
		ID   int
		Name string
		Tags []string
	}
	next := 0
	objects := func(dec *sjson.Decoder) int {
		var o object
		if err := dec.Decode(&o); err != nil || o.ID != next || o.Name != "item" || len(o.Tags) != 2 {
			t.Fatalf("element %d: %+v, %v", next, o, err)
		}
		next++
		return 1
	}
	check("numbers", sjson.NewDecoder(&arrayReader{n: n, elem: numberElem}), maxCap, numbers)
	check("objects", sjson.NewDecoder(&arrayReader{n: n, elem: objectElem}), maxCap, objects)

	whole, err := io.ReadAll(&arrayReader{n: n, elem: objectElem})
	if err != nil {
		t.Fatal(err)
	}
	next = 0
	check("objects from a bytes.Reader", sjson.NewDecoder(bytes.NewReader(whole)), min(len(whole)+64+1, 1<<20+64), objects)
}
