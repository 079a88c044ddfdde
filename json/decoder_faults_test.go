package json_test

import (
	"errors"
	"io"
	"strings"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// Readers that misbehave, through Decode, Token and More: the faults
// NewDecoder documents.

// faultReader returns data a few bytes a read, then does what fault says
// (on every later read too).
type faultReader struct {
	data  string
	fault func(p []byte) (int, error)
}

func (r *faultReader) Read(p []byte) (int, error) {
	if len(r.data) > 0 {
		n := copy(p[:min(len(p), 3)], r.data)
		r.data = r.data[n:]
		return n, nil
	}
	return r.fault(p)
}

func TestDecoderReaderFaults(t *testing.T) {
	faults := []struct {
		name  string
		fault func(p []byte) (int, error)
		want  string
	}{
		{"negative count", func(p []byte) (int, error) { return -1, nil }, "invalid byte count"},
		{"count past the buffer", func(p []byte) (int, error) { return len(p) + 1, nil }, "invalid byte count"},
		{"no progress", func(p []byte) (int, error) { return 0, nil }, io.ErrNoProgress.Error()},
	}
	for _, f := range faults {
		for _, in := range []string{``, `{"a":[1,2`, `[1, 2, 3`, `"abc`} {
			// Decode: the fault is final.
			dec := sjson.NewDecoder(&faultReader{in, f.fault})
			var v any
			err := dec.Decode(&v)
			if err == nil || !strings.Contains(err.Error(), f.want) {
				t.Errorf("%s, %q: Decode: %v, want %q", f.name, in, err, f.want)
			}
			if err2 := dec.Decode(&v); err2 != err {
				t.Errorf("%s, %q: second Decode: %v, want %v again", f.name, in, err2, err)
			}
			// Token: the fault reaches the caller once the tokens read are
			// out.
			dec = sjson.NewDecoder(&faultReader{in, f.fault})
			var terr error
			for k := 0; k < 10 && terr == nil; k++ {
				_, terr = dec.Token()
			}
			if terr == nil || !strings.Contains(terr.Error(), f.want) {
				t.Errorf("%s, %q: Token: %v, want %q", f.name, in, terr, f.want)
			}
		}
	}

	// Fewer than 100 empty reads in a row are waited out.
	empties := 0
	r := &faultReader{`{"a":`, func(p []byte) (int, error) {
		if empties++; empties%50 != 0 {
			return 0, nil
		}
		return copy(p, "1}"), io.EOF
	}}
	var v map[string]int
	if err := sjson.NewDecoder(r).Decode(&v); err != nil || v["a"] != 1 {
		t.Errorf("with 49 empty reads in a row: %v, %v", v, err)
	}
}

// panicReader returns its data a byte a read, then panics.
type panicReader struct{ data string }

var errReaderPanic = errors.New("reader exploded")

func (r *panicReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		panic(errReaderPanic)
	}
	n := copy(p[:1], r.data)
	r.data = r.data[n:]
	return n, nil
}

// TestDecoderReaderPanics: a panic in Read reaches the caller of Decode,
// Token and More, as with encoding/json; the Decoder is left as it was
// before that read, and goes on once the reader does.
func TestDecoderReaderPanics(t *testing.T) {
	catch := func(fn func()) (v any) {
		defer func() { v = recover() }()
		fn()
		return nil
	}
	r := &panicReader{`[1, {"a":`}
	dec := sjson.NewDecoder(r)
	if tok, err := dec.Token(); tok != sjson.Delim('[') || err != nil {
		t.Fatalf("Token: %v, %v", tok, err)
	}
	if tok, err := dec.Token(); tok != 1.0 || err != nil {
		t.Fatalf("Token: %v, %v", tok, err)
	}
	var v map[string]int
	for k := 0; k < 2; k++ {
		if p := catch(func() { _ = dec.Decode(&v) }); p != errReaderPanic {
			t.Fatalf("Decode: recovered %v, want the reader's panic", p)
		}
	}
	// The reader recovers: the stream goes on where it was.
	r.data = `2}]`
	if err := dec.Decode(&v); err != nil || v["a"] != 2 {
		t.Fatalf("Decode after the panics: %v, %v", v, err)
	}
	if tok, err := dec.Token(); tok != sjson.Delim(']') || err != nil {
		t.Fatalf("Token: %v, %v", tok, err)
	}
	if off := dec.InputOffset(); off != int64(len(`[1, {"a":2}]`)) {
		t.Fatalf("InputOffset %d", off)
	}

	// More and Token reach the reader when only whitespace is buffered.
	dec = sjson.NewDecoder(&panicReader{`[1 `})
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	if p := catch(func() { dec.More() }); p != errReaderPanic {
		t.Fatalf("More: recovered %v, want the reader's panic", p)
	}
	if p := catch(func() { _, _ = dec.Token() }); p != errReaderPanic {
		t.Fatalf("Token: recovered %v, want the reader's panic", p)
	}
}
