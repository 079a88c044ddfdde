//go:build cgo

package simdjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// withDeadline runs f, failing the test (instead of hanging it) when f has
// not returned after d.
func withDeadline(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		buf := make([]byte, 1<<20)
		t.Fatalf("%s: no return after %v (a hang)\n%s", what, d, buf[:runtime.Stack(buf, true)])
	}
}

// slotCheck records the slot accounting of each map as it returns.
type slotCheck struct {
	mu    sync.Mutex
	calls int
	lost  []string
}

func trackSlots(t *testing.T) *slotCheck {
	c := &slotCheck{}
	t.Cleanup(simdjson.SetTestMapSlots(func(free, queued, held, total int) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.calls++
		if free+queued+held != total {
			c.lost = append(c.lost, fmt.Sprintf("%d free + %d queued + %d held of %d", free, queued, held, total))
		}
	}))
	return c
}

// take returns what the last map reported, waiting for its report: a
// producer inside a Read when the map returned reports when it ends.
func (c *slotCheck) take() (calls int, lost []string) {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		c.mu.Lock()
		calls, lost = c.calls, c.lost
		if calls > 0 || time.Now().After(deadline) {
			c.calls, c.lost = 0, nil
			c.mu.Unlock()
			return calls, lost
		}
		c.mu.Unlock()
	}
}

// Every chunk slot a map takes is accounted for when it returns, however
// its producers ended: files that end with nothing to hand on (empty, a
// byte order mark alone, an empty gzip member, a 0-byte .gz, a directory,
// an exact multiple of the chunk size), a reader that fails before its
// first newline, the map stopped by fn's error, a panic of fn, a panic or
// runtime.Goexit of the reader; for 1 to 8 threads. A lost slot used to
// hang the map (0 % CPU) once a map had lost as many as it had: with one
// thread, three empty files before a good one.
func TestMapSlotsAccounted(t *testing.T) {
	dir := t.TempDir()
	const chunk = 4096
	line := []byte("{\"a\":1}\n")
	exact := bytes.Repeat(line, chunk/len(line)) // 4096 bytes: the last read fills the chunk
	var emptyGz bytes.Buffer
	emptyGz.Write(gz(t, nil))
	good := writeFile(t, dir, "good.json", bytes.Repeat(line, 1000))
	kinds := map[string][]byte{
		"empty.json":     nil,
		"bom.json":       {0xEF, 0xBB, 0xBF},
		"empty.json.gz":  emptyGz.Bytes(),
		"zero.json.gz":   nil,
		"exact.json":     exact,
		"exact-nl.json":  append(bytes.Repeat(line, chunk/len(line)-1), "{\"a\": 1}\n"[:8]...),
		"directory.json": nil,
	}
	paths := map[string]string{}
	for name, data := range kinds {
		if name == "directory.json" {
			p := filepath.Join(dir, name)
			require.NoError(t, os.Mkdir(p, 0o755))
			paths[name] = p
			continue
		}
		paths[name] = writeFile(t, dir, name, data)
	}
	slots := trackSlots(t)
	count := func(int) *int { return new(int) }
	one := func(n *int, _ simdjson.Document) error { *n++; return nil }
	total := func(states []*int) int {
		s := 0
		for _, n := range states {
			s += *n
		}
		return s
	}
	for threads := 1; threads <= 8; threads++ {
		opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(chunk), simdjson.BatchSize(chunk)}
		for name, p := range paths {
			// Enough such files to hang a map that loses a slot for each.
			var files []string
			for range 3*threads + 3 {
				files = append(files, p)
			}
			files = append(files, good)
			what := fmt.Sprintf("%d threads, %d x %s", threads, len(files)-1, name)
			withDeadline(t, 30*time.Second, what, func() {
				states, err := simdjson.Map(simdjson.Files(files...), count, one, opts...)
				want := 1000
				switch name {
				case "exact.json", "exact-nl.json":
					want += (len(files) - 1) * chunk / len(line)
				}
				switch name {
				case "zero.json.gz":
					var ge *simdjson.GzipError
					require.ErrorAs(t, err, &ge, what)
				case "directory.json":
					require.Error(t, err, what)
				default:
					require.NoError(t, err, what)
				}
				require.Equal(t, want, total(states), what)
			})
			calls, lost := slots.take()
			require.Equal(t, 1, calls, what)
			require.Empty(t, lost, what)
		}
		// One producer, ended in each way.
		readers := map[string]func() io.Reader{
			"error before a newline": func() io.Reader {
				return io.MultiReader(bytes.NewReader([]byte("{\"a\"")), iotestErr(errors.New("boom")))
			},
			"panic": func() io.Reader { return &panicReader{data: bytes.Repeat(line, 3000)} },
			"goexit": func() io.Reader {
				return io.MultiReader(bytes.NewReader(bytes.Repeat(line, 3000)), goexitReader{})
			},
			"exact": func() io.Reader { return bytes.NewReader(exact) },
		}
		for name, r := range readers {
			what := fmt.Sprintf("%d threads, reader %s", threads, name)
			withDeadline(t, 30*time.Second, what, func() {
				_, err := simdjson.Map(simdjson.Reader(r()), count, one, opts...)
				if name == "exact" {
					require.NoError(t, err, what)
				} else {
					require.Error(t, err, what)
				}
			})
			calls, lost := slots.take()
			require.Equal(t, 1, calls, what)
			require.Empty(t, lost, what)
		}
		// The map stopped by fn: an error, and a panic.
		many := make([]string, 2*threads+2)
		for i := range many {
			many[i] = good
		}
		for _, stop := range []string{"error", "panic"} {
			what := fmt.Sprintf("%d threads, fn's %s", threads, stop)
			withDeadline(t, 30*time.Second, what, func() {
				var seen atomic.Int64
				_, err := simdjson.Map(simdjson.Files(many...), count, func(*int, simdjson.Document) error {
					if seen.Add(1) == 1500 {
						if stop == "panic" {
							panic("stop")
						}
						return errors.New("stop")
					}
					return nil
				}, opts...)
				require.Error(t, err, what)
			})
			calls, lost := slots.take()
			require.Equal(t, 1, calls, what)
			require.Empty(t, lost, what)
		}
	}
}

