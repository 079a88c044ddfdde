//go:build goexperiment.jsonv2 && go1.27

package main

import (
	"encoding/json"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
)

// BenchmarkV2MarshalSmall: json/v2's Marshal and goccy/go-json/v2's of the
// encode suite's small-200B/struct value (the one GitHub event of
// smallEvent in corpus.GitHubEvent), on one goroutine: the per-call cost
// that the suite's row measures, in a form callgrind can count
// (bench/RESULTS.md, "json/v2 Marshal of a 200-byte struct").
func BenchmarkV2MarshalSmall(b *testing.B) {
	v := new(corpus.GitHubEvent)
	if err := json.Unmarshal(smallEvent, v); err != nil {
		b.Fatal(err)
	}
	for _, impl := range []struct {
		name string
		fn   func(any) ([]byte, error)
	}{{"simdjson", simdV2Marshal}, {"goccy", goccyV2Marshal}} {
		b.Run(impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := impl.fn(v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
