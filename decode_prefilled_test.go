//go:build cgo

package simdjson_test

import (
	"fmt"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

type advEl struct{ A, B int }

type advSlices struct {
	L  []advEl
	Ar [2]advEl
	M  map[string]advEl
	X  int
}

// TestDecodePrefilledElements: pre-filled slice, array and map elements
// decoded as encoding/json decodes them (its slices and arrays decode into
// the elements in place), with and without a fallback later in the value.
func TestDecodePrefilledElements(t *testing.T) {
	prefill := func(v *advSlices) {
		v.L = []advEl{{1, 2}, {3, 4}}
		v.Ar = [2]advEl{{1, 2}, {3, 4}}
		v.M = map[string]advEl{"k": {1, 2}}
	}
	for _, in := range []string{
		`{"L":[{"A":5}],"Ar":[{"A":5}],"M":{"k":{"A":5}}}`,
		`{"L":[{"A":5}],"Ar":[{"A":5}],"M":{"k":{"A":5}},"X":"type error"}`,
		`{"L":[{"A":5},{"B":6},{"A":7}],"X":1e999}`,
	} {
		advDiff[advSlices](t, in, prefill)
	}
}

// TestDecodeConcurrentParsers: Decode on distinct parsers at once
// (run under -race).
func TestDecodeConcurrentParsers(t *testing.T) {
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
