//go:build cgo

package simdjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// tally is a per-worker state: what each document contributed, by offset.
type tally struct {
	worker int
	docs   map[int64]string // offset -> canonical JSON of the document
}

func newTally(w int) *tally { return &tally{worker: w, docs: map[int64]string{}} }

func canonical(v any) string {
	return fmt.Sprintf("%#v", v)
}

// mergeTallies merges per-worker states, failing on a document seen twice.
func mergeTallies(t *testing.T, states []*tally) map[int64]string {
	t.Helper()
	all := map[int64]string{}
	for w, s := range states {
		require.Equal(t, w, s.worker, "states come back in worker order")
		for off, v := range s.docs {
			_, dup := all[off]
			require.False(t, dup, "document at %d delivered twice", off)
			all[off] = v
		}
	}
	return all
}

func traverseInto(s *tally, doc simdjson.Document) error {
	v, err := toAny(doc.Value)
	if err != nil {
		s.docs[doc.Offset()] = "error: " + err.Error()
		return nil
	}
	s.docs[doc.Offset()] = canonical(v)
	return nil
}

// ghData is the gharchive corpus concatenated and repeated to size bytes.
func ghData(t testing.TB, size int) []byte {
	dir := sharedData(t, "gharchive")
	files, _ := filepath.Glob(filepath.Join(dir, "*.ndjson"))
	var all []byte
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		all = append(all, bytes.TrimRight(b, "\n")...)
		all = append(all, '\n')
	}
	var out []byte
	for len(out) < size {
		out = append(out, all...)
	}
	return out
}

func TestMapMatchesStreamForEveryThreadCount(t *testing.T) {
	data := ghData(t, 3<<20)
	want := map[int64]string{}
	for _, d := range runStream(t, simdjson.Bytes(data)).Docs {
		require.NoError(t, d.Err)
		want[d.Offset] = canonical(d.Value)
	}
	require.NotEmpty(t, want)
	for threads := 1; threads <= 8; threads++ {
		for _, chunk := range []int{64 << 10, 1 << 20} {
			opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(chunk), simdjson.BatchSize(32 << 10)}
			states, err := simdjson.Map(simdjson.Bytes(data), newTally, traverseInto, opts...)
			require.NoError(t, err)
			require.Len(t, states, threads)
			require.Equal(t, want, mergeTallies(t, states), "threads %d chunk %d", threads, chunk)

			states, err = simdjson.Map(simdjson.Reader(bytes.NewReader(data)), newTally, traverseInto, opts...)
			require.NoError(t, err)
			require.Equal(t, want, mergeTallies(t, states), "reader, threads %d chunk %d", threads, chunk)
		}
	}
}

func TestMapSharedNDJSONFiles(t *testing.T) {
	for _, f := range ndjsonFiles(t) {
		if strings.Contains(f, "pass02") {
			continue
		}
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		want := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil))
		wantDocs := map[int64]string{}
		for _, d := range want.Docs {
			if d.Err != nil {
				wantDocs[d.Offset] = "error: " + d.Err.Error()
			} else {
				wantDocs[d.Offset] = canonical(d.Value)
			}
		}
		var bad []*simdjson.LineError
		states, err := simdjson.Map(simdjson.File(f), newTally, traverseInto, simdjson.Threads(3),
			simdjson.ChunkSize(8192), simdjson.BatchSize(4096), simdjson.SkipBadLines(func(e *simdjson.LineError) { bad = append(bad, e) }))
		require.NoError(t, err, f)
		require.Equal(t, wantDocs, mergeTallies(t, states), f)
		require.Equal(t, len(want.Bad), len(bad), f)
		for i := range bad {
			require.Equal(t, want.Bad[i].Line, bad[i].Line, f)
			require.Equal(t, want.Bad[i].Offset, bad[i].Offset, f)
		}
	}
}

