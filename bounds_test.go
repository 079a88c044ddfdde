package simdjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/shim"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The cost bounds: stage 1 scans each byte of an NDJSON input a bounded
// number of times whatever its bad lines, strings read again and again
// hold no more memory, a batch's projected rows stay within their budget,
// and Unmarshal's maps are not sized by duplicate keys. Costs are counted
// (bytes scanned, bytes held, bytes allocated) through test hooks, never
// timed.

// Lines of the NDJSON inputs: good ones, ones that stage 1 accepts but the
// line walk or a traversal rejects, and ones that stage 1 rejects on their
// own (invalid UTF-8, a control character in a string, an unclosed string).
// Root booleans followed by whitespace read alike alone and in a batch since
// simdjson 4.x (3.9.4 copied a root boolean's span into 6 bytes).
var (
	goodLines = []string{
		`{"a":1,"b":"x"}`, `[1,2,{"c":null}]`, `"str"`, `123`, `-1.5e3`, `null`, `[true]`,
		`{"k":"esc\"aped\u00e9","a":{"b":[7,8]}}`, `{"a":{"b":[1,2,3]}}`, ``, `   `,
		"{\"a\":1}\r", `  {"z":[]}  `, `{"a":"` + strings.Repeat("y", 300) + `"}`,
		`true`, `false   `, " true\t",
	}
	walkBadLines = []string{`{"a":1`, `]`, `1 2`, `{"a" 1}`, `{"a":[1,}`, `[[[`, `{"a":tru}`}
	stage1Bad    = map[string][]string{
		"utf8":     {"{\"a\":\"\xff\"}", "\"\xc3\"", "\xff", "{\"a\":\"\xed\xa0\x80\"}"},
		"ctrl":     {"{\"a\":\"x\x01y\"}", "\"tab\there\"", "[\"\x1f\"]"},
		"unclosed": {`"abc`, `{"a":"b`, `def"`, `["x","y]`},
	}
)

func allStage1Bad() []string {
	var all []string
	for _, k := range []string{"utf8", "ctrl", "unclosed"} {
		all = append(all, stage1Bad[k]...)
	}
	return all
}

type ndjsonInput struct {
	name string
	data []byte
}

// badLineInputs returns the NDJSON inputs of the bad-line tests: all lines
// bad (each kind), good and bad alternating, one bad line in a large batch
// (first, middle, last), bad lines at the edges of 4 KiB windows, and a
// seeded random mix with a few lines longer than a window.
func badLineInputs() []ndjsonInput {
	var ins []ndjsonInput
	join := func(lines []string) []byte { return []byte(strings.Join(lines, "\n") + "\n") }
	for _, kind := range []string{"utf8", "ctrl", "unclosed"} {
		var lines []string
		for i := range 600 {
			lines = append(lines, stage1Bad[kind][i%len(stage1Bad[kind])])
		}
		ins = append(ins, ndjsonInput{"all bad " + kind, join(lines)})
	}
	bad := allStage1Bad()
	var alt []string
	for i := range 600 {
		if i%2 == 0 {
			alt = append(alt, goodLines[i/2%len(goodLines)])
		} else {
			alt = append(alt, bad[i/2%len(bad)])
		}
	}
	ins = append(ins, ndjsonInput{"alternating", join(alt)})
	for _, at := range []int{0, 1000, 1999} {
		lines := make([]string, 2000)
		for i := range lines {
			lines[i] = fmt.Sprintf(`{"i":%d,"s":"v%d"}`, i, i)
		}
		lines[at] = bad[at%len(bad)]
		ins = append(ins, ndjsonInput{fmt.Sprintf("one bad at line %d", at+1), join(lines)})
	}
	// 64-byte lines: 4 KiB windows hold 64 lines; bad lines first and last
	// in windows, and across the first window cut.
	var edges []string
	for i := range 64 * 12 {
		l := fmt.Sprintf(`{"n":%d,"p":"`, i)
		l += strings.Repeat("p", 63-len(l)-2) + `"}`
		if r := i % 64; r == 0 || r == 63 || i == 64*5+1 {
			l = bad[i%len(bad)]
		}
		edges = append(edges, l)
	}
	ins = append(ins, ndjsonInput{"bad at window edges", join(edges)})
	rng := rand.New(rand.NewPCG(17, 5))
	var mix []string
	for range 1500 {
		switch r := rng.IntN(20); {
		case r < 9:
			mix = append(mix, goodLines[rng.IntN(len(goodLines))])
		case r < 12:
			mix = append(mix, walkBadLines[rng.IntN(len(walkBadLines))])
		case r < 19:
			mix = append(mix, bad[rng.IntN(len(bad))])
		default:
			mix = append(mix, fmt.Sprintf(`{"long":"%s"}`, strings.Repeat("L", 4000+rng.IntN(3000))))
		}
	}
	data := join(mix)
	ins = append(ins, ndjsonInput{"random mix", data})
	ins = append(ins, ndjsonInput{"random mix, no final newline", data[:len(data)-1]})
	return ins
}

