//go:build cgo

package simdjson_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// idErr names the document a map function rejected.
type idErr struct{ i int64 }

func (e *idErr) Error() string { return fmt.Sprintf("doc %d", e.i) }

// badLineAdvText writes n lines {"i":base+k,"f":...}; f is true (the
// function rejects it) where rejected says so; some lines end with "\r\n"
// or start with spaces; the last line has no newline when open.
func badLineAdvText(base, n int, rejected func(k int) bool, open bool) []byte {
	var b bytes.Buffer
	for k := range n {
		if k%7 == 3 {
			b.WriteString("   ")
		}
		fmt.Fprintf(&b, `{"i":%d,"f":%v}`, base+k, rejected(k))
		switch {
		case k == n-1 && open:
		case k%5 == 2:
			b.WriteString("\r\n")
		default:
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// Under SkipBadLines, ErrBadLine joined with errors.Join (or wrapped twice)
// on the last line of a file without its newline, on every line of a file,
// on lines after "\r\n" and leading spaces, from 1, 2 and 4 threads at once,
// for every input kind (Files in file order): each rejected line is
// reported once, in input order, with the file, line and offset of its
// first byte; every other line is given to the function exactly once; and
// without SkipBadLines the map stops with a *FuncError whose Err is the
// function's error.
func TestMapErrBadLineJoinedLastLines(t *testing.T) {
	const n = 900
	one := badLineAdvText(0, n, func(k int) bool { return k%3 != 0 || k == n-1 }, true)
	two := badLineAdvText(n, n, func(int) bool { return true }, false)
	for _, c := range funcErrCases(t, [][]byte{one, two}) {
		var want []string
		wantGood := 0
		for fi, text := range c.texts {
			file := ""
			if c.files != nil {
				file = c.files[fi]
			}
			off := 0
			for line := 1; off < len(text); line++ {
				end := bytes.IndexByte(text[off:], '\n')
				if end < 0 {
					end = len(text) - off
				}
				l := text[off : off+end]
				if m := eventRE.FindSubmatch(l); m != nil {
					if string(m[2]) == "true" {
						want = append(want, fmt.Sprintf("%s:%d@%d: doc %s", file, line, off, m[1]))
					} else {
						wantGood++
					}
				}
				off += end + 1
			}
		}
		for name, run := range funcErrMaps(t) {
			for _, threads := range []int{1, 2, 4} {
				for wi, wrap := range []func(error) error{
					func(e error) error { return errors.Join(simdjson.ErrBadLine, e) },
					func(e error) error {
						return fmt.Errorf("outer: %w", fmt.Errorf("inner %w: %w", e, simdjson.ErrBadLine))
					},
				} {
					t.Run(fmt.Sprintf("%s/%s/threads=%d/wrap=%d", c.name, name, threads, wi), func(t *testing.T) {
						opts := []simdjson.StreamOption{simdjson.Threads(threads), simdjson.ChunkSize(8 << 10), simdjson.BatchSize(2 << 10)}
						var mu sync.Mutex
						seen := map[int64]int{}
						reject := func(i int64, f bool) error {
							if f {
								return wrap(&idErr{i})
							}
							mu.Lock()
							seen[i]++
							mu.Unlock()
							return nil
						}
						var got []string
						err := run(c.in(), reject, append(opts, simdjson.SkipBadLines(func(le *simdjson.LineError) {
							var ie *idErr
							require.ErrorIs(t, le, simdjson.ErrBadLine)
							require.ErrorAs(t, le, &ie)
							got = append(got, fmt.Sprintf("%s:%d@%d: doc %d", le.File, le.Line, le.Offset, ie.i))
						}))...)
						require.NoError(t, err)
						require.Equal(t, want, got)
						require.Len(t, seen, wantGood)
						for i, k := range seen {
							require.Equal(t, 1, k, "doc %d", i)
						}

						err = run(c.in(), reject, opts...)
						var fe *simdjson.FuncError
						require.ErrorAs(t, err, &fe)
						require.ErrorIs(t, fe.Err, simdjson.ErrBadLine)
						var ie *idErr
						require.ErrorAs(t, fe.Err, &ie)
						require.Equal(t, wrap(ie).Error(), fe.Err.Error())
						require.True(t, slices.ContainsFunc(want, func(w string) bool { return strings.HasSuffix(w, fmt.Sprintf("doc %d", ie.i)) }))
					})
				}
			}
		}
	}
}

// A panic whose value wraps ErrBadLine is a panic, not a bad line: the map
// stops with a *PanicError under SkipBadLines too, for Map, MapFields and
// MapDecode, and the callback sees no bad line.
func TestMapErrBadLinePanicIsNoBadLine(t *testing.T) {
	text := badLineAdvText(0, 200, func(k int) bool { return k == 150 }, false)
	for name, run := range funcErrMaps(t) {
		for _, threads := range []int{1, 2} {
			bad := 0
			err := run(simdjson.Bytes(text), func(i int64, f bool) error {
				if f {
					panic(fmt.Errorf("doc %d: %w", i, simdjson.ErrBadLine))
				}
				return nil
			}, simdjson.Threads(threads), simdjson.BatchSize(1<<10), simdjson.SkipBadLines(func(*simdjson.LineError) { bad++ }))
			var pe *simdjson.PanicError
			require.ErrorAs(t, err, &pe, "%s threads %d", name, threads)
			var le *simdjson.LineError
			require.False(t, errors.As(err, &le), "%s threads %d: %v", name, threads, err)
			require.Zero(t, bad, "%s threads %d", name, threads)
		}
	}
}

// nilUnwrapErr is an error whose Unwrap panics on a nil receiver, as a
// careless error type does when a function returns its typed nil pointer.
type nilUnwrapErr struct{ cause error }

func (e *nilUnwrapErr) Error() string { return "nil unwrap" }

func (e *nilUnwrapErr) Unwrap() error { return e.cause }

// A returned error whose Unwrap panics (a typed nil pointer) is the
// function's error, under SkipBadLines as under the stop policy: a
// *FuncError, not a *PanicError (the map's own look for ErrBadLine must
// not turn it into a panic of the function), and no bad line.
func TestMapErrBadLinePanickingUnwrap(t *testing.T) {
	text := badLineAdvText(0, 200, func(k int) bool { return k == 150 }, false)
	for name, run := range funcErrMaps(t) {
		for _, skip := range []bool{false, true} {
			bad := 0
			opts := []simdjson.StreamOption{simdjson.Threads(2), simdjson.BatchSize(1 << 10)}
			if skip {
				opts = append(opts, simdjson.SkipBadLines(func(*simdjson.LineError) { bad++ }))
			}
			err := run(simdjson.Bytes(text), func(i int64, f bool) error {
				if f {
					var e *nilUnwrapErr
					return e
				}
				return nil
			}, opts...)
			var fe *simdjson.FuncError
			require.ErrorAs(t, err, &fe, "%s skip %v: %T %v", name, skip, err, err)
			require.Equal(t, 151, fe.Line, "%s skip %v", name, skip)
			require.Zero(t, bad, "%s skip %v", name, skip)
		}
	}
}
