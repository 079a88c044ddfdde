//go:build cgo

package simdjson_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

const sample = `{"s": "caf\u00e9 \"q\"", "i": -42, "u": 18446744073709551615, "f": 2.5e-3,
 "t": true, "n": null, "a": [1, "two", [3], {"four": 4}], "o": {"x": {"y": "z"}},
 "big": 123456789012345678901234567890, "esc\/key": 1, "e": {}, "ea": []}`

func parseSample(t *testing.T) (*simdjson.Parser, simdjson.Document) {
	t.Helper()
	p := simdjson.NewParser()
	t.Cleanup(func() { p.Close() })
	doc, err := p.Parse([]byte(sample))
	require.NoError(t, err)
	return p, doc
}

func field(t *testing.T, v simdjson.Value, key string) simdjson.Value {
	t.Helper()
	x, err := v.Field(key)
	require.NoError(t, err, key)
	return x
}

func TestGetters(t *testing.T) {
	_, doc := parseSample(t)
	s, err := field(t, doc.Value, "s").String()
	require.NoError(t, err)
	assert.Equal(t, "café \"q\"", s)
	i, err := field(t, doc.Value, "i").Int64()
	require.NoError(t, err)
	assert.Equal(t, int64(-42), i)
	u, err := field(t, doc.Value, "u").Uint64()
	require.NoError(t, err)
	assert.Equal(t, uint64(math.MaxUint64), u)
	f, err := field(t, doc.Value, "f").Float64()
	require.NoError(t, err)
	assert.Equal(t, 2.5e-3, f)
	b, err := field(t, doc.Value, "t").Bool()
	require.NoError(t, err)
	assert.True(t, b)
	isNull, err := field(t, doc.Value, "n").IsNull()
	require.NoError(t, err)
	assert.True(t, isNull)
	isNull, err = field(t, doc.Value, "t").IsNull()
	require.NoError(t, err)
	assert.False(t, isNull)
	raw, err := field(t, doc.Value, "big").RawNumber()
	require.NoError(t, err)
	assert.Equal(t, "123456789012345678901234567890", string(raw))
	kind, _, _, _, err := field(t, doc.Value, "big").Number()
	require.NoError(t, err)
	assert.Equal(t, simdjson.NumberBigInt, kind)
	kind, _, u2, _, err := field(t, doc.Value, "u").Number()
	require.NoError(t, err)
	assert.Equal(t, simdjson.NumberUint64, kind)
	assert.Equal(t, uint64(math.MaxUint64), u2)
	f2, err := field(t, doc.Value, "i").Float64()
	require.NoError(t, err)
	assert.Equal(t, -42.0, f2)
	rj, err := field(t, doc.Value, "a").RawJSON()
	require.NoError(t, err)
	assert.Equal(t, `[1, "two", [3], {"four": 4}]`, string(rj))
	rj, err = field(t, doc.Value, "s").RawJSON()
	require.NoError(t, err)
	assert.Equal(t, `"caf\u00e9 \"q\""`, string(rj))
	rj, err = field(t, doc.Value, "t").RawJSON()
	require.NoError(t, err)
	assert.Equal(t, `true`, string(rj))
	n, err := field(t, doc.Value, "a").Count()
	require.NoError(t, err)
	assert.Equal(t, 4, n)
	n, err = doc.Count()
	require.NoError(t, err)
	assert.Equal(t, 12, n)
	n, err = field(t, doc.Value, "e").Count()
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	n, err = field(t, doc.Value, "ea").Count()
	require.NoError(t, err)
	assert.Equal(t, 0, n)
	assert.Equal(t, simdjson.TypeObject, doc.Type())
	assert.Equal(t, "object", doc.Type().String())
}

