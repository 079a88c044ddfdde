//go:build cgo

package simdjson_test

import (
	"errors"
	"fmt"
	"io"
	"iter"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
	sjson "github.com/simdjson-cgo/simdjson/json"
	"github.com/stretchr/testify/require"
)

// Attacks of a hostile or careless caller on what issue 17 built.

// unpadded returns a copy of s with no spare capacity: a stream copies its
// last batch into the parser's copy buffer.
func unpadded(s string) []byte { b := []byte(s); return b[:len(b):len(b)] }

// TestAttackParseInsideStreamLoop: a Parse of the stream's parser inside the
// loop ends the stream with an error, also when the parsed bytes lie where
// the batch lies: the batch's copy buffer (unpadded input) or the input's
// own first line. The stream used to recognise its batch by address and
// went on over the Parse's state: the same documents yielded forever.
func TestAttackParseInsideStreamLoop(t *testing.T) {
	var sb strings.Builder
	for i := range 50 {
		fmt.Fprintf(&sb, "{\"i\":%d,\"s\":\"%s\"}\n", i, strings.Repeat("x", i))
	}
	lines := sb.String()
	first := strings.Index(lines, "\n")
	for _, tc := range []string{"unpadded", "padded", "reader"} {
		t.Run(tc, func(t *testing.T) {
			data := unpadded(lines)
			in := simdjson.Bytes(data)
			switch tc {
			case "padded":
				data = simdjson.Pad(data)
				in = simdjson.Bytes(data)
			case "reader":
				in = simdjson.Reader(strings.NewReader(lines))
			}
			p := simdjson.NewParser()
			defer p.Close()
			s := p.Stream(in)
			n := 0
			for _, d := range s.Documents() {
				n++
				if n > 1000 {
					t.Fatalf("the stream yielded %d documents of 50", n)
				}
				require.NoError(t, d.Err())
				// The careless part: parse something else with the same parser.
				var err error
				if tc == "padded" {
					_, err = p.Parse(data[:first:len(data)]) // the batch's first bytes
				} else {
					_, err = p.ParseString(`[1,2,3]`) // into the copy buffer
				}
				require.NoError(t, err)
			}
			require.Equal(t, 1, n, "the stream went on after Parse")
			require.ErrorContains(t, s.Err(), "another document")
		})
	}
}

// TestAttackInterleavedStreams: two streams of one parser interleaved
// through iter.Pull2. The second one's documents replace the first's: the
// first must stop with an error when it resumes, not read the other batch.
func TestAttackInterleavedStreams(t *testing.T) {
	mk := func(prefix string, n int) []byte {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "{\"%s\":%d}\n", prefix, i)
		}
		return unpadded(sb.String())
	}
	p := simdjson.NewParser()
	defer p.Close()
	s1 := p.Stream(simdjson.Bytes(mk("a", 40)))
	s2 := p.Stream(simdjson.Bytes(mk("bb", 3)))
	next1, stop1 := iter.Pull2(s1.Documents())
	defer stop1()
	next2, stop2 := iter.Pull2(s2.Documents())
	defer stop2()
	_, d, ok := next1()
	require.True(t, ok)
	v, err := d.Field("a")
	require.NoError(t, err)
	_, d2, ok := next2()
	require.True(t, ok)
	_, err = d2.Field("bb")
	require.NoError(t, err)
	// d is stale now.
	_, err = v.Int64()
	require.ErrorIs(t, err, simdjson.ErrStaleHandle)
	for k := 0; ; k++ {
		i, d, ok := next1()
		if !ok {
			break
		}
		// Any document s1 still yields must be one of its own.
		x, err := d.Field("a")
		require.NoError(t, err, "s1 document %d", i)
		got, err := x.Int64()
		require.NoError(t, err)
		require.EqualValues(t, i, got)
		require.Less(t, k, 100)
	}
	require.ErrorContains(t, s1.Err(), "another document", "s1 went on over s2's batch")
}

// countReader returns data, then whatever count n gives (with no bytes
// written), for ever.
type countReader struct {
	data  []byte
	n     func(len int) int
	calls int
}

