package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// Decoding benchmarks: this package's Unmarshal against encoding/json's on
// the documents of ../shared/data/jsonexamples, into interface{} and into
// full and partial struct types (internal/corpus).
//
//	go test -run XXX -bench 'Decode' -benchmem -count 5

var benchFiles = corpus.Files

type unmarshalFunc func([]byte, any) error

var unmarshalers = []struct {
	name string
	fn   unmarshalFunc
}{
	{"simdjson", sjson.Unmarshal},
	{"encoding-json", stdjson.Unmarshal},
}

func BenchmarkDecode(b *testing.B) {
	dir := corpus.SharedData(b, "jsonexamples")
	for _, file := range benchFiles {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			b.Fatal(err)
		}
		ts := corpus.Types[file]
		kinds := []struct {
			name string
			mk   func() any
		}{
			{"any", func() any { return new(any) }},
			{"struct", ts[0]},
			{"partial", ts[1]},
		}
		for _, k := range kinds {
			for _, u := range unmarshalers {
				b.Run(file+"/"+k.name+"/"+u.name, func(b *testing.B) {
					b.SetBytes(int64(len(data)))
					b.ReportAllocs()
					for b.Loop() {
						if err := u.fn(data, k.mk()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

// BenchmarkDecodeSmall decodes payloads of about 200 B, 2 kB and 20 kB (one
// GitHub event, a slice of events) into structs and into interface{}.
func BenchmarkDecodeSmall(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), "github_events.json"))
	if err != nil {
		b.Fatal(err)
	}
	var events []stdjson.RawMessage
	if err := stdjson.Unmarshal(data, &events); err != nil {
		b.Fatal(err)
	}
	small := []byte(`{"type":"PushEvent","created_at":"2013-01-10T07:58:38Z","actor":{"login":"octocat","id":583231,"url":"https://api.github.com/users/octocat"},"repo":{"id":1296269,"name":"octocat/Hello-World"},"public":true,"id":"1652858366"}`)
	pick := func(size int) []byte {
		var out []stdjson.RawMessage
		n := 0
		for _, e := range events {
			if n >= size {
				break
			}
			out = append(out, e)
			n += len(e)
		}
		b, _ := stdjson.Marshal(out)
		return b
	}
	payloads := []struct {
		name string
		data []byte
		mk   func() any
	}{
		{"200B", small, func() any { return new(corpus.GitHubEvent) }},
		{"2kB", pick(2000), func() any { return new([]corpus.GitHubEvent) }},
		{"20kB", pick(20000), func() any { return new([]corpus.GitHubEvent) }},
	}
	for _, p := range payloads {
		for _, k := range []struct {
			name string
			mk   func() any
		}{{"struct", p.mk}, {"any", func() any { return new(any) }}} {
			for _, u := range unmarshalers {
				b.Run(p.name+"/"+k.name+"/"+u.name, func(b *testing.B) {
					b.SetBytes(int64(len(p.data)))
					b.ReportAllocs()
					for b.Loop() {
						if err := u.fn(p.data, k.mk()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

func BenchmarkValid(b *testing.B) {
	dir := corpus.SharedData(b, "jsonexamples")
	for _, file := range benchFiles {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			b.Fatal(err)
		}
		for _, v := range []struct {
			name string
			fn   func([]byte) bool
		}{{"simdjson", sjson.Valid}, {"encoding-json", stdjson.Valid}} {
			b.Run(file+"/"+v.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if !v.fn(data) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}

// BenchmarkDecoderStream decodes a stream of newline-delimited values with
// a Decoder into interface{} and into a struct.
func BenchmarkDecoderStream(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(corpus.SharedData(b, "gharchive"), "*.ndjson"))
	var data []byte
	for _, f := range files {
		d, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		data = append(data, d...)
	}
	type decoder interface{ Decode(any) error }
	for _, k := range []struct {
		name string
		mk   func() any
	}{{"any", func() any { return new(any) }}, {"struct", func() any { return new(corpus.GitHubEvent) }}} {
		for _, d := range []struct {
			name string
			new  func(io.Reader) decoder
		}{
			{"simdjson", func(r io.Reader) decoder { return sjson.NewDecoder(r) }},
			{"encoding-json", func(r io.Reader) decoder { return stdjson.NewDecoder(r) }},
		} {
			b.Run(k.name+"/"+d.name, func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					dec := d.new(bytes.NewReader(data))
					for {
						if err := dec.Decode(k.mk()); err != nil {
							if err == io.EOF {
								break
							}
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}