func TestWrongTypeKeepsDocumentUsable(t *testing.T) {
	_, doc := parseSample(t)
	cases := []struct {
		key  string
		read func(simdjson.Value) error
	}{
		{"s", func(v simdjson.Value) error { _, err := v.Int64(); return err }},
		{"s", func(v simdjson.Value) error { _, err := v.Bool(); return err }},
		{"s", func(v simdjson.Value) error { _, err := v.Object(); return err }},
		{"i", func(v simdjson.Value) error { _, err := v.String(); return err }},
		{"f", func(v simdjson.Value) error { _, err := v.Int64(); return err }},
		{"i", func(v simdjson.Value) error { _, err := v.Uint64(); return err }},
		{"t", func(v simdjson.Value) error { _, err := v.Float64(); return err }},
		{"a", func(v simdjson.Value) error { _, err := v.Field("x"); return err }},
		{"o", func(v simdjson.Value) error { _, err := v.Index(0); return err }},
		{"o", func(v simdjson.Value) error { _, err := v.Array(); return err }},
		{"n", func(v simdjson.Value) error { _, err := v.Bool(); return err }},
		{"s", func(v simdjson.Value) error { _, err := v.Count(); return err }},
	}
	for _, c := range cases {
		err := c.read(field(t, doc.Value, c.key))
		require.Error(t, err, c.key)
		var se *simdjson.Error
		if errors.As(err, &se) {
			assert.GreaterOrEqual(t, se.Offset, int64(0))
		}
		assert.True(t, errors.Is(err, simdjson.ErrIncorrectType) || errors.Is(err, simdjson.ErrNumberOutOfRange), "%s: %v", c.key, err)
		// The document still answers.
		s, err := field(t, doc.Value, "s").String()
		require.NoError(t, err)
		assert.Equal(t, "café \"q\"", s)
	}
	_, err := field(t, doc.Value, "big").Int64()
	assert.ErrorIs(t, err, simdjson.ErrNumberOutOfRange)
	_, err = doc.Field("missing")
	assert.ErrorIs(t, err, simdjson.ErrNoSuchField)
	_, err = field(t, doc.Value, "a").Index(4)
	assert.ErrorIs(t, err, simdjson.ErrIndexOutOfBounds)
	_, err = field(t, doc.Value, "a").Index(-1)
	assert.ErrorIs(t, err, simdjson.ErrIndexOutOfBounds)
	_, err = field(t, doc.Value, "ea").Index(0)
	assert.ErrorIs(t, err, simdjson.ErrIndexOutOfBounds)
	_, err = field(t, doc.Value, "e").Field("x")
	assert.ErrorIs(t, err, simdjson.ErrNoSuchField)
}

func TestNavigation(t *testing.T) {
	_, doc := parseSample(t)
	v, err := doc.Get("o", "x", "y")
	require.NoError(t, err)
	s, _ := v.String()
	assert.Equal(t, "z", s)
	_, err = doc.Get("o", "nope", "y")
	assert.ErrorIs(t, err, simdjson.ErrNoSuchField)
	v, err = doc.AtPointer("/a/3/four")
	require.NoError(t, err)
	i, _ := v.Int64()
	assert.Equal(t, int64(4), i)
	v, err = doc.AtPointer("/esc~1key")
	assert.ErrorIs(t, err, simdjson.ErrNoSuchField, "keys compare with the raw text: \\/ is not /")
	v, err = doc.AtPointer("")
	require.NoError(t, err)
	assert.Equal(t, simdjson.TypeObject, v.Type())
	for _, bad := range []string{"a", "/a/x", "/a/01", "/s~2"} {
		_, err = doc.AtPointer(bad)
		assert.ErrorIs(t, err, simdjson.ErrInvalidJSONPointer, bad)
	}
	_, err = doc.AtPointer("/a/-")
	assert.ErrorIs(t, err, simdjson.ErrIndexOutOfBounds)
	v, err = doc.AtPath("$.a[2][0]")
	require.NoError(t, err)
	i, _ = v.Int64()
	assert.Equal(t, int64(3), i)
	v, err = doc.AtPath(".o['x'].y")
	require.NoError(t, err)
	s, _ = v.String()
	assert.Equal(t, "z", s)
	_, err = doc.AtPath("$..a")
	assert.ErrorIs(t, err, simdjson.ErrInvalidJSONPath)
	assert.ErrorIs(t, err, simdjson.ErrInvalidJSONPointer, "the code AtPath returned before")
	assert.Contains(t, err.Error(), "JSONPath")
	assert.NotContains(t, err.Error(), "pointer")
	// Ordered lookup: forward only until Reset.
	o, err := doc.Object()
	require.NoError(t, err)
	_, err = o.FindField("o") // FindField goes forward from the previous FindField
	require.NoError(t, err)
	_, err = o.FindField("t")
	assert.ErrorIs(t, err, simdjson.ErrNoSuchField)
	require.NoError(t, o.Reset())
	_, err = o.FindField("t")
	require.NoError(t, err)
	_, err = o.FindField("i")
	assert.ErrorIs(t, err, simdjson.ErrNoSuchField)
	require.NoError(t, o.Reset())
	_, err = o.FindField("i")
	require.NoError(t, err)
	// Unordered lookup wraps around.
	_, err = o.Field("s")
	require.NoError(t, err)
	// Index walks and walks back.
	a, err := field(t, doc.Value, "a").Array()
	require.NoError(t, err)
	for _, idx := range []int{0, 1, 2, 3, 1, 0, 3} {
		v, err := a.Index(idx)
		require.NoError(t, err)
		raw, _ := v.RawJSON()
		assert.Equal(t, []string{"1", `"two"`, "[3]", `{"four": 4}`}[idx], string(raw))
	}
}