func (r *countReader) Read(b []byte) (int, error) {
	r.calls++
	if len(r.data) > 0 {
		k := copy(b, r.data)
		r.data = r.data[k:]
		return k, nil
	}
	if r.calls > 1000000 {
		panic("still reading after a million calls")
	}
	return r.n(len(b)), nil
}

// TestAttackDecoderReaderFaults: the Decoder over a reader that lies about
// its count (negative, above len(p), or far above it) or makes no progress
// gets an error, as streams and maps do: no panic out of Decode, no NUL
// bytes the reader never wrote taken for input, no endless loop.
func TestAttackDecoderReaderFaults(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    func(int) int
		want error
	}{
		{"negative", func(int) int { return -1 }, nil},
		{"one over", func(l int) int { return l + 1 }, nil},
		{"far over", func(l int) int { return l + 1<<20 }, nil},
		{"no progress", func(int) int { return 0 }, io.ErrNoProgress},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := &countReader{data: []byte(`{"a":1} [2] 12`), n: tc.n}
			dec := sjson.NewDecoder(r)
			var v any
			require.NoError(t, dec.Decode(&v))
			require.Equal(t, map[string]any{"a": 1.0}, v)
			require.NoError(t, dec.Decode(&v))
			require.Equal(t, []any{2.0}, v)
			var err error
			require.NotPanics(t, func() { err = dec.Decode(&v) })
			if tc.want != nil {
				require.ErrorIs(t, err, tc.want)
			} else {
				require.ErrorContains(t, err, "invalid byte count")
			}
			require.LessOrEqual(t, r.calls, 200)
		})
	}
}

// mapLines returns n NDJSON lines {"i":k,"pad":"..."}.
func mapLines(n int) []byte {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "{\"i\":%d,\"pad\":\"%s\"}\n", i, strings.Repeat("x", i%40))
	}
	return []byte(sb.String())
}

type mapCount struct{ w, n int }

// countAll runs a plain Map over in and returns the documents seen.
func countAll(t *testing.T, in simdjson.Input, opts ...simdjson.StreamOption) int {
	t.Helper()
	states, err := simdjson.Map(in, func(w int) *mapCount { return &mapCount{w: w} }, func(s *mapCount, d simdjson.Document) error {
		v, err := d.Field("i")
		if err != nil {
			return err
		}
		if _, err := v.Int64(); err != nil {
			return err
		}
		s.n++
		return nil
	}, opts...)
	require.NoError(t, err)
	total := 0
	for _, s := range states {
		total += s.n
	}
	return total
}

// inGoroutine runs f on a goroutine of its own and reports whether f
// returned (false: it ended through runtime.Goexit) and what it panicked.
func inGoroutine(f func()) (returned bool, panicked any) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { panicked = recover() }()
		f()
		returned = true
	}()
	<-done
	return returned, panicked
}

// meeting returns a function for a map's fn that makes worker 0, at its
// first document, wait (10 s at most) for worker 1 to have one.
func meeting() func(w, n int) {
	started := make(chan struct{})
	var once sync.Once
	return func(w, n int) {
		switch {
		case w == 1:
			once.Do(func() { close(started) })
		case w == 0 && n == 1:
			select {
			case <-started:
			case <-time.After(10 * time.Second):
			}
		}
	}
}

