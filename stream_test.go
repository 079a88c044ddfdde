//go:build cgo

package simdjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// streamDoc is what a stream delivered: the document's offset and its full
// traversal (or the traversal's error).
type streamDoc struct {
	Offset int64
	Value  any
	Err    error
}

type streamRun struct {
	Docs []streamDoc
	Bad  []*simdjson.LineError
	Err  error
}

// runStream reads every document of in through a stream and traverses it.
func runStream(t testing.TB, in simdjson.Input, opts ...simdjson.StreamOption) streamRun {
	t.Helper()
	p := simdjson.NewParser()
	defer p.Close()
	s := p.Stream(in, opts...)
	var out streamRun
	next := 0
	for i, doc := range s.Documents() {
		require.Equal(t, next, i, "document indexes count up from 0")
		next++
		v, err := toAny(doc.Value)
		out.Docs = append(out.Docs, streamDoc{Offset: doc.Offset(), Value: v, Err: err})
	}
	out.Bad = s.BadLines()
	out.Err = s.Err()
	return out
}

// ndjsonLine is one non-blank line of an NDJSON input, as encoding/json
// sees it.
type ndjsonLine struct {
	Line   int
	Offset int64
	Value  any
	Valid  bool
}

func refLines(data []byte) []ndjsonLine {
	var out []ndjsonLine
	off := 0
	// A stream skips a byte order mark at the start of its input (a
	// documented difference): line 1 starts after it.
	if bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) {
		data, off = data[3:], 3
	}
	for i, line := range bytes.Split(data, []byte{'\n'}) {
		if len(bytes.Trim(line, " \t\r")) > 0 { // JSON's whitespace only
			// encoding/json replaces invalid UTF-8; simdjson rejects it.
			v, err := stdAny(line)
			out = append(out, ndjsonLine{Line: i + 1, Offset: int64(off), Value: v, Valid: err == nil && utf8.Valid(line)})
		}
		off += len(line) + 1
	}
	return out
}

// checkNDJSON asserts the stream's contract over an NDJSON input under the
// skip policy: every line encoding/json accepts is delivered once, in order,
// with the same value; every line reported bad is one encoding/json rejects;
// every line is delivered or reported, never both.
func checkNDJSON(t *testing.T, data []byte, got streamRun) {
	t.Helper()
	require.NoError(t, got.Err)
	ref := refLines(data)
	byOff := map[int64]ndjsonLine{}
	for _, l := range ref {
		byOff[l.Offset] = l
	}
	seen := map[int64]bool{}
	for _, d := range got.Docs {
		l, ok := byOff[d.Offset]
		if !ok {
			// A document starts at its first token: find its line.
			for _, r := range ref {
				if r.Offset <= d.Offset {
					l, ok = r, true
				}
			}
		}
		require.True(t, ok, "document at %d", d.Offset)
		require.False(t, seen[l.Offset], "line %d delivered twice", l.Line)
		seen[l.Offset] = true
		if l.Valid {
			require.NoError(t, d.Err, "line %d", l.Line)
			require.Equal(t, l.Value, d.Value, "line %d", l.Line)
		} else {
			require.Error(t, d.Err, "line %d is invalid JSON but traversed cleanly", l.Line)
		}
	}
	for _, b := range got.Bad {
		l, ok := byOff[b.Offset]
		require.True(t, ok, "bad line offset %d is a line start", b.Offset)
		require.Equal(t, l.Line, b.Line)
		require.False(t, l.Valid, "line %d reported bad but encoding/json accepts it: %v", l.Line, b.Err)
		require.False(t, seen[l.Offset], "line %d delivered and reported", l.Line)
		seen[l.Offset] = true
		var se *simdjson.Error
		require.ErrorAs(t, b, &se)
	}
	for _, l := range ref {
		require.True(t, seen[l.Offset], "line %d neither delivered nor reported", l.Line)
	}
}