func TestIteration(t *testing.T) {
	_, doc := parseSample(t)
	o, _ := doc.Object()
	var keys []string
	for k, v := range o.Fields() {
		require.NoError(t, v.Err())
		keys = append(keys, k)
	}
	assert.Equal(t, []string{"s", "i", "u", "f", "t", "n", "a", "o", "big", "esc/key", "e", "ea"}, keys)
	// Break early, then iterate again.
	for range o.Fields() {
		break
	}
	a, _ := field(t, doc.Value, "a").Array()
	var idx []int
	for i, v := range a.Elements() {
		require.NoError(t, v.Err())
		idx = append(idx, i)
	}
	assert.Equal(t, []int{0, 1, 2, 3}, idx)
	count := 0
	for range a.Values() {
		count++
	}
	assert.Equal(t, 4, count)
	// Nested iterations over the same object interleave correctly.
	pairs := 0
	for k1 := range o.Fields() {
		for k2 := range o.Fields() {
			_ = k1 + k2
			pairs++
		}
	}
	assert.Equal(t, 144, pairs)
	sentinel := errors.New("stop")
	err := o.ForEach(func(key []byte, v simdjson.Value) error {
		if string(key) == "t" {
			return sentinel
		}
		return nil
	})
	assert.Equal(t, sentinel, err)
	n := 0
	require.NoError(t, a.ForEach(func(i int, v simdjson.Value) error { n += i; return nil }))
	assert.Equal(t, 6, n)
	// Iterating a non-container yields one error Value.
	s := field(t, doc.Value, "s")
	for _, v := range (simdjson.Object{}).Fields() {
		assert.ErrorIs(t, v.Err(), simdjson.ErrInvalidHandle)
	}
	_, err = s.Object()
	assert.ErrorIs(t, err, simdjson.ErrIncorrectType)
}

func TestIterationErrorSurfaces(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, in := range []string{`[1, 2 3]`, `{"a": 1 "b": 2}`, `{"a": 1, 2: 3}`, `[1, 2]]`} {
		doc, err := p.Parse([]byte(in))
		if err != nil {
			continue // rejected at parse: fine
		}
		_, err = toAny(doc.Value)
		assert.Error(t, err, in)
	}
}

