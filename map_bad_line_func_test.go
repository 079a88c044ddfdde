//go:build cgo

package simdjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// badEventErr is a map function's error that makes its document a bad line.
type badEventErr struct{ i int64 }

func (e *badEventErr) Error() string { return fmt.Sprintf("event %d is no event", e.i) }

func (e *badEventErr) Unwrap() []error { return []error{simdjson.ErrBadLine, errRejected} }

// Under SkipBadLines, a document whose map function returns an error
// wrapping ErrBadLine is skipped as a bad line: reported after the map with
// the lines that are not JSON, in input order, as a *LineError with the
// file, line and line offset of the document and the function's error; the
// map goes on. Without SkipBadLines it is a *FuncError, as any error of the
// function. For Map, MapFields and MapDecode, every kind of input, one and
// four threads.
func TestMapFuncErrBadLine(t *testing.T) {
	const n = 1500
	one, _ := funcErrInput(3, 0, n, true)
	two, _ := funcErrInput(4, n, n, true)
	for _, c := range funcErrCases(t, [][]byte{one, two}) {
		// want: every bad line in input order, "file:line@offset: error".
		var want []string
		for fi, text := range c.texts {
			file := ""
			if c.files != nil {
				file = c.files[fi]
			}
			line, off := 1, int64(0)
			for off < int64(len(text)) {
				end := off + int64(bytes.IndexByte(text[off:], '\n'))
				l := text[off:end]
				if string(bytes.TrimSpace(l)) == "not json" {
					want = append(want, fmt.Sprintf("%s:%d@%d: not JSON", file, line, off))
				} else if m := eventRE.FindSubmatch(l); m != nil && string(m[2]) == "true" {
					i, _ := strconv.ParseInt(string(m[1]), 10, 64)
					want = append(want, fmt.Sprintf("%s:%d@%d: %v", file, line, off, &badEventErr{i}))
				}
				line++
				off = end + 1
			}
		}
		notJSON := 0
		for _, w := range want {
			if strings.HasSuffix(w, ": not JSON") {
				notJSON++
			}
		}
		require.Greater(t, notJSON, 20)
		require.Greater(t, len(want)-notJSON, 200)
		for name, run := range funcErrMaps(t) {
			for _, threads := range []int{1, 4} {
				t.Run(fmt.Sprintf("%s/%s/threads=%d", c.name, name, threads), func(t *testing.T) {
					opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(16 << 10), simdjson.BatchSize(4 << 10)}
					reject := func(i int64, f bool) error {
						if f {
							return &badEventErr{i}
						}
						return nil
					}
					var got []string
					err := run(c.in(), reject, append(opts, simdjson.SkipBadLines(func(le *simdjson.LineError) {
						msg := "not JSON"
						if errors.Is(le, simdjson.ErrBadLine) {
							require.ErrorIs(t, le, errRejected)
							msg = le.Err.Error()
						} else {
							require.ErrorIs(t, le, simdjson.ErrNotJSON)
						}
						got = append(got, fmt.Sprintf("%s:%d@%d: %s", le.File, le.Line, le.Offset, msg))
					}))...)
					require.NoError(t, err)
					require.Equal(t, want, got)

					// The stop policy: the first bad line in input order
					// ("not json") or a *FuncError of the function's.
					err = run(c.in(), reject, opts...)
					var fe *simdjson.FuncError
					var le *simdjson.LineError
					if errors.As(err, &fe) {
						require.ErrorIs(t, err, simdjson.ErrBadLine)
						require.ErrorIs(t, err, errRejected)
					} else {
						require.ErrorAs(t, err, &le)
						require.ErrorIs(t, err, simdjson.ErrNotJSON)
					}
				})
			}
		}
	}
}

var eventRE = regexp.MustCompile(`"i":(\d+),"f":(true|false)`)
