//go:build cgo

package simdjson_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// Tests of the readers' faults (errors, panics, readers that make no
// progress or block) and of the maximum document size.

// numbered returns n NDJSON lines {"i":k} and the offset of each.
func numbered(n int) ([]byte, []int64) {
	var b bytes.Buffer
	offs := make([]int64, n)
	for i := range n {
		offs[i] = int64(b.Len())
		fmt.Fprintf(&b, "{\"i\":%d,\"pad\":\"%s\"}\n", i, strings.Repeat("x", i%37))
	}
	return b.Bytes(), offs
}

// result is what a stream or map delivered: the offsets of its documents
// (sorted, each once: a document seen twice fails the test), its bad lines
// and its error.
type result struct {
	Offs []int64
	Bad  []*simdjson.LineError
	Err  error
}

func checkDoc(doc simdjson.Document) error {
	v, err := doc.Get("i")
	if err != nil {
		return err
	}
	_, err = v.Int64()
	return err
}

func streamResult(t *testing.T, in simdjson.Input, opts ...simdjson.StreamOption) result {
	t.Helper()
	p := simdjson.NewParser()
	defer p.Close()
	s := p.Stream(in, opts...)
	var r result
	for _, doc := range s.Documents() {
		require.NoError(t, checkDoc(doc))
		r.Offs = append(r.Offs, doc.Offset())
	}
	r.Bad, r.Err = s.BadLines(), s.Err()
	require.True(t, slices.IsSorted(r.Offs))
	return r
}

type offsets struct{ offs []int64 }

func mapResult(t *testing.T, in simdjson.Input, opts ...simdjson.StreamOption) result {
	t.Helper()
	var r result
	opts = append(opts, simdjson.Threads(3))
	states, err := simdjson.Map(in, func(int) *offsets { return &offsets{} }, func(s *offsets, doc simdjson.Document) error {
		if err := checkDoc(doc); err != nil {
			return err
		}
		s.offs = append(s.offs, doc.Offset())
		return nil
	}, opts...)
	r.Err = err
	for _, s := range states {
		r.Offs = append(r.Offs, s.offs...)
	}
	slices.Sort(r.Offs)
	require.Equal(t, len(slices.Compact(slices.Clone(r.Offs))), len(r.Offs), "a document delivered twice")
	return r
}

// withBad adds a SkipBadLines option that collects the bad lines into r.
func withBad(r *[]*simdjson.LineError) simdjson.StreamOption {
	return simdjson.SkipBadLines(func(le *simdjson.LineError) { *r = append(*r, le) })
}

// watchdog runs f and fails the test if it has not returned after a
// generous delay (a hang, not a slow machine).
func watchdog(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s: no return after 2 minutes", what)
	}
}

func writeTemp(t *testing.T, data []byte) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "in.ndjson")
	require.NoError(t, os.WriteFile(f, data, 0o644))
	return f
}