func TestScalarDocuments(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for in, want := range map[string]any{
		`1`: 1.0, ` -1.5e3 `: -1500.0, `"s"`: "s", `true`: true, `false`: false, `null`: nil, "\n\"\\u00e9\"\t": "é",
		`18446744073709551615`: float64(math.MaxUint64),
	} {
		got, err := parseAll(p, []byte(in))
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	for _, in := range []string{"", " ", "\n\t\r ", `1 2`, `"a" "b"`, `tru`, `nul`, `01`, `1.`, `"abc`, `true false`} {
		_, err := parseAll(p, []byte(in))
		assert.Error(t, err, "%q", in)
	}
	_, err := p.Parse(nil)
	assert.ErrorIs(t, err, simdjson.ErrEmpty)
	_, err = p.Parse([]byte("   "))
	assert.ErrorIs(t, err, simdjson.ErrEmpty)
	doc, err := p.Parse([]byte(`7`))
	require.NoError(t, err)
	_, err = doc.Field("x")
	assert.ErrorIs(t, err, simdjson.ErrIncorrectType)
	i, err := doc.Int64()
	require.NoError(t, err)
	assert.Equal(t, int64(7), i)
	// A byte order mark is skipped; offsets still count it.
	doc, err = p.Parse([]byte("\xEF\xBB\xBF[1, x]"))
	require.NoError(t, err)
	v, err := doc.Index(1)
	require.NoError(t, err)
	assert.Equal(t, int64(7), v.Offset())
}

func TestStaleAndClosed(t *testing.T) {
	p := simdjson.NewParser()
	doc, err := p.Parse([]byte(`{"a": "x", "b": [1]}`))
	require.NoError(t, err)
	a, err := doc.Field("a")
	require.NoError(t, err)
	b, err := doc.Field("b")
	require.NoError(t, err)
	arr, err := b.Array()
	require.NoError(t, err)
	_, err = p.Parse([]byte(`[1, 2, 3]`))
	require.NoError(t, err)
	for _, err := range []error{
		func() error { _, err := a.String(); return err }(),
		func() error { _, err := a.StringBytes(); return err }(),
		func() error { _, err := doc.Field("a"); return err }(),
		func() error { _, err := arr.Index(0); return err }(),
		func() error { _, err := b.Int64(); return err }(),
		func() error { _, err := doc.RawJSON(); return err }(),
		a.Err(),
	} {
		assert.ErrorIs(t, err, simdjson.ErrStaleHandle)
	}
	assert.Equal(t, simdjson.TypeInvalid, a.Type())
	for _, v := range arr.Elements() {
		assert.ErrorIs(t, v.Err(), simdjson.ErrStaleHandle)
	}
	// A failed parse also invalidates earlier handles.
	doc2, err := p.Parse([]byte(`[1]`))
	require.NoError(t, err)
	_, err = p.Parse([]byte(`[1`))
	require.Error(t, err)
	_, err = doc2.Index(0)
	assert.ErrorIs(t, err, simdjson.ErrStaleHandle)

	doc3, err := p.Parse([]byte(`{"k": "v"}`))
	require.NoError(t, err)
	k, err := doc3.Field("k")
	require.NoError(t, err)
	require.NoError(t, p.Close())
	require.NoError(t, p.Close())
	_, err = k.String()
	assert.ErrorIs(t, err, simdjson.ErrParserClosed)
	_, err = doc3.Field("k")
	assert.ErrorIs(t, err, simdjson.ErrParserClosed)
	_, err = p.Parse([]byte(`1`))
	assert.ErrorIs(t, err, simdjson.ErrParserClosed)

	var zero simdjson.Value
	_, err = zero.String()
	assert.ErrorIs(t, err, simdjson.ErrInvalidHandle)
	_, err = simdjson.Document{}.Field("x")
	assert.ErrorIs(t, err, simdjson.ErrInvalidHandle)
	_, err = simdjson.Array{}.Index(0)
	assert.ErrorIs(t, err, simdjson.ErrInvalidHandle)

	// The zero Parser works.
	var zp simdjson.Parser
	d, err := zp.Parse([]byte(`[true]`))
	require.NoError(t, err)
	v, err := d.Index(0)
	require.NoError(t, err)
	bv, err := v.Bool()
	require.NoError(t, err)
	assert.True(t, bv)
	require.NoError(t, zp.Close())
}

func TestParseErrorsCarryOffsets(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	_, err := p.Parse([]byte("{\"a\": \"\xff\"}"))
	var se *simdjson.Error
	require.ErrorAs(t, err, &se)
	assert.Equal(t, simdjson.ErrUTF8, se.Code)
	assert.Equal(t, int64(7), se.Offset)
	assert.ErrorIs(t, err, simdjson.ErrUTF8)
	assert.Contains(t, err.Error(), "at byte 7")
	// Invalid UTF-8 at every position class: start, middle, end, inside a key.
	for _, in := range []string{"\xff[1]", "[\"a\xc3\"]", "[1]\xff", "{\"k\xe2\x82\": 1}", "\"\xed\xa0\x80\""} {
		_, err := p.Parse([]byte(in))
		assert.ErrorIs(t, err, simdjson.ErrUTF8, "%q", in)
	}
	doc, err := p.Parse([]byte(`{"a": [1, tru]}`))
	require.NoError(t, err)
	v, err := doc.AtPointer("/a/1")
	require.NoError(t, err)
	_, err = v.Bool()
	require.ErrorAs(t, err, &se)
	assert.Equal(t, int64(10), se.Offset)
	assert.ErrorIs(t, err, simdjson.ErrIncorrectType, "simdjson reports a bad literal read as bool as INCORRECT_TYPE")
}

func TestDepthLimit(t *testing.T) {
	deep := strings.Repeat("[", 2000) + strings.Repeat("]", 2000)
	p := simdjson.NewParser()
	defer p.Close()
	_, err := parseAll(p, []byte(deep))
	assert.ErrorIs(t, err, simdjson.ErrDepth)
	shallow := simdjson.NewParser(simdjson.MaxDepth(8))
	defer shallow.Close()
	_, err = parseAll(shallow, []byte(`[[[[[[[[[1]]]]]]]]]`))
	assert.ErrorIs(t, err, simdjson.ErrDepth)
	got, err := parseAll(shallow, []byte(`[[[[[[[[1]]]]]]]]`))
	require.NoError(t, err)
	assert.NotNil(t, got)
	okDeep := strings.Repeat(`{"a":`, 1000) + "1" + strings.Repeat("}", 1000)
	_, err = parseAll(p, []byte(okDeep))
	require.NoError(t, err)
}

func TestCapacityLimit(t *testing.T) {
	p := simdjson.NewParser(simdjson.MaxCapacity(16))
	defer p.Close()
	_, err := p.Parse([]byte(`[1, 2, 3, 4, 5, 6, 7, 8]`))
	assert.ErrorIs(t, err, simdjson.ErrCapacity)
	_, err = p.Parse([]byte(`[1, 2]`))
	require.NoError(t, err)
}

// TestPaddingGarbage parses documents, good and bad, whose padding is filled
// with every troublesome byte: results must not depend on it.
func TestPaddingGarbage(t *testing.T) {
	inputs := []string{
		sample, `[1, [2, [3]]]`, `{"a": {"b": [1, 2, {"c": "d"}]}}`, `"str"`, `123`, `-1.5`, `true`, `null`,
		`[[1, 2]`, `{"a": [1}`, `{"a": ,}`, `[1, 2,`, `{"a": "b`, `[{]`, `{"a":1}}`, `[1]]`, `[[[`, `{"a":{"b":`,
		`{ "a": [,,`, `[1, {"a": [}]`,
	}
	fillers := []byte{0, ' ', '[', ']', '{', '}', ',', ':', '"', '\\', '1', 't', 0xff}
	p := simdjson.NewParser()
	defer p.Close()
	for _, in := range inputs {
		want, wantErr := parseAll(p, padded([]byte(in), 0))
		for _, f := range fillers {
			got, err := parseAll(p, padded([]byte(in), f))
			assert.Equal(t, wantErr == nil, err == nil, "%q filler %q: %v vs %v", in, f, wantErr, err)
			assert.Equal(t, want, got, "%q filler %q", in, f)
		}
	}
}

// gharchiveDocs returns the events of the shared GH Archive samples.
func gharchiveDocs(t testing.TB) [][]byte {
	dir := sharedData(t, "gharchive")
	files, _ := filepath.Glob(filepath.Join(dir, "*.ndjson"))
	var docs [][]byte
	for _, f := range files {
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			if len(bytes.TrimSpace(sc.Bytes())) > 0 {
				docs = append(docs, bytes.Clone(sc.Bytes()))
			}
		}
		fh.Close()
	}
	return docs
}

