//go:build cgo

package simdjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// FuzzOptions runs streams, maps and projections over NDJSON built from the
// fuzzer's bytes plus lines shaped by its knobs (nesting depth, object width,
// number length, byte order marks), under random depth limits, batch, chunk
// and thread counts, against encoding/json: every line encoding/json accepts
// within the depth limit is delivered once with its value, every other line
// is reported or fails its traversal, and each projected field is the first
// value of its key. Out-of-range options are an *OptionError.
func FuzzOptions(f *testing.F) {
	f.Add([]byte("{\"a\":1}\n[1,2]\n\"s\"\n"), uint16(3), uint16(4096), uint16(4096), uint8(2), uint32(0), uint8(0))
	f.Add([]byte("{\"k0\":1,\"k0\":2}\n"), uint16(1024), uint16(1), uint16(1), uint8(3), uint32(70<<10|30), uint8(8))
	f.Add([]byte("[12345678901234567890123x]\n12345678901233456789012345,123\n1 2\n"), uint16(5), uint16(100), uint16(9000), uint8(1), uint32(1100<<18|5), uint8(3|8))
	f.Add([]byte("\xef\xbb\xbf{}\n"), uint16(2), uint16(0), uint16(0), uint8(0), uint32(200<<10|599), uint8(2|4|8))
	f.Add([]byte("{}"), uint16(7), uint16(7), uint16(7), uint8(7), uint32(7), uint8(16))
	f.Fuzz(func(t *testing.T, data []byte, depthKnob, batch, chunk uint16, threads uint8, shape uint32, flags uint8) {
		if len(data) > 1<<14 {
			return
		}
		maxDepth := 1 + int(depthKnob)%2000
		if flags&16 != 0 { // an option out of range
			p := simdjson.NewParser(simdjson.MaxDepth(-maxDepth))
			defer p.Close()
			_, err := p.Parse(simdjson.Pad([]byte(`[1]`)))
			var oe *simdjson.OptionError
			require.ErrorAs(t, err, &oe)
			_, err = simdjson.Map(simdjson.Bytes(data), newTally, traverseInto, simdjson.Threads(simdjson.MaxThreads+1+int(threads)))
			require.ErrorAs(t, err, &oe)
			return
		}
		deep := int(shape % 1024)
		wide := int(shape>>10) % 201
		digits := int(shape>>18) % 1500
		in := shapedInput(data, deep, wide, digits, int(flags>>1)&3)
		opts := []simdjson.StreamOption{simdjson.BatchSize(int(batch)), simdjson.ChunkSize(int(chunk))}
		input := func() simdjson.Input {
			if flags&1 != 0 {
				return simdjson.Reader(io.MultiReader(bytes.NewReader(in[:len(in)/2]), bytes.NewReader(in[len(in)/2:])))
			}
			return simdjson.Bytes(in)
		}
		ref := refLinesText(in)

		// A stream with the depth limit.
		p := simdjson.NewParser(simdjson.MaxDepth(maxDepth))
		defer p.Close()
		got := streamWith(t, p, input(), append(opts, simdjson.SkipBadLines(nil))...)
		checkAgainst(t, ref, maxDepth, got)

		// A map (its parsers have the default depth limit).
		var mu sync.Mutex
		var bad []*simdjson.LineError
		states, err := simdjson.Map(input(), newTally, traverseInto, append(opts, simdjson.Threads(1+int(threads)%5),
			simdjson.SkipBadLines(func(e *simdjson.LineError) { mu.Lock(); bad = append(bad, e); mu.Unlock() }))...)
		require.NoError(t, err)
		var mrun streamRun
		for off, v := range mergeTallies(t, states) {
			d := streamDoc{Offset: off, Value: v}
			if strings.HasPrefix(v, "error: ") {
				d.Err = errors.New(v)
			}
			mrun.Docs = append(mrun.Docs, d)
		}
		mrun.Bad = bad
		checkAgainst(t, ref, simdjson.DefaultMaxDepth, mrun)

		// A projection of the wide line's keys.
		if flags&8 == 0 || wide == 0 {
			return
		}
		ptrs := make([]string, wide)
		for i := range ptrs {
			ptrs[i] = fmt.Sprintf("/k%d", i)
		}
		proj, err := simdjson.NewProjection(ptrs...)
		require.NoError(t, err)
		defer proj.Close()
		type row struct {
			off    int64
			fields []string
		}
		rows, err := simdjson.MapFields(input(), proj, func(int) *[]row { return new([]row) }, func(rs *[]row, r simdjson.Row) error {
			fs := make([]string, r.Len())
			for i := range fs {
				fs[i] = describeField(r, i)
			}
			*rs = append(*rs, row{r.Offset(), fs})
			return nil
		}, append(opts, simdjson.Threads(1+int(threads)%5), simdjson.SkipBadLines(nil))...)
		require.NoError(t, err)
		for _, rs := range rows {
			for _, r := range *rs {
				l := lineAt(ref, r.off)
				if !l.Valid || nestingDepth(l.Text) > simdjson.DefaultMaxDepth {
					continue
				}
				want := firstKeys(t, l.Text)
				if want == nil { // not an object
					continue
				}
				for i, ptr := range ptrs {
					w, ok := want[ptr[1:]]
					if !ok {
						w = "missing"
					}
					require.Equal(t, w, r.fields[i], "line %d, field %s", l.Line, ptr)
				}
			}
		}
	})
}

