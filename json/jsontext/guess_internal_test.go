//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"encoding/json/jsontext"
	"io"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// TestGuessLinear: many values on one line (ended by a newline, or by the
// end of a reader with Len), or of several lines each, are read with
// simdjson validating about each value's bytes once or twice, not the rest
// of the line again for every value (quadratic in the values of a line).
func TestGuessLinear(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	const n = 20000
	line := strings.Repeat(`[1,"ab"] `, n)
	pretty := strings.Repeat("[1,\n\"ab\"] ", n)
	for name, in := range map[string]struct {
		r    io.Reader
		want string
	}{
		"rest":   {strings.NewReader(line), `[1,"ab"]`},
		"line":   {struct{ io.Reader }{strings.NewReader(line + "\n")}, `[1,"ab"]`},
		"pretty": {strings.NewReader(pretty), "[1,\n\"ab\"]"},
	} {
		d := NewDecoder(in.r)
		for k := range n {
			v, err := d.ReadValue()
			if err != nil || string(v) != in.want {
				t.Fatalf("%s: value %d: %q %v", name, k, v, err)
			}
		}
		if d.mode != fastMode {
			t.Fatalf("%s: the standard Decoder read", name)
		}
		if _, err := d.ReadValue(); err != io.EOF {
			t.Fatalf("%s: %v, want EOF", name, err)
		}
		if limit := int64(3 * len(line)); d.parsed > limit {
			t.Fatalf("%s: simdjson validated %d bytes of %d", name, d.parsed, len(line))
		}
	}
}

// TestNewlineSearchLinear: a line longer than the buffer (3 MiB of values,
// no newline, read 1 MiB at a time) is searched for its newline once, not
// again from each value to the buffer's end (adversarial review,
// 2026-12-06: 4 MiB took 2.65 s against the standard's 19 ms).
func TestNewlineSearchLinear(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	const n = 3 << 20 / 9
	line := strings.Repeat(`[1,"ab"] `, n)
	for name, in := range map[string]string{"no newline": line, "newline at the end": line + "\n"} {
		d := NewDecoder(strings.NewReader(in))
		for k := range n {
			if v, err := d.ReadValue(); err != nil || string(v) != `[1,"ab"]` {
				t.Fatalf("%s: value %d: %q %v", name, k, v, err)
			}
		}
		if limit := int64(2 * len(in)); d.searched > limit {
			t.Fatalf("%s: searched %d bytes for a newline in %d", name, d.searched, len(in))
		}
	}
}

// TestBufferBackAtEnd: at the end of the input the Decoder gives its pooled
// buffer back (the next Decoder takes it instead of allocating up to 1 MiB
// for a reader with Len), keeping the trailing whitespace for the standard
// Decoder, whose offsets and unread bytes it then reports.
func TestBufferBackAtEnd(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	in := strings.Repeat(`{"a":[1,2,3],"b":"x"}`+"\n", 1000) + " \t\n"
	d := NewDecoder(strings.NewReader(in))
	std := jsontext.NewDecoder(strings.NewReader(in))
	for {
		v, err := d.ReadValue()
		w, errStd := std.ReadValue()
		if string(v) != string(w) || (err == nil) != (errStd == nil) {
			t.Fatalf("%q %v, want %q %v", v, err, w, errStd)
		}
		if err != nil {
			break
		}
	}
	if d.held != nil {
		t.Fatal("the buffer was kept past the end of the input")
	}
	if got, want := string(d.UnreadBuffer()), string(std.UnreadBuffer()); got != want || d.InputOffset() != std.InputOffset() {
		t.Fatalf("unread %q at %d, want %q at %d", got, d.InputOffset(), want, std.InputOffset())
	}
}

// TestPrettyDocumentWhole: a pretty-printed document from a reader with
// Len (its first line, "{", is not the value) is validated whole once the
// reader is found at its end, not found by the bracket scan first (which
// cost twice simdjson's parse on twitter.json).
func TestPrettyDocumentWhole(t *testing.T) {
	if !shim.Available {
		t.Skip("no fast path without cgo")
	}
	doc := "{\n  \"a\": [1, 2],\n  \"b\": {\"c\": \"x\"}\n}"
	for name, c := range map[string]struct {
		in    string
		scans int64
	}{
		"document":         {doc, 0},
		"whitespace after": {doc + "\n\n", 0},
		// The rest of the input is not the first value; a guess ending
		// where one failed is not tried again (linear in the values).
		"two documents": {doc + "\n" + doc, 2},
	} {
		in := c.in
		d := NewDecoder(strings.NewReader(in))
		for k := range strings.Count(in, doc) {
			if v, err := d.ReadValue(); err != nil || string(v) != doc {
				t.Fatalf("%s: value %d: %q %v", name, k, v, err)
			}
		}
		if d.mode != fastMode {
			t.Fatalf("%s: the standard Decoder read", name)
		}
		if _, err := d.ReadValue(); err != io.EOF {
			t.Fatalf("%s: %v, want EOF", name, err)
		}
		if d.scans != c.scans {
			t.Fatalf("%s: the bracket scan ran %d times, want %d", name, d.scans, c.scans)
		}
	}
}
