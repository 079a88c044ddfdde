//go:build cgo

package simdjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
	"github.com/stretchr/testify/require"
)

// Regression tests of misuse: options out of range, kept handles, two
// goroutines on one parser, runtime.Goexit in a map callback, a second byte
// order mark.

// nestedLines returns n lines, each an array nested depth deep.
func nestedLines(depth, n int) []byte {
	line := strings.Repeat("[", depth) + strings.Repeat("]", depth) + "\n"
	return simdjson.Pad([]byte(strings.Repeat(line, n)))
}

// TestOptionsOutOfRange: a parser option out of its range is an
// *OptionError from every method of the parser, before any native memory is
// sized from it. MaxDepth(-1) used to wrap the shim's 32-bit stack sizes
// (max_depth + 2) and corrupt the heap on a stream of nested lines.
func TestOptionsOutOfRange(t *testing.T) {
	bad := []struct {
		name string
		opt  simdjson.Option
	}{
		{"MaxDepth(-1)", simdjson.MaxDepth(-1)},
		{"MaxDepth(0)", simdjson.MaxDepth(0)},
		{"MaxDepth(1<<32-2)", simdjson.MaxDepth(1<<32 - 2)},
		{"MaxDepth(limit+1)", simdjson.MaxDepth(simdjson.MaxDepthLimit + 1)},
		{"MaxCapacity(-1)", simdjson.MaxCapacity(-1)},
		{"MaxCapacity(1<<33)", simdjson.MaxCapacity(1 << 33)},
	}
	for _, c := range bad {
		t.Run(c.name, func(t *testing.T) {
			p := simdjson.NewParser(c.opt)
			defer p.Close()
			var oe *simdjson.OptionError
			_, err := p.ParseString(`[[1]]`)
			if !errors.As(err, &oe) || !errors.Is(err, simdjson.ErrInvalidOption) {
				t.Fatalf("Parse: %v, want an *OptionError", err)
			}
			// The reproducer: a stream of nested lines.
			s := p.Stream(simdjson.Bytes(nestedLines(2000, 4)))
			n := 0
			for range s.Documents() {
				n++
			}
			if n != 0 || !errors.As(s.Err(), &oe) {
				t.Fatalf("Stream: %d documents, %v; want none and an *OptionError", n, s.Err())
			}
		})
	}
	// The limits themselves are accepted.
	for _, opt := range []simdjson.Option{simdjson.MaxDepth(1), simdjson.MaxDepth(simdjson.MaxDepthLimit),
		simdjson.MaxCapacity(0), simdjson.MaxCapacity(simdjson.MaxCapacityLimit)} {
		p := simdjson.NewParser(opt)
		if _, err := p.ParseString(`1`); err != nil {
			t.Errorf("a limit rejected: %v", err)
		}
		p.Close()
	}
	// Stream and map options.
	for name, opt := range map[string]simdjson.StreamOption{
		"BatchSize":  simdjson.BatchSize(simdjson.MaxBatchSize + 1),
		"ChunkSize":  simdjson.ChunkSize(simdjson.MaxChunkSize + 1),
		"Threads":    simdjson.Threads(simdjson.MaxThreads + 1),
		"Threads1e9": simdjson.Threads(1e9),
	} {
		var oe *simdjson.OptionError
		_, err := simdjson.Map(simdjson.Bytes(nestedLines(3, 10)), func(int) *int { return new(int) },
			func(*int, simdjson.Document) error { return nil }, opt)
		if !errors.As(err, &oe) {
			t.Errorf("Map with %s: %v, want an *OptionError", name, err)
		}
		p := simdjson.NewParser()
		s := p.Stream(simdjson.Bytes(nestedLines(3, 10)), opt)
		for range s.Documents() {
		}
		if name != "Threads" && name != "Threads1e9" && !errors.As(s.Err(), &oe) {
			t.Errorf("Stream with %s: %v, want an *OptionError", name, s.Err())
		}
		p.Close()
	}
}

