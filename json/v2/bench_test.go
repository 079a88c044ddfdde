//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	jsonv2 "encoding/json/v2"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson/internal/corpus"

	json "github.com/simdjson-cgo/simdjson/json/v2"
)

func BenchmarkUnmarshalAny(b *testing.B) {
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), name))
		if err != nil {
			b.Skip(err)
		}
		for _, impl := range []struct {
			name string
			fn   func([]byte, any, ...json.Options) error
		}{{"simdjson", json.Unmarshal}, {"std", jsonv2.Unmarshal}} {
			b.Run(name+"/"+impl.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					var v any
					if err := impl.fn(data, &v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkUnmarshalStruct(b *testing.B) {
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), name))
		if err != nil {
			b.Skip(err)
		}
		for k, mk := range corpus.Types[name] {
			for _, impl := range []struct {
				name string
				fn   func([]byte, any, ...json.Options) error
			}{{"simdjson", json.Unmarshal}, {"std", jsonv2.Unmarshal}} {
				b.Run(fmt.Sprintf("%s/%d/%s", name, k, impl.name), func(b *testing.B) {
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						if err := impl.fn(data, mk()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkMarshal: Marshal with default options of the corpus decoded
// into any and into its struct types, this package's and the standard's.
func BenchmarkMarshal(b *testing.B) {
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), name))
		if err != nil {
			b.Skip(err)
		}
		var v any
		if err := jsonv2.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
		vals := []any{v}
		for _, mk := range corpus.Types[name] {
			p := mk()
			if err := jsonv2.Unmarshal(data, p); err != nil {
				b.Fatal(err)
			}
			vals = append(vals, p)
		}
		for k, v := range vals {
			for _, impl := range []struct {
				name string
				fn   func(any, ...json.Options) ([]byte, error)
			}{{"simdjson", json.Marshal}, {"std", jsonv2.Marshal}} {
				b.Run(fmt.Sprintf("%s/%d/%s", name, k, impl.name), func(b *testing.B) {
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						if _, err := impl.fn(v); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// benchOrder is a small request or reply body (about 200 bytes), the size
// where a call's fixed costs weigh most.
type benchOrder struct {
	ID       string    `json:"id"`
	Customer int64     `json:"customer"`
	Items    []string  `json:"items"`
	Total    float64   `json:"total"`
	Paid     bool      `json:"paid"`
	Note     string    `json:"note,omitempty"`
	Created  time.Time `json:"created"`
	Shipping *struct {
		City    string `json:"city"`
		Country string `json:"country"`
	} `json:"shipping,omitempty"`
}

// BenchmarkMarshalSmall: Marshal of benchOrder, this package's and the
// standard's, on one goroutine and under RunParallel.
func BenchmarkMarshalSmall(b *testing.B) {
	v := &benchOrder{ID: "ord_8f2k1", Customer: 4211, Items: []string{"sku-1", "sku-22"}, Total: 129.5, Paid: true,
		Created: time.Date(2026, 12, 5, 10, 4, 5, 0, time.UTC)}
	for _, impl := range []struct {
		name string
		fn   func(any, ...json.Options) ([]byte, error)
	}{{"simdjson", json.Marshal}, {"std", jsonv2.Marshal}} {
		b.Run(impl.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := impl.fn(v); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(impl.name+"/parallel", func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if _, err := impl.fn(v); err != nil {
						b.Error(err)
						return
					}
				}
			})
		})
	}
}
