package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// BenchmarkEncode: Marshal and Encoder.Encode of the jsonexamples documents
// decoded as interface{} and as their full struct types, by package json
// and by encoding/json (MB/s of output).
func BenchmarkEncode(b *testing.B) {
	for _, file := range corpus.Files {
		for _, target := range encodeTargets(b, file) {
			out := target.out
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

// encodeTarget is a jsonexamples document decoded as interface{} ("any")
// or as its struct type ("struct"), with encoding/json's encoding of it.
type encodeTarget struct {
	name string
	v    any
	out  []byte
}

// encodeTargets returns file's two targets; it skips b when the corpora
// are absent.
func encodeTargets(b *testing.B, file string) []encodeTarget {
	b.Helper()
	data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), file))
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
	targets := []encodeTarget{{"any", a, nil}, {"struct", s, nil}}
	for i := range targets {
		if targets[i].out, err = stdjson.Marshal(targets[i].v); err != nil {
			b.Fatal(err)
		}
	}
	return targets
}

// TestEncodeCorpora: the jsonexamples documents, decoded as interface{} and
// as their struct types, encode to encoding/json's bytes (Marshal,
// MarshalIndent, and the Encoder with HTML escaping off).
func TestEncodeCorpora(t *testing.T) {
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

// benchEvent is a GitHub event as a service keeps it: the payload raw, the
// time parsed.
type benchEvent struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Actor struct {
		ID         int64  `json:"id"`
		Login      string `json:"login"`
		GravatarID string `json:"gravatar_id"`
		URL        string `json:"url"`
		AvatarURL  string `json:"avatar_url"`
	} `json:"actor"`
	Repo struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"repo"`
	Payload   sjson.RawMessage `json:"payload"`
	Public    bool             `json:"public"`
	CreatedAt time.Time        `json:"created_at"`
}

// BenchmarkEncodeEvents: github_events.json's events as []benchEvent
// (RawMessage payloads, time.Time), through an Encoder and encoding/json's.
func BenchmarkEncodeEvents(b *testing.B) {
	data, err := os.ReadFile(filepath.Join(corpus.SharedData(b, "jsonexamples"), "github_events.json"))
	if err != nil {
		b.Skip(err)
	}
	var events []benchEvent
	if err := stdjson.Unmarshal(data, &events); err != nil {
		b.Fatal(err)
	}
	out, _ := stdjson.Marshal(events)
	got, _ := sjson.Marshal(events)
	if !bytes.Equal(out, got) {
		b.Fatal("bytes differ from encoding/json's")
	}
	b.Run("Encoder", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		b.ReportAllocs()
		enc := sjson.NewEncoder(io.Discard)
		for b.Loop() {
			if err := enc.Encode(events); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("std", func(b *testing.B) {
		b.SetBytes(int64(len(out)))
		b.ReportAllocs()
		enc := stdjson.NewEncoder(io.Discard)
		for b.Loop() {
			if err := enc.Encode(events); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkEncodeOneShot: NewEncoder(w).Encode(v) per value, as an HTTP
// handler writes a response, of a 200-byte event (package json allocates
// nothing per call; TestEncodeAllocs asserts it).
func BenchmarkEncodeOneShot(b *testing.B) {
	v := &benchEvent{ID: "1652858366", Type: "PushEvent", Payload: sjson.RawMessage(`{"size":1}`), Public: true,
		CreatedAt: time.Date(2013, 1, 10, 7, 58, 38, 0, time.UTC)}
	v.Actor.ID, v.Actor.Login, v.Actor.URL = 583231, "octocat", "https://api.github.com/users/octocat"
	v.Repo.ID, v.Repo.Name = 1296269, "octocat/Hello-World"
	b.Run("simdjson", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := sjson.NewEncoder(io.Discard).Encode(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("std", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if err := stdjson.NewEncoder(io.Discard).Encode(v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// resultSink keeps BenchmarkMarshalFloor's copies alive, so that the
// compiler keeps their allocation.
var resultSink []byte

// BenchmarkMarshalFloor: what Marshal's one allocation costs by itself.
// For a 200-byte event and twitter.json's struct: Marshal, the reused
// Encoder (no result), encoding/json's Marshal, and result-only, the
// result's allocation and copy with nothing encoded (encoding/json's bytes
// appended to a nil slice, as Marshal appends its buffer). Marshal can be
// no faster than Encoder + result-only, so result-only bounds its speedup
// over encoding/json (bench/RESULTS.md, "Why Marshal trails the Encoder").
func BenchmarkMarshalFloor(b *testing.B) {
	small := &benchEvent{ID: "1652858366", Type: "PushEvent", Payload: sjson.RawMessage(`{"size":1}`), Public: true,
		CreatedAt: time.Date(2013, 1, 10, 7, 58, 38, 0, time.UTC)}
	small.Actor.ID, small.Actor.Login, small.Actor.URL = 583231, "octocat", "https://api.github.com/users/octocat"
	small.Repo.ID, small.Repo.Name = 1296269, "octocat/Hello-World"
	b.Run("event-200B", func(b *testing.B) { marshalFloor(b, small) })
	b.Run("twitter-struct", func(b *testing.B) { marshalFloor(b, encodeTargets(b, "twitter.json")[1].v) })
}

func marshalFloor(b *testing.B, v any) {
	out, err := stdjson.Marshal(v)
	if err != nil {
		b.Fatal(err)
	}
	bench := func(name string, f func() error) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(out)))
			b.ReportAllocs()
			for b.Loop() {
				if err := f(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	bench("Marshal", func() (err error) { resultSink, err = sjson.Marshal(v); return })
	enc := sjson.NewEncoder(io.Discard)
	bench("Encoder", func() error { return enc.Encode(v) })
	bench("result-only", func() error { resultSink = append([]byte(nil), out...); return nil })
	bench("std", func() (err error) { resultSink, err = stdjson.Marshal(v); return })
}