// TestMaxDepthGrowsWithTheInput: a large legal MaxDepth costs nothing up
// front (MaxDepth(1<<28) used to size 1 GiB of depth stack for a 3-level
// document), and documents deeper than the stacks' first size still walk
// and read right, up to the limit and not past it.
func TestMaxDepthGrowsWithTheInput(t *testing.T) {
	p := simdjson.NewParser(simdjson.MaxDepth(1 << 28))
	defer p.Close()
	doc, err := p.ParseString(`{"a":{"b":[1,2,3]}}`)
	require.NoError(t, err)
	v, err := doc.AtPointer("/a/b/2")
	require.NoError(t, err)
	n, err := v.Int64()
	require.NoError(t, err)
	require.EqualValues(t, 3, n)
	if l := simdjson.StackLevelsForTest(p); l > 1024 {
		t.Fatalf("depth stacks hold %d levels for a 3-level document", l)
	}
	// Deep lines through the walks (stream and map), then deeper than the
	// limit.
	for _, depth := range []int{300, 5000, 100000} {
		s := p.Stream(simdjson.Bytes(nestedLines(depth, 3)))
		got := 0
		for _, d := range s.Documents() {
			raw, err := d.RawJSON()
			require.NoError(t, err)
			require.Len(t, raw, 2*depth)
			got++
		}
		require.NoError(t, s.Err())
		require.Equal(t, 3, got)
		if l := simdjson.StackLevelsForTest(p); l < depth || l > 4*depth+1024 {
			t.Fatalf("depth %d: stacks hold %d levels", depth, l)
		}
	}
	lim := simdjson.NewParser(simdjson.MaxDepth(700))
	defer lim.Close()
	in := append(nestedLines(700, 1), nestedLines(701, 1)...)
	var bad []*simdjson.LineError
	s := lim.Stream(simdjson.Bytes(simdjson.Pad(in)), simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le) }))
	got := 0
	for range s.Documents() {
		got++
	}
	require.NoError(t, s.Err())
	require.Equal(t, 1, got)
	require.Len(t, bad, 1)
	require.ErrorIs(t, bad[0], simdjson.ErrDepth)
	require.Equal(t, 2, bad[0].Line)
	// The parsed document's handles check the limit too.
	_, err = lim.ParseString(strings.Repeat("[", 701) + strings.Repeat("]", 701))
	if err == nil {
		d, _ := lim.ParseString(strings.Repeat("[", 701) + strings.Repeat("]", 701))
		_, err = d.RawJSON()
		for v := d.Value; err == nil; {
			v, err = v.Index(0)
		}
	}
	require.ErrorIs(t, err, simdjson.ErrDepth)
}

// TestStaleHandleAcrossGenerationWrap: a handle kept while the parser moves
// 2^32 documents on stays stale (a 32-bit generation came back to the
// handle's value, and the handle then read the new document's tokens).
func TestStaleHandleAcrossGenerationWrap(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	simdjson.SetGenerationForTest(p, 1<<32-10)
	doc, err := p.ParseString(`{"login":"old-document"}`)
	require.NoError(t, err)
	kept, err := doc.Field("login")
	require.NoError(t, err)
	g := simdjson.GenerationForTest(p)
	// 2^32 documents later (less the one parsed below).
	simdjson.SetGenerationForTest(p, g+1<<32-1)
	_, err = p.ParseString(`{"zzzzz":"a different, longer document"}`)
	require.NoError(t, err)
	_, err = kept.String()
	require.ErrorIs(t, err, simdjson.ErrStaleHandle)
	_, err = doc.Field("zzzzz")
	require.ErrorIs(t, err, simdjson.ErrStaleHandle)
	require.Equal(t, simdjson.TypeInvalid, kept.Type())

	// The same through a stream, whose every document bumps the counter.
	simdjson.SetGenerationForTest(p, 1<<32-3)
	var first simdjson.Value
	s := p.Stream(simdjson.Bytes(simdjson.Pad([]byte("{\"a\":\"x\"}\n{\"a\":\"y\"}\n{\"a\":\"z\"}\n"))))
	for i, d := range s.Documents() {
		if i == 0 {
			first, err = d.Field("a")
			require.NoError(t, err)
			simdjson.SetStreamGenerationForTest(s, simdjson.GenerationForTest(p)+1<<32-1)
			continue
		}
		_, err := first.String()
		require.ErrorIs(t, err, simdjson.ErrStaleHandle, "document %d", i)
	}
	require.NoError(t, s.Err())
}

