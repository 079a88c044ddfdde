//go:build cgo

package simdjson_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// BenchmarkGHArchiveFields: the access-heavy task of make bench-handles,
// in-process: parse each event and read five fields.
func BenchmarkGHArchiveFields(b *testing.B) {
	docs := gharchiveDocs(b)
	total := 0
	for i := range docs {
		docs[i] = simdjson.Pad(docs[i])
		total += len(docs[i])
	}
	p := simdjson.NewParser()
	defer p.Close()
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range docs {
			doc, err := p.Parse(d)
			if err != nil {
				b.Fatal(err)
			}
			for _, path := range [][]string{{"type"}, {"actor", "login"}, {"repo", "name"}, {"created_at"}, {"payload", "action"}} {
				v, err := doc.Get(path...)
				if err != nil {
					if errors.Is(err, simdjson.ErrNoSuchField) {
						continue
					}
					b.Fatal(err)
				}
				if _, err := v.StringBytes(); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// BenchmarkAccess measures one lookup plus one read on a parsed document:
// the cost of the cgo boundary per access.
func BenchmarkAccess(b *testing.B) {
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse(simdjson.Pad([]byte(`{"a": {"b": 1, "c": "x"}, "d": 2.5}`)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		v, _ := doc.Get("a", "b")
		if _, err := v.Int64(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTwitterStrings reads every string (keys and values) of
// twitter.json: string-heavy stage-2 work, where the kernel On-Demand is
// compiled for (fallback by default, haswell with GOAMD64=v3) matters most.
func BenchmarkTwitterStrings(b *testing.B) {
	in, err := os.ReadFile(filepath.Join(sharedData(b, "jsonexamples"), "twitter.json"))
	if err != nil {
		b.Fatal(err)
	}
	in = simdjson.Pad(in)
	p := simdjson.NewParser()
	defer p.Close()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	var walk func(v simdjson.Value) int
	walk = func(v simdjson.Value) int {
		n := 0
		switch v.Type() {
		case simdjson.TypeObject:
			o, _ := v.Object()
			_ = o.ForEach(func(key []byte, x simdjson.Value) error { n += len(key) + walk(x); return nil })
		case simdjson.TypeArray:
			a, _ := v.Array()
			_ = a.ForEach(func(_ int, x simdjson.Value) error { n += walk(x); return nil })
		case simdjson.TypeString:
			s, err := v.StringBytes()
			if err != nil {
				b.Fatal(err)
			}
			n += len(s)
		}
		return n
	}
	for b.Loop() {
		doc, err := p.Parse(in)
		if err != nil {
			b.Fatal(err)
		}
		if walk(doc.Value) == 0 {
			b.Fatal("no strings")
		}
	}
}

// BenchmarkMiss: a lookup that misses, as the seed's payload.action does on
// most events: Get of two keys (the second absent) and Field, each checked
// with errors.Is. One parsed document, 0 allocations.
func BenchmarkMiss(b *testing.B) {
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse(simdjson.Pad([]byte(`{"type":"PushEvent","payload":{"push_id":1,"size":1,"ref":"refs/heads/main"}}`)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := doc.Get("payload", "action"); !errors.Is(err, simdjson.ErrNoSuchField) {
			b.Fatal(err)
		}
		if _, err := doc.Field("action"); !errors.Is(err, simdjson.ErrNoSuchField) {
			b.Fatal(err)
		}
	}
}