// TestAttackMapGoexitAndPanicEverywhere: runtime.Goexit and panics in
// newState, in fn of a map nested in another map's fn (on the inner map's
// worker 0, which runs on the outer map's worker goroutine, and on its
// other workers), and in the SkipBadLines function: none crashes or hangs,
// the maps report what happened, and maps run normally afterwards (no
// parser left held in the pool).
func TestAttackMapGoexitAndPanicEverywhere(t *testing.T) {
	data := mapLines(4000)
	opts := []simdjson.StreamOption{simdjson.Threads(2), simdjson.BatchSize(4096), simdjson.ChunkSize(4096)}
	inputs := map[string]func() simdjson.Input{
		"bytes":  func() simdjson.Input { return simdjson.Bytes(data) },
		"reader": func() simdjson.Input { return simdjson.Reader(strings.NewReader(string(data))) },
	}
	for name, in := range inputs {
		for _, w := range []int{0, 1} {
			for _, how := range []string{"goexit", "panic"} {
				t.Run(fmt.Sprintf("%s/newState%d/%s", name, w, how), func(t *testing.T) {
					returned, p := inGoroutine(func() {
						_, _ = simdjson.Map(in(), func(k int) *mapCount {
							if k == w {
								if how == "goexit" {
									runtime.Goexit()
								}
								panic("newState")
							}
							return &mapCount{w: k}
						}, func(*mapCount, simdjson.Document) error { return nil }, opts...)
					})
					require.False(t, returned)
					if how == "panic" {
						require.Equal(t, "newState", p)
					}
					require.Equal(t, 4000, countAll(t, in(), opts...))
				})
			}
		}
		// A map in a map's fn, whose fn ends its goroutine. Each pairing
		// of the outer worker that runs the inner map and the inner worker
		// that exits is aimed at (worker 0 waits for worker 1's first
		// document, so that both get some), and the pairing that happened
		// is checked: on inner worker 0 of outer worker 0 the caller's
		// goroutine ends, in every other pairing the outer map returns
		// ErrGoexit.
		for k := range 4 {
			t.Run(fmt.Sprintf("%s/nested#%d", name, k), func(t *testing.T) {
				var outerN, innerN atomic.Int64
				var outerFired, innerFired atomic.Bool
				ow, iw := -1, -1
				var outerErr error
				outerMeet := meeting()
				returned, p := inGoroutine(func() {
					_, outerErr = simdjson.Map(in(), func(k int) *mapCount { return &mapCount{w: k} }, func(o *mapCount, d simdjson.Document) error {
						o.n++
						outerMeet(o.w, o.n)
						// Worker k%2 at its third document, or any at the
						// 3900th if that one gets too few.
						if n := outerN.Add(1); (o.w != k%2 || o.n < 3) && n < 3900 || outerFired.Swap(true) {
							return nil
						}
						ow = o.w
						raw, err := d.RawJSON()
						if err != nil {
							return err
						}
						var lines []byte
						for range 500 {
							lines = append(append(lines, raw...), '\n')
						}
						innerMeet := meeting()
						_, err = simdjson.Map(simdjson.Bytes(lines), func(k int) *mapCount { return &mapCount{w: k} }, func(s *mapCount, d simdjson.Document) error {
							s.n++
							innerMeet(s.w, s.n)
							if n := innerN.Add(1); (s.w == k/2%2 && s.n >= 3 || n >= 450) && !innerFired.Swap(true) {
								iw = s.w
								runtime.Goexit()
							}
							return d.Err()
						}, simdjson.Threads(2), simdjson.BatchSize(4096), simdjson.ChunkSize(4096))
						return err
					}, opts...)
				})
				require.Nil(t, p)
				require.True(t, ow >= 0 && iw >= 0, "outer worker %d, inner worker %d", ow, iw)
				t.Logf("outer worker %d, inner worker %d", ow, iw)
				if ow == 0 && iw == 0 {
					// The Goexit ran on the caller's goroutine: it ended.
					require.False(t, returned)
				} else {
					require.True(t, returned)
					require.ErrorIs(t, outerErr, simdjson.ErrGoexit)
				}
				require.Equal(t, 4000, countAll(t, in(), opts...))
			})
		}
	}
	// The bad-line function panics or exits (a map calls it after its end,
	// from the caller's goroutine).
	bad := append(append([]byte{}, data...), "{\"i\":\n"...)
	for _, how := range []string{"goexit", "panic"} {
		for name, in := range map[string]func() simdjson.Input{
			"bytes":  func() simdjson.Input { return simdjson.Bytes(bad) },
			"reader": func() simdjson.Input { return simdjson.Reader(strings.NewReader(string(bad))) },
		} {
			t.Run("onBad/"+name+"/"+how, func(t *testing.T) {
				returned, p := inGoroutine(func() {
					onBad := simdjson.SkipBadLines(func(*simdjson.LineError) {
						if how == "goexit" {
							runtime.Goexit()
						}
						panic("onBad")
					})
					_, _ = simdjson.Map(in(), func(k int) *mapCount { return &mapCount{w: k} }, func(*mapCount, simdjson.Document) error { return nil }, append(opts, onBad)...)
				})
				require.False(t, returned)
				if how == "panic" {
					require.Equal(t, "onBad", p)
				}
				require.Equal(t, 4000, countAll(t, in(), append(opts, simdjson.SkipBadLines(nil))...))
			})
		}
	}
}