func realDocuments(t *testing.T) map[string][]byte {
	docs := map[string][]byte{}
	dir := sharedData(t, "jsonexamples")
	for _, name := range []string{"twitter.json", "citm_catalog.json", "github_events.json", "canada.json", "twitterescaped.json", "apache_builds.json", "instruments.json", "update-center.json", "mesh.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		docs[name] = b
	}
	for i, d := range gharchiveDocs(t) {
		if i%7 == 0 {
			docs["gharchive#"+string(rune('a'+i%26))+strings.Repeat("x", i/26)] = d
		}
	}
	return docs
}

func TestRealDocumentsMatchEncodingJSON(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for name, b := range realDocuments(t) {
		want, err := stdAny(b)
		require.NoError(t, err, name)
		got, err := parseAll(p, b)
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
		// Zero-copy path.
		got, err = parseAll(p, simdjson.Pad(b))
		require.NoError(t, err, name)
		require.Equal(t, want, got, name)
	}
}

// handleRef is a handle collected during a traversal with the value it must
// read as.
type handleRef struct {
	v    simdjson.Value
	want any
}

func collect(t *testing.T, v simdjson.Value, want any, out *[]handleRef) {
	*out = append(*out, handleRef{v, want})
	switch w := want.(type) {
	case map[string]any:
		o, err := v.Object()
		require.NoError(t, err)
		for k, x := range o.Fields() {
			require.NoError(t, x.Err())
			collect(t, x, w[k], out)
		}
	case []any:
		a, err := v.Array()
		require.NoError(t, err)
		for i, x := range a.Elements() {
			require.NoError(t, x.Err())
			collect(t, x, w[i], out)
		}
	}
}