func ndjsonFiles(t *testing.T) []string {
	var files []string
	for _, sub := range []string{"gharchive", "jsonexamples", "jsonchecker", "simdjson-go-testdata"} {
		dir := sharedData(t, sub)
		m, _ := filepath.Glob(filepath.Join(dir, "*.ndjson"))
		files = append(files, m...)
	}
	return files
}

func TestStreamNDJSONFilesMatchEncodingJSON(t *testing.T) {
	for _, f := range ndjsonFiles(t) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		if strings.Contains(f, "pass02") {
			continue // pretty-printed documents: Concatenated mode, tested below
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			skip := simdjson.SkipBadLines(nil)
			checkNDJSON(t, data, runStream(t, simdjson.Bytes(data), skip))
			checkNDJSON(t, data, runStream(t, simdjson.Bytes(data), skip, simdjson.BatchSize(4096)))
			checkNDJSON(t, data, runStream(t, simdjson.Reader(bytes.NewReader(data)), skip, simdjson.ChunkSize(4096), simdjson.BatchSize(4096)))
			checkNDJSON(t, data, runStream(t, simdjson.File(f), skip))
		})
	}
}

func TestStreamConcatenated(t *testing.T) {
	dir := sharedData(t, "jsonchecker")
	data, err := os.ReadFile(filepath.Join(dir, "pass02.ndjson"))
	require.NoError(t, err)
	var want []any
	dec := json.NewDecoder(bytes.NewReader(data))
	for {
		var v any
		if err := dec.Decode(&v); err == io.EOF {
			break
		} else {
			require.NoError(t, err)
		}
		want = append(want, v)
	}
	for _, in := range []simdjson.Input{simdjson.Bytes(data), simdjson.Reader(bytes.NewReader(data))} {
		got := runStream(t, in, simdjson.Concatenated())
		require.NoError(t, got.Err)
		require.Len(t, got.Docs, len(want))
		for i, d := range got.Docs {
			require.NoError(t, d.Err)
			require.Equal(t, want[i], d.Value)
		}
	}
}

func TestStreamConcatenatedEveryBatchBoundary(t *testing.T) {
	// Scalars, containers, documents sharing a line and spanning lines,
	// strings with multi-byte characters: every batch size cuts them
	// somewhere.
	src := `1 "two" [3] {"four":4}{"five":[5,"é"]}` + "\n" + `true null -6.5e1 "sev\"en" {"eight":` + "\n" + `{"ni":"ne"}} 10`
	want := []any{1.0, "two", []any{3.0}, map[string]any{"four": 4.0}, map[string]any{"five": []any{5.0, "é"}},
		true, nil, -65.0, `sev"en`, map[string]any{"eight": map[string]any{"ni": "ne"}}, 10.0}
	for size := 1; size <= len(src)+1; size++ {
		for _, in := range []simdjson.Input{simdjson.Bytes([]byte(src)), simdjson.Reader(bytes.NewReader([]byte(src)))} {
			got := runStream(t, in, simdjson.Concatenated(), simdjson.BatchSize(size), simdjson.ChunkSize(size))
			require.NoError(t, got.Err, "size %d", size)
			var vals []any
			for _, d := range got.Docs {
				require.NoError(t, d.Err, "size %d", size)
				vals = append(vals, d.Value)
			}
			require.Equal(t, want, vals, "size %d", size)
		}
	}
}

func TestStreamConcatenatedErrors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		docs int
		code simdjson.ErrorCode
	}{
		{`{"a":1} {"b":`, 1, simdjson.ErrIncompleteArrayOrObject},
		{`{"a":1} ]`, 1, simdjson.ErrTape},
		{`[1} [2]`, 0, simdjson.ErrTape},
		{`{"a":1} "abc`, 1, simdjson.ErrUnclosedString},
		{"[1] [\"\xff\"]", 1, simdjson.ErrUTF8},
		{"[1] [\"\x01\"]", 1, simdjson.ErrUnescapedChars},
	} {
		got := runStream(t, simdjson.Bytes([]byte(tc.src)), simdjson.Concatenated())
		require.Len(t, got.Docs, tc.docs, tc.src)
		require.ErrorIs(t, got.Err, tc.code, tc.src)
	}
}

