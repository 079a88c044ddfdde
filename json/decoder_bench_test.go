package json_test

import (
	"bufio"
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// BenchmarkRequest is a service's per-request decode,
//
//	json.NewDecoder(bytes.NewReader(body)).Decode(&req)
//
// a fresh reader, Decoder and destination each operation, for GitHub events
// of about 200 B, 2 kB, 20 kB and 200 kB (../shared/data/gharchive), into
// their Go type and into interface{}, with this package's Decoder and
// encoding/json's:
//
//	go test -run XXX -bench Request -benchmem -count 5 ./json
func BenchmarkRequest(b *testing.B) {
	for _, p := range requestBodies(b) {
		for _, k := range []struct {
			name string
			mk   func() any
		}{{"struct", p.mk}, {"any", func() any { return new(any) }}} {
			for _, lib := range []struct {
				name   string
				decode func([]byte, any) error
			}{
				{"simdjson", func(data []byte, v any) error { return sjson.NewDecoder(bytes.NewReader(data)).Decode(v) }},
				{"encoding-json", func(data []byte, v any) error { return stdjson.NewDecoder(bytes.NewReader(data)).Decode(v) }},
			} {
				b.Run(p.name+"/"+k.name+"/"+lib.name, func(b *testing.B) {
					b.SetBytes(int64(len(p.data)))
					b.ReportAllocs()
					for b.Loop() {
						if err := lib.decode(p.data, k.mk()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}

type requestBody struct {
	name string
	data []byte
	mk   func() any
}

// requestBodies returns the bodies of BenchmarkRequest: one event of about
// 200 B, then arrays of events of the gharchive files (in name order) of
// about 2 kB, 20 kB and 200 kB, each ending in a newline as an Encoder
// writes it.
func requestBodies(b testing.TB) []requestBody {
	dir := corpus.SharedData(b, "gharchive")
	files, _ := filepath.Glob(filepath.Join(dir, "*.ndjson"))
	var events []stdjson.RawMessage
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<22)
		for sc.Scan() {
			if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
				events = append(events, stdjson.RawMessage(bytes.Clone(line)))
			}
		}
	}
	// pick takes the events, in order, that keep the array within 10 % of
	// size.
	pick := func(size int) []byte {
		var out []stdjson.RawMessage
		n := 2
		for _, e := range events {
			if n >= size*9/10 {
				break
			}
			if n+len(e)+1 <= size*11/10 {
				out = append(out, e)
				n += len(e) + 1
			}
		}
		if n < size*9/10 {
			b.Skipf("skipping: the events of %s make %d bytes, not %d", dir, n, size)
		}
		data, err := stdjson.Marshal(out)
		if err != nil {
			b.Fatal(err)
		}
		return append(data, '\n')
	}
	small := []byte(`{"type":"PushEvent","created_at":"2013-01-10T07:58:38Z","actor":{"login":"octocat","id":583231,"url":"https://api.github.com/users/octocat"},"repo":{"id":1296269,"name":"octocat/Hello-World"},"public":true,"id":"1652858366"}` + "\n")
	one := func() any { return new(corpus.GitHubEvent) }
	many := func() any { return new([]corpus.GitHubEvent) }
	return []requestBody{
		{"200B", small, one},
		{"2kB", pick(2000), many},
		{"20kB", pick(20000), many},
		{"200kB", pick(200000), many},
	}
}

// BenchmarkToken reads a top-level array of about 1 MB through Token (every
// token) and through the Token, More, Decode, Token pattern (each element
// into a struct), with this package's Decoder and encoding/json's.
func BenchmarkToken(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteByte('[')
	for i := range 10000 {
		if i > 0 {
			buf.WriteByte(',')
		}
		fmt.Fprintf(&buf, `{"id":%d,"name":"item %d","price":%d.25,"tags":["a","b\n"],"ok":%v}`, i, i, i, i%2 == 0)
	}
	buf.WriteString("]\n")
	data := buf.Bytes()
	type item struct {
		ID    int      `json:"id"`
		Name  string   `json:"name"`
		Price float64  `json:"price"`
		Tags  []string `json:"tags"`
		OK    bool     `json:"ok"`
	}
	type decoder interface {
		Token() (stdjson.Token, error)
		More() bool
		Decode(any) error
	}
	libs := []struct {
		name string
		dec  func(io.Reader) decoder
	}{
		{"simdjson", func(r io.Reader) decoder { return sjson.NewDecoder(r) }},
		{"encoding-json", func(r io.Reader) decoder { return stdjson.NewDecoder(r) }},
	}
	for _, lib := range libs {
		b.Run("tokens/"+lib.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				dec := lib.dec(bytes.NewReader(data))
				for {
					if _, err := dec.Token(); err == io.EOF {
						break
					} else if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
	for _, lib := range libs {
		b.Run("elements/"+lib.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				dec := lib.dec(bytes.NewReader(data))
				if _, err := dec.Token(); err != nil {
					b.Fatal(err)
				}
				for dec.More() {
					var it item
					if err := dec.Decode(&it); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := dec.Token(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
