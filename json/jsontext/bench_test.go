//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"bytes"
	"encoding/json/jsontext"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// benchFile reads a file of the shared corpora (never copied into the
// repository), rel below their data folder: skipped when absent.
func benchFile(b *testing.B, rel string) []byte {
	dir, sub, _ := strings.Cut(rel, "/")
	data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, dir), sub))
	if err != nil {
		b.Skipf("corpus absent: %v", err)
	}
	return data
}

type decoder interface {
	ReadValue() (jsontext.Value, error)
	SkipValue() error
	ReadToken() (jsontext.Token, error)
}

var makers = []struct {
	name string
	new  func(r io.Reader) decoder
}{
	{"std", func(r io.Reader) decoder { return jsontext.NewDecoder(r) }},
	{"simdjson", func(r io.Reader) decoder { return ours.NewDecoder(r) }},
}

// benchValues reads every top-level value of data (ReadValue, or SkipValue).
func benchValues(b *testing.B, data []byte, skip bool) {
	for _, m := range makers {
		b.Run(m.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				d := m.new(bytes.NewReader(data))
				for {
					var err error
					if skip {
						err = d.SkipValue()
					} else {
						_, err = d.ReadValue()
					}
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

func BenchmarkReadValueNDJSON(b *testing.B) {
	benchValues(b, benchFile(b, "gharchive/dlt__github.events.load_page_1_duck.ndjson"), false)
}

// Smaller lines: 793 reviews of about 350 bytes.
func BenchmarkReadValueNDJSONSmall(b *testing.B) {
	benchValues(b, benchFile(b, "jsonexamples/amazon_cellphones.ndjson"), false)
}

func BenchmarkSkipValueNDJSON(b *testing.B) {
	benchValues(b, benchFile(b, "gharchive/dlt__github.events.load_page_1_duck.ndjson"), true)
}

func BenchmarkReadValueTwitter(b *testing.B) {
	benchValues(b, benchFile(b, "jsonexamples/twitter.json"), false)
}

func BenchmarkReadTokenTwitter(b *testing.B) {
	data := benchFile(b, "jsonexamples/twitter.json")
	for _, m := range makers {
		b.Run(m.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				d := m.new(bytes.NewReader(data))
				for {
					_, err := d.ReadToken()
					if err == io.EOF {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
