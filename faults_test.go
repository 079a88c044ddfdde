//go:build cgo

package simdjson_test

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

func TestEmptyBlankAndNULInput(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, in := range []string{"", " ", "\n\t\r ", "\x00", "[1,\x002]", "\"a\x00b\"", "{\"a\x00\":1}", "[1]\x00"} {
		doc, err := p.Parse([]byte(in))
		if err == nil {
			_, err = toAny(doc.Value)
		}
		require.Error(t, err, "%q", in)
		for _, pad := range []byte{0, ' ', '1', '"'} {
			_, err2 := parseAll(p, padded([]byte(in), pad))
			require.Error(t, err2, "%q padded with %q", in, pad)
		}
	}
	// Streams: NUL lines are bad lines, the others are delivered.
	got := runStream(t, simdjson.Bytes([]byte("[1]\n\x00\n[2]\n\"a\x00\"\n[3]")), simdjson.SkipBadLines(nil))
	require.NoError(t, got.Err)
	n := 0
	for _, d := range got.Docs {
		if d.Err == nil {
			n++
		}
	}
	require.Equal(t, 3, n)
}

func TestInvalidUTF8EveryPosition(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	bad := []string{"\xff", "\xc3(", "\xe2\x82", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xc0\x80"}
	for _, b := range bad {
		for _, doc := range []string{
			b + `{"a":"x"}`,          // start
			`{"a":"` + b + `"}`,      // inside a string value
			`{"` + b + `":1}`,        // inside a key
			`{"a":1,` + b + `"b":2}`, // between tokens
			`{"a":"x"}` + b,          // end
		} {
			_, err := p.Parse([]byte(doc))
			require.ErrorIs(t, err, simdjson.ErrUTF8, "%q", doc)
			var se *simdjson.Error
			require.ErrorAs(t, err, &se)
			require.Equal(t, int64(strings.Index(doc, b)), se.Offset, "%q", doc)

			st := runStream(t, simdjson.Bytes([]byte("[0]\n"+doc+"\n[2]\n")), simdjson.SkipBadLines(nil))
			require.NoError(t, st.Err)
			require.Len(t, st.Docs, 2, "%q", doc)
			require.Len(t, st.Bad, 1, "%q", doc)
			require.Equal(t, 2, st.Bad[0].Line)
			require.ErrorAs(t, st.Bad[0].Err, &se)
			require.Equal(t, int64(4+strings.Index(doc, b)), se.Offset, "%q", doc)
		}
	}
}

func TestManyGoroutinesEachWithAParser(t *testing.T) {
	goroutines, size := 64, 512<<10
	if testing.Short() {
		// 34 s under the race detector at full size.
		goroutines, size = 16, 128<<10
	}
	data := ghData(t, size)
	want := runStream(t, simdjson.Bytes(data))
	require.NoError(t, want.Err)
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := simdjson.NewParser()
			defer p.Close()
			i := 0
			for _, line := range bytes.Split(data, []byte{'\n'}) {
				if len(line) == 0 {
					continue
				}
				doc, err := p.Parse(line)
				if err != nil {
					errs <- err
					return
				}
				v, err := toAny(doc.Value)
				if err != nil || canonical(v) != canonical(want.Docs[i].Value) {
					errs <- fmt.Errorf("goroutine %d, document %d: %v", g, i, err)
					return
				}
				i++
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

var mapRounds = 200

// rss returns the resident set size in bytes.
func rss(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skip("no /proc/self/statm")
	}
	f := strings.Fields(string(b))
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// TestNoLeaks shows RSS flat over a million parser lifetimes (new parser,
// parse, read, close) and over repeated parallel maps. It runs when
// SIMDJSON_LEAKS=1 (`make test-leaks`), alone and without the race
// detector, whose own memory would blur the figure.
func TestNoLeaks(t *testing.T) {
	if os.Getenv("SIMDJSON_LEAKS") != "1" {
		t.Skip("run with make test-leaks (SIMDJSON_LEAKS=1)")
	}
	doc := []byte(`{"a":[1,2,{"b":"c\u00e9"}],"d":true}`)
	cycle := func(n int) {
		for range n {
			p := simdjson.NewParser()
			d, err := p.Parse(doc)
			if err != nil {
				panic(err)
			}
			if _, err := toAny(d.Value); err != nil {
				panic(err)
			}
			p.Close()
		}
	}
	cycle(100_000) // warm up: allocator pools, Go heap
	runtime.GC()
	before := rss(t)
	cycle(1_000_000)
	runtime.GC()
	after := rss(t)
	t.Logf("RSS over 1,000,000 parse/close cycles: %d MiB -> %d MiB", before>>20, after>>20)
	require.Less(t, after-before, int64(32<<20), "RSS grew by %d MiB", (after-before)>>20)

	data := ghData(t, 8<<20)
	count := func(int) *int { return new(int) }
	add := func(n *int, _ simdjson.Document) error { *n++; return nil }
	for range 5 {
		_, err := simdjson.Map(simdjson.Bytes(data), count, add, simdjson.Threads(4))
		require.NoError(t, err)
	}
	runtime.GC()
	before = rss(t)
	for i := range mapRounds {
		in := simdjson.Bytes(data)
		if i%2 == 1 {
			in = simdjson.Reader(bytes.NewReader(data))
		}
		_, err := simdjson.Map(in, count, add, simdjson.Threads(4), simdjson.ChunkSize(1<<20))
		require.NoError(t, err)
	}
	runtime.GC()
	after = rss(t)
	t.Logf("RSS over %d maps of 8 MiB: %d MiB -> %d MiB", mapRounds, before>>20, after>>20)
	require.Less(t, after-before, int64(64<<20), "RSS grew by %d MiB", (after-before)>>20)
}

// A Parser dropped without Close while it pins a zero-copy input is freed by
// its cleanup. (The Go runtime panics when a runtime.Pinner that still pins
// something becomes unreachable: the pin must be released by the cleanup,
// not leaked with the Parser.)
func TestForgottenParserWithPinnedInput(t *testing.T) {
	for range 20 {
		p := simdjson.NewParser()
		doc, err := p.Parse(simdjson.Pad([]byte(`{"a":[1,2,3],"b":"x"}`)))
		require.NoError(t, err)
		_, err = doc.Field("b")
		require.NoError(t, err)
	}
	for range 5 {
		runtime.GC()
		time.Sleep(20 * time.Millisecond)
	}
}