func TestStreamBadLinePolicies(t *testing.T) {
	good := []string{`{"a":1}`, `[2]`, `"three"`, `{"b":{"c":[4,5]}}`, `6`}
	bad := []string{`{"a":`, `[1}`, `{"x":1} {"y":2}`, "[\"\xff\"]", `"unclosed`, `}`, `{"a":[1,2]]`}
	// Bad lines at the start, in the middle, at the end, and adjacent.
	layouts := [][]int{ // indexes: >= 0 good[i], < 0 bad[-i-1]
		{-1, 0, 1, 2},
		{0, 1, -2, 2, 3},
		{0, 1, 2, -3},
		{0, -4, -5, -6, 1},
		{-7, -1, -2, 0, -3, 1, -4, -5, 2, -6, -7},
	}
	for li, layout := range layouts {
		var lines []string
		for _, k := range layout {
			if k >= 0 {
				lines = append(lines, good[k])
			} else {
				lines = append(lines, bad[-k-1])
			}
		}
		data := []byte(strings.Join(lines, "\n") + "\n\n  \n")
		for _, batch := range []int{1, 8, 1 << 20} {
			name := fmt.Sprintf("layout%d/batch%d", li, batch)
			var reported []*simdjson.LineError
			got := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(func(e *simdjson.LineError) { reported = append(reported, e) }), simdjson.BatchSize(batch))
			checkNDJSON(t, data, got)
			assert.Equal(t, got.Bad, reported, name)
			nbad := 0
			for _, k := range layout {
				if k < 0 {
					nbad++
				}
			}
			require.Len(t, got.Bad, nbad, name)

			// Default policy: stop at the first bad line, naming it.
			stop := runStream(t, simdjson.Bytes(data), simdjson.BatchSize(batch))
			first := -1
			for i, k := range layout {
				if k < 0 {
					first = i
					break
				}
			}
			require.Len(t, stop.Docs, first, name)
			var le *simdjson.LineError
			require.ErrorAs(t, stop.Err, &le, name)
			require.Equal(t, first+1, le.Line, name)
			require.Contains(t, le.Error(), fmt.Sprintf("line %d", first+1))
		}
	}
}

func TestStreamChunkBoundaries(t *testing.T) {
	dir := sharedData(t, "gharchive")
	f := filepath.Join(dir, "simdjson-data__github_events_api_2013-01-10.ndjson")
	data, err := os.ReadFile(f)
	require.NoError(t, err)
	want := runStream(t, simdjson.Bytes(data))
	require.NoError(t, want.Err)
	for _, chunk := range []int{4096, 5000, 7919, 65536} {
		for _, batch := range []int{4096, 6007} {
			got := runStream(t, simdjson.Reader(iotestHalfReader{bytes.NewReader(data)}), simdjson.ChunkSize(chunk), simdjson.BatchSize(batch))
			require.NoError(t, got.Err)
			require.Equal(t, want.Docs, got.Docs, "chunk %d batch %d", chunk, batch)
		}
	}
}

// iotestHalfReader returns at most half of what is asked, as slow readers do.
type iotestHalfReader struct{ r io.Reader }

func (h iotestHalfReader) Read(b []byte) (int, error) { return h.r.Read(b[:(len(b)+1)/2]) }

func TestStreamTruncatedTail(t *testing.T) {
	data := []byte("{\"a\":1}\n{\"b\":[2,3")
	for _, in := range []simdjson.Input{simdjson.Bytes(data), simdjson.Reader(bytes.NewReader(data))} {
		got := runStream(t, in)
		require.Len(t, got.Docs, 1)
		require.ErrorIs(t, got.Err, simdjson.ErrIncompleteArrayOrObject)
		var le *simdjson.LineError
		require.ErrorAs(t, got.Err, &le)
		require.Equal(t, 2, le.Line)
		require.Equal(t, int64(8), le.Offset)
	}
	// A last line without its newline is fine.
	got := runStream(t, simdjson.Bytes([]byte("1\n2")))
	require.NoError(t, got.Err)
	require.Len(t, got.Docs, 2)
}