// TestRowKeptAfterItsCall: a Row used after its call of the map function
// (kept in a variable, read after MapFields returned) reads nothing: it was
// a use-after-free of the worker's field rows.
func TestRowKeptAfterItsCall(t *testing.T) {
	proj, err := simdjson.NewProjection("/s", "/n")
	require.NoError(t, err)
	defer proj.Close()
	var lines bytes.Buffer
	for i := range 5000 {
		fmt.Fprintf(&lines, "{\"s\":\"string number %d\",\"n\":%d}\n", i, i)
	}
	var mu sync.Mutex
	var kept []simdjson.Row
	_, err = simdjson.MapFields(simdjson.Bytes(lines.Bytes()), proj, func(int) *int { return new(int) },
		func(n *int, r simdjson.Row) error {
			mu.Lock()
			defer mu.Unlock()
			if len(kept) > 0 && *n > 0 {
				// The row of the previous document of this worker is
				// stale already.
				prev := kept[len(kept)-1]
				if prev.Kind(0) != simdjson.FieldError || !errors.Is(prev.Err(0), simdjson.ErrStaleHandle) {
					return fmt.Errorf("previous row still live: %v", prev.Kind(0))
				}
			}
			s, ok := r.String(0)
			if !ok || !strings.HasPrefix(s, "string number ") {
				return fmt.Errorf("live row: %q %v", s, ok)
			}
			*n++
			kept = append(kept[:0], r)
			return nil
		}, simdjson.Threads(1), simdjson.BatchSize(4096))
	require.NoError(t, err)
	// Later maps reuse the pooled parser and its rows.
	for range 3 {
		_, err = simdjson.MapFields(simdjson.Bytes(lines.Bytes()), proj, func(int) *int { return new(int) },
			func(*int, simdjson.Row) error { return nil }, simdjson.Threads(1))
		require.NoError(t, err)
	}
	r := kept[0]
	require.Equal(t, 2, r.Len())
	for i := range 2 {
		require.Equal(t, simdjson.FieldError, r.Kind(i))
		require.ErrorIs(t, r.Err(i), simdjson.ErrStaleHandle)
		_, ok := r.Bytes(i)
		require.False(t, ok)
		_, ok = r.Int64(i)
		require.False(t, ok)
		_, ok = r.Raw(i)
		require.False(t, ok)
		require.False(t, r.Missing(i))
	}
	require.Panics(t, func() { r.Kind(2) })
	var zero simdjson.Row
	require.Equal(t, 0, zero.Len())
}

// TestParserConcurrentUse: two goroutines on one parser. Every call either
// does its work on a consistent document or returns ErrParserInUse (or
// ErrStaleHandle for a handle of a document the other goroutine left); it
// used to crash inside C or panic on an index. Run it under -race too.
func TestParserConcurrentUse(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	docs := make(chan simdjson.Document, 16)
	var inUse, stale, good atomic.Int64
	var wg sync.WaitGroup
	const rounds = 3000
	fail := make(chan error, 4)
	report := func(err error) {
		select {
		case fail <- err:
		default:
		}
	}
	wg.Add(2)
	go func() { // parses, hands documents over
		defer wg.Done()
		defer close(docs)
		for i := range rounds {
			js := fmt.Sprintf(`{"id":%d,"pad":[%s],"s":"str-%d","o":{"k":"v%d"}}`, i, strings.Repeat("1,", i%50)+"0", i, i)
			d, err := p.ParseString(js)
			switch {
			case errors.Is(err, simdjson.ErrParserInUse):
				inUse.Add(1)
				continue
			case err != nil:
				report(fmt.Errorf("parse: %w", err))
				return
			}
			docs <- d
		}
	}()
	go func() { // reads the documents while the other goroutine parses
		defer wg.Done()
		for d := range docs {
			for range 4 {
				id, err := d.Get("id")
				var n int64
				if err == nil {
					n, err = id.Int64()
				}
				var s string
				if err == nil {
					var v simdjson.Value
					if v, err = d.AtPointer("/s"); err == nil {
						s, err = v.String()
					}
				}
				if err == nil {
					_, err = d.Count()
				}
				if err == nil {
					var o simdjson.Object
					if o, err = d.Object(); err == nil {
						for _, v := range o.Fields() {
							if err = v.Err(); err != nil {
								break
							}
						}
					}
				}
				switch {
				case errors.Is(err, simdjson.ErrParserInUse):
					inUse.Add(1)
				case errors.Is(err, simdjson.ErrStaleHandle):
					stale.Add(1)
				case err != nil:
					report(fmt.Errorf("read: %w", err))
					return
				case s != fmt.Sprintf("str-%d", n):
					report(fmt.Errorf("document %d read %q", n, s))
					return
				default:
					good.Add(1)
				}
			}
		}
	}()
	wg.Wait()
	close(fail)
	for err := range fail {
		t.Fatal(err)
	}
	t.Logf("good reads %d, in use %d, stale %d", good.Load(), inUse.Load(), stale.Load())
	if good.Load() == 0 {
		t.Fatal("no read succeeded")
	}

	// A stream and a Parse from another goroutine: one of them is told.
	var lines bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&lines, "{\"i\":%d}\n", i)
	}
	s := p.Stream(simdjson.Bytes(lines.Bytes()), simdjson.BatchSize(4096))
	stop := make(chan struct{})
	parsed := make(chan error, 1)
	go func() {
		var err error
		for {
			select {
			case <-stop:
				parsed <- err
				return
			default:
			}
			if _, e := p.ParseString(`{"x":1}`); e != nil && !errors.Is(e, simdjson.ErrParserInUse) {
				err = e
			}
		}
	}()
	n := 0
	for _, d := range s.Documents() {
		if _, err := d.Field("i"); err != nil && !errors.Is(err, simdjson.ErrStaleHandle) && !errors.Is(err, simdjson.ErrParserInUse) {
			t.Errorf("stream document: %v", err)
		}
		n++
	}
	close(stop)
	require.NoError(t, <-parsed)
	// The stream either ran to its end or stopped on the other use.
	if s.Err() != nil && !strings.Contains(s.Err().Error(), "another document") && !errors.Is(s.Err(), simdjson.ErrParserInUse) {
		t.Fatalf("stream: %v", s.Err())
	}
	t.Logf("stream: %d documents, %v", n, s.Err())
}

