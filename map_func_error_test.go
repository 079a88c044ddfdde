//go:build cgo

package simdjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// rejectErr is the error type the map functions of these tests return.
type rejectErr struct{ i int64 }

func (e *rejectErr) Error() string { return fmt.Sprintf("rejected event %d", e.i) }

var errRejected = errors.New("rejected")

func (e *rejectErr) Unwrap() error { return errRejected }

// funcDoc is where one document of a generated input lies.
type funcDoc struct {
	line int
	off  int64
}

// funcErrInput is n documents {"i":first+k,"f":bool}, with blank lines, lines
// indented by spaces and tabs, CRLF endings and, when bad is set, a line
// that is not JSON after every 50th document; it returns the text and where
// each document lies.
func funcErrInput(seed uint64, first, n int, bad bool) ([]byte, []funcDoc) {
	rng := rand.New(rand.NewPCG(seed, 45))
	var b bytes.Buffer
	docs := make([]funcDoc, n)
	line := 1
	for k := range n {
		switch rng.IntN(8) {
		case 0:
			b.WriteString("\n")
			line++
		case 1:
			b.WriteString(" \t")
		}
		docs[k] = funcDoc{line: line, off: int64(b.Len())}
		fmt.Fprintf(&b, `{"i":%d,"f":%v,"pad":"%s"}`, first+k, rng.IntN(3) == 0, strings.Repeat("x", rng.IntN(200)))
		if rng.IntN(5) == 0 {
			b.WriteString("\r")
		}
		b.WriteString("\n")
		line++
		if bad && k%50 == 49 {
			b.WriteString("not json\n")
			line++
		}
	}
	return b.Bytes(), docs
}

// funcErrCase is one input of the tests: how to make it, the files it
// reads (empty for bytes and readers), and each file's text.
type funcErrCase struct {
	name  string
	in    func() simdjson.Input
	files []string
	texts [][]byte
}

func funcErrCases(t *testing.T, texts [][]byte) []funcErrCase {
	dir := t.TempDir()
	one, two := texts[0], texts[1]
	plain := writeFile(t, dir, "a.json", one)
	zipped := writeFile(t, dir, "a.json.gz", gz(t, one, len(one)/3, len(one)/2))
	plain2 := writeFile(t, dir, "b.json", two)
	zipped2 := writeFile(t, dir, "b.json.gz", gz(t, two, len(two)/2))
	bom := append([]byte("\xef\xbb\xbf"), one...)
	return []funcErrCase{
		{name: "bytes", in: func() simdjson.Input { return simdjson.Bytes(one) }, texts: [][]byte{one}},
		{name: "bytes-bom", in: func() simdjson.Input { return simdjson.Bytes(bom) }, texts: [][]byte{bom}},
		{name: "reader", in: func() simdjson.Input { return simdjson.Reader(bytes.NewReader(one)) }, texts: [][]byte{one}},
		{name: "gzip-reader", in: func() simdjson.Input { return simdjson.Gzip(bytes.NewReader(gz(t, one))) }, texts: [][]byte{one}},
		{name: "file", in: func() simdjson.Input { return simdjson.File(plain) }, files: []string{plain}, texts: [][]byte{one}},
		{name: "file-gz", in: func() simdjson.Input { return simdjson.File(zipped) }, files: []string{zipped}, texts: [][]byte{one}},
		{name: "files", in: func() simdjson.Input { return simdjson.Files(plain, plain2) }, files: []string{plain, plain2}, texts: texts},
		{name: "files-gz", in: func() simdjson.Input { return simdjson.Files(zipped, zipped2) }, files: []string{zipped, zipped2}, texts: texts},
		{name: "files-mixed", in: func() simdjson.Input { return simdjson.Files(zipped, plain2) }, files: []string{zipped, plain2}, texts: texts},
	}
}

// The three map functions, each returning the error of reject for the
// document it gets.
type funcErrMap func(in simdjson.Input, reject func(i int64, f bool) error, opts ...simdjson.StreamOption) error

func funcErrMaps(t *testing.T) map[string]funcErrMap {
	proj, err := simdjson.NewProjection("/i", "/f")
	require.NoError(t, err)
	t.Cleanup(func() { proj.Close() })
	return map[string]funcErrMap{
		"Map": func(in simdjson.Input, reject func(int64, bool) error, opts ...simdjson.StreamOption) error {
			_, err := simdjson.Map(in, func(int) *int { return new(int) }, func(_ *int, d simdjson.Document) error {
				v, err := d.Field("i")
				if err != nil {
					return err
				}
				i, err := v.Int64()
				if err != nil {
					return err
				}
				fv, err := d.Field("f")
				if err != nil {
					return err
				}
				f, err := fv.Bool()
				if err != nil {
					return err
				}
				return reject(i, f)
			}, opts...)
			return err
		},
		"MapFields": func(in simdjson.Input, reject func(int64, bool) error, opts ...simdjson.StreamOption) error {
			_, err := simdjson.MapFields(in, proj, func(int) *int { return new(int) }, func(_ *int, r simdjson.Row) error {
				i, ok := r.Int64(0)
				if !ok {
					return errors.New("no i")
				}
				f, ok := r.Bool(1)
				if !ok {
					return errors.New("no f")
				}
				return reject(i, f)
			}, opts...)
			return err
		},
		"MapDecode": func(in simdjson.Input, reject func(int64, bool) error, opts ...simdjson.StreamOption) error {
			type ev struct {
				I int64
				F bool
			}
			_, err := simdjson.MapDecode(in, func(int) *int { return new(int) }, func(_ *int, e *ev) error {
				return reject(e.I, e.F)
			}, opts...)
			return err
		},
	}
}

