package json_test

import (
	stdjson "encoding/json"
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