// TestAttackDocumentToAnotherGoroutine: a map's fn hands its Document to
// another goroutine, which reads it during the call and after: each read
// is right, ErrParserInUse, or ErrStaleHandle, never another document's
// value. Run it under -race.
func TestAttackDocumentToAnotherGoroutine(t *testing.T) {
	data := mapLines(20000)
	type job struct {
		d    simdjson.Document
		i    int64
		done chan struct{}
	}
	jobs := make(chan job, 64)
	var good, inUse, stale atomic.Int64
	errs := make(chan error, 1)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				for k := 0; k < 3; k++ {
					v, err := j.d.Field("i")
					var n int64
					if err == nil {
						n, err = v.Int64()
					}
					switch {
					case errors.Is(err, simdjson.ErrParserInUse):
						inUse.Add(1)
					case errors.Is(err, simdjson.ErrStaleHandle):
						stale.Add(1)
					case err != nil:
						select {
						case errs <- err:
						default:
						}
					case n != j.i:
						select {
						case errs <- fmt.Errorf("document %d read as %d", j.i, n):
						default:
						}
					default:
						good.Add(1)
					}
					if k == 0 && j.done != nil {
						close(j.done)
					}
				}
			}
		}()
	}
	_, err := simdjson.Map(simdjson.Bytes(data), func(int) *mapCount { return &mapCount{} }, func(s *mapCount, d simdjson.Document) error {
		// fn's own reads may meet the other goroutine inside a call on a
		// kept Document of this parser: ErrParserInUse, then retry.
		var i int64
		var err error
		for {
			var v simdjson.Value
			if v, err = d.Field("i"); err == nil {
				i, err = v.Int64()
			}
			if !errors.Is(err, simdjson.ErrParserInUse) {
				break
			}
			runtime.Gosched()
		}
		if err != nil {
			return err
		}
		s.n++
		j := job{d: d, i: i}
		if s.n%2 == 0 {
			j.done = make(chan struct{}) // read during the call
		}
		jobs <- j
		if j.done != nil {
			<-j.done
		}
		return nil
	}, simdjson.Threads(2), simdjson.BatchSize(4096), simdjson.ChunkSize(8192))
	close(jobs)
	wg.Wait()
	require.NoError(t, err)
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("good %d, in use %d, stale %d", good.Load(), inUse.Load(), stale.Load())
	require.NotZero(t, good.Load())
}

// TestAttackStreamBodyExits: the body of a stream loop panics, calls
// runtime.Goexit, closes the parser, or breaks, for every kind of input:
// the parser is given back (not left held: a later Parse works, or says
// closed), the stream's buffers are freed (ASan's leak check), and a
// Document kept from the loop is stale.
func TestAttackStreamBodyExits(t *testing.T) {
	data := mapLines(3000)
	file := writeTemp(t, data)
	inputs := map[string]func() simdjson.Input{
		"bytes":  func() simdjson.Input { return simdjson.Bytes(data) },
		"reader": func() simdjson.Input { return simdjson.Reader(strings.NewReader(string(data))) },
		"file":   func() simdjson.Input { return simdjson.File(file) },
	}
	for name, in := range inputs {
		for _, conc := range []bool{false, true} {
			for _, how := range []string{"panic", "goexit", "close", "break"} {
				t.Run(fmt.Sprintf("%s/concatenated=%v/%s", name, conc, how), func(t *testing.T) {
					p := simdjson.NewParser()
					defer p.Close()
					opts := []simdjson.StreamOption{simdjson.BatchSize(4096), simdjson.ChunkSize(8192)}
					if conc {
						opts = append(opts, simdjson.Concatenated())
					}
					s := p.Stream(in(), opts...)
					var kept simdjson.Document
					returned, pv := inGoroutine(func() {
						for i, d := range s.Documents() {
							if i < 1000 {
								continue
							}
							kept = d
							switch how {
							case "panic":
								panic("body")
							case "goexit":
								runtime.Goexit()
							case "close":
								require.NoError(t, p.Close())
							case "break":
							}
							break
						}
					})
					switch how {
					case "panic":
						require.Equal(t, "body", pv)
					case "goexit":
						require.False(t, returned)
					default:
						require.True(t, returned)
						require.Nil(t, pv)
					}
					if how == "close" {
						require.ErrorIs(t, kept.Err(), simdjson.ErrParserClosed)
						_, err := p.ParseString(`{}`)
						require.ErrorIs(t, err, simdjson.ErrParserClosed)
						return
					}
					require.ErrorIs(t, kept.Err(), simdjson.ErrStaleHandle)
					d, err := p.ParseString(`{"z":1}`)
					require.NoError(t, err)
					_, err = d.Field("z")
					require.NoError(t, err)
					require.ErrorIs(t, kept.Err(), simdjson.ErrStaleHandle)
				})
			}
		}
	}
}