type failingReader struct {
	data []byte
	at   int
	err  error
}

func (f *failingReader) Read(b []byte) (int, error) {
	if len(f.data) == 0 {
		return 0, f.err
	}
	n := min(len(b), len(f.data), f.at)
	if n == 0 {
		return 0, f.err
	}
	copy(b, f.data[:n])
	f.data, f.at = f.data[n:], f.at-n
	return n, nil
}

func TestStreamReaderErrorMidway(t *testing.T) {
	var sb strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&sb, "{\"i\":%d}\n", i)
	}
	data := []byte(sb.String())
	boom := errors.New("boom")
	cut := len(data) / 2 // in the middle of a line
	got := runStream(t, simdjson.Reader(&failingReader{data: data, at: cut, err: boom}), simdjson.ChunkSize(4096))
	require.ErrorIs(t, got.Err, boom)
	complete := bytes.Count(data[:cut], []byte{'\n'})
	require.Len(t, got.Docs, complete, "every complete line before the error, once")
	for i, d := range got.Docs {
		require.Equal(t, map[string]any{"i": float64(i)}, d.Value)
	}
}

func TestStreamStopsEarlyAndHandlesGoStale(t *testing.T) {
	data := []byte("{\"a\":1}\n{\"a\":2}\n{\"a\":3}\n")
	p := simdjson.NewParser()
	defer p.Close()
	var kept simdjson.Document
	n := 0
	for _, doc := range p.Stream(simdjson.Bytes(data)).Documents() {
		if n == 0 {
			kept = doc
		} else {
			_, err := kept.Field("a")
			require.ErrorIs(t, err, simdjson.ErrStaleHandle, "a document is valid until the next one")
		}
		n++
		if n == 2 {
			break
		}
	}
	require.Equal(t, 2, n)
	// The parser is usable again after the stream.
	doc, err := p.ParseString(`{"z":9}`)
	require.NoError(t, err)
	v, err := doc.Field("z")
	require.NoError(t, err)
	i, err := v.Int64()
	require.NoError(t, err)
	require.Equal(t, int64(9), i)
	// A stream is single-use; Close during a stream stops it.
	s := p.Stream(simdjson.Bytes(data))
	for range s.Documents() {
		p.Close()
	}
	require.ErrorIs(t, s.Err(), simdjson.ErrParserClosed)
	for range s.Documents() {
		t.Fatal("second iteration")
	}
	require.Error(t, s.Err())
}

func TestStreamEmptyAndBlank(t *testing.T) {
	for _, src := range []string{"", "\n", "  \n\n \t\r\n", "\xef\xbb\xbf"} {
		got := runStream(t, simdjson.Bytes([]byte(src)))
		require.NoError(t, got.Err, "%q", src)
		require.Empty(t, got.Docs, "%q", src)
	}
	got := runStream(t, simdjson.Bytes([]byte("\xef\xbb\xbf{\"a\":1}\n\n[2]\r\n")))
	require.NoError(t, got.Err)
	require.Len(t, got.Docs, 2)
	require.Equal(t, int64(3), got.Docs[0].Offset)
}

func TestStreamDocumentsDeeperThanLimit(t *testing.T) {
	deep := strings.Repeat("[", 2000) + strings.Repeat("]", 2000)
	data := []byte("[1]\n" + deep + "\n[2]\n")
	got := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil))
	require.NoError(t, got.Err)
	require.Len(t, got.Docs, 2)
	require.Len(t, got.Bad, 1)
	require.ErrorIs(t, got.Bad[0], simdjson.ErrDepth)
	require.Equal(t, 2, got.Bad[0].Line)
}