// read reads a handle in a way that depends on the step, so that the same
// handle is read by different getters across rounds.
func read(t *testing.T, h handleRef, rng *rand.Rand) {
	switch w := h.want.(type) {
	case map[string]any:
		n, err := h.v.Count()
		require.NoError(t, err)
		require.Equal(t, len(w), n)
		// Random lookups, including keys that are absent.
		for k, x := range w {
			if rng.IntN(3) == 0 {
				got, err := h.v.Field(k)
				require.NoError(t, err, k)
				if s, ok := x.(string); ok {
					gs, err := got.String()
					require.NoError(t, err)
					require.Equal(t, s, gs)
				}
			}
		}
		_, err = h.v.Field("\x00absent")
		require.ErrorIs(t, err, simdjson.ErrNoSuchField)
	case []any:
		n, err := h.v.Count()
		require.NoError(t, err)
		require.Equal(t, len(w), n)
		if n > 0 {
			i := rng.IntN(n)
			e, err := h.v.Index(i)
			require.NoError(t, err)
			got, err := toAny(e)
			require.NoError(t, err)
			require.Equal(t, w[i], got)
		}
	case string:
		for range 3 { // re-reading unescapes nothing twice
			s, err := h.v.String()
			require.NoError(t, err)
			require.Equal(t, w, s)
		}
	case float64:
		got, err := number(h.v)
		require.NoError(t, err)
		require.Equal(t, w, got)
		if w == math.Trunc(w) && math.Abs(w) < 1<<53 {
			i, err := h.v.Int64()
			if err == nil {
				require.Equal(t, int64(w), i)
			}
		}
	case bool:
		b, err := h.v.Bool()
		require.NoError(t, err)
		require.Equal(t, w, b)
	case nil:
		isNull, err := h.v.IsNull()
		require.NoError(t, err)
		require.True(t, isNull)
	}
}

// TestAnyOrderAnyNumberOfTimes collects a handle for every value of real
// documents, then reads them in shuffled orders, several rounds, comparing
// with encoding/json.
func TestAnyOrderAnyNumberOfTimes(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	for name, b := range realDocuments(t) {
		if name == "canada.json" || name == "mesh.json" {
			continue // numbers only; covered by the traversal test
		}
		want, err := stdAny(b)
		require.NoError(t, err)
		doc, err := p.Parse(b)
		require.NoError(t, err)
		var refs []handleRef
		collect(t, doc.Value, want, &refs)
		for round := range 3 {
			rng.Shuffle(len(refs), func(i, j int) { refs[i], refs[j] = refs[j], refs[i] })
			limit := len(refs)
			if limit > 20000 {
				limit = 20000
			}
			for _, h := range refs[:limit] {
				read(t, h, rng)
			}
			_ = round
		}
		// And a full traversal still works after all that.
		got, err := toAny(doc.Value)
		require.NoError(t, err)
		require.Equal(t, want, got, name)
	}
}