// TestSecondByteOrderMark: Parse skips one UTF-8 byte order mark; a second
// one is an error (simdjson skipped it too, and every handle then read 3
// bytes off). Map over bytes skips a leading mark as streams do.
func TestSecondByteOrderMark(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.ParseString("\ufeff{\"a\":\"b\"}")
	require.NoError(t, err)
	v, err := doc.Field("a")
	require.NoError(t, err)
	s, err := v.String()
	require.NoError(t, err)
	require.Equal(t, "b", s)
	require.EqualValues(t, 3, doc.Offset())
	_, err = p.ParseString("\ufeff\ufeff{\"a\":\"b\"}")
	require.ErrorIs(t, err, simdjson.ErrTape)
	var se *simdjson.Error
	require.ErrorAs(t, err, &se)
	require.EqualValues(t, 3, se.Offset)

	in := []byte("\ufeff{\"a\":1}\n{\"a\":2}\n]\n")
	var offs []int64
	var mu sync.Mutex
	var bad []*simdjson.LineError
	_, err = simdjson.Map(simdjson.Bytes(in), func(int) *int { return new(int) }, func(_ *int, d simdjson.Document) error {
		mu.Lock()
		defer mu.Unlock()
		offs = append(offs, d.Offset())
		return nil
	}, simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le) }))
	require.NoError(t, err)
	require.ElementsMatch(t, []int64{3, 11}, offs)
	require.Len(t, bad, 1)
	require.Equal(t, 3, bad[0].Line)
	require.EqualValues(t, 19, bad[0].Offset)
}