// goexitReader calls runtime.Goexit, as t.Fatal in a Read would.
type goexitReader struct{}

func (goexitReader) Read([]byte) (int, error) {
	runtime.Goexit()
	return 0, nil
}

// FileDone is called only for files read through, and never after the map
// returned: a map stopped by fn's error used to return without waiting for
// its producers, which then reported the files they were reading as done
// (FileDone(path, bytes so far, nil)) after Map had returned.
func TestFileDoneAfterStop(t *testing.T) {
	dir := t.TempDir()
	data, _ := numbered(20000)
	var files []string
	size := map[string]int64{}
	for i := range 8 {
		p := writeFile(t, dir, fmt.Sprintf("f%d.json", i), data)
		files = append(files, p)
		size[p] = int64(len(data))
		if i%2 == 1 {
			p = writeFile(t, dir, fmt.Sprintf("f%d.json.gz", i), gz(t, data))
			files = append(files, p)
			size[p] = int64(len(data))
		}
	}
	for round := range 20 {
		var mu sync.Mutex
		returned := false
		var bad []string
		calls := 0
		opts := []simdjson.StreamOption{
			simdjson.Threads(1 + round%4), simdjson.ChunkSize(4096), simdjson.BatchSize(4096),
			simdjson.FileDone(func(path string, n int64, err error) {
				time.Sleep(time.Millisecond) // a slow callback: Map must wait for it
				mu.Lock()
				defer mu.Unlock()
				calls++
				if returned {
					bad = append(bad, fmt.Sprintf("FileDone(%s, %d, %v) after Map returned", path, n, err))
				}
				if err == nil && n != size[path] {
					bad = append(bad, fmt.Sprintf("FileDone(%s, %d, nil): %d bytes", path, n, size[path]))
				}
			}),
		}
		var seen atomic.Int64
		errStop := errors.New("stop")
		_, err := simdjson.Map(simdjson.Files(files...), func(int) *int { return new(int) }, func(*int, simdjson.Document) error {
			if seen.Add(1) == int64(10000+round*3000) {
				return errStop
			}
			return nil
		}, opts...)
		require.ErrorIs(t, err, errStop)
		mu.Lock()
		returned = true
		mu.Unlock()
		time.Sleep(20 * time.Millisecond) // a producer left running would report now
		mu.Lock()
		require.Empty(t, bad, "round %d (%d calls)", round, calls)
		mu.Unlock()
	}
}