// A line's document is found without searching for the line's end when the
// walk sees no newline inside it: these lines put whitespace (and newlines)
// where that shortcut must notice it. Each line that spans lines is bad,
// with the lines it spans; whitespace on one line is not.
func TestStreamLineBoundsWhitespace(t *testing.T) {
	lines := []string{
		`{"a": 1, "b": [true, null]}`, // 1 good: spaces before tokens
		"{\"a\":\t1 ,\"b\":[ ]}\r",    // 2 good: tab, space, CR
		`{"a":`, `1}`,                 // 3, 4 bad: a newline before a value
		`{"a":1 `, ` }`, // 5, 6 bad: before the closing bracket
		`[tr`, `ue]`, // 7, 8 bad: inside a literal
		`[1,`, ``, `2]`, // 9, 11 bad: with a blank line between
		`{"x":1}  {"y":2}`,            // 12 bad: two documents on one line
		`{"c":[{"d":"e"}]}   ` + "\t", // 13 good: whitespace after
		"[1,\r", "2]",                 // 14, 15 bad: CR LF
		`  {"z":[1, 2 ]}`, // 16 good, last, no newline after
	}
	data := []byte(strings.Join(lines, "\n"))
	wantBad := []int{3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15}
	for _, batch := range []int{1, 16, 1 << 20} {
		got := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil), simdjson.BatchSize(batch))
		checkNDJSON(t, data, got)
		var bad []int
		for _, b := range got.Bad {
			bad = append(bad, b.Line)
		}
		require.Equal(t, wantBad, bad, "batch %d", batch)
		require.Len(t, got.Docs, 4, "batch %d", batch)
	}

	// The map with a projection takes the same shortcut, with the fields.
	proj, err := simdjson.NewProjection("/a", "/z/1")
	require.NoError(t, err)
	defer proj.Close()
	for threads := 1; threads <= 3; threads++ {
		var bad []int
		states, err := simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *[]string { return new([]string) },
			func(s *[]string, r simdjson.Row) error {
				a, _ := r.Int64(0)
				z, _ := r.Int64(1)
				*s = append(*s, fmt.Sprint(a, z, r.Missing(0), r.Missing(1)))
				return nil
			}, simdjson.Threads(threads), simdjson.ChunkSize(64), simdjson.BatchSize(32),
			simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le.Line) }))
		require.NoError(t, err)
		var rows []string
		for _, s := range states {
			rows = append(rows, *s...)
		}
		require.ElementsMatch(t, []string{"1 0 false true", "1 0 false true", "0 0 true true", "0 2 true false"}, rows, "threads %d", threads)
		require.ElementsMatch(t, wantBad, bad, "threads %d", threads)
	}
}