func TestMapBadLines(t *testing.T) {
	var sb strings.Builder
	var badLines []int
	for i := range 3000 {
		switch {
		case i%500 == 7 || i%500 == 8: // adjacent bad lines
			sb.WriteString(`{"i":` + fmt.Sprint(i) + "\n")
			badLines = append(badLines, i+1)
		case i == 2999:
			sb.WriteString("[\"\xff\"]\n")
			badLines = append(badLines, i+1)
		default:
			fmt.Fprintf(&sb, "{\"i\":%d}\n", i)
		}
	}
	data := []byte(sb.String())
	inputs := []func() simdjson.Input{
		func() simdjson.Input { return simdjson.Bytes(data) },
		func() simdjson.Input { return simdjson.Reader(bytes.NewReader(data)) },
	}
	for _, threads := range []int{1, 2, 5} {
		for _, in := range inputs {
			var got []int
			states, err := simdjson.Map(in(), newTally, traverseInto, simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096),
				simdjson.SkipBadLines(func(e *simdjson.LineError) { got = append(got, e.Line) }))
			require.NoError(t, err)
			require.Equal(t, badLines, got)
			require.Equal(t, 3000-len(badLines), len(mergeTallies(t, states)))

			// Stop policy: the first bad line in input order is reported,
			// and every document before it was delivered.
			states, err = simdjson.Map(in(), newTally, traverseInto, simdjson.Threads(threads), simdjson.ChunkSize(4096), simdjson.BatchSize(4096))
			var le *simdjson.LineError
			require.ErrorAs(t, err, &le)
			require.Equal(t, badLines[0], le.Line)
			require.ErrorIs(t, err, simdjson.ErrIncompleteArrayOrObject)
			all := map[string]bool{}
			for _, v := range mergeTallies(t, states) {
				all[v] = true
			}
			for i := 0; i < badLines[0]-1; i++ {
				require.True(t, all[canonical(map[string]any{"i": float64(i)})], "line %d delivered", i+1)
			}
		}
	}
}

// callsInTries runs run, which returns how many times a map called its
// function, until a run returns fewer than bound calls, at most four times:
// the calls of each try.
func callsInTries(bound int64, run func() int64) []int64 {
	var calls []int64
	for try := 0; try < 4 && (try == 0 || calls[try-1] >= bound); try++ {
		calls = append(calls, run())
	}
	return calls
}

func TestMapUserErrorAndPanicStopEverything(t *testing.T) {
	data := ghData(t, 4<<20)
	boom := errors.New("boom")
	for _, threads := range []int{1, 2, 4} {
		// Promptly: the other workers stop within their current batch.
		// A worker preempted between fn's return and the stop lets the
		// others run on for as long, so the bound must hold in one of a
		// few tries (a map that does not stop fails every try).
		bound := int64(100 + threads*200)
		errCalls := callsInTries(bound, func() int64 {
			var calls atomic.Int64
			_, err := simdjson.Map(simdjson.Bytes(data), newTally, func(s *tally, doc simdjson.Document) error {
				if calls.Add(1) == 100 {
					return boom
				}
				return nil
			}, simdjson.Threads(threads), simdjson.ChunkSize(64<<10), simdjson.BatchSize(16<<10))
			require.ErrorIs(t, err, boom)
			return calls.Load()
		})
		require.Less(t, errCalls[len(errCalls)-1], bound, "calls of fn in each try: %v", errCalls)

		panicCalls := callsInTries(bound, func() int64 {
			var calls atomic.Int64
			_, err := simdjson.Map(simdjson.Reader(bytes.NewReader(data)), newTally, func(s *tally, doc simdjson.Document) error {
				if calls.Add(1) == 100 {
					panic(fmt.Sprintf("panic in worker %d", s.worker))
				}
				return nil
			}, simdjson.Threads(threads), simdjson.ChunkSize(64<<10), simdjson.BatchSize(16<<10))
			var pe *simdjson.PanicError
			require.ErrorAs(t, err, &pe)
			require.Contains(t, fmt.Sprint(pe.Value), "panic in worker")
			require.NotEmpty(t, pe.Stack)
			return calls.Load()
		})
		require.Less(t, panicCalls[len(panicCalls)-1], bound, "calls of fn in each try: %v", panicCalls)
	}
}