// A gzip stream cut short: gzip returns io.ErrUnexpectedEOF, which is a
// failure of the input, not its end. Under both policies the stream or map
// returns it after the complete lines before the cut, each once.
func TestReaderTruncatedGzip(t *testing.T) {
	data, offs := numbered(20000)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	_, err := zw.Write(data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	cut := z.Bytes()[:z.Len()/2]
	// What gzip gives back of the cut stream, and the lines it completes.
	prefix, err := io.ReadAll(mustGzip(t, cut))
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	require.Less(t, len(prefix), len(data))
	complete := bytes.Count(prefix, []byte{'\n'})
	require.NotEqual(t, '\n', prefix[len(prefix)-1], "the cut falls inside a line")
	want := offs[:complete]

	for _, skip := range []bool{false, true} {
		for _, run := range []struct {
			name string
			f    func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result
		}{{"Stream", streamResult}, {"Map", mapResult}} {
			name := fmt.Sprintf("%s skip=%v", run.name, skip)
			var bad []*simdjson.LineError
			opts := []simdjson.StreamOption{simdjson.ChunkSize(64 << 10), simdjson.BatchSize(16 << 10)}
			if skip {
				opts = append(opts, withBad(&bad))
			}
			r := run.f(t, simdjson.Reader(mustGzip(t, cut)), opts...)
			require.ErrorIs(t, r.Err, io.ErrUnexpectedEOF, name)
			require.Equal(t, want, r.Offs, name)
			require.Empty(t, bad, "%s: the cut line is not a bad line", name)
		}
	}

	// The same lines in a file end cleanly: the cut line is then the last
	// line of the input, and bad.
	f := writeTemp(t, prefix)
	for _, run := range []struct {
		name string
		f    func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result
	}{{"Stream", streamResult}, {"Map", mapResult}} {
		r := run.f(t, simdjson.File(f), simdjson.ChunkSize(64<<10), simdjson.BatchSize(16<<10))
		var le *simdjson.LineError
		require.ErrorAs(t, r.Err, &le, run.name)
		require.Equal(t, complete+1, le.Line, run.name)
		require.Equal(t, want, r.Offs, run.name)

		var bad []*simdjson.LineError
		r = run.f(t, simdjson.File(f), simdjson.ChunkSize(64<<10), simdjson.BatchSize(16<<10), withBad(&bad))
		require.NoError(t, r.Err, run.name)
		require.Len(t, bad, 1, run.name)
		require.Equal(t, offs[complete], bad[0].Offset, run.name)
		require.Equal(t, want, r.Offs, run.name)
	}
}

func mustGzip(t *testing.T, b []byte) io.Reader {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	return zr
}

// A reader's own io.ErrUnexpectedEOF, at a line boundary or inside a line,
// is returned after the lines before it.
func TestReaderOwnUnexpectedEOF(t *testing.T) {
	data, offs := numbered(3000)
	for _, cut := range []int64{offs[1234], offs[1234] + 5} {
		complete := bytes.Count(data[:cut], []byte{'\n'})
		for _, skip := range []bool{false, true} {
			for _, run := range []struct {
				name string
				f    func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result
			}{{"Stream", streamResult}, {"Map", mapResult}} {
				name := fmt.Sprintf("%s cut=%d skip=%v", run.name, cut, skip)
				var bad []*simdjson.LineError
				opts := []simdjson.StreamOption{simdjson.ChunkSize(8192), simdjson.BatchSize(4096)}
				if skip {
					opts = append(opts, withBad(&bad))
				}
				in := &failingReader{data: data, at: int(cut), err: io.ErrUnexpectedEOF}
				r := run.f(t, simdjson.Reader(in), opts...)
				require.ErrorIs(t, r.Err, io.ErrUnexpectedEOF, name)
				require.Equal(t, offs[:complete], r.Offs, name)
				require.Empty(t, bad, name)
			}
		}
	}
}

// stuckReader returns data, then (0, nil) for ever, counting its calls.
type stuckReader struct {
	data  []byte
	calls atomic.Int64
}

func (s *stuckReader) Read(b []byte) (int, error) {
	s.calls.Add(1)
	n := copy(b, s.data)
	s.data = s.data[n:]
	return n, nil
}

// A reader that makes no progress stops the stream or map with
// io.ErrNoProgress after a bounded number of reads, instead of spinning.
func TestReaderNoProgress(t *testing.T) {
	data, offs := numbered(1000)
	cut := offs[500] + 3
	for _, run := range []struct {
		name string
		f    func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result
	}{{"Stream", streamResult}, {"Map", mapResult}} {
		in := &stuckReader{data: data[:cut]}
		var r result
		watchdog(t, run.name, func() { r = run.f(t, simdjson.Reader(in), simdjson.ChunkSize(8192), simdjson.BatchSize(4096)) })
		require.ErrorIs(t, r.Err, io.ErrNoProgress, run.name)
		require.Equal(t, offs[:500], r.Offs, run.name)
		// The reads: those that returned data, then 100 empty ones.
		require.LessOrEqual(t, in.calls.Load(), int64(len(data)/8192+2+100), run.name)
	}
}

// A reader whose count is out of range fails the stream, not the process.
type liarReader struct{}

func (liarReader) Read(b []byte) (int, error) { return len(b) + 1, nil }

func TestReaderInvalidCount(t *testing.T) {
	r := streamResult(t, simdjson.Reader(liarReader{}))
	require.ErrorContains(t, r.Err, "invalid byte count")
	r = mapResult(t, simdjson.Reader(liarReader{}))
	require.ErrorContains(t, r.Err, "invalid byte count")
}

// panicReader returns data, then panics.
type panicReader struct{ data []byte }

func (p *panicReader) Read(b []byte) (int, error) {
	if len(p.data) == 0 {
		panic("reader exploded")
	}
	n := copy(b, p.data)
	p.data = p.data[n:]
	return n, nil
}

// A reader that panics under Map (where it runs on a goroutine of the
// library) is reported as a *PanicError; it used to kill the process.
func TestMapReaderPanics(t *testing.T) {
	data, _ := numbered(5000)
	for _, skip := range []bool{false, true} {
		opts := []simdjson.StreamOption{simdjson.ChunkSize(8192), simdjson.BatchSize(4096)}
		if skip {
			opts = append(opts, simdjson.SkipBadLines(nil))
		}
		r := mapResult(t, simdjson.Reader(&panicReader{data: data}), opts...)
		var pe *simdjson.PanicError
		require.ErrorAs(t, r.Err, &pe)
		require.Equal(t, "reader exploded", pe.Value)
		require.Contains(t, string(pe.Stack), "panicReader")
		require.Contains(t, pe.Error(), "reader panicked")
	}
}

// stallPipe writes data into a pipe, then stalls: the reader's next Read
// blocks until release is called.
func stallPipe(data []byte) (r io.Reader, release func()) {
	pr, pw := io.Pipe()
	go func() {
		pw.Write(data)
	}()
	return pr, func() { pw.CloseWithError(errors.New("released")) }
}

// A map stopped by its function, or by a bad line, returns while its
// reader is blocked in Read (an idle pipe): it used to wait for the Read.
func TestMapReturnsWhileReadBlocks(t *testing.T) {
	// One chunk and a part of the next: the other workers wait for a chunk
	// while the reader is blocked.
	data, offs := numbered(400)
	data = data[:12000]
	boom := errors.New("boom")
	for _, threads := range []int{1, 3} {
		r, release := stallPipe(data)
		var err error
		watchdog(t, "fn error", func() {
			_, err = simdjson.Map(simdjson.Reader(r), func(int) *offsets { return &offsets{} }, func(*offsets, simdjson.Document) error {
				return boom
			}, simdjson.Threads(threads), simdjson.ChunkSize(8192), simdjson.BatchSize(4096))
		})
		require.ErrorIs(t, err, boom)
		release()

		// A bad line under the stop policy.
		bad := slices.Concat(data[:offs[100]], []byte("{\"i\":[2,3\n"), data[offs[100]:])
		r, release = stallPipe(bad)
		var res result
		watchdog(t, "bad line", func() {
			res = mapResult(t, simdjson.Reader(r), simdjson.Threads(threads), simdjson.ChunkSize(8192), simdjson.BatchSize(4096))
		})
		var le *simdjson.LineError
		require.ErrorAs(t, res.Err, &le)
		require.Equal(t, 101, le.Line)
		require.Equal(t, offs[100], le.Offset)
		require.Subset(t, res.Offs, offs[:100], "the documents before the bad line")
		release()
	}
}

// longLineInput is 100 numbered lines, a numbered line of n bytes (n >= 16)
// holding a dense array (the worst case of a parser's memory), 100 more
// numbered lines: the offsets of the short lines and of the long one.
func longLineInput(n int) (data []byte, short []int64, longOff int64) {
	before, ob := numbered(100)
	after, oa := numbered(100)
	body := n - 15
	long := []byte(`{"i":-1,"a":[`)
	long = append(long, bytes.Repeat([]byte("1,"), (body-1)/2)...)
	if body%2 == 1 {
		long = append(long, '1')
	} else {
		long = append(long, "11"...)
	}
	long = append(long, "]}"...)
	if len(long) != n {
		panic("longLineInput")
	}
	longOff = int64(len(before))
	data = slices.Concat(before, long, []byte{'\n'}, after)
	short = slices.Clone(ob)
	for _, o := range oa {
		short = append(short, longOff+int64(len(long))+1+o)
	}
	return data, short, longOff
}

// withLong returns the sorted offsets short plus long.
func withLong(short []int64, long int64) []int64 {
	out := append(slices.Clone(short), long)
	slices.Sort(out)
	return out
}

// inputs returns the ways to read data: in place, through a reader, from a
// file.
func inputs(t *testing.T, data []byte) map[string]func() simdjson.Input {
	f := writeTemp(t, data)
	return map[string]func() simdjson.Input{
		"Bytes":  func() simdjson.Input { return simdjson.Bytes(data) },
		"Reader": func() simdjson.Input { return simdjson.Reader(iotestHalfReader{bytes.NewReader(data)}) },
		"File":   func() simdjson.Input { return simdjson.File(f) },
	}
}

// memory tracks the input buffers the library allocates and the capacity of
// the map parsers it gives back.
type memory struct {
	mu                      sync.Mutex
	largest, total, parsers int
}

func trackMemory(t *testing.T) *memory {
	m := &memory{}
	t.Cleanup(simdjson.SetTestMalloc(func(n int) {
		m.mu.Lock()
		m.largest, m.total = max(m.largest, n), m.total+n
		m.mu.Unlock()
	}))
	t.Cleanup(simdjson.SetTestPutMapParser(func(capacity, bufCap int, pooled bool) {
		m.mu.Lock()
		m.parsers = max(m.parsers, capacity, bufCap)
		m.mu.Unlock()
	}))
	return m
}

func (m *memory) reset() {
	m.mu.Lock()
	m.largest, m.total, m.parsers = 0, 0, 0
	m.mu.Unlock()
}

// A line longer than MaxDocumentSize is a bad line with ErrCapacity: under
// SkipBadLines its neighbours are delivered and memory stays bounded by the
// limit (it is neither buffered whole nor parsed); under the stop policy it
// stops the stream or map.
func TestMaxDocumentSizeLongLine(t *testing.T) {
	const maxDoc, chunk = 64 << 10, 64 << 10
	const longLen = 8 << 20
	data, good, longOff := longLineInput(longLen)
	mem := trackMemory(t)
	before := good[:100]
	for name, in := range inputs(t, data) {
		for _, run := range []string{"Stream", "Map"} {
			name := run + " " + name
			opts := []simdjson.StreamOption{simdjson.MaxDocumentSize(maxDoc), simdjson.ChunkSize(chunk), simdjson.BatchSize(16 << 10)}
			var bad []*simdjson.LineError
			mem.reset()
			var r result
			var capacity int
			if run == "Stream" {
				p := simdjson.NewParser()
				s := p.Stream(in(), append(opts, withBad(&bad))...)
				for _, doc := range s.Documents() {
					require.NoError(t, checkDoc(doc))
					r.Offs = append(r.Offs, doc.Offset())
				}
				r.Err = s.Err()
				require.Equal(t, bad, s.BadLines(), name)
				capacity = p.Capacity()
				p.Close()
			} else {
				simdjson.DrainMapParserPool() // parsers that only this map grew
				r = mapResult(t, in(), append(opts, withBad(&bad))...)
				capacity = mem.parsers
			}
			require.NoError(t, r.Err, name)
			require.Equal(t, good, r.Offs, name)
			require.Len(t, bad, 1, name)
			require.ErrorIs(t, bad[0], simdjson.ErrCapacity, name)
			require.Equal(t, 101, bad[0].Line, name)
			require.Equal(t, longOff, bad[0].Offset, name)
			var se *simdjson.Error
			require.ErrorAs(t, bad[0], &se)
			require.Equal(t, longOff+maxDoc, se.Offset, name)
			// Memory: no buffer, nor parser, for the long line.
			require.LessOrEqual(t, mem.largest, max(chunk, maxDoc+1)+simdjson.Padding, name)
			require.Less(t, mem.total, 16*(chunk+simdjson.Padding), name)
			require.LessOrEqual(t, capacity, maxDoc+1, name)

			// The stop policy.
			if run == "Stream" {
				r = streamResult(t, in(), opts...)
				require.Equal(t, before, r.Offs, name)
			} else {
				r = mapResult(t, in(), opts...)
				require.Subset(t, r.Offs, before, name)
			}
			var le *simdjson.LineError
			require.ErrorAs(t, r.Err, &le, name)
			require.ErrorIs(t, le, simdjson.ErrCapacity, name)
			require.Equal(t, 101, le.Line, name)
			require.Equal(t, longOff, le.Offset, name)
		}
	}
}

// The limit is exact: a line of n bytes is a document, one of n+1 bytes is
// bad, wherever it falls relative to chunks and batches.
func TestMaxDocumentSizeBoundary(t *testing.T) {
	const maxDoc = 20000
	for _, n := range []int{maxDoc - 1, maxDoc, maxDoc + 1, maxDoc + 2} {
		data, good, longOff := longLineInput(n)
		for name, in := range inputs(t, data) {
			for _, chunk := range []int{4096, 8192, 65536} {
				for _, run := range []struct {
					name string
					f    func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result
				}{{"Stream", streamResult}, {"Map", mapResult}} {
					what := fmt.Sprintf("%s %s n=%d chunk=%d", run.name, name, n, chunk)
					var bad []*simdjson.LineError
					r := run.f(t, in(), simdjson.MaxDocumentSize(maxDoc), simdjson.ChunkSize(chunk), simdjson.BatchSize(4096), withBad(&bad))
					require.NoError(t, r.Err, what)
					if n <= maxDoc {
						require.Equal(t, withLong(good, longOff), r.Offs, what)
						require.Empty(t, bad, what)
						continue
					}
					require.Equal(t, good, r.Offs, what)
					require.Len(t, bad, 1, what)
					require.Equal(t, longOff, bad[0].Offset, what)
					require.Equal(t, 101, bad[0].Line, what)
					require.ErrorIs(t, bad[0], simdjson.ErrCapacity, what)
				}
			}
		}
	}
}

// A document of a Concatenated stream longer than the limit stops the
// stream with a clear error, after the documents before it.
func TestMaxDocumentSizeConcatenated(t *testing.T) {
	const maxDoc = 10000
	for _, n := range []int{maxDoc, maxDoc + 1, 1 << 20} {
		data, good, longOff := longLineInput(n)
		data = bytes.ReplaceAll(data, []byte("\n"), []byte(" "))
		for name, in := range inputs(t, data) {
			for _, chunk := range []int{4096, 65536} {
				what := fmt.Sprintf("%s n=%d chunk=%d", name, n, chunk)
				p := simdjson.NewParser()
				s := p.Stream(in(), simdjson.Concatenated(), simdjson.MaxDocumentSize(maxDoc), simdjson.ChunkSize(chunk), simdjson.BatchSize(4096))
				var offs []int64
				for _, doc := range s.Documents() {
					offs = append(offs, doc.Offset())
				}
				p.Close()
				if n <= maxDoc {
					require.NoError(t, s.Err(), what)
					require.Equal(t, withLong(good, longOff), offs, what)
					continue
				}
				var le *simdjson.LineError
				require.ErrorAs(t, s.Err(), &le, what)
				require.ErrorIs(t, le, simdjson.ErrCapacity, what)
				require.Equal(t, longOff, le.Offset, what)
				require.Equal(t, good[:100], offs, what)
			}
		}
	}
}

// MaxDocumentSize's rules: n <= 0 is the default, a limit above simdjson's
// is lowered to it, and batches are no longer than the limit.
func TestMaxDocumentSizeOption(t *testing.T) {
	for _, n := range []int{0, -1} {
		batch, maxDoc := simdjson.StreamLimits(simdjson.MaxDocumentSize(n))
		require.Equal(t, simdjson.DefaultMaxDocumentSize, maxDoc)
		require.Equal(t, simdjson.DefaultBatchSize, batch)
	}
	_, maxDoc := simdjson.StreamLimits()
	require.Equal(t, simdjson.DefaultMaxDocumentSize, maxDoc)
	_, maxDoc = simdjson.StreamLimits(simdjson.MaxDocumentSize(1 << 40))
	require.Equal(t, simdjson.MaxDocumentLimit, maxDoc)
	batch, maxDoc := simdjson.StreamLimits(simdjson.MaxDocumentSize(1000), simdjson.BatchSize(1<<20))
	require.Equal(t, 1000, maxDoc)
	require.Equal(t, 1000, batch)

	// A default limit admits a line far longer than the chunk.
	data, good, longOff := longLineInput(6 << 20)
	for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.MaxDocumentSize(0)}} {
		var bad []*simdjson.LineError
		r := mapResult(t, simdjson.Bytes(data), append(opts, simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le) }))...)
		require.NoError(t, r.Err)
		require.Equal(t, withLong(good, longOff), r.Offs)
		require.Empty(t, bad)
	}
}