// shapedInput returns data, then a line nested deep levels, an object of
// wide keys (some twice), numbers of digits digits (valid and not), after
// boms byte order marks.
func shapedInput(data []byte, deep, wide, digits, boms int) []byte {
	var b bytes.Buffer
	for range boms {
		b.WriteString("\ufeff")
	}
	b.Write(data)
	b.WriteByte('\n')
	if deep > 0 {
		b.WriteString(strings.Repeat("[", deep) + strings.Repeat("]", deep) + "\n")
		b.WriteString(strings.Repeat(`{"a":`, deep) + "1" + strings.Repeat("}", deep) + "\n")
	}
	if wide > 0 {
		b.WriteByte('{')
		for i := range wide {
			if i > 0 {
				b.WriteByte(',')
			}
			switch i % 5 {
			case 0:
				fmt.Fprintf(&b, `"k%d":"v%d"`, i, i)
			case 1:
				fmt.Fprintf(&b, `"k%d":%d`, i, i*1000003)
			case 2:
				fmt.Fprintf(&b, `"k%d":{"x":[%d]}`, i, i)
			case 3:
				fmt.Fprintf(&b, `"k%d":%v`, i, i%2 == 0)
			default:
				fmt.Fprintf(&b, `"k%d":null`, i)
			}
		}
		for i := wide - 1; i >= 0; i -= 7 { // duplicates: the first wins
			fmt.Fprintf(&b, `,"k%d":"duplicate"`, i)
		}
		b.WriteString("}\n")
		// The same keys in reverse order, nested one level down too.
		b.WriteByte('{')
		for i := wide - 1; i >= 0; i-- {
			fmt.Fprintf(&b, `"k%d":%d,`, i, i)
		}
		b.WriteString(`"nested":{"k0":1}}` + "\n")
	}
	if digits > 0 {
		n := strings.Repeat("7", digits)
		for _, s := range []string{n, "-" + n, n + ".5", "0." + n, n + "e-" + fmt.Sprint(digits), "[" + n + "]",
			"[" + n + "x]", n + ",1", n + " 2", "{\"k0\":" + n + "}"} {
			b.WriteString(s + "\n")
		}
	}
	return b.Bytes()
}

// streamWith is runStream with a parser of the caller's.
func streamWith(t *testing.T, p *simdjson.Parser, in simdjson.Input, opts ...simdjson.StreamOption) streamRun {
	t.Helper()
	s := p.Stream(in, opts...)
	var out streamRun
	for _, doc := range s.Documents() {
		v, err := toAny(doc.Value)
		out.Docs = append(out.Docs, streamDoc{Offset: doc.Offset(), Value: canonical(v), Err: err})
	}
	out.Bad = s.BadLines()
	out.Err = s.Err()
	return out
}

// refLine is a line of the reference with its text.
type refLine struct {
	ndjsonLine
	Text []byte
}

// refLinesText is refLines with each line's text.
func refLinesText(data []byte) []refLine {
	var out []refLine
	for _, l := range refLines(data) {
		end := bytes.IndexByte(data[l.Offset:], '\n')
		if end < 0 {
			end = len(data) - int(l.Offset)
		}
		out = append(out, refLine{l, data[l.Offset : int(l.Offset)+end]})
	}
	return out
}

func lineAt(ref []refLine, off int64) refLine {
	var l refLine
	for _, r := range ref {
		if r.Offset <= off {
			l = r
		}
	}
	return l
}