func TestMapReaderErrorMidway(t *testing.T) {
	var sb strings.Builder
	for i := range 20000 {
		fmt.Fprintf(&sb, "{\"i\":%d}\n", i)
	}
	data := []byte(sb.String())
	boom := errors.New("boom")
	cut := len(data)/2 + 3
	states, err := simdjson.Map(simdjson.Reader(&failingReader{data: data, at: cut, err: boom}), newTally, traverseInto,
		simdjson.Threads(3), simdjson.ChunkSize(4096), simdjson.BatchSize(4096))
	require.ErrorIs(t, err, boom)
	got := mergeTallies(t, states)
	// Every complete line before the error was delivered exactly once.
	require.Equal(t, bytes.Count(data[:cut], []byte{'\n'}), len(got))
	for off := range got {
		require.Less(t, off, int64(cut))
	}
}

func TestMapConcurrentMaps(t *testing.T) {
	data := ghData(t, 1<<20)
	want := map[int64]string{}
	for _, d := range runStream(t, simdjson.Bytes(data)).Docs {
		want[d.Offset] = canonical(d.Value)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for g := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in := simdjson.Bytes(data)
			if g%2 == 1 {
				in = simdjson.Reader(bytes.NewReader(data))
			}
			states, err := simdjson.Map(in, newTally, traverseInto, simdjson.Threads(1+g%3), simdjson.ChunkSize(32<<10), simdjson.BatchSize(8<<10))
			if err != nil {
				errs <- err
				return
			}
			all := map[int64]string{}
			for _, s := range states {
				maps.Copy(all, s.docs)
			}
			if !maps.Equal(all, want) {
				errs <- fmt.Errorf("map %d: %d documents, want %d", g, len(all), len(want))
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

func TestMapNoLeaks(t *testing.T) {
	data := ghData(t, 256<<10)
	count := func(int) *int { return new(int) }
	add := func(n *int, _ simdjson.Document) error { *n++; return nil }
	for range 3 { // warm the parser pool
		_, err := simdjson.Map(simdjson.Bytes(data), count, add, simdjson.Threads(4))
		require.NoError(t, err)
	}
	runtime.GC()
	before := runtime.NumGoroutine()
	for range 50 {
		_, err := simdjson.Map(simdjson.Reader(bytes.NewReader(data)), count, add, simdjson.Threads(4), simdjson.ChunkSize(16<<10))
		require.NoError(t, err)
	}
	time.Sleep(10 * time.Millisecond)
	require.LessOrEqual(t, runtime.NumGoroutine(), before, "no goroutine outlives its map")
	threads := func() int {
		b, err := os.ReadFile("/proc/self/status")
		if err != nil {
			return -1
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "Threads:"); ok {
				var n int
				fmt.Sscan(v, &n)
				return n
			}
		}
		return -1
	}
	t0 := threads()
	for range 50 {
		_, err := simdjson.Map(simdjson.Bytes(data), count, add, simdjson.Threads(8))
		require.NoError(t, err)
	}
	if t0 > 0 {
		require.LessOrEqual(t, threads(), t0+2, "native threads are joined")
	}
}

// counts is the seed task's per-worker state.
type counts struct {
	types map[string]int
	langs map[string]int
}

func newCounts(int) *counts { return &counts{types: map[string]int{}, langs: map[string]int{}} }

func mergeCounts(states []*counts) *counts {
	out := newCounts(0)
	for _, s := range states {
		for k, v := range s.types {
			out.types[k] += v
		}
		for k, v := range s.langs {
			out.langs[k] += v
		}
	}
	return out
}

func TestMapFieldsMatchesLazy(t *testing.T) {
	data := ghData(t, 2<<20)
	lazy := func(c *counts, doc simdjson.Document) error {
		v, err := doc.Field("type")
		if err != nil {
			return err
		}
		typ, err := v.String()
		if err != nil {
			return err
		}
		c.types[typ]++
		if typ == "PullRequestEvent" {
			a, err := doc.AtPointer("/payload/action")
			if err != nil {
				return err
			}
			if s, _ := a.String(); s == "opened" {
				l, err := doc.AtPointer("/payload/pull_request/base/repo/language")
				if err != nil {
					return err
				}
				if isNull, _ := l.IsNull(); isNull {
					c.langs["<null>"]++
				} else {
					s, err := l.String()
					if err != nil {
						return err
					}
					c.langs[s]++
				}
			}
		}
		return nil
	}
	proj, err := simdjson.NewProjection("/type", "/payload/action", "/payload/pull_request/base/repo/language")
	require.NoError(t, err)
	defer proj.Close()
	fields := func(c *counts, r simdjson.Row) error {
		typ, ok := r.Bytes(0)
		if !ok {
			return fmt.Errorf("type is %v", r.Kind(0))
		}
		c.types[string(typ)]++
		if string(typ) == "PullRequestEvent" {
			if a, _ := r.Bytes(1); string(a) == "opened" {
				if r.IsNull(2) {
					c.langs["<null>"]++
				} else if l, ok := r.Bytes(2); ok {
					c.langs[string(l)]++
				} else {
					return fmt.Errorf("language is %v", r.Kind(2))
				}
			}
		}
		return nil
	}
	// The same with the payload's fields read only from pull-request events.
	cases, err := simdjson.NewProjectionCases([]string{"/type", "/payload/action", "/payload/pull_request/base/repo/language"},
		simdjson.Case{Guard: 0, Values: []string{"PullRequestEvent"}, Fields: []int{1, 2}})
	require.NoError(t, err)
	defer cases.Close()
	ref, err := simdjson.Map(simdjson.Bytes(data), newCounts, lazy, simdjson.Threads(1))
	require.NoError(t, err)
	want := mergeCounts(ref)
	require.NotEmpty(t, want.langs)
	for threads := 1; threads <= 4; threads++ {
		got, err := simdjson.MapFields(simdjson.Bytes(data), proj, newCounts, fields, simdjson.Threads(threads), simdjson.BatchSize(64<<10), simdjson.ChunkSize(256<<10))
		require.NoError(t, err)
		require.Equal(t, want, mergeCounts(got))
		got, err = simdjson.MapFields(simdjson.Bytes(data), cases, newCounts, fields, simdjson.Threads(threads), simdjson.BatchSize(64<<10), simdjson.ChunkSize(256<<10))
		require.NoError(t, err)
		require.Equal(t, want, mergeCounts(got))
		got, err = simdjson.Map(simdjson.Bytes(data), newCounts, lazy, simdjson.Threads(threads), simdjson.BatchSize(64<<10), simdjson.ChunkSize(256<<10))
		require.NoError(t, err)
		require.Equal(t, want, mergeCounts(got))
	}
}

func TestProjectionValues(t *testing.T) {
	data := []byte(`{"s":"plain","e":"esc\"aped\u00e9","i":-42,"u":18446744073709551615,"f":2.5,"big":123456789012345678901234567890,"t":true,"n":null,"o":{"k":[1,2]},"a":[10,{"x":"deep"},30],"0":"zero-key","bad":tru}
[1,2,3]
"scalar"
{"a":"short"}
`)
	proj, err := simdjson.NewProjection("/s", "/e", "/i", "/u", "/f", "/big", "/t", "/n", "/o", "/a/1/x", "/a/2", "/0", "/missing", "/a/9", "", "/bad", "/1")
	require.NoError(t, err)
	defer proj.Close()
	type row struct {
		kinds []simdjson.FieldKind
		vals  []any
	}
	var rows []row
	_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
		var x row
		for i := range r.Len() {
			x.kinds = append(x.kinds, r.Kind(i))
			switch r.Kind(i) {
			case simdjson.FieldString:
				s, _ := r.String(i)
				x.vals = append(x.vals, s)
			case simdjson.FieldInt64:
				v, _ := r.Int64(i)
				x.vals = append(x.vals, v)
			case simdjson.FieldUint64:
				v, _ := r.Uint64(i)
				x.vals = append(x.vals, v)
			case simdjson.FieldFloat64:
				v, _ := r.Float64(i)
				x.vals = append(x.vals, v)
			case simdjson.FieldBool:
				v, _ := r.Bool(i)
				x.vals = append(x.vals, v)
			case simdjson.FieldObject, simdjson.FieldArray, simdjson.FieldBigInt:
				v, _ := r.Raw(i)
				x.vals = append(x.vals, string(v))
			case simdjson.FieldError:
				x.vals = append(x.vals, r.Err(i))
			default:
				x.vals = append(x.vals, nil)
			}
		}
		rows = append(rows, x)
		return nil
	}, simdjson.Threads(1))
	require.NoError(t, err)
	require.Len(t, rows, 4)
	K := func(k ...simdjson.FieldKind) []simdjson.FieldKind { return k }
	require.Equal(t, K(simdjson.FieldString, simdjson.FieldString, simdjson.FieldInt64, simdjson.FieldUint64, simdjson.FieldFloat64,
		simdjson.FieldBigInt, simdjson.FieldBool, simdjson.FieldNull, simdjson.FieldObject, simdjson.FieldString, simdjson.FieldInt64,
		simdjson.FieldString, simdjson.FieldMissing, simdjson.FieldMissing, simdjson.FieldObject, simdjson.FieldError, simdjson.FieldMissing), rows[0].kinds)
	require.Equal(t, "plain", rows[0].vals[0])
	require.Equal(t, "esc\"apedé", rows[0].vals[1])
	require.Equal(t, int64(-42), rows[0].vals[2])
	require.Equal(t, uint64(18446744073709551615), rows[0].vals[3])
	require.Equal(t, 2.5, rows[0].vals[4])
	require.Equal(t, "123456789012345678901234567890", rows[0].vals[5])
	require.Equal(t, true, rows[0].vals[6])
	require.Equal(t, `{"k":[1,2]}`, rows[0].vals[8])
	require.Equal(t, "deep", rows[0].vals[9])
	require.Equal(t, int64(30), rows[0].vals[10])
	require.Equal(t, "zero-key", rows[0].vals[11])
	require.True(t, strings.HasPrefix(rows[0].vals[14].(string), `{"s":"plain"`))
	require.Error(t, rows[0].vals[15].(error)) // "tru"
	// [1,2,3]: "/1" is element 1; "" the whole array; the rest missing.
	require.Equal(t, simdjson.FieldInt64, rows[1].kinds[16])
	require.Equal(t, int64(2), rows[1].vals[16])
	require.Equal(t, "[1,2,3]", rows[1].vals[14])
	require.Equal(t, simdjson.FieldMissing, rows[1].kinds[0])
	// A scalar document: only "" reaches it.
	require.Equal(t, simdjson.FieldString, rows[2].kinds[14])
	require.Equal(t, "scalar", rows[2].vals[14])
	require.Equal(t, simdjson.FieldMissing, rows[3].kinds[0])

	_, err = simdjson.NewProjection("/a", "a")
	require.ErrorIs(t, err, simdjson.ErrInvalidJSONPointer)
	_, err = simdjson.NewProjection("/a~2")
	require.ErrorIs(t, err, simdjson.ErrInvalidJSONPointer)
	_, err = simdjson.NewProjection("/a", "/a")
	require.ErrorIs(t, err, simdjson.ErrInvalidJSONPointer)
	require.Equal(t, []string{"/a/~1b"}, slices.Collect(slices.Values(must(simdjson.NewProjection("/a/~1b")).Pointers())))
}

