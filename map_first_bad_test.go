//go:build cgo && unix

package simdjson_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// A map over Files stops at the first bad line in input order, as a Stream
// over the same files does, even when a later file's bad line is found
// first: here the first file is a named pipe that gets its lines only after
// a worker has parsed the second file's documents (and so its bad line).
// Map used to stop there and return the second file's line.
func TestMapFilesFirstBadLineWaitsForEarlierFiles(t *testing.T) {
	dir := t.TempDir()
	first := filepath.Join(dir, "a.json")
	if err := syscall.Mkfifo(first, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	second := writeFile(t, dir, "b.json",
		[]byte(strings.Repeat("{\"b\":1}\n", 5)+"{bad\n"+strings.Repeat("{\"b\":2}\n", 5)))

	sawSecond := make(chan struct{})
	var once sync.Once
	wrote := make(chan error, 1)
	go func() {
		f, err := os.OpenFile(first, os.O_WRONLY, 0) // until the map opens it
		if err != nil {
			wrote <- err
			return
		}
		defer f.Close()
		<-sawSecond
		time.Sleep(100 * time.Millisecond) // the worker reaches b.json's bad line
		_, err = f.WriteString("{\"a\":1}\n{\"a\":2}\n[nope\n{\"a\":3}\n")
		wrote <- err
	}()
	type result struct {
		docs int
		err  error
	}
	done := make(chan result, 1)
	go func() {
		states, err := simdjson.Map(simdjson.Files(first, second),
			func(int) *int { return new(int) },
			func(n *int, _ simdjson.Document) error {
				once.Do(func() { close(sawSecond) }) // a.json has no line yet
				*n++
				return nil
			}, simdjson.Threads(2))
		total := 0
		for _, n := range states {
			total += *n
		}
		done <- result{total, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("Map did not return in 30 s")
	}
	require.NoError(t, <-wrote)
	var le *simdjson.LineError
	require.ErrorAs(t, r.err, &le)
	require.Equal(t, first, le.File, "the first bad line in input order is a.json's: %v", r.err)
	require.Equal(t, 3, le.Line)
}

// The same over regular files, many times, with bad lines in several files
// and every thread count: the map's *LineError names the line a Stream over
// the same files names.
func TestMapFilesFirstBadLine(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 11))
	rounds := 40
	if testing.Short() {
		rounds = 10
	}
	for round := range rounds {
		var files []string
		for i := range 6 {
			var b strings.Builder
			lines := 50 + rng.IntN(400)
			badAt := -1
			if rng.IntN(3) > 0 {
				badAt = rng.IntN(lines)
			}
			for l := range lines {
				if l == badAt {
					b.WriteString("{\"x\": tru}\n")
					continue
				}
				fmt.Fprintf(&b, "{\"f\":%d,\"l\":%d,\"pad\":%q}\n", i, l, strings.Repeat("p", rng.IntN(60)))
			}
			data := []byte(b.String())
			name := fmt.Sprintf("r%d-f%d.json", round, i)
			if rng.IntN(2) == 0 {
				files = append(files, writeFile(t, dir, name+".gz", gz(t, data)))
			} else {
				files = append(files, writeFile(t, dir, name, data))
			}
		}
		p := simdjson.NewParser()
		s := p.Stream(simdjson.Files(files...))
		for range s.Documents() {
		}
		want := s.Err()
		p.Close()
		threads := 1 + round%4
		_, got := simdjson.Map(simdjson.Files(files...),
			func(int) *int { return new(int) },
			func(*int, simdjson.Document) error { return nil },
			simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096))
		var wantLE, gotLE *simdjson.LineError
		if !errors.As(want, &wantLE) {
			require.NoError(t, got, "round %d", round)
			continue
		}
		require.ErrorAs(t, got, &gotLE, "round %d, %d threads", round, threads)
		require.Equal(t, wantLE.File, gotLE.File, "round %d, %d threads: Stream %v, Map %v", round, threads, want, got)
		require.Equal(t, wantLE.Line, gotLE.Line, "round %d, %d threads", round, threads)
	}
}
