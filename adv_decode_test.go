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

var advPanicCalls int

type advPanicking struct{}

func (*advPanicking) UnmarshalJSON([]byte) error {
	advPanicCalls++
	panic("advPanicking")
}

// TestAdvDecodePanickingUnmarshalerCalledOnce: a panic in UnmarshalJSON
// reaches Decode's caller after one call, as with encoding/json. Today the
// fast path's recover swallows it, the fallback calls the method again,
// and the second panic escapes: two calls.
func TestAdvDecodePanickingUnmarshalerCalledOnce(t *testing.T) {
	type target struct{ P advPanicking }
	p := simdjson.NewParser()
	defer p.Close()
	d, err := p.Parse([]byte(`{"P":1}`))
	if err != nil {
		t.Fatal(err)
	}
	advPanicCalls = 0
	func() {
		defer func() { recover() }()
		var x target
		d.Value.Decode(&x)
	}()
	if advPanicCalls != 1 {
		t.Errorf("UnmarshalJSON called %d times before its panic reached the caller, want 1", advPanicCalls)
	}
}

// TestAdvDecodeConcurrentParsers: Decode on distinct parsers at once
// (run under -race).
func TestAdvDecodeConcurrentParsers(t *testing.T) {
	type rec struct {
		ID   int
		Name string
		Tags []string
		M    map[string]any
	}
	done := make(chan error, 4)
	for g := range 4 {
		go func() {
			p := simdjson.NewParser()
			defer p.Close()
			for i := range 500 {
				in := fmt.Sprintf(`{"ID":%d,"Name":"g%d","Tags":["a","b"],"M":{"k":[1,{"x":null}]}}`, i, g)
				d, err := p.Parse([]byte(in))
				if err != nil {
					done <- err
					return
				}
				var r rec
				if err := d.Value.Decode(&r); err != nil || r.ID != i || r.Name != fmt.Sprintf("g%d", g) {
					done <- fmt.Errorf("goroutine %d line %d: %+v %v", g, i, r, err)
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
