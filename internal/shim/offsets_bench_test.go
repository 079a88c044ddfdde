//go:build cgo

package shim

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
)

// BenchmarkDomOffsets: the tape-to-input map of the large documents, after
// either stage 2 (simdjson's, and the lazy one for numbers not read).
func BenchmarkDomOffsets(b *testing.B) {
	dir := corpus.SharedData(b, "jsonexamples")
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			b.Fatal(err)
		}
		buf := make([]byte, len(data)+Padding)
		copy(buf, data)
		for _, lazy := range []bool{false, true} {
			stage2 := "simdjson"
			if lazy {
				stage2 = "lazy"
			}
			b.Run(name+"/"+stage2, func(b *testing.B) {
				x := DomNew()
				defer DomFree(x)
				p := unsafe.Pointer(unsafe.SliceData(buf))
				if rc := DomParse(x, p, uint64(len(data)), lazy); rc != 0 {
					b.Fatalf("parse: %d", rc)
				}
				b.SetBytes(int64(len(data)))
				for b.Loop() {
					if rc := DomOffsets(x, p, uint64(len(data))); rc != 0 {
						b.Fatalf("offsets: %d", rc)
					}
				}
			})
		}
	}
}