// docOut is a delivered document: its offset and what a full traversal
// finds (or the error it stops at, with its offset).
type docOut struct {
	Off  int64
	Text string
}

// badOut is a reported bad line.
type badOut struct {
	Line   int
	Off    int64
	Code   simdjson.ErrorCode
	ErrOff int64
}

type ndjsonOut struct {
	docs []docOut
	bad  []badOut
	stop *badOut // the bad line that stopped the stream or map
}

func renderErr(err error, adj int64) string {
	var e *simdjson.Error
	if errors.As(err, &e) {
		off := e.Offset
		if off >= 0 {
			off += adj
		}
		return fmt.Sprintf("error %d at %d", e.Code, off)
	}
	var at int64
	if _, serr := fmt.Sscanf(err.Error(), "invalid value at byte %d", &at); serr == nil { // toAny's
		return fmt.Sprintf("invalid value at %d", at+adj)
	}
	return "error " + err.Error()
}

func renderDoc(doc simdjson.Document, adj int64) docOut {
	a, err := toAny(doc.Value)
	if err != nil {
		return docOut{doc.Offset() + adj, renderErr(err, adj)}
	}
	b, err := json.Marshal(a)
	if err != nil {
		return docOut{doc.Offset() + adj, "marshal: " + err.Error()}
	}
	return docOut{doc.Offset() + adj, string(b)}
}

func renderRow(r simdjson.Row, adj int64) docOut {
	var sb strings.Builder
	for i := range r.Len() {
		if r.Missing(i) {
			continue
		}
		fmt.Fprintf(&sb, "%d:%v=", i, r.Kind(i))
		if s, ok := r.Bytes(i); ok {
			fmt.Fprintf(&sb, "%q", s)
		} else if raw, ok := r.Raw(i); ok {
			sb.Write(raw)
		} else if v, ok := r.Int64(i); ok {
			fmt.Fprint(&sb, v)
		} else if v, ok := r.Uint64(i); ok {
			fmt.Fprint(&sb, v)
		} else if v, ok := r.Float64(i); ok {
			fmt.Fprint(&sb, v)
		} else if v, ok := r.Bool(i); ok {
			fmt.Fprint(&sb, v)
		} else if err := r.Err(i); err != nil {
			sb.WriteString(err.Error())
		}
		sb.WriteByte(' ')
	}
	return docOut{r.Offset() + adj, sb.String()}
}

func toBad(le *simdjson.LineError, adj int64) badOut {
	b := badOut{Line: le.Line, Off: le.Offset + adj, ErrOff: -1}
	var e *simdjson.Error
	if errors.As(le.Err, &e) {
		b.Code, b.ErrOff = e.Code, e.Offset+adj
	}
	return b
}

func stopOf(err error, adj int64) (*badOut, error) {
	if err == nil {
		return nil, nil
	}
	var le *simdjson.LineError
	if !errors.As(err, &le) {
		return nil, err
	}
	b := toBad(le, adj)
	return &b, nil
}

func inputOf(data []byte, reader bool) simdjson.Input {
	if reader {
		return simdjson.Reader(bytes.NewReader(data))
	}
	return simdjson.Bytes(data)
}