// Cases: a case's fields are searched for only in the documents its guard
// selects (a string equal to one of its values, after unescaping, wherever
// the guard sits in the document); elsewhere they read as missing and their
// containers are not searched, so a malformed one there is no bad line.
func TestProjectionCases(t *testing.T) {
	lines := []string{
		`{"type":"A","p":{"x":1,"y":"a"}}`,
		`{"type":"B","p":{"x":2,"y":"b"}}`,
		`{"p":{"x":3,"y":"c"},"type":"A"}`,      // the guard after the fields
		`{"type":"A\u0041","p":{"x":4}}`,        // "AA"
		`{"type":1,"p":{"x":5,"y":"e"}}`,        // a guard that is no string
		`{"p":{"x":6}}`,                         // no guard
		`{"type":"B","p":{"x":7,"y":}}`,         // selected, malformed where searched: a bad line
		`{"type":"A","p":{"x":8,"y":}}`,         // selected, malformed after its last field
		`{"type":"C","p":{"x":9,"y":}}`,         // not selected: not searched
		`{"type":"B","p":{"y":"j"},"type":"A"}`, // the first of duplicate guards
	}
	data := []byte(strings.Join(lines, "\n") + "\n")
	proj, err := simdjson.NewProjectionCases([]string{"/type", "/p/x", "/p/y"},
		simdjson.Case{Guard: 0, Values: []string{"A", "AA"}, Fields: []int{1}},
		simdjson.Case{Guard: 0, Values: []string{"B"}, Fields: []int{2}})
	require.NoError(t, err)
	defer proj.Close()
	for threads := 1; threads <= 3; threads++ {
		var got []string
		var bad []int
		_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
			x, _ := r.Int64(1)
			y, _ := r.String(2)
			got = append(got, fmt.Sprintf("%v:%d %v:%s", r.Kind(1), x, r.Kind(2), y))
			return nil
		}, simdjson.Threads(threads), simdjson.BatchSize(4096), simdjson.SkipBadLines(func(le *simdjson.LineError) {
			require.ErrorIs(t, le, simdjson.ErrTape)
			bad = append(bad, le.Line)
		}))
		require.NoError(t, err)
		if threads > 1 {
			continue // rows arrive in worker order; one thread checks them
		}
		require.Equal(t, []string{
			"int64:1 missing:",
			"missing:0 string:b",
			"int64:3 missing:",
			"int64:4 missing:",
			"missing:0 missing:",
			"missing:0 missing:",
			"int64:8 missing:",
			"missing:0 missing:",
			"missing:0 string:j",
		}, got)
		require.Equal(t, []int{7}, bad)
	}

	for _, c := range [][]simdjson.Case{
		{{Guard: 3, Values: []string{"A"}, Fields: []int{1}}},                                                      // guard out of range
		{{Guard: 0, Values: []string{"A"}, Fields: []int{0}}},                                                      // guard in its own case
		{{Guard: 0, Values: []string{"A"}, Fields: []int{1}}, {Guard: 1, Values: []string{"B"}, Fields: []int{2}}}, // guard in another case
		{{Guard: 0, Values: []string{"A"}, Fields: []int{1}}, {Guard: 0, Values: []string{"B"}, Fields: []int{1}}}, // a field in two cases
		{{Guard: 0, Values: nil, Fields: []int{1}}},                                                                // no values
		{{Guard: 0, Values: []string{"A"}, Fields: nil}},                                                           // no fields
		{{Guard: 0, Values: []string{"A"}, Fields: []int{-1}}},                                                     // field out of range
	} {
		_, err := simdjson.NewProjectionCases([]string{"/type", "/p/x", "/p/y"}, c...)
		require.Error(t, err, "%+v", c)
	}
}

