//go:build cgo && unix

package simdjson_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

// TestMapFilesSkipBadLines: under SkipBadLines, Map and MapDecode over
// Files report the bad lines each file streamed alone reports, in file
// order, and count the same good documents.
func TestMapFilesSkipBadLines(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(9, 1))
	for round := range 16 {
		var files []string
		for i := range 4 {
			var b strings.Builder
			lines := 50 + rng.IntN(600)
			for l := range lines {
				switch rng.IntN(25) {
				case 0:
					b.WriteString("{\"f\": tru}\n")
				case 1:
					b.WriteString("{\"f\":\"str\"}\n")
				case 2:
					fmt.Fprintf(&b, "{\"pad\":%q}\n", strings.Repeat("x", 3000))
				case 3:
					b.WriteString("{bad\n")
				default:
					fmt.Fprintf(&b, "{\"f\":%d,\"l\":%d}\n", i, l)
				}
			}
			name := fmt.Sprintf("s%d-%d.json", round, i)
			if rng.IntN(2) == 0 {
				files = append(files, writeFile(t, dir, name+".gz", gz(t, []byte(b.String()))))
			} else {
				files = append(files, writeFile(t, dir, name, []byte(b.String())))
			}
		}
		for _, dec := range []bool{false, true} {
			var want []string
			wantDocs := 0
			for _, f := range files {
				p := simdjson.NewParser()
				s := p.Stream(simdjson.Files(f), simdjson.MaxDocumentSize(2048), simdjson.SkipBadLines(nil))
				if dec {
					for range simdjson.Decoded[advLine](s) {
						wantDocs++
					}
				} else {
					for range s.Documents() {
						wantDocs++
					}
				}
				for _, le := range s.BadLines() {
					want = append(want, fmt.Sprintf("%s:%d", filepath.Base(le.File), le.Line))
				}
				p.Close()
			}
			threads := 1 + round%4
			withDeadline(t, 60*time.Second, "skip", func() {
				var got []string
				opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096), simdjson.MaxDocumentSize(2048),
					simdjson.SkipBadLines(func(le *simdjson.LineError) { got = append(got, fmt.Sprintf("%s:%d", filepath.Base(le.File), le.Line)) })}
				var states []*int
				var err error
				if dec {
					states, err = simdjson.MapDecode(simdjson.Files(files...), func(int) *int { return new(int) }, func(n *int, _ *advLine) error { *n++; return nil }, opts...)
				} else {
					states, err = simdjson.Map(simdjson.Files(files...), func(int) *int { return new(int) }, func(n *int, _ simdjson.Document) error { *n++; return nil }, opts...)
				}
				docs := 0
				for _, n := range states {
					docs += *n
				}
				if err != nil || docs != wantDocs || fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("round %d dec %v %d threads: err %v, docs %d want %d, bad lines\n got %v\nwant %v", round, dec, threads, err, docs, wantDocs, got, want)
				}
			})
		}
	}
}
