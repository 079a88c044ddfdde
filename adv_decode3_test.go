//go:build cgo

package simdjson_test

import "testing"

type advEl struct{ A, B int }

type advSlices struct {
	L  []advEl
	Ar [2]advEl
	M  map[string]advEl
	X  int
}

// TestAdvDecodePrefilledElements: pre-filled slice, array and map elements
// decoded as encoding/json decodes them (its slices and arrays decode into
// the elements in place), with and without a fallback later in the value.
func TestAdvDecodePrefilledElements(t *testing.T) {
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