// runStream streams data (adj: added to every offset) with or without
// SkipBadLines; p (may be nil) is the parser to use.
func ndjsonStream(t testing.TB, p *simdjson.Parser, data []byte, reader, skip bool, adj int64, opts ...simdjson.StreamOption) ndjsonOut {
	t.Helper()
	if p == nil {
		p = simdjson.NewParser()
		defer p.Close()
	}
	var out ndjsonOut
	if skip {
		opts = append(opts, simdjson.SkipBadLines(nil))
	}
	s := p.Stream(inputOf(data, reader), opts...)
	for _, doc := range s.Documents() {
		out.docs = append(out.docs, renderDoc(doc, adj))
	}
	for _, le := range s.BadLines() {
		out.bad = append(out.bad, toBad(le, adj))
	}
	stop, err := stopOf(s.Err(), adj)
	if err != nil {
		t.Fatalf("stream: %v", err)
	}
	out.stop = stop
	return out
}

// runMap maps data with Map (proj nil) or MapFields.
func ndjsonMap(t testing.TB, data []byte, reader, skip bool, threads int, proj *simdjson.Projection, adj int64, opts ...simdjson.StreamOption) ndjsonOut {
	t.Helper()
	var out ndjsonOut
	opts = append(opts, simdjson.Threads(threads))
	if skip {
		opts = append(opts, simdjson.SkipBadLines(func(le *simdjson.LineError) {
			out.bad = append(out.bad, toBad(le, adj))
		}))
	}
	newState := func(int) *[]docOut { return new([]docOut) }
	var states []*[]docOut
	var err error
	if proj == nil {
		states, err = simdjson.Map(inputOf(data, reader), newState, func(s *[]docOut, doc simdjson.Document) error {
			*s = append(*s, renderDoc(doc, adj))
			return nil
		}, opts...)
	} else {
		states, err = simdjson.MapFields(inputOf(data, reader), proj, newState, func(s *[]docOut, r simdjson.Row) error {
			*s = append(*s, renderRow(r, adj))
			return nil
		}, opts...)
	}
	for _, s := range states {
		out.docs = append(out.docs, *s...)
	}
	slices.SortFunc(out.docs, func(a, b docOut) int { return int(a.Off - b.Off) })
	stop, err := stopOf(err, adj)
	if err != nil {
		t.Fatalf("map: %v", err)
	}
	out.stop = stop
	return out
}

// perLine runs run(line, offset of the line) on each line of data alone.
func perLine(data []byte, run func(line []byte, adj int64) ndjsonOut) []ndjsonOut {
	var outs []ndjsonOut
	for start := 0; start < len(data); {
		end := len(data)
		if i := bytes.IndexByte(data[start:], '\n'); i >= 0 {
			end = start + i + 1
		}
		outs = append(outs, run(append([]byte(nil), data[start:end]...), int64(start)))
		start = end
	}
	return outs
}

// expected joins the outputs of each line alone (perLine), the bad lines
// renumbered; under the stop policy (skip false) it ends at the first bad
// line.
func expected(lines []ndjsonOut, skip bool) ndjsonOut {
	var out ndjsonOut
	for i, r := range lines {
		out.docs = append(out.docs, r.docs...)
		for _, b := range r.bad {
			b.Line = i + 1
			if !skip {
				out.stop = &b
				return out
			}
			out.bad = append(out.bad, b)
		}
	}
	return out
}

func compareOut(t *testing.T, what string, got, want ndjsonOut) {
	t.Helper()
	if !slices.Equal(got.docs, want.docs) {
		n := min(len(got.docs), len(want.docs))
		i := 0
		for i < n && got.docs[i] == want.docs[i] {
			i++
		}
		var g, w docOut
		if i < len(got.docs) {
			g = got.docs[i]
		}
		if i < len(want.docs) {
			w = want.docs[i]
		}
		t.Errorf("%s: %d documents, want %d; first difference at %d: %+v, want %+v", what, len(got.docs), len(want.docs), i, g, w)
	}
	if !slices.Equal(got.bad, want.bad) {
		t.Errorf("%s: bad lines differ (%d, want %d)\n got %+v\nwant %+v", what, len(got.bad), len(want.bad), head(got.bad), head(want.bad))
	}
	if (got.stop == nil) != (want.stop == nil) || got.stop != nil && *got.stop != *want.stop {
		t.Errorf("%s: stopped at %+v, want %+v", what, got.stop, want.stop)
	}
}

func head[T any](s []T) []T { return s[:min(len(s), 8)] }

