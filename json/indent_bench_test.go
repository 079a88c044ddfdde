package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// BenchmarkText: Compact, Indent and Valid, this package's against
// encoding/json's, on the three documents.
//
//	go test -run XXX -bench Text -count 5 ./json
func BenchmarkText(b *testing.B) {
	dir := corpus.SharedData(b, "jsonexamples")
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		libs := []struct {
			name    string
			compact func(*bytes.Buffer, []byte) error
			indent  func(*bytes.Buffer, []byte, string, string) error
			valid   func([]byte) bool
		}{
			{"simdjson", sjson.Compact, sjson.Indent, sjson.Valid},
			{"encoding-json", stdjson.Compact, stdjson.Indent, stdjson.Valid},
		}
		for _, lib := range libs {
			var dst bytes.Buffer
			b.Run(name+"/compact/"+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					dst.Reset()
					if err := lib.compact(&dst, src); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(name+"/indent/"+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					dst.Reset()
					if err := lib.indent(&dst, src, "", "  "); err != nil {
						b.Fatal(err)
					}
				}
			})
			b.Run(name+"/valid/"+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					if !lib.valid(src) {
						b.Fatal("invalid")
					}
				}
			})
		}
	}
}