// A map parser that a long line grew is freed, not pooled, so it does not
// keep its memory for the life of the process.
func TestMapParserPoolDropsGrownParsers(t *testing.T) {
	data, good, longOff := longLineInput(6 << 20)
	var seen, dropped int
	t.Cleanup(simdjson.SetTestPutMapParser(func(capacity, bufCap int, pooled bool) {
		if capacity > simdjson.MaxPooledMapCapacity {
			seen++
			if !pooled {
				dropped++
			}
		}
	}))
	for name, in := range inputs(t, data) {
		seen, dropped = 0, 0
		r := mapResult(t, in())
		require.NoError(t, r.Err, name)
		require.Equal(t, withLong(good, longOff), r.Offs, name)
		require.Equal(t, 1, seen, "%s: one parser parsed the long line", name)
		require.Equal(t, 1, dropped, name)
		for _, c := range simdjson.PooledMapParserCapacities() {
			require.LessOrEqual(t, c, simdjson.MaxPooledMapCapacity, name)
		}
	}
}

// A Concatenated stream read through a Reader: batches that reach the end of
// the chunk buffer (which may cut a UTF-8 sequence), and documents larger
// than the batch. It used to index past the buffer and panic.
func TestStreamConcatenatedReaderChunks(t *testing.T) {
	var b bytes.Buffer
	for i := range 3000 {
		fmt.Fprintf(&b, `{"i":%d,"s":"é€𝄞%s"} `, i, strings.Repeat("ü", i%50))
		if i%500 == 0 {
			fmt.Fprintf(&b, `[%s1]`, strings.Repeat("\"ééé\",", 3000))
		}
	}
	data := b.Bytes()
	collect := func(in simdjson.Input, opts ...simdjson.StreamOption) ([]int64, error) {
		p := simdjson.NewParser()
		defer p.Close()
		s := p.Stream(in, append(opts, simdjson.Concatenated())...)
		var offs []int64
		for _, doc := range s.Documents() {
			offs = append(offs, doc.Offset())
		}
		return offs, s.Err()
	}
	want, err := collect(simdjson.Bytes(data))
	require.NoError(t, err)
	require.Len(t, want, 3006)
	for _, chunk := range []int{4096, 5001, 65536} {
		got, err := collect(simdjson.Reader(iotestHalfReader{bytes.NewReader(data)}), simdjson.ChunkSize(chunk), simdjson.BatchSize(4096))
		require.NoError(t, err, "chunk %d", chunk)
		require.Equal(t, want, got, "chunk %d", chunk)
	}
}