// TestMapCallbackFatal runs TestMapCallbackFatalChild in a child process:
// t.Fatal (runtime.Goexit) in a map callback used to kill the process
// ("Goexit called in a thread that was not created by the Go runtime") or,
// on worker 0, crash or hang. Now it fails the test normally: on the
// caller's goroutine (worker 0) as t.Fatal anywhere in a test does, on
// another worker's goroutine by failing the test and making the map return
// ErrGoexit; and the process goes on to run further maps.
func TestMapCallbackFatal(t *testing.T) {
	if os.Getenv("SIMDJSON_FATAL_CHILD") != "" {
		t.Skip("in the child")
	}
	args := []string{"-test.run", "^TestMapCallbackFatalChild$", "-test.v", "-test.count=1"}
	run := func(name string, args ...string) ([]byte, error) {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "SIMDJSON_FATAL_CHILD=1")
		return cmd.CombinedOutput()
	}
	out, err := run(os.Args[0], args...)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		// Under an emulator without binfmt (make test-arm64): run the child
		// through the same emulator, or skip.
		qemu, lerr := exec.LookPath("qemu-" + map[string]string{"arm64": "aarch64"}[runtime.GOARCH])
		if runtime.GOARCH != "arm64" || lerr != nil {
			t.Skipf("cannot run the test binary again: %v", err)
		}
		out, err = run(qemu, append([]string{os.Args[0]}, args...)...)
	}
	if !errors.As(err, &ee) || ee.ExitCode() != 1 {
		t.Fatalf("child: %v, want exit status 1\n%s", err, out)
	}
	o := string(out)
	for _, bad := range []string{"fatal error", "panic:", "SIGSEGV", "goroutine ", "[signal"} {
		if strings.Contains(o, bad) {
			t.Fatalf("child output has %q:\n%s", bad, o)
		}
	}
	for _, want := range []string{
		"--- FAIL: TestMapCallbackFatalChild/worker0",
		"fatal on worker 0",
		"--- FAIL: TestMapCallbackFatalChild/worker1",
		"fatal on worker 1",
		"map returned: " + simdjson.ErrGoexit.Error(),
		"--- FAIL: TestMapCallbackFatalChild/require",
		"--- FAIL: TestMapCallbackFatalChild/reader",
		"--- PASS: TestMapCallbackFatalChild/after",
	} {
		if !strings.Contains(o, want) {
			t.Fatalf("child output lacks %q:\n%s", want, o)
		}
	}
}