// checkAgainst asserts a run's contract under the skip policy against the
// reference lines, with the depth limit maxDepth.
func checkAgainst(t *testing.T, ref []refLine, maxDepth int, got streamRun) {
	t.Helper()
	require.NoError(t, got.Err)
	seen := map[int64]bool{}
	for _, d := range got.Docs {
		l := lineAt(ref, d.Offset)
		require.NotZero(t, l.Line, "document at %d", d.Offset)
		require.False(t, seen[l.Offset], "line %d delivered twice", l.Line)
		seen[l.Offset] = true
		if l.Valid && nestingDepth(l.Text) <= maxDepth {
			require.NoError(t, d.Err, "line %d", l.Line)
			require.Equal(t, canonical(l.Value), d.Value, "line %d", l.Line)
		} else {
			require.Error(t, d.Err, "line %d (depth %d, limit %d) traversed cleanly", l.Line, nestingDepth(l.Text), maxDepth)
		}
	}
	for _, b := range got.Bad {
		l := lineAt(ref, b.Offset)
		require.Equal(t, l.Offset, b.Offset, "bad line offset %d is a line start", b.Offset)
		require.Equal(t, l.Line, b.Line)
		require.False(t, l.Valid && nestingDepth(l.Text) <= maxDepth, "line %d reported bad: %v", l.Line, b.Err)
		require.False(t, seen[l.Offset], "line %d delivered and reported", l.Line)
		seen[l.Offset] = true
	}
	for _, l := range ref {
		require.True(t, seen[l.Offset], "line %d neither delivered nor reported", l.Line)
	}
}

// nestingDepth is the deepest nesting of brackets outside strings.
func nestingDepth(b []byte) int {
	d, m, in := 0, 0, false
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case in:
		case c == '[' || c == '{':
			d++
			m = max(m, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return m
}

// firstKeys returns, for a JSON object, each key's first value described as
// describeField describes a projected one; nil when b is not an object.
func firstKeys(t *testing.T, b []byte) map[string]string {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil
	}
	out := map[string]string{}
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		var raw json.RawMessage
		require.NoError(t, dec.Decode(&raw))
		key := k.(string)
		if _, dup := out[key]; !dup {
			out[key] = describeRaw(raw)
		}
	}
	return out
}

func describeRaw(raw json.RawMessage) string {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return "error"
	}
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprint("bool ", x)
	case string:
		return "string " + x
	case json.Number:
		return describeNumber(string(x))
	case map[string]any:
		return "object " + string(raw)
	case []any:
		return "array " + string(raw)
	}
	return "?"
}

func describeNumber(s string) string {
	var f float64
	if _, err := fmt.Sscan(s, &f); err != nil || strings.ContainsAny(fmt.Sprint(f), "Inf") {
		if !strings.ContainsAny(s, ".eE") {
			return "bigint " + s
		}
		return "number error"
	}
	if !strings.ContainsAny(s, ".eE") {
		var i int64
		if _, err := fmt.Sscan(s, &i); err != nil {
			var u uint64
			if _, err := fmt.Sscan(s, &u); err != nil {
				return "bigint " + s
			}
		}
	}
	return fmt.Sprintf("number %v", f)
}

// describeField describes projected field i as describeRaw describes JSON.
func describeField(r simdjson.Row, i int) string {
	switch r.Kind(i) {
	case simdjson.FieldMissing:
		return "missing"
	case simdjson.FieldNull:
		return "null"
	case simdjson.FieldBool:
		b, _ := r.Bool(i)
		return fmt.Sprint("bool ", b)
	case simdjson.FieldString:
		s, _ := r.String(i)
		return "string " + s
	case simdjson.FieldInt64, simdjson.FieldUint64, simdjson.FieldFloat64:
		f, _ := r.Float64(i)
		return fmt.Sprintf("number %v", f)
	case simdjson.FieldBigInt:
		raw, _ := r.Raw(i)
		return "bigint " + string(raw)
	case simdjson.FieldObject:
		raw, _ := r.Raw(i)
		return "object " + string(raw)
	case simdjson.FieldArray:
		raw, _ := r.Raw(i)
		return "array " + string(raw)
	}
	if errors.Is(r.Err(i), simdjson.ErrNumber) {
		return "number error"
	}
	return "error " + fmt.Sprint(r.Err(i))
}