// FuzzMaxDocumentSize: under any limit, chunk and batch size, every line
// longer than the limit (whatever it holds) is a bad line with ErrCapacity,
// and everything else is delivered or reported as without a limit, by
// streams and maps, in place and through readers.
func FuzzMaxDocumentSize(f *testing.F) {
	f.Add([]byte("{\"a\":1}\n[1,2,3,4,5,6,7,8,9]\n\"s\"\n       \n{\"b\":[true,null]}"), uint16(10), uint16(7), uint8(2), false)
	f.Add([]byte("[1,2]\n{\"a\":\n\"\xff\xff\xff\xff\xff\xff\"\n1"), uint16(3), uint16(4096), uint8(0), true)
	f.Fuzz(func(t *testing.T, data []byte, maxDoc, chunk uint16, threads uint8, reader bool) {
		if len(data) > 1<<15 || maxDoc == 0 || bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
			return
		}
		limit := int(maxDoc)
		lineStart := func(off int64) int64 { return int64(bytes.LastIndexByte(data[:off], '\n') + 1) }
		lineLen := func(start int64) int {
			if i := bytes.IndexByte(data[start:], '\n'); i >= 0 {
				return i
			}
			return len(data) - int(start)
		}
		ref := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil))
		require.NoError(t, ref.Err)
		// A traversal error's offset may depend on the batch (lazy
		// parsing): only its presence is compared.
		docs := func(ds []streamDoc) []streamDoc {
			out := []streamDoc{}
			for _, d := range ds {
				if d.Err != nil {
					d.Err = errors.New("traversal error")
				}
				out = append(out, d)
			}
			return out
		}
		wantDocs := []streamDoc{}
		for _, d := range docs(ref.Docs) {
			if lineLen(lineStart(d.Offset)) <= limit {
				wantDocs = append(wantDocs, d)
			}
		}
		type badLine struct {
			Line   int
			Offset int64
			Err    string
		}
		var wantBad []badLine
		for _, b := range ref.Bad {
			if lineLen(b.Offset) <= limit {
				wantBad = append(wantBad, badLine{b.Line, b.Offset, b.Err.Error()})
			}
		}
		for line, start := 1, int64(0); start <= int64(len(data)); line++ {
			n := lineLen(start)
			if n > limit {
				wantBad = append(wantBad, badLine{line, start, (&simdjson.Error{Code: simdjson.ErrCapacity, Offset: start + int64(limit)}).Error()})
			}
			start += int64(n) + 1
		}
		slices.SortFunc(wantBad, func(a, b badLine) int { return int(a.Offset - b.Offset) })
		gotBad := func(bad []*simdjson.LineError) []badLine {
			var out []badLine
			for _, b := range bad {
				out = append(out, badLine{b.Line, b.Offset, b.Err.Error()})
			}
			return out
		}
		in := func() simdjson.Input {
			if reader {
				return simdjson.Reader(iotestHalfReader{bytes.NewReader(data)})
			}
			return simdjson.Bytes(data)
		}
		opts := []simdjson.StreamOption{simdjson.MaxDocumentSize(limit), simdjson.ChunkSize(int(chunk)), simdjson.BatchSize(int(chunk))}

		got := runStream(t, in(), append(opts, simdjson.SkipBadLines(nil))...)
		require.NoError(t, got.Err)
		require.Equal(t, wantDocs, docs(got.Docs))
		require.Equal(t, wantBad, gotBad(got.Bad))

		stop := runStream(t, in(), opts...)
		if len(wantBad) == 0 {
			require.NoError(t, stop.Err)
		} else {
			var le *simdjson.LineError
			require.ErrorAs(t, stop.Err, &le)
			require.Equal(t, wantBad[0], gotBad([]*simdjson.LineError{le})[0])
		}

		want := map[int64]string{}
		for _, d := range wantDocs {
			if d.Err != nil {
				want[d.Offset] = "error"
			} else {
				want[d.Offset] = canonical(d.Value)
			}
		}
		var bad []*simdjson.LineError
		states, err := simdjson.Map(in(), newTally, traverseInto, append(opts, simdjson.Threads(1+int(threads)%5),
			simdjson.SkipBadLines(func(e *simdjson.LineError) { bad = append(bad, e) }))...)
		require.NoError(t, err)
		got2 := mergeTallies(t, states)
		for off, v := range got2 {
			if strings.HasPrefix(v, "error: ") {
				got2[off] = "error"
			}
		}
		require.Equal(t, want, got2)
		require.Equal(t, wantBad, gotBad(bad))
	})
}