// TestAttackStuckCallbackWhileOthersFail: worker 1's fn blocks until worker
// 0's has failed: Map waits for the blocked call (it cannot end it), returns
// the failure, and no call of fn runs after it returned; later maps run.
func TestAttackStuckCallbackWhileOthersFail(t *testing.T) {
	data := mapLines(20000)
	boom := errors.New("boom")
	for name, in := range map[string]func() simdjson.Input{
		"bytes":  func() simdjson.Input { return simdjson.Bytes(data) },
		"reader": func() simdjson.Input { return simdjson.Reader(strings.NewReader(string(data))) },
	} {
		t.Run(name, func(t *testing.T) {
			blocked := make(chan struct{})
			release := make(chan struct{})
			var once sync.Once
			var unblocked, mapReturned, late atomic.Bool
			_, err := simdjson.Map(in(), func(w int) *mapCount { return &mapCount{w: w} }, func(s *mapCount, d simdjson.Document) error {
				if mapReturned.Load() {
					late.Store(true)
				}
				s.n++
				switch s.w {
				case 1:
					once.Do(func() {
						close(blocked)
						<-release
						unblocked.Store(true)
					})
				case 0:
					if s.n == 1 {
						<-blocked
					}
					if s.n == 10 {
						close(release) // worker 1 returns once the failure is in
						return boom
					}
				}
				return d.Err()
			}, simdjson.Threads(2), simdjson.BatchSize(4096), simdjson.ChunkSize(4096))
			mapReturned.Store(true)
			require.ErrorIs(t, err, boom)
			require.True(t, unblocked.Load(), "Map returned during a call of fn")
			require.Equal(t, 20000, countAll(t, in(), simdjson.Threads(2), simdjson.BatchSize(4096), simdjson.ChunkSize(4096)))
			require.False(t, late.Load(), "fn called after Map returned")
		})
	}
}

// exitReader returns data, then ends its goroutine (runtime.Goexit: what
// t.Fatal or require do in a test's fake reader).
type exitReader struct{ r io.Reader }

func (e *exitReader) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if err == io.EOF {
		runtime.Goexit()
	}
	return n, err
}

// TestAttackMapReaderGoexit: a Reader input's Read ends its goroutine
// before the end of the input. Map reads on a goroutine of its own: the
// map must fail, not return the documents read so far as the whole input.
func TestAttackMapReaderGoexit(t *testing.T) {
	data := mapLines(20000)
	cut := len(data) / 2
	states, err := simdjson.Map(simdjson.Reader(&exitReader{r: strings.NewReader(string(data[:cut]))}),
		func(w int) *mapCount { return &mapCount{w: w} },
		func(s *mapCount, d simdjson.Document) error { s.n++; return d.Err() },
		simdjson.Threads(2), simdjson.ChunkSize(8192), simdjson.BatchSize(4096))
	total := 0
	for _, s := range states {
		total += s.n
	}
	require.Error(t, err, "map returned success after %d documents of 20000", total)
	require.ErrorIs(t, err, simdjson.ErrGoexit)
}