// An error returned by the map function comes back as a *FuncError with
// the file, line and offset of the document the function was called with,
// and errors.Is and errors.As see the function's error through it: for
// Map, MapFields and MapDecode, every kind of input, both bad-line
// policies. On one thread the error is the first in file and line order;
// on several it is one of the documents the function rejected.
func TestMapFuncErrorSaysWhere(t *testing.T) {
	const n = 3000
	for _, bad := range []bool{false, true} {
		one, docs1 := funcErrInput(1, 0, n, bad)
		two, docs2 := funcErrInput(2, n, n, bad) // events n to 2n-1
		docs := [][]funcDoc{docs1, docs2}
		for _, c := range funcErrCases(t, [][]byte{one, two}) {
			for name, run := range funcErrMaps(t) {
				for _, threads := range []int{1, 4} {
					t.Run(fmt.Sprintf("%s/%s/bad=%v/threads=%d", c.name, name, bad, threads), func(t *testing.T) {
						opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(16 << 10), simdjson.BatchSize(4 << 10)}
						var skipped int
						if bad {
							opts = append(opts, simdjson.SkipBadLines(func(*simdjson.LineError) { skipped++ }))
						}
						// The last file's documents from its 2000th on with
						// f set are rejected (an earlier file's none).
						last := len(c.texts) - 1
						from := int64(last*n + 2000)
						err := run(c.in(), func(i int64, f bool) error {
							if i >= from && f {
								return &rejectErr{i}
							}
							return nil
						}, opts...)
						var fe *simdjson.FuncError
						require.ErrorAs(t, err, &fe)
						require.ErrorIs(t, err, errRejected)
						var re *rejectErr
						require.ErrorAs(t, err, &re)
						var le *simdjson.LineError
						require.False(t, errors.As(err, &le), "a function's error is no bad line: %v", err)
						if c.files != nil {
							require.Equal(t, c.files[last], fe.File)
							require.Contains(t, err.Error(), c.files[last]+": line ")
						} else {
							require.Empty(t, fe.File)
						}
						want := docs[last][re.i-int64(last*n)]
						if c.name == "bytes-bom" {
							want.off += 3
						}
						require.Equal(t, want.line, fe.Line, "event %d", re.i)
						require.Equal(t, want.off, fe.Offset, "event %d", re.i)
						require.Equal(t, byte('{'), c.texts[last][fe.Offset])
						require.Contains(t, err.Error(), fmt.Sprintf("line %d (byte %d): rejected event %d", want.line, want.off, re.i))
						if threads == 1 {
							// The earliest rejected document.
							first := int64(-1)
							for k := 2000; k < n; k++ {
								off := docs[last][k].off
								if c.name == "bytes-bom" {
									off += 3
								}
								if bytes.HasPrefix(c.texts[last][off:], []byte(fmt.Sprintf(`{"i":%d,"f":true`, last*n+k))) {
									first = int64(last*n + k)
									break
								}
							}
							require.Equal(t, first, re.i)
						}
					})
				}
			}
		}
	}
}

// A function's error on the first document of a file, and on its last
// line without a newline, is numbered as the file's line 1 and last line.
func TestMapFuncErrorFirstAndLastLine(t *testing.T) {
	dir := t.TempDir()
	text := []byte("{\"i\":0,\"f\":true}\n\n{\"i\":1,\"f\":false}\n  {\"i\":2,\"f\":true}")
	path := writeFile(t, dir, "e.json.gz", gz(t, text))
	for name, run := range funcErrMaps(t) {
		for _, at := range []int64{0, 2} {
			err := run(simdjson.Files(path), func(i int64, f bool) error {
				if i == at {
					return &rejectErr{i}
				}
				return nil
			}, simdjson.Threads(1))
			var fe *simdjson.FuncError
			require.ErrorAs(t, err, &fe, name)
			want := simdjson.FuncError{File: path, Line: 1, Offset: 0, Err: &rejectErr{at}}
			if at == 2 {
				want.Line, want.Offset = 4, int64(bytes.LastIndexByte(text, '{'))
			}
			require.Equal(t, want, *fe, name)
			require.Equal(t, fmt.Sprintf("simdjson: %s: line %d (byte %d): rejected event %d", path, want.Line, want.Offset, at), err.Error())
		}
	}
}

// Under the stop policy on one thread, whichever comes first in the input
// ends the map: a function's error before a bad line is a *FuncError, a
// bad line before the function's error a *LineError, each with its line.
func TestMapFuncErrorOrBadLineStop(t *testing.T) {
	var b bytes.Buffer
	for k := range 20 {
		if k == 10 {
			b.WriteString("{\"i\":\n") // line 11: a bad line
		}
		fmt.Fprintf(&b, "{\"i\":%d,\"f\":true}\n", k)
	}
	text := b.Bytes()
	path := writeFile(t, t.TempDir(), "s.json.gz", gz(t, text, len(text)/2))
	for name, run := range funcErrMaps(t) {
		for _, in := range []func() simdjson.Input{
			func() simdjson.Input { return simdjson.Bytes(text) },
			func() simdjson.Input { return simdjson.Files(path) },
		} {
			err := run(in(), func(i int64, _ bool) error {
				if i == 5 {
					return &rejectErr{i}
				}
				return nil
			}, simdjson.Threads(1))
			var fe *simdjson.FuncError
			require.ErrorAs(t, err, &fe, name)
			require.Equal(t, 6, fe.Line, name)
			err = run(in(), func(i int64, _ bool) error {
				if i == 15 {
					return &rejectErr{i}
				}
				return nil
			}, simdjson.Threads(1))
			var le *simdjson.LineError
			require.ErrorAs(t, err, &le, name)
			require.Equal(t, 11, le.Line, name)
			require.False(t, errors.As(err, &fe), name)
		}
	}
}