// A projection takes the first of duplicate keys, as AtPointer does, and
// once every pointer of a container is found it skips the container's rest
// without checking less: a bad bracket after the last field still makes the
// line bad.
func TestProjectionDuplicateKeysAndSkippedRest(t *testing.T) {
	data := []byte(`{"a":1,"b":{"c":"x","c":"y"},"a":2,"rest":[{"k":[1,2]},3]}
{"a":3,"b":{"c":"z"},"tail":[1,{"x":2}],"more":{"y":[]}}
{"a":4,"b":{"c":"w"},"tail":[1,{"x":2]]}
{"b":{"c":"v","d":{"e":[1}},"a":5}
[0,[1,2],{"a":[3]},4,[5,6}]
`)
	proj, err := simdjson.NewProjection("/a", "/b/c")
	require.NoError(t, err)
	defer proj.Close()
	type got struct {
		a int64
		c string
	}
	var rows []got
	var bad []*simdjson.LineError
	_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
		a, _ := r.Int64(0)
		c, _ := r.String(1)
		rows = append(rows, got{a, c})
		return nil
	}, simdjson.Threads(1), simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le) }))
	require.NoError(t, err)
	require.Equal(t, []got{{1, "x"}, {3, "z"}}, rows)
	require.Len(t, bad, 3)
	for i, le := range bad {
		require.Equal(t, i+3, le.Line)
		require.ErrorIs(t, le, simdjson.ErrTape)
	}

	// The same first-wins answer through the handles.
	doc, err := simdjson.NewParser().Parse([]byte(`{"a":1,"b":{"c":"x","c":"y"},"a":2}`))
	require.NoError(t, err)
	v, err := doc.AtPointer("/b/c")
	require.NoError(t, err)
	require.Equal(t, "x", must(v.String()))

	// Arrays: once every index is found the rest is skipped, and checked.
	proj2, err := simdjson.NewProjection("/1/0")
	require.NoError(t, err)
	defer proj2.Close()
	var vals []int64
	bad = nil
	_, err = simdjson.MapFields(simdjson.Bytes([]byte("[0,[7,8],{\"a\":[3]},4]\n[0,[9],[5,6}]\n")), proj2, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
		v, _ := r.Int64(0)
		vals = append(vals, v)
		return nil
	}, simdjson.Threads(1), simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le) }))
	require.NoError(t, err)
	require.Equal(t, []int64{7}, vals)
	require.Len(t, bad, 1)
	require.Equal(t, 2, bad[0].Line)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestMapFieldsZeroAllocations(t *testing.T) {
	data := ghData(t, 4<<20)
	proj, err := simdjson.NewProjection("/type", "/payload/action")
	require.NoError(t, err)
	defer proj.Close()
	type st struct{ n, bytes int }
	fn := func(s *st, r simdjson.Row) error {
		b, _ := r.Bytes(0)
		s.n++
		s.bytes += len(b)
		return nil
	}
	var docs int
	allocs := testing.AllocsPerRun(5, func() {
		states, err := simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *st { return &st{} }, fn, simdjson.Threads(1))
		if err != nil {
			panic(err)
		}
		docs = states[0].n
	})
	require.Greater(t, docs, 500)
	// A map allocates its setup (states, handle, parsers from the pool): a
	// few dozen objects, not one per document.
	t.Logf("%v allocations per map of %d documents", allocs, docs)
	require.Less(t, allocs, 64.0)
}

