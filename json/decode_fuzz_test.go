package json_test

import (
	stdjson "encoding/json"
	"fmt"
	"strings"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// fuzzTargets are the types the fuzz targets decode into.
var fuzzTargets = []func() any{
	func() any { return new(any) },
	func() any { return new(numbers) },
	func() any { return new(containers) },
	func() any { return new(withEmbeds) },
	func() any { return new(methods) },
	func() any { return new(quoted) },
	func() any { return new(map[string]stdjson.RawMessage) },
	func() any { return new([]recursive) },
	func() any { return new(map[int]float32) },
	func() any { return new(noNumbers) }, // parsed without converting numbers
	func() any { return new([]string) },
	func() any { return new(planned) },           // decoded by a plan
	func() any { return new([]map[string]int8) }, // small ones built in place
	func() any { return new(map[string]float64) },
}

// FuzzUnmarshal compares Unmarshal and Valid with encoding/json on
// arbitrary input (seeds: the cases of decode_test.go and
// testdata/fuzz/FuzzUnmarshal).
func FuzzUnmarshal(f *testing.F) {
	for _, c := range cases {
		f.Add([]byte(c))
	}
	for _, c := range plannedDocs {
		f.Add([]byte(c))
	}
	for _, c := range largeObjects() {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if got, want := sjson.Valid(data), stdjson.Valid(data); got != want {
			t.Errorf("Valid(%q) = %v, encoding/json says %v", data, got, want)
		}
		for _, mk := range fuzzTargets {
			checkUnmarshal(t, "fuzz", data, mk)
		}
	})
}

// FuzzDecoder compares the Decoder with encoding/json's on arbitrary
// streams, read whole, one byte and half a buffer at a time.
func FuzzDecoder(f *testing.F) {
	for _, s := range streams {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkStream(t, "fuzz", data, func() any { return new(any) }, false)
		checkStream(t, "fuzz", data, func() any { return new(numbers) }, true)
	})
}

// largeObjects are objects of more than eight names (maps built in place as
// tables, json/bigmap.go), alone and in arrays: a name repeated, escaped,
// empty; values of every kind, and of one kind for the typed maps.
func largeObjects() []string {
	obj := func(n int, val func(int) string, extra string) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			fmt.Fprintf(&b, `"k%d":%s,`, i, val(i))
		}
		b.WriteString(extra)
		return strings.TrimSuffix(b.String(), ",") + "}"
	}
	mixed := func(i int) string { return [...]string{"1", `"s"`, "null", "true", `[2,{"a":3}]`, `{"b":-0.5}`}[i%6] }
	ints := func(i int) string { return fmt.Sprint(i - 5) }
	return []string{
		obj(9, mixed, ""), obj(40, mixed, `"k3":"again"`), obj(12, mixed, `"k\u0031":0,"":1`),
		"[" + obj(9, ints, "") + "," + obj(30, ints, `"k29":300`) + "]",
		`{"a":` + obj(20, mixed, "") + `,"b":[` + obj(15, ints, `"":7`) + `]}`,
	}
}
