//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/jtlink"
	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// TestLinkStdDecoder: values read on the fast path, then the standard
// Decoder handed out by jtlink.StdDecoder to encoding/json/v2: its offsets
// (and its errors') are the input's, and reading goes on from where d was.
func TestLinkStdDecoder(t *testing.T) {
	in := `{"a":1}` + "\n" + `{"b":2}` + "\n" + `{"c":"x"}` + "\n" + `{"c":3}` + "\n"
	d := ours.NewDecoder(strings.NewReader(in))
	for range 2 {
		if _, err := d.ReadValue(); err != nil {
			t.Fatal(err)
		}
	}
	sd := jtlink.StdDecoder(d)
	if sd == nil {
		t.Fatal("StdDecoder returned nil")
	}
	if got, want := sd.InputOffset(), int64(15); got != want {
		t.Fatalf("handed-out InputOffset %d, want %d", got, want)
	}
	if _, n := sd.StackIndex(0); n != 2 {
		t.Fatalf("handed-out top-level count %d, want 2", n)
	}
	// The rest as a standard Decoder over the same input does it.
	ref := jsontext.NewDecoder(strings.NewReader(in))
	ref.ReadValue()
	ref.ReadValue()
	type C struct {
		C int `json:"c"`
	}
	for i := range 3 {
		var v1, v2 C
		e1 := jsonv2.UnmarshalDecode(ref, &v1)
		e2 := jsonv2.UnmarshalDecode(sd, &v2)
		if i == 0 {
			var se *jsonv2.SemanticError
			if !errors.As(e2, &se) || se.ByteOffset != 21 {
				t.Fatalf("UnmarshalDecode: %v, want a semantic error at the string, offset 21", e2)
			}
		}
		if errString(e1) != errString(e2) || v1 != v2 || ref.InputOffset() != sd.InputOffset() || ref.InputOffset() != d.InputOffset() {
			t.Fatalf("UnmarshalDecode %d: %v %+v at %d (d at %d), want %v %+v at %d", i, e2, v2, sd.InputOffset(), d.InputOffset(), e1, v1, ref.InputOffset())
		}
	}
}

// TestLinkWrap: a standard Decoder or Encoder wrapped for a callback is used
// as it is.
func TestLinkWrap(t *testing.T) {
	sd := jsontext.NewDecoder(strings.NewReader(`[1,2]`))
	if _, err := sd.ReadToken(); err != nil {
		t.Fatal(err)
	}
	d := jtlink.WrapDecoder(sd).(*ours.Decoder)
	if v, err := d.ReadValue(); err != nil || string(v) != "1" || d.InputOffset() != 2 {
		t.Fatalf("wrapped ReadValue: %q %v at %d", v, err, d.InputOffset())
	}
	if jtlink.StdDecoder(d) != sd {
		t.Fatal("StdDecoder of a wrapped Decoder is not the wrapped one")
	}
	var b strings.Builder
	se := jsontext.NewEncoder(&b)
	e := jtlink.WrapEncoder(se).(*ours.Encoder)
	if err := e.WriteToken(jsontext.String("x")); err != nil || jtlink.StdEncoder(e) != se || b.String() != "\"x\"\n" {
		t.Fatalf("wrapped Encoder: %v %q", err, b.String())
	}
	if jtlink.StdDecoder((*ours.Decoder)(nil)) != nil || jtlink.StdEncoder(nil) != nil {
		t.Fatal("nil in, non-nil out")
	}
}