func TestProjectionClosedDuringMap(t *testing.T) {
	data := ghData(t, 2<<20)
	proj, err := simdjson.NewProjection("/type")
	require.NoError(t, err)
	var once sync.Once
	states, err := simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) },
		func(n *int, r simdjson.Row) error {
			once.Do(func() { require.NoError(t, proj.Close()) }) // the map goes on
			if _, ok := r.Bytes(0); !ok {
				return fmt.Errorf("no type")
			}
			*n++
			return nil
		}, simdjson.Threads(2), simdjson.BatchSize(16<<10), simdjson.ChunkSize(64<<10))
	require.NoError(t, err)
	total := 0
	for _, s := range states {
		total += *s
	}
	require.Equal(t, len(runStream(t, simdjson.Bytes(data)).Docs), total)
	_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) },
		func(*int, simdjson.Row) error { return nil })
	require.ErrorContains(t, err, "closed")
	require.NoError(t, proj.Close())
}

// The batch walk checks brackets only; the projection checks the structure
// of the containers it searches, up to the last field it needs (as the
// handles check what they read). A line malformed there is a bad line
// (ErrTape), not a row with fields silently missing; its neighbours are
// delivered.
func TestProjectionMalformedContainers(t *testing.T) {
	lines := []string{
		`{"a":1,"b":{"c":"ok"}}`,
		`{"a":1 "b":{"c":"x"}}`,    // missing comma
		`{"a":1,"b":{"d"}}`,        // key without value
		`{"a":1,"b":{"d":}}`,       // missing value
		`{"a":1,"b":{"d":"x",}}`,   // trailing comma
		`{"a":1,"b":{,"c":"x"}}`,   // leading comma
		`{"a":[1,,2],"b":{"c":3}}`, // empty element
		`{"a":[1],"b":{"c":"x"},}`, // trailing comma after the fields: not searched
		`{"a":2,"b":{"c":"ok2"}}`,
	}
	data := []byte(strings.Join(lines, "\n") + "\n")
	proj, err := simdjson.NewProjection("/a/1", "/b/c")
	require.NoError(t, err)
	defer proj.Close()
	var got []string
	var bad []int
	_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
		c, _ := r.String(1)
		got = append(got, c)
		return nil
	}, simdjson.Threads(1), simdjson.SkipBadLines(func(le *simdjson.LineError) {
		require.ErrorIs(t, le, simdjson.ErrTape)
		bad = append(bad, le.Line)
	}))
	require.NoError(t, err)
	require.Equal(t, []string{"ok", "x", "ok2"}, got)
	require.Equal(t, []int{2, 3, 4, 5, 6, 7}, bad)
}