// The walk that matches a document's brackets stops at the end of the
// tokens on a stop token rather than a bound check per token (for a line at
// offset 0, as with batch 1, the line's second bracket, or none), and
// outside the one-line scan finds the next bracket with one mask (0xD9),
// which also lets 'Y', '_', 'y' and DEL through. Lines with those bytes
// where a value or bracket belongs are bad; a container left open at the
// last token is an error, in a stream of lines, of concatenated documents,
// in the map and in one document.
func TestStreamBracketLookalikesAndOpenEnds(t *testing.T) {
	lookalikes := []string{`[Y]`, `{"a":_}`, `[1,y]`, "[\x7f]", `{"a":[Y}`, `[[1]_]`, `[{"b":2}y`, `[1 Y]`}
	good := []string{`{"Y":"_"}`, `["y",[{"_":1}]]`, "[\"\x7f\"]"}
	for _, open := range []string{`{"a":[1,{"b":`, `[[[`, `{"a":[Y`, `[1,` + "\x7f", `{"a":1`, `[`} {
		var lines []string
		for i, l := range lookalikes {
			lines = append(lines, good[i%len(good)], l)
		}
		data := []byte(strings.Join(append(lines, open), "\n")) // the open line last, no newline after
		for _, batch := range []int{1, 16, 1 << 20} {
			got := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil), simdjson.BatchSize(batch))
			// checkNDJSON: each look-alike line is reported or fails its
			// traversal. The open line is reported.
			checkNDJSON(t, data, got)
			require.NotEmpty(t, got.Bad, "%q, batch %d", open, batch)
			require.Equal(t, int64(len(data)-len(open)), got.Bad[len(got.Bad)-1].Offset, "%q, batch %d", open, batch)
		}
		for threads := 1; threads <= 2; threads++ {
			type counts struct{ clean, failed int }
			nbad := 0
			states, err := simdjson.Map(simdjson.Bytes(data), func(int) *counts { return new(counts) },
				func(c *counts, d simdjson.Document) error {
					if _, err := toAny(d.Value); err != nil {
						c.failed++
					} else {
						c.clean++
					}
					return nil
				}, simdjson.Threads(threads), simdjson.ChunkSize(32), simdjson.BatchSize(16),
				simdjson.SkipBadLines(func(*simdjson.LineError) { nbad++ }))
			require.NoError(t, err)
			var total counts
			for _, c := range states {
				total.clean += c.clean
				total.failed += c.failed
			}
			require.Equal(t, len(lookalikes), total.clean, "%q, threads %d", open, threads)
			require.Equal(t, len(lookalikes)+1, total.failed+nbad, "%q, threads %d", open, threads)
		}

		// Concatenated: the good documents, then the first bad one stops.
		src := []byte(good[0] + " " + good[1] + " " + open)
		got := runStream(t, simdjson.Bytes(src), simdjson.Concatenated())
		require.Error(t, got.Err, "%q", open)
		require.LessOrEqual(t, len(got.Docs), 2, "%q", open)
		for _, d := range got.Docs {
			require.NoError(t, d.Err, "%q", open)
		}
	}
	// One document: every look-alike and open end is an error, found by
	// the first access or the traversal.
	for _, src := range append(lookalikes, `{"a":[1,{"b":`, `[[[`, `{"a":[Y`, `{"a":1`, `[`) {
		_, stdErr := stdAny([]byte(src))
		require.Error(t, stdErr, "%q", src)
		p := simdjson.NewParser()
		doc, err := p.Parse([]byte(src))
		if err == nil {
			_, err = toAny(doc.Value)
		}
		require.Error(t, err, "%q", src)
		p.Close()
	}
}

// A line whose brackets balance around a structural error (a value where a
// key belongs, a missing comma) passes the batch's walk; simdjson's skipping
// can then run past its closing bracket into the next line. No access may
// answer from the next document: each reports the error (found by
// FuzzStream).
func TestStreamMalformedLineDoesNotReadTheNextOne(t *testing.T) {
	for _, bad := range []string{`{"a":"00":1}`, `{"a":"00":[00{"0"00}]}`, `{"a":1 "zz":2}`, `["x":1]`} {
		for _, next := range []string{`}0`, `{"zz":5}`, `[1,2]`, `0`} {
			data := []byte(bad + "\n" + next + "\n")
			p := simdjson.NewParser()
			s := p.Stream(simdjson.Bytes(data), simdjson.SkipBadLines(nil))
			for _, doc := range s.Documents() {
				if doc.Offset() != 0 {
					continue
				}
				_, err := toAny(doc.Value)
				require.Error(t, err, "%q then %q: traversal", bad, next)
				if v, err := doc.Field("zz"); err == nil {
					n, _ := v.Int64()
					require.NotEqual(t, int64(5), n, "%q then %q: zz from the next line", bad, next)
				}
				if o, err := doc.Object(); err == nil {
					_, err = o.Count()
					require.Error(t, err, "%q then %q: count", bad, next)
				} else if a, err := doc.Array(); err == nil {
					_, err = a.Count()
					require.Error(t, err, "%q then %q: count", bad, next)
				}
				_, err = doc.AtPointer("/zz")
				require.Error(t, err, "%q then %q: pointer", bad, next)
			}
			p.Close()
		}
	}
}
