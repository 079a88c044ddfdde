package main

import (
	stdjson "encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	sj "github.com/simdjson-cgo/simdjson/json"
)

// Objects decoded into maps of scalars and strings by strings (counters,
// scores, flags, labels) and into map[string]any, at 4, 8 and 50 entries:
// package json builds maps of up to 896 entries in place. BenchmarkAnyDocs:
// the decode suite's documents whose objects have more than eight names
// (tweets, users, repositories) into interface{}.

var mapLibs = []struct {
	name string
	fn   func([]byte, any) error
}{
	{"simdjson", sj.Unmarshal},
	{"encoding-json", stdjson.Unmarshal},
	{"goccy", goccy.Unmarshal},
	{"sonic", sonic.ConfigStd.Unmarshal},
}

type mapCase struct {
	name string
	doc  []byte
	mk   func() any
}

func mapCases() []mapCase {
	doc := func(n int, val func(i int) string) []byte {
		var sb strings.Builder
		sb.WriteByte('{')
		for i := range n {
			if i > 0 {
				sb.WriteByte(',')
			}
			fmt.Fprintf(&sb, `"metric_%d":%s`, i, val(i))
		}
		sb.WriteByte('}')
		return []byte(sb.String())
	}
	var out []mapCase
	for _, n := range []int{4, 8, 50} {
		out = append(out,
			mapCase{fmt.Sprint("int/", n), doc(n, func(i int) string { return fmt.Sprint(i * 1237) }), func() any { return new(map[string]int) }},
			mapCase{fmt.Sprint("float64/", n), doc(n, func(i int) string { return fmt.Sprint(float64(i) * 1.37) }), func() any { return new(map[string]float64) }},
			mapCase{fmt.Sprint("bool/", n), doc(n, func(i int) string { return fmt.Sprint(i%3 == 0) }), func() any { return new(map[string]bool) }},
			mapCase{fmt.Sprint("string/", n), doc(n, func(i int) string { return fmt.Sprintf(`"v%d"`, i) }), func() any { return new(map[string]string) }},
			mapCase{fmt.Sprint("any/", n), doc(n, func(i int) string {
				return [...]string{`"v"`, "12", "true", "null", "[1,2]"}[i%5]
			}), func() any { return new(map[string]any) }},
		)
	}
	return out
}

// TestMapPeersSame: every library's maps equal encoding/json's.
func TestMapPeersSame(t *testing.T) {
	for _, c := range mapCases() {
		want := c.mk()
		if err := stdjson.Unmarshal(c.doc, want); err != nil {
			t.Fatal(err)
		}
		for _, l := range mapLibs {
			got := c.mk()
			if err := l.fn(c.doc, got); err != nil || !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s: %v (err %v), want %v", c.name, l.name, got, err, want)
			}
		}
	}
}

func BenchmarkScalarMaps(b *testing.B) {
	for _, c := range mapCases() {
		for _, l := range mapLibs {
			b.Run(c.name+"/"+l.name, func(b *testing.B) {
				b.SetBytes(int64(len(c.doc)))
				b.ReportAllocs()
				for b.Loop() {
					if err := l.fn(c.doc, c.mk()); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

func BenchmarkAnyDocs(b *testing.B) {
	payloads, err := decodePayloads(filepath.Join("..", "..", "shared", "data", "jsonexamples"))
	if err != nil {
		b.Skip(err)
	}
	for _, p := range payloads {
		switch p.file {
		case "twitter.json", "github_events.json", "small-200B", "small-2kB", "small-20kB":
		default:
			continue
		}
		for _, l := range mapLibs {
			b.Run(p.file+"/"+l.name, func(b *testing.B) {
				b.SetBytes(int64(len(p.data)))
				b.ReportAllocs()
				for b.Loop() {
					var v any
					if err := l.fn(p.data, &v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