func TestMapCallbackFatalChild(t *testing.T) {
	if os.Getenv("SIMDJSON_FATAL_CHILD") == "" {
		t.Skip("run by TestMapCallbackFatal in a child process")
	}
	var lines bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&lines, "{\"i\":%d,\"pad\":\"%s\"}\n", i, strings.Repeat("x", 100))
	}
	in := lines.Bytes()
	opts := []simdjson.StreamOption{simdjson.Threads(2), simdjson.BatchSize(4096), simdjson.ChunkSize(4096)}
	type st struct{ w, n int }
	fatalOn := func(t *testing.T, w int, input simdjson.Input) {
		// Each worker's first document waits for the other's (both then
		// hold a chunk: neither can take them all), then worker w fails.
		var started [2]chan struct{}
		var once [2]sync.Once
		for i := range started {
			started[i] = make(chan struct{})
		}
		_, err := simdjson.Map(input, func(w int) *st { return &st{w: w} }, func(s *st, d simdjson.Document) error {
			s.n++
			if s.n == 1 {
				once[s.w].Do(func() { close(started[s.w]) })
				select {
				case <-started[1-s.w]:
				case <-time.After(10 * time.Second):
				}
			}
			if s.w == w && s.n == 3 {
				t.Fatalf("fatal on worker %d", w)
			}
			return nil
		}, opts...)
		t.Logf("map returned: %v", err)
	}
	t.Run("worker0", func(t *testing.T) { fatalOn(t, 0, simdjson.Bytes(in)) })
	t.Run("worker1", func(t *testing.T) { fatalOn(t, 1, simdjson.Bytes(in)) })
	t.Run("reader", func(t *testing.T) { fatalOn(t, 0, simdjson.Reader(bytes.NewReader(in))) })
	t.Run("require", func(t *testing.T) {
		_, _ = simdjson.Map(simdjson.Bytes(in), func(w int) *st { return &st{w: w} }, func(s *st, d simdjson.Document) error {
			v, err := d.Field("nope")
			require.NoError(t, err)
			_ = v
			return nil
		}, opts...)
	})
	t.Run("after", func(t *testing.T) {
		for _, input := range []simdjson.Input{simdjson.Bytes(in), simdjson.Reader(bytes.NewReader(in))} {
			states, err := simdjson.Map(input, func(w int) *st { return &st{w: w} }, func(s *st, d simdjson.Document) error {
				if _, err := d.Field("i"); err != nil {
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
			require.Equal(t, 20000, total)
		}
	})
}

// TestMapLongLineChunkStarts: Map over bytes cuts the input into chunks at
// line starts; every chunk whose nominal start fell inside one long line
// searched to that line's end (an 8 MiB line over 4 KiB chunks: about 8 GiB
// searched). The search is now linear in the input.
func TestMapLongLineChunkStarts(t *testing.T) {
	long := 8 << 20
	in := []byte("1\n\"" + strings.Repeat("x", long) + "\"\n2\n" + strings.Repeat("3\n", 5000))
	before := simdjson.ChunkScanBytesForTest()
	states, err := simdjson.Map(simdjson.Bytes(in), func(int) *int { return new(int) }, func(n *int, d simdjson.Document) error {
		*n++
		return nil
	}, simdjson.Threads(2), simdjson.ChunkSize(4096), simdjson.BatchSize(4096))
	require.NoError(t, err)
	total := 0
	for _, n := range states {
		total += *n
	}
	require.Equal(t, 5003, total)
	scanned := simdjson.ChunkScanBytesForTest() - before
	t.Logf("searched %d bytes for chunk starts over %d bytes of input", scanned, len(in))
	if scanned > uint64(4*len(in)) {
		t.Fatalf("searched %d bytes for chunk starts over %d bytes of input", scanned, len(in))
	}
}

// TestRawNumberRootTrailing: RawNumber of a document's root number checks
// what follows it, as the other getters do (`1 2` returned `1`), and lets a
// concatenated stream's next document follow it directly; Int64 of a number
// followed by garbage is ErrNumber.
func TestRawNumberRootTrailing(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, c := range []struct {
		in   string
		want error
	}{
		{"1 2", simdjson.ErrTrailingContent},
		{"12345678901233456789012345,123", simdjson.ErrTrailingContent},
		{"12345678901233456789012345 ", nil},
		{" 7 \n\t", nil},
	} {
		d, err := p.ParseString(c.in)
		if err != nil {
			require.ErrorIs(t, err, c.want, c.in)
			continue
		}
		_, err = d.RawNumber()
		if c.want == nil {
			require.NoError(t, err, c.in)
		} else {
			require.ErrorIs(t, err, c.want, c.in)
			_, _, _, _, err = d.Number()
			require.ErrorIs(t, err, c.want, c.in)
		}
	}
	d, err := p.ParseString(`[12345678901234567890123x]`)
	require.NoError(t, err)
	v, err := d.Index(0)
	require.NoError(t, err)
	_, err = v.Int64()
	require.ErrorIs(t, err, simdjson.ErrNumber)
	_, _, _, _, err = v.Number()
	require.ErrorIs(t, err, simdjson.ErrNumber)

	s := p.Stream(simdjson.Bytes(simdjson.Pad([]byte("12345678901234567890123[1] 5"))), simdjson.Concatenated())
	var raws []string
	for _, d := range s.Documents() {
		if d.Type() == simdjson.TypeNumber {
			raw, err := d.RawNumber()
			require.NoError(t, err)
			raws = append(raws, string(raw))
		}
	}
	require.NoError(t, s.Err())
	require.Equal(t, []string{"12345678901234567890123", "5"}, raws)
}

// TestInputChangedUnderTheDocument: a zero-copy buffer reused while its
// document is alive (a careless caller: the contract says it must not
// change) gives wrong bytes or an error, but no write past the parser's
// memory. simdjson's unescape trusted the closing quote stage 1 had found
// and scanned the new bytes for one: 60000 bytes written past a scratch
// buffer of about 130 (heap-buffer-overflow under make test-asan).
func TestInputChangedUnderTheDocument(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, c := range []struct {
		name, doc, now string
		key            bool
	}{
		{"string value", `{"a":"x\nx","b":1}`, `{"a":"` + strings.Repeat("y", 60000) + `"}`, false},
		{"string value, quote escaped", `{"a":"xyzw","b":1}`, `{"a":"xyz\"` + strings.Repeat("y", 60000) + `"}`, false},
		{"key", `{"a\nb":1}`, `{"a\"yy:` + strings.Repeat("y", 60000) + `"}`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			buf := append(simdjson.MakePadded(1<<17), c.doc...)
			doc, err := p.Parse(buf)
			require.NoError(t, err)
			copy(buf[:cap(buf)], c.now) // the caller reuses the buffer
			if c.key {
				obj, err := doc.Object()
				require.NoError(t, err)
				err = obj.ForEach(func(k []byte, v simdjson.Value) error { return nil })
				require.ErrorIs(t, err, simdjson.ErrString)
				return
			}
			v, err := doc.Field("a")
			require.NoError(t, err)
			_, err = v.String()
			require.ErrorIs(t, err, simdjson.ErrString)
		})
	}
}