// TestBadLinesSameAsAlone checks that a batch with bad lines of every kind
// delivers what each line gives alone: the same documents (offsets and
// contents) and the same bad lines (line numbers, offsets, errors and
// their offsets), for a stream of bytes and of a reader, and for Map and
// MapFields, under both policies and at several batch sizes.
func TestBadLinesSameAsAlone(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	proj, err := simdjson.NewProjection("", "/a", "/b", "/a/b/0", "/k", "/i")
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	ref := simdjson.NewParser()
	defer ref.Close()
	for _, in := range badLineInputs() {
		t.Run(in.name, func(t *testing.T) {
			data := in.data
			docsAlone := perLine(data, func(line []byte, adj int64) ndjsonOut { return ndjsonStream(t, ref, line, false, true, adj) })
			rowsAlone := perLine(data, func(line []byte, adj int64) ndjsonOut { return ndjsonMap(t, line, false, true, 1, proj, adj) })
			for _, skip := range []bool{true, false} {
				want, wantRows := expected(docsAlone, skip), expected(rowsAlone, skip)
				if skip && len(want.bad) == 0 {
					t.Fatal("the input has no bad line")
				}
				for _, batch := range []int{4096, simdjson.DefaultBatchSize} {
					opts := []simdjson.StreamOption{simdjson.BatchSize(batch), simdjson.ChunkSize(2 * batch)}
					for _, reader := range []bool{false, true} {
						what := fmt.Sprintf("skip=%v batch=%d reader=%v", skip, batch, reader)
						compareOut(t, "Stream "+what, ndjsonStream(t, nil, data, reader, skip, 0, opts...), want)
						compareOut(t, "Map "+what, ndjsonMap(t, data, reader, skip, 1, nil, 0, opts...), want)
						compareOut(t, "MapFields "+what, ndjsonMap(t, data, reader, skip, 1, proj, 0, opts...), wantRows)
						if skip { // several workers deliver every good line once
							compareOut(t, "Map threads=3 "+what, ndjsonMap(t, data, reader, skip, 3, nil, 0, opts...), want)
						}
					}
				}
			}
		})
	}
}

// TestBadLinesStage1Linear counts the bytes stage 1 scans while streaming
// and mapping inputs with bad lines: at most 3 times the input, whatever
// the mix. (Each bad line used to make stage 1 rescan the rest of its
// window: quadratic in the batch size.)
func TestBadLinesStage1Linear(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	ins := badLineInputs()
	var big []string
	for i := range 32 << 10 {
		big = append(big, allStage1Bad()[i%len(allStage1Bad())])
	}
	ins = append(ins, ndjsonInput{"32768 bad lines", []byte(strings.Join(big, "\n") + "\n")})
	for _, in := range ins {
		t.Run(in.name, func(t *testing.T) {
			n := uint64(len(in.data))
			for _, batch := range []int{4096, 64 << 10} {
				opts := []simdjson.StreamOption{simdjson.BatchSize(batch), simdjson.ChunkSize(2 * batch), simdjson.SkipBadLines(nil)}
				for _, reader := range []bool{false, true} {
					p := simdjson.NewParser()
					s := p.Stream(inputOf(in.data, reader), opts...)
					for range s.Documents() {
					}
					if s.Err() != nil {
						t.Fatal(s.Err())
					}
					if got := simdjson.ParserStat(p, simdjson.StatStage1Bytes); got > 3*n {
						t.Errorf("stream batch=%d reader=%v: stage 1 scanned %d bytes of a %d-byte input (%.1fx)", batch, reader, got, n, float64(got)/float64(n))
					}
					p.Close()
					before, _ := simdjson.MapParsersStat(simdjson.StatStage1Bytes)
					if _, err := simdjson.Map(inputOf(in.data, reader), func(int) int { return 0 },
						func(int, simdjson.Document) error { return nil }, append(opts, simdjson.Threads(1))...); err != nil {
						t.Fatal(err)
					}
					after, _ := simdjson.MapParsersStat(simdjson.StatStage1Bytes)
					if got := after - before; got > 3*n {
						t.Errorf("map batch=%d reader=%v: stage 1 scanned %d bytes of a %d-byte input (%.1fx)", batch, reader, got, n, float64(got)/float64(n))
					}
				}
			}
		})
	}
}

