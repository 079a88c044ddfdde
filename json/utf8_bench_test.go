package json_test

import (
	stdjson "encoding/json"
	"io"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// BenchmarkEncodeUTF8Scan: Encoder.Encode of twitter (much Japanese text),
// citm_catalog and github_events (mostly ASCII), as their struct types
// and as interface{}, with the strings' UTF-8 scan (scan) and without it
// (go), side by side in one binary (MB/s of output).
func BenchmarkEncodeUTF8Scan(b *testing.B) {
	for _, file := range []string{"twitter.json", "citm_catalog.json", "github_events.json"} {
		for _, target := range encodeTargets(b, file) {
			out := target.out
			for _, mode := range []string{"go", "scan"} {
				b.Run(file+"/"+target.name+"/"+mode, func(b *testing.B) {
					old := sjson.SetUTF8Scan(mode == "scan")
					defer sjson.SetUTF8Scan(old)
					b.SetBytes(int64(len(out)))
					b.ReportAllocs()
					enc := sjson.NewEncoder(io.Discard)
					for b.Loop() {
						if err := enc.Encode(target.v); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkEncodeNonASCIIStrings: Encoder.Encode of the strings of a corpus
// document that hold non-ASCII text (755 of twitter's 18099 strings, 108
// of citm_catalog's 26604), one []string, with the scan and without.
func BenchmarkEncodeNonASCIIStrings(b *testing.B) {
	for _, file := range []string{"twitter.json", "citm_catalog.json"} {
		a := encodeTargets(b, file)[0].v
		var strs []string
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case string:
				for i := 0; i < len(v); i++ {
					if v[i] >= 0x80 {
						strs = append(strs, v)
						break
					}
				}
			case []any:
				for _, e := range v {
					walk(e)
				}
			case map[string]any:
				for k, e := range v {
					walk(k)
					walk(e)
				}
			}
		}
		walk(a)
		out, err := stdjson.Marshal(strs)
		if err != nil {
			b.Fatal(err)
		}
		for _, mode := range []string{"go", "scan"} {
			b.Run(file+"/"+mode, func(b *testing.B) {
				old := sjson.SetUTF8Scan(mode == "scan")
				defer sjson.SetUTF8Scan(old)
				b.SetBytes(int64(len(out)))
				enc := sjson.NewEncoder(io.Discard)
				for b.Loop() {
					if err := enc.Encode(strs); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
