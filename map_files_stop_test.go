//go:build cgo && unix

package simdjson_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

// TestMapFilesStopAtIsPerInputOffset: over Files, the first bad line in
// input order is an earlier file's even when a later file's bad line sits
// at a smaller byte offset (of its own file). The native workers' stop_at
// (internal/shim/map.h: run_chunk and map_worker_main skip every chunk and
// batch that starts past the offset of a bad line) used to compare offsets
// of different files: once b.json's bad line at byte 0 was found, the
// chunks of a.json past byte 0 were skipped, a.json's bad line (line 1001,
// byte 8000) was never parsed, and Map returned b.json's line 1. For Files
// a bad line sets no such offset now. A Stream over the same files returns
// a.json's line 1001.
func TestMapFilesStopAtIsPerInputOffset(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.json", []byte(strings.Repeat("{\"a\":1}\n", 1000)+"[nope\n"+strings.Repeat("{\"a\":2}\n", 10)))
	b := writeFile(t, dir, "b.json", []byte("{bad\n"+strings.Repeat("{\"b\":1}\n", 10)))

	p := simdjson.NewParser()
	s := p.Stream(simdjson.Files(a, b))
	for range s.Documents() {
	}
	var want *simdjson.LineError
	if !errors.As(s.Err(), &want) || want.File != a || want.Line != 1001 {
		t.Fatalf("Stream: %v, want a.json's line 1001", s.Err())
	}
	p.Close()

	for run := range 20 {
		for threads := 1; threads <= 4; threads++ {
			withDeadline(t, 30*time.Second, "map", func() {
				_, err := simdjson.Map(simdjson.Files(a, b), func(int) *int { return new(int) },
					func(*int, simdjson.Document) error { return nil },
					simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096))
				var got *simdjson.LineError
				if !errors.As(err, &got) || got.File != want.File || got.Line != want.Line {
					t.Errorf("run %d, %d threads: Map returned %v, want %v (the first bad line in input order)", run, threads, err, want)
				}
			})
		}
	}
}

// The same, made deterministic: a.json is a named pipe filled only after
// a worker has parsed b.json (and so found its bad line at byte 0).
func TestMapFilesStopAtPipe(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.json")
	if err := syscall.Mkfifo(a, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	b := writeFile(t, dir, "b.json", []byte("{\"b\":0}\n{\"b\":0}\n{bad\n"+strings.Repeat("{\"b\":1}\n", 10)))
	sawB := make(chan struct{})
	var once sync.Once
	wrote := make(chan error, 1)
	go func() {
		f, err := os.OpenFile(a, os.O_WRONLY, 0)
		if err != nil {
			wrote <- err
			return
		}
		defer f.Close()
		<-sawB
		time.Sleep(100 * time.Millisecond)
		_, err = f.WriteString(strings.Repeat("{\"a\":1}\n", 1000) + "[nope\n" + strings.Repeat("{\"a\":2}\n", 10))
		wrote <- err
	}()
	withDeadline(t, 30*time.Second, "map", func() {
		_, err := simdjson.Map(simdjson.Files(a, b), func(int) *int { return new(int) },
			func(_ *int, d simdjson.Document) error {
				once.Do(func() { close(sawB) }) // b.json's good lines: its bad line is in the same batch
				return nil
			},
			simdjson.Threads(2), simdjson.ChunkSize(4096), simdjson.BatchSize(4096))
		if werr := <-wrote; werr != nil {
			t.Fatal(werr)
		}
		var got *simdjson.LineError
		if !errors.As(err, &got) || got.File != a || got.Line != 1001 {
			t.Errorf("Map returned %v, want a.json's line 1001 (the first bad line in input order, as a Stream gives)", err)
		}
	})
}
