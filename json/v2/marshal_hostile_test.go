//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"math"
	"reflect"
	"strings"
	"testing"

	jsonv2 "encoding/json/v2"

	json "github.com/simdjson-cgo/simdjson/json/v2"
)

type advInner struct {
	M  map[string]any     `json:"m"`
	MI map[string]int64   `json:"mi,omitempty"`
	MM map[string]advLeaf `json:"mm"`
}

type advLeaf struct {
	A int64  `json:"a"`
	S string `json:"sssssssssssssssssssssssssssss"` // ",\"" + 29 + "\":" = 33 bytes: copied
	T string `json:"ttttttttttttttttttttttttttt"`   // 31 bytes with ',' '"' '"' ':': one store
	U uint64 `json:"u,omitempty"`
}

// Nested maps in Go's map order (maps inside structs, maps of structs,
// map[string]any inside map[string]any), with the integer edges of the
// in-place writer and strings of exactly 32 bytes with and without an
// escape at each position, compared with the standard's bytes (members
// sorted) and errors, under nil, DefaultOptionsV2, Deterministic(true).
func TestMarshalDefaultNestedMapsAdversarial(t *testing.T) {
	ints := []int64{math.MinInt64, math.MinInt64 + 1, -1e9, -999999999, -1e8, -(1e8 - 1), -9, 0, 9, 1e8 - 1, 1e8, 999999999, 1e9, math.MaxInt64}
	var strs []string
	base := strings.Repeat("x", 32)
	strs = append(strs, base, base[:31], base+"y")
	for i := 0; i < 32; i++ {
		for _, c := range []string{"\"", "\\", "\x00", "\x1f", "\x7f", "é"} {
			s := base[:i] + c + base[i+1:]
			strs = append(strs, s[:min(len(s), 32)])
		}
	}
	for k, v := range ints {
		leaf := advLeaf{A: v, S: strs[k%len(strs)], T: strs[(k*7)%len(strs)], U: uint64(v)}
		in := advInner{
			M:  map[string]any{"x": map[string]any{"y": map[string]any{}, "z": []any{float64(v), strs[k]}, "w": nil}, "a": "b", strs[k%3]: 1.5},
			MI: map[string]int64{"lo": v, "hi": -v, "mid": v / 3},
			MM: map[string]advLeaf{"one": leaf, "two": {}, "three": {U: math.MaxUint64}},
		}
		checkMarshal(t, in)
		checkMarshal(t, []advInner{in, {}, in})
		checkMarshal(t, map[string]advInner{"p": in, "q": {}})
		checkMarshal(t, map[string]map[string]map[string]int64{"a": {"b": {"c": v}, "d": nil}, "e": {}})
	}
	for _, s := range strs {
		checkMarshal(t, map[string]string{s: s, "k": s})
		checkMarshal(t, struct{ S, T string }{s, s})
	}
}

// Errors met inside nested maps written in Go's map order: an invalid
// UTF-8 key or value deep inside, a cycle through map[string]any, and
// nesting past the standard's limit; the error's type must be the
// standard's for each option set (the standard too returns the bytes
// written before the error).
func TestMarshalDefaultNestedMapErrors(t *testing.T) {
	cyc := map[string]any{"a": 1.0}
	cyc["self"] = cyc
	deep := any(map[string]any{})
	for range 11000 {
		deep = map[string]any{"k": deep}
	}
	vals := []any{
		map[string]any{"ok": 1.0, "bad": map[string]any{"\xff": 1.0}},
		advInner{M: map[string]any{"x": map[string]any{"y\xfe": nil}}},
		advInner{MM: map[string]advLeaf{"a": {S: "ok\xc0"}}},
		map[string]map[string]int64{"a": {"\xed\xa0\x80": 1}},
		cyc,
		deep,
	}
	for i, v := range vals {
		want, errW := jsonv2.Marshal(v, json.Deterministic(true))
		for j, opts := range [][]json.Options{nil, {json.DefaultOptionsV2()}, {json.Deterministic(true)}, {json.Deterministic(true), json.DefaultOptionsV2()}, {json.Deterministic(false)}} {
			got, errG := json.Marshal(v, opts...)
			if (errG == nil) != (errW == nil) {
				t.Fatalf("value %d opts %d: error %v, want %v", i, j, errG, errW)
			}
			if errW == nil && len(got) != len(want) {
				t.Fatalf("value %d opts %d: %d bytes, want %d", i, j, len(got), len(want))
			}
			if reflect.TypeOf(errG) != reflect.TypeOf(errW) {
				t.Fatalf("value %d opts %d: error %T, want %T", i, j, errG, errW)
			}
		}
	}
}

// Deterministic(true) combined with options the fast path does not take
// (or given through JoinOptions): the standard's bytes, exactly, for the
// nested maps above.
func TestMarshalDeterministicCombined(t *testing.T) {
	in := advInner{
		M:  map[string]any{"x": map[string]any{"y": map[string]any{}, "z": []any{1.0, "s"}, "w": nil}, "a": "b"},
		MI: map[string]int64{"lo": math.MinInt64, "hi": 1e8, "mid": 999999999},
		MM: map[string]advLeaf{"one": {A: 1, S: strings.Repeat("s", 32)}, "two": {}, "three": {U: math.MaxUint64}},
	}
	vals := []any{in, []advInner{in, {}}, map[string]advInner{"p": in, "q": {}}, advInner{}}
	for i, opts := range [][]json.Options{
		{json.Deterministic(true), json.FormatNilSliceAsNull(true)},
		{json.OmitZeroStructFields(true), json.Deterministic(true)},
		{json.StringifyNumbers(true), json.Deterministic(true)},
		{json.JoinOptions(json.DefaultOptionsV2(), json.Deterministic(true))},
		{json.DefaultOptionsV2(), json.Deterministic(true)},
		{json.Deterministic(true), json.Deterministic(true)},
	} {
		for j, v := range vals {
			want, errW := jsonv2.Marshal(v, opts...)
			got, errG := json.Marshal(v, opts...)
			if (errG == nil) != (errW == nil) || string(got) != string(want) {
				t.Fatalf("options %d value %d:\n got %s %v\nwant %s %v", i, j, got, errG, want, errW)
			}
		}
	}
}
