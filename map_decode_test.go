//go:build cgo

package simdjson_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/json"
)

type decLine struct {
	ID   int               `json:"id"`
	Name string            `json:"name"`
	Tags []string          `json:"tags"`
	Attr map[string]string `json:"attr"`
	Lang *string           `json:"lang"`
	Sub  struct {
		A float64 `json:"a"`
	} `json:"sub"`
}

// decLines returns NDJSON lines with fields present or absent line by line
// (a reused T must not keep a previous line's fields), undeclared subtrees,
// and, with bad, lines that are JSON but do not decode into decLine (every
// 97th) and lines that are not JSON (every 211th).
func decLines(n int, bad bool) []string {
	lines := make([]string, n)
	for i := range lines {
		var b strings.Builder
		fmt.Fprintf(&b, `{"id":%d`, i)
		if i%2 == 0 {
			fmt.Fprintf(&b, `,"name":"n%d\u00e9"`, i)
		}
		if i%3 == 0 {
			fmt.Fprintf(&b, `,"tags":["a","b%d"]`, i)
		}
		if i%5 == 0 {
			fmt.Fprintf(&b, `,"attr":{"k":"v%d"},"lang":"go"`, i)
		}
		if i%7 == 0 {
			b.WriteString(`,"big":{"deep":[1,2,{"x":[3,4]}],"s":"skip"}`)
		}
		if i%4 == 1 {
			fmt.Fprintf(&b, `,"sub":{"a":%d.5,"b":[1]}`, i)
		}
		if bad && i%97 == 50 {
			b.WriteString(`,"name":5`)
		}
		b.WriteString("}")
		lines[i] = b.String()
		if bad && i%211 == 100 {
			lines[i] = `{"id":` // not JSON
		}
	}
	return lines
}

// wantLines decodes each line with package json: the good values (by id)
// and the 1-based numbers of the bad lines.
func wantLines(lines []string) (map[int]decLine, []int) {
	good := map[int]decLine{}
	var bad []int
	for i, l := range lines {
		var v decLine
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			bad = append(bad, i+1)
			continue
		}
		good[v.ID] = v
	}
	return good, bad
}

