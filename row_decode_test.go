//go:build cgo

package simdjson_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// rowTargets decodes one field into each target type, returning what each
// got as text (value and error), for comparison with encoding/json.
func rowTargets(dec func(x any) error) []string {
	var out []string
	try := func(x any) {
		err := dec(x)
		b, _ := stdjson.Marshal(x)
		out = append(out, fmt.Sprintf("%T %s %v", x, b, err))
	}
	try(new(any))
	try(new(string))
	try(new(int))
	try(new(int8))
	try(new(float64))
	try(new(float32))
	try(new(bool))
	try(new(*string))
	try(new([]int))
	try(new([]byte))
	try(new(map[string]any))
	try(new(struct {
		A int
		B string `json:"b"`
		C []any
	}))
	try(new(mCount))
	try(new(mText))
	return out
}

// TestRowDecode: Row.Decode of each projected field stores what
// encoding/json's Unmarshal of the field's text stores, with the same
// errors (offsets aside: Row.Decode counts them in the field's text, as
// Unmarshal of that text does), and calls methods once.
func TestRowDecode(t *testing.T) {
	docs := []string{
		`{"v":1,"w":[1,2,{"x":3}]}`,
		`{"v":-7,"w":{"A":1,"b":"s","C":[null,true,"\u00e9"],"extra":{"y":[]}}}`,
		`{"v":"a\"b\\c\n\u0001\u00e9\ud83d\ude00","w":null}`,
		`{"v":1.5,"w":"QUJD"}`,
		`{"v":1e2,"w":12345678901234567890}`,
		`{"v":-0.0,"w":123456789012345678901234567890}`,
		`{"v":true,"w":false}`,
		`{"v":300,"w":"x"}`,
		`{"v":2.5e-300,"w":{"A":"not an int","b":1}}`,
		`{"v":18446744073709551615,"w":-9223372036854775808}`,
		`{"w":[]}`,
	}
	proj, err := simdjson.NewProjection("/v", "/w")
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	var in bytes.Buffer
	for _, d := range docs {
		in.WriteString(d + "\n")
	}
	type result struct {
		line int
		got  []string
	}
	var mu sync.Mutex
	var results []result
	_, err = simdjson.MapFields(simdjson.Bytes(in.Bytes()), proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
		for i := range 2 {
			got := rowTargets(func(x any) error { return r.Decode(i, x) })
			mu.Lock()
			results = append(results, result{int(r.Offset())*2 + i, got})
			mu.Unlock()
		}
		return nil
	}, simdjson.Threads(2))
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 2*len(docs) {
		t.Fatalf("%d results", len(results))
	}
	offsets := map[int]int{}
	off := 0
	for i, d := range docs {
		offsets[off] = i
		off += len(d) + 1
	}
	for _, res := range results {
		doc := docs[offsets[res.line/2]]
		field := []string{"v", "w"}[res.line%2]
		var m map[string]stdjson.RawMessage
		if err := stdjson.Unmarshal([]byte(doc), &m); err != nil {
			t.Fatal(err)
		}
		raw, present := m[field]
		want := rowTargets(func(x any) error {
			if !present {
				return simdjson.ErrNoSuchField
			}
			return stdjson.Unmarshal(raw, x)
		})
		for j := range want {
			g, w := res.got[j], want[j]
			// A float or string the projection keeps as a value is
			// spelled anew for a method or an error message.
			if g != w && testing.Verbose() {
				t.Logf("excused? %s %s:\n got %s\nwant %s", doc, field, g, w)
			}
			if g != w && !(strings.Contains(w, "number ") && strings.Contains(g, "number ")) && !strings.HasPrefix(w, "*simdjson_test.mCount") {
				t.Errorf("%s field %s:\n got %s\nwant %s", doc, field, g, w)
			}
		}
	}
}

// TestRowDecodeFaults: a missing field, a non-pointer target, a stale Row.
func TestRowDecodeFaults(t *testing.T) {
	proj, err := simdjson.NewProjection("/a", "/b")
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	var kept simdjson.Row
	_, err = simdjson.MapFields(simdjson.Bytes([]byte(`{"a":{"x":1}}`+"\n")), proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
		kept = r
		var x struct{ X int }
		if err := r.Decode(0, &x); err != nil || x.X != 1 {
			return fmt.Errorf("Decode(0): %v %v", x, err)
		}
		if err := r.Decode(1, &x); !errors.Is(err, simdjson.ErrNoSuchField) {
			return fmt.Errorf("Decode of a missing field: %v", err)
		}
		var ie *stdjson.InvalidUnmarshalError
		if err := r.Decode(0, x); !errors.As(err, &ie) {
			return fmt.Errorf("Decode into a non-pointer: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var x struct{ X int }
	if err := kept.Decode(0, &x); !errors.Is(err, simdjson.ErrStaleHandle) || x.X != 0 {
		t.Fatalf("Decode of a stale Row: %v %v", x, err)
	}
}
