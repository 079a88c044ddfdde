//go:build cgo

package simdjson_test

import (
	stdjson "encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// advCalls counts the calls of its UnmarshalJSON (each call appends the
// input, as an accumulating type would).
type advCalls []string

func (a *advCalls) UnmarshalJSON(b []byte) error {
	*a = append(*a, string(b))
	return nil
}

// advFailing fails its UnmarshalJSON and counts the calls.
type advFailing struct{ n *int }

var advFailCalls int

func (a *advFailing) UnmarshalJSON(b []byte) error {
	advFailCalls++
	return errors.New("advFailing: refused")
}

type advTextCalls []string

func (a *advTextCalls) UnmarshalText(b []byte) error {
	*a = append(*a, string(b))
	return nil
}

// TestAdvDecodeUnmarshalerCalledOnce: Value.Decode calls a field's
// UnmarshalJSON (UnmarshalText) once, as encoding/json's Unmarshal does,
// even when a later field sends the value to the fallback. Today the fast
// path calls the method, a later type error (or other fallback cause)
// re-decodes the whole value with encoding/json, and the method runs a
// second time: an accumulating Unmarshaler ends with two entries.
func TestAdvDecodeUnmarshalerCalledOnce(t *testing.T) {
	type target struct {
		C advCalls
		T advTextCalls
		B int
	}
	for _, in := range []string{
		`{"C":1,"T":"t","B":"not an int"}`, // a type error after the method's field
		`{"C":1,"T":"t","B":1e400}`,        // a number out of range
		`{"C":1,"T":"t","B":2}`,            // no fallback: once
	} {
		var want target
		werr := stdjson.Unmarshal([]byte(in), &want)
		p := simdjson.NewParser()
		d, err := p.Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		var got target
		gerr := d.Value.Decode(&got)
		if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("Decode %s: got %v (%v), want %v (%v) as encoding/json", in, got, gerr, want, werr)
		}
		p.Close()
	}
}

// TestAdvDecodeFailingUnmarshalerCalledOnce: an UnmarshalJSON that
// returns an error is called once, as encoding/json calls it.
func TestAdvDecodeFailingUnmarshalerCalledOnce(t *testing.T) {
	type target struct{ F advFailing }
	in := `{"F":1}`
	advFailCalls = 0
	var want target
	werr := stdjson.Unmarshal([]byte(in), &want)
	wantCalls := advFailCalls
	advFailCalls = 0
	p := simdjson.NewParser()
	defer p.Close()
	d, err := p.Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got target
	gerr := d.Value.Decode(&got)
	if advFailCalls != wantCalls || fmt.Sprint(gerr) != fmt.Sprint(werr) {
		t.Errorf("Decode %s: UnmarshalJSON called %d times (%v), want %d (%v) as encoding/json", in, advFailCalls, gerr, wantCalls, werr)
	}
}
