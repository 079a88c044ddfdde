//go:build cgo

package simdjson_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// FuzzStream feeds NDJSON with random bad lines to streams under both
// policies: every good line is delivered exactly once, every bad line is
// reported (skip policy), and the stop policy stops at the first bad line
// after delivering every line before it.
func FuzzStream(f *testing.F) {
	f.Add([]byte("{\"a\":1}\n[1,2]\n\"s\"\n"), uint16(4096), false)
	f.Add([]byte("{\"a\":\n[1}\n{\"x\":1} {\"y\":2}\n\"\xff\"\n\n  \n{\"b\":[true,null]}"), uint16(7), true)
	f.Add([]byte("1\n2\n3\n{\"a\":[1,{\"b\":2}]}\n}\n"), uint16(1), false)
	f.Fuzz(func(t *testing.T, data []byte, batch uint16, reader bool) {
		if len(data) > 1<<15 {
			return
		}
		in := func() simdjson.Input {
			if reader {
				return simdjson.Reader(bytes.NewReader(data))
			}
			return simdjson.Bytes(data)
		}
		opts := []simdjson.StreamOption{simdjson.BatchSize(int(batch)), simdjson.ChunkSize(int(batch))}
		got := runStream(t, in(), append(opts, simdjson.SkipBadLines(nil))...)
		checkNDJSON(t, data, got)

		stop := runStream(t, in(), opts...)
		if len(got.Bad) == 0 {
			require.NoError(t, stop.Err)
			require.Equal(t, got.Docs, stop.Docs)
			return
		}
		var le *simdjson.LineError
		require.ErrorAs(t, stop.Err, &le)
		require.Equal(t, got.Bad[0].Line, le.Line)
		require.Equal(t, got.Bad[0].Offset, le.Offset)
		var before []streamDoc
		for _, d := range got.Docs {
			if d.Offset < le.Offset {
				before = append(before, d)
			}
		}
		require.Equal(t, before, stop.Docs)
	})
}

// FuzzMap runs the parallel map with random thread counts, chunk and batch
// sizes over random NDJSON: the merged result equals one thread's stream.
func FuzzMap(f *testing.F) {
	f.Add([]byte("{\"a\":1}\n[1,2]\n\"s\"\n{\"a\":[1,{\"b\":2}]}\n"), uint8(3), uint16(4096), uint16(64), false)
	f.Add([]byte("{\"a\":\n[1}\n{\"x\":1}\n\"\xff\"\n\n{\"b\":[true,null]}\n7\n8\n9"), uint8(8), uint16(9), uint16(1), true)
	f.Add([]byte("{\"a\":\"x\",\"b\":[1,{\"c\":2}]}\n{\"x\":{\"z\":[1,]},\"a\":\"y\"}\n{\"a\":\"\",\"b\":[0,1 2]}\n{\"a\":\"z\",\"x\":{\"z\":}}\n"), uint8(2), uint16(64), uint16(4096), false)
	f.Fuzz(func(t *testing.T, data []byte, threads uint8, chunk, batch uint16, reader bool) {
		if len(data) > 1<<15 {
			return
		}
		want := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil))
		require.NoError(t, want.Err)
		wantDocs := map[int64]string{}
		for _, d := range want.Docs {
			if d.Err != nil {
				wantDocs[d.Offset] = "error: " + d.Err.Error()
			} else {
				wantDocs[d.Offset] = canonical(d.Value)
			}
		}
		in := simdjson.Bytes(data)
		if reader {
			in = simdjson.Reader(bytes.NewReader(data))
		}
		var bad []*simdjson.LineError
		states, err := simdjson.Map(in, newTally, traverseInto, simdjson.Threads(1+int(threads)%9),
			simdjson.ChunkSize(int(chunk)), simdjson.BatchSize(int(batch)),
			simdjson.SkipBadLines(func(e *simdjson.LineError) { bad = append(bad, e) }))
		require.NoError(t, err)
		require.Equal(t, wantDocs, mergeTallies(t, states))
		require.Equal(t, len(want.Bad), len(bad))
		for i := range bad {
			require.Equal(t, want.Bad[i].Line, bad[i].Line)
			require.Equal(t, want.Bad[i].Offset, bad[i].Offset)
			require.Equal(t, want.Bad[i].Err.Error(), bad[i].Err.Error())
		}

		// Projection mode over the same input: every line is delivered or
		// reported once; the lines the stream reports are reported too (the
		// projection may reject more: it checks the structure it searches).
		if reader {
			in = simdjson.Reader(bytes.NewReader(data))
		}
		var fbad []*simdjson.LineError
		rows, err := simdjson.MapFields(in, fuzzProjection, func(int) *int { return new(int) }, func(n *int, r simdjson.Row) error {
			for i := range r.Len() {
				switch r.Kind(i) {
				case simdjson.FieldString:
					_, _ = r.String(i)
				case simdjson.FieldObject, simdjson.FieldArray, simdjson.FieldBigInt:
					_, _ = r.Raw(i)
				}
			}
			*n++
			return nil
		}, simdjson.Threads(1+int(threads)%9), simdjson.ChunkSize(int(chunk)), simdjson.BatchSize(int(batch)),
			simdjson.SkipBadLines(func(e *simdjson.LineError) { fbad = append(fbad, e) }))
		require.NoError(t, err)
		delivered := 0
		for _, n := range rows {
			delivered += *n
		}
		require.Equal(t, len(want.Docs)+len(want.Bad), delivered+len(fbad))
		fbadAt := map[int64]bool{}
		for _, e := range fbad {
			fbadAt[e.Offset] = true
		}
		for _, b := range want.Bad {
			require.True(t, fbadAt[b.Offset], "line %d: bad in the stream, not in the projection", b.Line)
		}
	})
}

// fuzzProjection has two cases of "/a" (which must be a string to select
// one): their fields are searched only where it selects them.
var fuzzProjection = func() *simdjson.Projection {
	p, err := simdjson.NewProjectionCases([]string{"/a", "/b/0", "/x/y", "", "/0", "/b/1", "/x/z"},
		simdjson.Case{Guard: 0, Values: []string{"x", ""}, Fields: []int{5}},
		simdjson.Case{Guard: 0, Values: []string{"y"}, Fields: []int{6}})
	if err != nil {
		panic(err)
	}
	return p
}()