// TestRepeatedEscapedStrings reads a document of large escaped strings many
// times in every order: simdjson's string buffer holds one pass only.
func TestRepeatedEscapedStrings(t *testing.T) {
	big := strings.Repeat(`\"\u00e9\n`, 400)
	var sb strings.Builder
	sb.WriteString("[")
	for i := range 600 {
		if i > 0 {
			sb.WriteString(",")
		}
		sb.WriteString(`{"k\u0041": "` + big + `"}`)
	}
	sb.WriteString("]")
	in := []byte(sb.String())
	want, err := stdAny(in)
	require.NoError(t, err)
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse(in)
	require.NoError(t, err)
	arr, err := doc.Array()
	require.NoError(t, err)
	var vals []simdjson.Value
	for _, v := range arr.Elements() {
		o, err := v.Object()
		require.NoError(t, err)
		for k, s := range o.Fields() {
			require.Equal(t, "kA", k)
			vals = append(vals, s)
		}
	}
	expect := want.([]any)[0].(map[string]any)["kA"].(string)
	for round := range 5 {
		for i := range vals {
			j := (i*7919 + round*31) % len(vals)
			s, err := vals[j].String()
			require.NoError(t, err)
			require.Equal(t, expect, s)
		}
	}
	got, err := toAny(doc.Value)
	require.NoError(t, err)
	require.Equal(t, want, got)
}

func TestKernelsAgree(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(sharedData(t, "jsonexamples"), "twitter.json"))
	require.NoError(t, err)
	want, err := stdAny(b)
	require.NoError(t, err)
	active := simdjson.ActiveImplementation()
	t.Cleanup(func() { _ = simdjson.SetImplementation(active) })
	ran := 0
	for _, impl := range simdjson.Implementations() {
		if !impl.Supported {
			assert.ErrorIs(t, simdjson.SetImplementation(impl.Name), simdjson.ErrUnsupportedArchitecture)
			continue
		}
		require.NoError(t, simdjson.SetImplementation(impl.Name))
		assert.Equal(t, impl.Name, simdjson.ActiveImplementation())
		p := simdjson.NewParser()
		got, err := parseAll(p, b)
		require.NoError(t, err, impl.Name)
		require.Equal(t, want, got, impl.Name)
		// Invalid UTF-8 inside and outside strings, from Parse and from a
		// stream: the fallback kernel checks only inside strings by itself.
		for _, bad := range []string{"[\"\xff\"]", "\xff[1]", "[1]\xff", "[1,\xc3]", "{\"\xc3(\":1}"} {
			_, err = p.Parse([]byte(bad))
			require.ErrorIs(t, err, simdjson.ErrUTF8, "%s %q", impl.Name, bad)
			st := runStream(t, simdjson.Bytes([]byte("[0]\n"+bad+"\n[2]\n")), simdjson.SkipBadLines(nil))
			require.NoError(t, st.Err)
			require.Len(t, st.Docs, 2, "%s %q", impl.Name, bad)
			require.Len(t, st.Bad, 1, "%s %q", impl.Name, bad)
			require.ErrorIs(t, st.Bad[0], simdjson.ErrUTF8, "%s %q", impl.Name, bad)
		}
		p.Close()
		ran++
	}
	assert.GreaterOrEqual(t, ran, 1)
	assert.ErrorIs(t, simdjson.SetImplementation("no-such-kernel"), simdjson.ErrUnsupportedArchitecture)
	assert.NotEmpty(t, simdjson.BuiltinImplementation())
}