func TestMapDecode(t *testing.T) {
	lines := decLines(3000, true)
	data := []byte(strings.Join(lines, "\n") + "\n")
	good, bad := wantLines(lines)
	dir := t.TempDir()
	// Two files, the second gzipped: file order is kept in the bad lines.
	half := len(lines) / 2
	f1, f2 := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json.gz")
	if err := os.WriteFile(f1, []byte(strings.Join(lines[:half], "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(strings.Join(lines[half:], "\n") + "\n"))
	zw.Close()
	if err := os.WriteFile(f2, gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs := map[string]func() simdjson.Input{
		"bytes":  func() simdjson.Input { return simdjson.Bytes(data) },
		"reader": func() simdjson.Input { return simdjson.Reader(bytes.NewReader(data)) },
		"files":  func() simdjson.Input { return simdjson.Files(f1, f2) },
	}
	for name, in := range inputs {
		for threads := 1; threads <= 4; threads++ {
			var mu sync.Mutex
			var skipped []*simdjson.LineError
			states, err := simdjson.MapDecode(in(), func(int) map[int]decLine { return map[int]decLine{} },
				func(m map[int]decLine, v *decLine) error {
					m[v.ID] = *v
					return nil
				}, simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.SkipBadLines(func(le *simdjson.LineError) {
					mu.Lock()
					skipped = append(skipped, le)
					mu.Unlock()
				}))
			if err != nil {
				t.Fatalf("%s, %d threads: %v", name, threads, err)
			}
			got := map[int]decLine{}
			for _, s := range states {
				for k, v := range s {
					got[k] = v
				}
			}
			if !reflect.DeepEqual(got, good) {
				t.Fatalf("%s, %d threads: %d values, want %d (or different)", name, threads, len(got), len(good))
			}
			var gotBad []int
			for _, le := range skipped {
				line := le.Line
				if name == "files" && le.File == f2 {
					line += half
				}
				gotBad = append(gotBad, line)
				var te *json.UnmarshalTypeError
				var se *simdjson.Error
				if !errors.As(le, &te) && !errors.As(le, &se) {
					t.Errorf("%s: bad line %d: %v", name, line, le.Err)
				}
			}
			if !slices.Equal(gotBad, bad) {
				t.Fatalf("%s, %d threads: bad lines %v, want %v", name, threads, gotBad, bad)
			}

			// The default policy stops at the first bad line.
			_, err = simdjson.MapDecode(in(), func(int) *int { return new(int) },
				func(n *int, v *decLine) error { *n++; return nil }, simdjson.Threads(threads), simdjson.ChunkSize(4096))
			var le *simdjson.LineError
			if !errors.As(err, &le) {
				t.Fatalf("%s, %d threads: %v, want a *LineError", name, threads, err)
			}
			line := le.Line
			if name == "files" && le.File == f2 {
				line += half
			}
			if line != bad[0] {
				t.Fatalf("%s, %d threads: %v, want line %d", name, threads, err, bad[0])
			}
		}
	}
}

func TestDecodedStream(t *testing.T) {
	lines := decLines(2000, true)
	data := []byte(strings.Join(lines, "\n") + "\n")
	good, bad := wantLines(lines)
	p := simdjson.NewParser()
	defer p.Close()
	s := p.Stream(simdjson.Reader(bytes.NewReader(data)), simdjson.SkipBadLines(nil), simdjson.BatchSize(4096))
	got := map[int]decLine{}
	for _, v := range simdjson.Decoded[decLine](s) {
		got[v.ID] = *v
	}
	if s.Err() != nil {
		t.Fatal(s.Err())
	}
	if !reflect.DeepEqual(got, good) {
		t.Fatalf("%d values, want %d (or different)", len(got), len(good))
	}
	var gotBad []int
	for _, le := range s.BadLines() {
		gotBad = append(gotBad, le.Line)
	}
	if !slices.Equal(gotBad, bad) {
		t.Fatalf("bad lines %v, want %v", gotBad, bad)
	}
	s = p.Stream(simdjson.Bytes(data))
	n := 0
	for range simdjson.Decoded[decLine](s) {
		n++
	}
	var le *simdjson.LineError
	var te *json.UnmarshalTypeError
	if !errors.As(s.Err(), &le) || le.Line != bad[0] || !errors.As(s.Err(), &te) || n != bad[0]-1 {
		t.Fatalf("%d documents, then %v; want line %d", n, s.Err(), bad[0])
	}
}

// MapDecode allocates nothing per line for a T without strings, slices,
// maps or pointers: the T is reused and its plan cached. Measured as the
// difference in mallocs between 2,000 and 20,000 lines, one thread.
func TestMapDecodeNoAllocPerLine(t *testing.T) {
	if instrumented {
		t.Skip("instrumented builds allocate what the product does not (2 per line under -asan)")
	}
	type row struct {
		ID  int  `json:"id"`
		Ok  bool `json:"ok"`
		Sub struct {
			A float64 `json:"a"`
		} `json:"sub"`
	}
	input := func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, `{"id":%d,"name":"skipped %d","ok":true,"sub":{"a":%d.5,"b":[1,2]},"tags":["x"]}`+"\n", i, i, i)
		}
		return b.Bytes()
	}
	mallocs := func(data []byte) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		_, err := simdjson.MapDecode(simdjson.Bytes(data), func(int) *int { return new(int) },
			func(n *int, v *row) error { *n += v.ID; return nil }, simdjson.Threads(1))
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		return after.Mallocs - before.Mallocs
	}
	small, large := input(2000), input(20000)
	mallocs(small) // warm the parser pool and the plan
	a, b := mallocs(small), mallocs(large)
	if per := float64(int64(b)-int64(a)) / 18000; per > 0.01 {
		t.Fatalf("%d mallocs for 2,000 lines, %d for 20,000: %.3f per line", a, b, per)
	}
}

// Decode of a sub-value inside Map's function and a Stream's loop: the
// handles of a batch decode as those of a parsed document do.
func TestDecodeInMapAndStream(t *testing.T) {
	lines := decLines(500, false)
	data := []byte(strings.Join(lines, "\n") + "\n")
	want := map[int]float64{}
	for _, l := range lines {
		var v decLine
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Fatal(err)
		}
		want[v.ID] = v.Sub.A
	}
	states, err := simdjson.Map(simdjson.Bytes(data), func(int) map[int]float64 { return map[int]float64{} },
		func(m map[int]float64, doc simdjson.Document) error {
			id, err := doc.Field("id")
			if err != nil {
				return err
			}
			n, err := id.Int64()
			if err != nil {
				return err
			}
			var sub struct{ A float64 }
			if s, err := doc.Field("sub"); err == nil {
				if err := s.Decode(&sub); err != nil {
					return err
				}
			}
			m[int(n)] = sub.A
			return nil
		}, simdjson.Threads(2), simdjson.ChunkSize(4096))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]float64{}
	for _, s := range states {
		for k, v := range s {
			got[k] = v
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Map: %d values, want %d (or different)", len(got), len(want))
	}
	p := simdjson.NewParser()
	defer p.Close()
	s := p.Stream(simdjson.Bytes(data))
	n := 0
	for _, doc := range s.Documents() {
		var v decLine
		if err := doc.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if want[v.ID] != v.Sub.A {
			t.Fatalf("Stream: line %d: %v, want %v", n+1, v.Sub.A, want[v.ID])
		}
		n++
	}
	if s.Err() != nil || n != len(lines) {
		t.Fatalf("Stream: %d documents, %v", n, s.Err())
	}
}
