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

// BenchmarkEncode: Marshal and Encoder.Encode of the jsonexamples documents
// decoded as interface{} and as their full struct types, by package json
// and by encoding/json (MB/s of output).
func BenchmarkEncode(b *testing.B) {
	dir := corpus.SharedData(b, "jsonexamples")
	for _, file := range corpus.Files {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			b.Skip(err)
		}
		var a any
		if err := stdjson.Unmarshal(data, &a); err != nil {
			b.Fatal(err)
		}
		s := corpus.Types[file][0]()
		if err := stdjson.Unmarshal(data, s); err != nil {
			b.Fatal(err)
		}
		for _, target := range []struct {
			name string
			v    any
		}{{"any", a}, {"struct", s}} {
			out, err := stdjson.Marshal(target.v)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(file+"/"+target.name+"/Marshal", func(b *testing.B) {
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := sjson.Marshal(target.v); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(file+"/"+target.name+"/Encoder", func(b *testing.B) {
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				enc := sjson.NewEncoder(io.Discard)
				for b.Loop() {
					if err := enc.Encode(target.v); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(file+"/"+target.name+"/std", func(b *testing.B) {
				b.SetBytes(int64(len(out)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := stdjson.Marshal(target.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestEncodeCorpora: the jsonexamples documents, decoded as interface{} and
// as their struct types, encode to encoding/json's bytes (Marshal,
// MarshalIndent, and the Encoder with HTML escaping off).
func TestEncodeCorpora(t *testing.T) {
	skipUnlessClassicJSON(t)
	dir := corpus.SharedData(t, "jsonexamples")
	for _, file := range corpus.Files {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Skip(err)
		}
		var a any
		if err := stdjson.Unmarshal(data, &a); err != nil {
			t.Fatal(err)
		}
		s := corpus.Types[file][0]()
		if err := stdjson.Unmarshal(data, s); err != nil {
			t.Fatal(err)
		}
		p := corpus.Types[file][1]()
		if err := stdjson.Unmarshal(data, p); err != nil {
			t.Fatal(err)
		}
		for _, v := range []any{a, s, p, stdjson.RawMessage(data)} {
			want, werr := stdjson.Marshal(v)
			got, gerr := sjson.Marshal(v)
			compareErr(t, file+" Marshal", nil, want, got, werr, gerr)
			want, werr = stdjson.MarshalIndent(v, ">", "\t")
			got, gerr = sjson.MarshalIndent(v, ">", "\t")
			compareErr(t, file+" MarshalIndent", nil, want, got, werr, gerr)
			var wb, gb bytes.Buffer
			we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
			we.SetEscapeHTML(false)
			ge.SetEscapeHTML(false)
			werr, gerr = we.Encode(v), ge.Encode(v)
			compareErr(t, file+" Encode", nil, wb.Bytes(), gb.Bytes(), werr, gerr)
		}
	}
}