func TestHelpers(t *testing.T) {
	b := simdjson.Pad([]byte(`[1]`))
	assert.GreaterOrEqual(t, cap(b)-len(b), simdjson.Padding)
	b2 := simdjson.Pad(b)
	assert.Equal(t, &b[:1][0], &b2[:1][0], "already padded: no copy")
	m := simdjson.MakePadded(10)
	assert.Equal(t, 0, len(m))
	assert.GreaterOrEqual(t, cap(m), 10+simdjson.Padding)
	f := filepath.Join(t.TempDir(), "x.json")
	require.NoError(t, os.WriteFile(f, []byte(sample), 0o600))
	rb, err := simdjson.ReadFile(f)
	require.NoError(t, err)
	assert.Equal(t, sample, string(rb))
	assert.GreaterOrEqual(t, cap(rb)-len(rb), simdjson.Padding)
	_, err = simdjson.ReadFile(filepath.Join(t.TempDir(), "missing"))
	assert.Error(t, err)
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.ParseString(`{"a": "b"}`)
	require.NoError(t, err)
	v, _ := doc.Field("a")
	s, _ := v.String()
	assert.Equal(t, "b", s)
	assert.GreaterOrEqual(t, p.Capacity(), 10)
	var se *simdjson.Error
	assert.False(t, errors.As(simdjson.ErrNoSuchField, &se))
	assert.Contains(t, simdjson.ErrStaleHandle.Error(), "stale")
	_ = json.Valid
}

func TestZeroAllocationsPerAccess(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	in := simdjson.Pad([]byte(`{"type": "PushEvent", "actor": {"login": "octocat"}, "repo": {"name": "a/b"}, "n": 5, "a": [1, 2]}`))
	allocs := testing.AllocsPerRun(200, func() {
		doc, err := p.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := doc.Field("type")
		_, _ = v.StringBytes()
		v, _ = doc.Get("actor", "login")
		_, _ = v.StringBytes()
		v, _ = doc.AtPointer("/repo/name")
		_, _ = v.StringBytes()
		v, _ = doc.Field("n")
		_, _ = v.Int64()
		_, _ = doc.Field("missing")
		o, _ := doc.Object()
		for k, v := range o.Fields() {
			_, _ = k, v.Type()
		}
		a, _ := doc.Field("a")
		arr, _ := a.Array()
		for _, e := range arr.Elements() {
			_, _ = e.Float64()
		}
		_, _ = a.RawJSON()
	})
	assert.Equal(t, 0.0, allocs)
}

// A document from Parse is walked by the first lookup that steps over a
// container, and the next one by Parse itself; lookups answer the same
// whether the walk happened, failed (malformed brackets) or was skipped.
func TestParseWalksForLookups(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	cases := []struct {
		doc  string
		want int64 // b, or -1 for an error
	}{
		{`{"a":{"x":1},"b":2}`, 2},
		{`{"a":[1,{"y":[2]}],"b":3}`, 3},
		// Brackets that do not match inside a skipped value: the walk fails
		// and the shim answers as simdjson's On-Demand does (it counts
		// brackets when it skips, and finds b).
		{`{"a":{"x":[1}},"b":4}`, 4},
		{`{"a":{"x":1},"b":5}`, 5},
		{`{"b":6,"a":{}}`, 6},
		{`{"a":{"x":1},"c":{"d":[{"e":7}]},"b":8}`, 8},
		{`{"a":"no container","b":9}`, 9},
		{`{"a":{"x":1},"b":10}`, 10},
	}
	for round := range 2 {
		for i, c := range cases {
			doc, err := p.Parse(simdjson.Pad([]byte(c.doc)))
			if err != nil {
				require.Equal(t, int64(-1), c.want, "round %d, doc %d: %v", round, i, err)
				continue
			}
			v, err := doc.Field("b")
			if c.want < 0 {
				require.Error(t, err, "round %d, doc %d", round, i)
				continue
			}
			require.NoError(t, err, "round %d, doc %d", round, i)
			n, err := v.Int64()
			require.NoError(t, err)
			require.Equal(t, c.want, n, "round %d, doc %d", round, i)
			// And back to an earlier key, then a deeper one.
			if a, err := doc.Field("a"); err == nil && a.Type() == simdjson.TypeObject && i != 2 && strings.Contains(c.doc, `"x"`) {
				_, err = a.Field("x")
				require.NoError(t, err, "round %d, doc %d", round, i)
			}
		}
	}
}