// TestStringRereadBounded reads every string (keys and values, with and
// without escapes) of a large document ten times: the memory the parser
// holds for strings beyond its string buffer must not grow after the first
// pass (it used to grow by about the document's size per pass once the
// string cache evicted entries), and the bytes of the first pass must stay
// intact.
func TestStringRereadBounded(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	var sb strings.Builder
	sb.WriteString(`{"items":[`)
	for i := range 40000 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"plain%d":"value number %d","esc\"%d":"line\nbreak \u00e9 \"%d\"","tab":"a\tb%d"}`, i, i, i, i, i)
	}
	sb.WriteString(`],"big":"` + strings.Repeat(`x\\`, 1<<20) + `"}`)
	in := []byte(sb.String())
	var want any
	if err := json.Unmarshal(in, &want); err != nil {
		t.Fatal(err)
	}
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	var first [][]byte
	var firstWant []string
	// pass reads every string of v, comparing it with w (encoding/json's).
	var pass func(v simdjson.Value, w any, keep bool) error
	pass = func(v simdjson.Value, w any, keep bool) error {
		switch v.Type() {
		case simdjson.TypeObject:
			o, err := v.Object()
			if err != nil {
				return err
			}
			wm := w.(map[string]any)
			return o.ForEach(func(key []byte, x simdjson.Value) error {
				wx, ok := wm[string(key)]
				if !ok {
					return fmt.Errorf("key %q not in the document", key)
				}
				if keep {
					first, firstWant = append(first, key), append(firstWant, string(key))
				}
				return pass(x, wx, keep)
			})
		case simdjson.TypeArray:
			a, err := v.Array()
			if err != nil {
				return err
			}
			wa := w.([]any)
			return a.ForEach(func(i int, x simdjson.Value) error { return pass(x, wa[i], keep) })
		case simdjson.TypeString:
			s, err := v.StringBytes()
			if err != nil {
				return err
			}
			if string(s) != w.(string) {
				return fmt.Errorf("string %.40q, want %.40q", s, w)
			}
			if keep {
				first, firstWant = append(first, s), append(firstWant, w.(string))
			}
		}
		return nil
	}
	var held uint64
	for i := range 10 {
		if err := pass(doc.Value, want, i == 0); err != nil {
			t.Fatalf("pass %d: %v", i+1, err)
		}
		extra := simdjson.ParserStat(p, simdjson.StatStringExtra)
		if i == 0 {
			held = extra
			// At most twice the scratch space of the longest string (3
			// MiB of raw text).
			if limit := uint64(2*(3<<20)) + 256; extra > limit {
				t.Errorf("pass 1 holds %d bytes beyond the string buffer, want at most %d", extra, limit)
			}
		} else if extra != held {
			t.Fatalf("pass %d holds %d bytes beyond the string buffer, after pass 1 %d", i+1, extra, held)
		}
	}
	for i, s := range first {
		if string(s) != firstWant[i] {
			t.Fatalf("string %d read in pass 1 is now %.40q, want %.40q", i, s, firstWant[i])
		}
	}
}

// TestProjectionRowsBounded maps many short lines with a projection of 128
// pointers in 1 MiB batches: a batch's rows (40 bytes per pointer per line)
// must stay within their 32 MiB budget (the batch ends early at a line
// boundary, chosen before stage 1: nothing is scanned twice), and the rows
// must be what small batches give.
func TestProjectionRowsBounded(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	ptrs := make([]string, 128)
	for i := range ptrs {
		ptrs[i] = fmt.Sprintf("/f%d", i)
	}
	proj, err := simdjson.NewProjection(ptrs...)
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	bad := allStage1Bad()
	for _, withBad := range []bool{false, true} {
		var sb strings.Builder
		for i := 0; sb.Len() < 2<<20; i++ {
			if withBad && i%97 == 0 {
				sb.WriteString(bad[i%len(bad)] + "\n")
				continue
			}
			fmt.Fprintf(&sb, "{\"f%d\":%d,\"f%d\":\"s\"}\n", i%128, i, (i+7)%128)
		}
		data := []byte(sb.String())
		// Without bad lines stage 1 scans each byte once; with them, up
		// to 3 times (TestBadLinesStage1Linear).
		scanLimit := uint64(len(data))
		if withBad {
			scanLimit *= 3
		}
		for _, reader := range []bool{false, true} {
			what := fmt.Sprintf("bad lines=%v reader=%v", withBad, reader)
			opts := []simdjson.StreamOption{simdjson.BatchSize(1 << 20), simdjson.ChunkSize(2 << 20)}
			before, _ := simdjson.MapParsersStat(simdjson.StatStage1Bytes)
			got := ndjsonMap(t, data, reader, withBad, 1, proj, 0, opts...)
			after, _ := simdjson.MapParsersStat(simdjson.StatStage1Bytes)
			if rows := simdjson.MapParsersMax(simdjson.StatRowBytes); rows > 32<<20 {
				t.Errorf("%s: a batch's rows hold %d bytes, over the 32 MiB budget", what, rows)
			}
			if scanned := after - before; scanned > scanLimit {
				t.Errorf("%s: stage 1 scanned %d bytes of a %d-byte input", what, scanned, len(data))
			}
			want := ndjsonMap(t, data, reader, withBad, 1, proj, 0, simdjson.BatchSize(4096))
			if withBad && len(want.bad) == 0 {
				t.Fatal("no bad line")
			}
			compareOut(t, what, got, want)
		}
	}
}

// TestUnmarshalDuplicateKeysAlloc decodes objects of one key repeated
// 262,144 times into maps: the map must not be sized by the key count (it
// was: 427 MiB held for a 1-entry map of 57 MiB of input). What the result
// holds must be small (encoding/json's holds almost nothing), and what is allocated in all is the garbage of
// decoding each duplicate (a copy of its key or value, dropped when the
// next replaces it): encoding/json allocates 8 to 24 bytes per key here,
// Unmarshal 1 to 9, and must stay within encoding/json's allocation plus 12
// bytes per key; a map sized by the key count adds at least 27 (slots of
// 24 bytes or more, at a load of 7/8). The race detector and the
// sanitizers change what Go allocates: under them only what is held is
// checked.
func TestUnmarshalDuplicateKeysAlloc(t *testing.T) {
	const n = 1 << 18
	in := []byte(`{` + strings.Repeat(`"a":1,`, n-1) + `"a":2}`)
	intKeys := bytes.ReplaceAll(in, []byte(`"a"`), []byte(`"7"`))
	nested := []byte(`{"M":` + string(in) + `}`)
	objects := []byte(`{` + strings.Repeat(`"a":{},`, n-1) + `"a":{}}`)
	// measure decodes into a new target: the bytes allocated in all, and
	// those still held by the result after a collection.
	measure := func(unmarshal func([]byte, any) error, in []byte, target func() any) (allocated, held uint64) {
		var m0, m1, m2 runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m0)
		v := target()
		if err := unmarshal(in, v); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&m1)
		runtime.GC()
		runtime.ReadMemStats(&m2)
		runtime.KeepAlive(v)
		return m1.TotalAlloc - m0.TotalAlloc, uint64(max(int64(m2.HeapAlloc)-int64(m0.HeapAlloc), 0))
	}
	type big struct{ A, B, C, D [4]int64 }
	type withMap struct{ M map[string]int }
	cases := []struct {
		name   string
		in     []byte
		target func() any
	}{
		{"map[string]int", in, func() any { return new(map[string]int) }},
		{"map[string]big", objects, func() any { return new(map[string]big) }},
		{"map[string]any", in, func() any { return new(map[string]any) }},
		{"any", in, func() any { return new(any) }},
		{"map[int]int", intKeys, func() any { return new(map[int]int) }},
		{"struct of map", nested, func() any { return new(withMap) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := sjson.Unmarshal(c.in, c.target()); err != nil { // warm up the caches
				t.Fatal(err)
			}
			ours, held := measure(sjson.Unmarshal, c.in, c.target)
			theirs, theirsHeld := measure(json.Unmarshal, c.in, c.target)
			t.Logf("allocated %d bytes, %d held; encoding/json %d, %d held", ours, held, theirs, theirsHeld)
			// The map's hint is capped at one table of 1024 slots: 144 KiB
			// for the 144-byte slots of map[string]big.
			if limit := uint64(256 << 10); held > limit {
				t.Errorf("a map of 1 entry decoded from %d duplicate keys holds %d bytes (encoding/json's %d), want at most %d", n, held, theirsHeld, limit)
			}
			if limit := theirs + 12*uint64(n) + 1<<20; !instrumented && ours > limit {
				t.Errorf("Unmarshal allocated %d bytes for %d duplicate keys (encoding/json %d), want at most %d", ours, n, theirs, limit)
			}
		})
	}
}
