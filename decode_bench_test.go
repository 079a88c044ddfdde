//go:build cgo

package simdjson_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/corpus"
	"github.com/simdjson-cgo/simdjson/json"
)

// benchPayload is what a handler might declare of a pull request event's
// payload.
type benchPayload struct {
	Action      string `json:"action"`
	Number      int    `json:"number"`
	PullRequest struct {
		Title string `json:"title"`
		User  struct {
			Login string `json:"login"`
		} `json:"user"`
		Base struct {
			Repo struct {
				FullName string  `json:"full_name"`
				Language *string `json:"language"`
			} `json:"repo"`
		} `json:"base"`
	} `json:"pull_request"`
}

// BenchmarkDecodeSubValue: a pull request event's payload (about 19 kB of
// its event) decoded into benchPayload: Decode of the handle, against
// RawJSON + package json's Unmarshal of the same handle and against
// Unmarshal of the payload's bytes alone (already cut out).
func BenchmarkDecodeSubValue(b *testing.B) {
	f, err := os.Open(filepath.Join(corpus.SharedData(b, "gharchive"), "dlt__github.events.load_page_1_duck.ndjson"))
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	var event []byte
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if bytes.Contains(sc.Bytes(), []byte(`"type":"PullRequestEvent"`)) {
			event = simdjson.Pad(append([]byte(nil), sc.Bytes()...))
			break
		}
	}
	if event == nil {
		b.Skip("no pull request event")
	}
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse(event)
	if err != nil {
		b.Fatal(err)
	}
	payload, err := doc.Field("payload")
	if err != nil {
		b.Fatal(err)
	}
	raw, _ := payload.RawJSON()
	alone := append([]byte(nil), raw...)
	var want benchPayload
	if err := json.Unmarshal(alone, &want); err != nil || want.PullRequest.User.Login == "" {
		b.Fatal(err, want)
	}
	var got benchPayload
	if err := payload.Decode(&got); err != nil || !reflect.DeepEqual(got, want) {
		b.Fatalf("Decode: %v\n%+v\nwant %+v", err, got, want)
	}
	b.Run("Decode", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			var v benchPayload
			if err := payload.Decode(&v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RawJSON+Unmarshal", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			var v benchPayload
			r, err := payload.RawJSON()
			if err != nil {
				b.Fatal(err)
			}
			if err := json.Unmarshal(r, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("Unmarshal-alone", func(b *testing.B) {
		b.SetBytes(int64(len(raw)))
		b.ReportAllocs()
		for b.Loop() {
			var v benchPayload
			if err := json.Unmarshal(alone, &v); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMapDecodeSeed: the seed task over the gharchive corpus on one
// thread, MapDecode into decEvent (the seed task's struct, bench/task.go's event) beside Map with lazy reads of
// the same three values (lazy): the profile of the struct row's walk.
func BenchmarkMapDecodeSeed(b *testing.B) {
	data := bytes.Join(gharchiveDocs(b), []byte("\n"))
	type counts struct{ types, opened int }
	b.Run("struct", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			_, err := simdjson.MapDecode(simdjson.Bytes(data), func(int) *counts { return new(counts) }, func(c *counts, ev *decEvent) error {
				c.types += len(ev.Type)
				if ev.Type == "PullRequestEvent" && ev.Payload.Action == "opened" && ev.Payload.PullRequest.Base.Repo.Language != nil {
					c.opened++
				}
				return nil
			}, simdjson.Threads(1))
			if err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("lazy", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			_, err := simdjson.Map(simdjson.Bytes(data), func(int) *counts { return new(counts) }, func(c *counts, doc simdjson.Document) error {
				t, err := doc.Field("type")
				if err != nil {
					return err
				}
				typ, err := t.StringBytes()
				if err != nil {
					return err
				}
				c.types += len(typ)
				if string(typ) != "PullRequestEvent" {
					return nil
				}
				a, err := doc.Get("payload", "action")
				if err != nil {
					return err
				}
				if action, err := a.StringBytes(); err != nil || string(action) != "opened" {
					return err
				}
				if l, err := doc.Get("payload", "pull_request", "base", "repo", "language"); err == nil {
					if null, _ := l.IsNull(); !null {
						c.opened++
					}
				}
				return nil
			}, simdjson.Threads(1))
			if err != nil {
				b.Fatal(err)
			}
		}
	})
}
