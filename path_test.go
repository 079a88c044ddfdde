//go:build cgo

package simdjson_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// pathAll collects what AtPathAll yields: each value's JSON text, then the
// error that ended it, if any.
func pathAll(t *testing.T, v simdjson.Value, path string) (texts []string, err error) {
	t.Helper()
	for x := range v.AtPathAll(path) {
		if x.Err() != nil {
			require.Nil(t, err, "one error, last")
			err = x.Err()
			continue
		}
		require.Nil(t, err, "no value after the error")
		raw, rerr := x.RawJSON()
		require.NoError(t, rerr)
		texts = append(texts, string(raw))
	}
	return texts, err
}

func TestAtPathAll(t *testing.T) {
	const doc = `{"a":[{"n":[1,2]},{"n":[3]},{"m":0},7],"o":{"x":{"n":5},"y":{"n":6},"z":8},"*":"star",
		"k.d":{"z":1},"e":{},"ea":[],"dup":1,"dup":2,"esc\"q":"e","0":"zero","s":"str"}`
	p := simdjson.NewParser()
	defer p.Close()
	d, err := p.ParseString(doc)
	require.NoError(t, err)
	for _, tc := range []struct {
		path string
		want []string
	}{
		{"$.a[*].n[1]", []string{"2"}}, // elements without the key or index are passed over
		{"$.a[*].n[*]", []string{"1", "2", "3"}},
		{"$.a[*].n.1", []string{"2"}},
		{"$.a.*.n[0]", []string{"1", "3"}},
		{"$.o.*.n", []string{"5", "6"}},
		{"$.o[*]", []string{`{"n":5}`, `{"n":6}`, "8"}},
		{"$['*']", []string{`"star"`}}, // a quoted name is a key, never a wildcard
		{`$["k.d"].z`, []string{"1"}},
		{"$.*", []string{`[{"n":[1,2]},{"n":[3]},{"m":0},7]`, `{"x":{"n":5},"y":{"n":6},"z":8}`, `"star"`, `{"z":1}`, "{}", "[]", "1", "2", `"e"`, `"zero"`, `"str"`}},
		{"$.*.z", []string{"8", "1"}},
		{"$.a[*].m", []string{"0"}},
		{"$.a[*].nope", nil},
		{"$.a[3][*]", nil}, // a wildcard on a scalar selects nothing
		{"$.s[*]", nil},
		{"$.s.x", nil},
		{"$.e.*", nil},
		{"$.ea[*]", nil},
		{"$.a[9]", nil},
		{"$.a[0]", []string{`{"n":[1,2]}`}},
		{"$.a.x", nil},                   // a name on an array selects nothing
		{"$.dup", []string{"1"}},         // the first of duplicate keys, as AtPath
		{`$['esc\"q']`, []string{`"e"`}}, // keys as written
		{"$[0]", []string{`"zero"`}},     // an index on an object is the key, as in a JSON pointer
		{"$", []string{doc}},
		{"", []string{doc}},
		{"$.a[*]", []string{`{"n":[1,2]}`, `{"n":[3]}`, `{"m":0}`, "7"}},
	} {
		got, err := pathAll(t, d.Value, tc.path)
		require.NoError(t, err, tc.path)
		require.Equal(t, tc.want, got, tc.path)
		// Without a wildcard, AtPathAll yields what AtPath returns, or nothing.
		if !strings.Contains(strings.ReplaceAll(tc.path, "['*']", ""), "*") {
			v, err := d.AtPath(tc.path)
			if len(tc.want) == 0 {
				require.Error(t, err, tc.path)
			} else if tc.path != "$.dup" {
				require.NoError(t, err, tc.path)
				raw, _ := v.RawJSON()
				require.Equal(t, tc.want[0], string(raw), tc.path)
			}
		}
	}
	// Relative to a value, and through an Object's Value.
	o, err := d.AtPath("$.o")
	require.NoError(t, err)
	got, err := pathAll(t, o, "$.*.n")
	require.NoError(t, err)
	require.Equal(t, []string{"5", "6"}, got)
	// A path outside the subset: one error, and AtPath says the same.
	for _, bad := range []string{"a[*]", "$..a", "$.a[-1]", "$.a[01]", "$.a[*", "$.a[", "$.", "$['a", "$.a[1:2]", "$.a[?@.n]"} {
		got, err := pathAll(t, d.Value, bad)
		require.Empty(t, got, bad)
		require.ErrorIs(t, err, simdjson.ErrInvalidJSONPath, bad)
		_, err = d.AtPath(bad)
		require.ErrorIs(t, err, simdjson.ErrInvalidJSONPath, bad)
	}
	_, err = d.AtPath("$.a[*]")
	require.ErrorIs(t, err, simdjson.ErrInvalidJSONPath, "AtPath takes no wildcard")
	_, err = d.AtPath("$.*")
	require.ErrorIs(t, err, simdjson.ErrInvalidJSONPath, "AtPath takes no wildcard")
	// Stopping early, and a loop body that runs another query.
	n := 0
	for v := range d.AtPathAll("$.a[*].n[*]") {
		inner, err := pathAll(t, d.Value, "$.o.*.n")
		require.NoError(t, err)
		require.Len(t, inner, 2)
		i, err := v.Int64()
		require.NoError(t, err)
		require.Equal(t, int64(n+1), i)
		if n++; n == 2 {
			break
		}
	}
	require.Equal(t, 2, n)
	// A stale handle: the error, once.
	_, err = p.ParseString(`[1]`)
	require.NoError(t, err)
	got, err = pathAll(t, d.Value, "$.*")
	require.Empty(t, got)
	require.ErrorIs(t, err, simdjson.ErrStaleHandle)
}

// TestAtPathAllMalformed: malformed JSON met on the way ends the values with
// the error, after those found before it; in a stream, a document's values
// never come from the next line.
func TestAtPathAllMalformed(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	d, err := p.ParseString(`{"a":[{"n":1},{"n":2} {"n":3}]}`)
	require.NoError(t, err)
	got, err := pathAll(t, d.Value, "$.a[*].n")
	require.Equal(t, []string{"1", "2"}, got)
	require.ErrorIs(t, err, simdjson.ErrTape)
	// A query that does not step through the fault answers as AtPath.
	got, err = pathAll(t, d.Value, "$.a")
	require.NoError(t, err)
	v, err := d.AtPath("$.a")
	require.NoError(t, err)
	raw, _ := v.RawJSON()
	require.Equal(t, []string{string(raw)}, got)

	d, err = p.ParseString(`[1,2] [3]`)
	require.NoError(t, err)
	got, err = pathAll(t, d.Value, "$[*]")
	require.Equal(t, []string{"1", "2"}, got)
	require.ErrorIs(t, err, simdjson.ErrTrailingContent)

	lines := "{\"a\":[1,2]}\n{\"a\":[3,\"x\":4]}\n{\"a\":[5]}\n[{\"a\":6} {\"a\":7}]\n{\"a\":[8]}\n"
	var all []string
	var errs []error
	s := p.Stream(simdjson.Bytes([]byte(lines)), simdjson.SkipBadLines(func(*simdjson.LineError) {}))
	for _, doc := range s.Documents() {
		got, err := pathAll(t, doc.Value, "$.a[*]")
		all = append(all, got...)
		if err == nil {
			got, err = pathAll(t, doc.Value, "$[*].a")
			all = append(all, got...)
		}
		errs = append(errs, err)
	}
	require.NoError(t, s.Err())
	require.Equal(t, []string{"1", "2", "3", `"x"`, "5", "6", "8"}, all, "as Elements yields them")
	require.Len(t, errs, 5)
	require.NoError(t, errs[0])
	require.ErrorIs(t, errs[1], simdjson.ErrTape)
	require.NoError(t, errs[2])
	require.ErrorIs(t, errs[3], simdjson.ErrTape)
	require.NoError(t, errs[4])
}

// refPath is AtPathAll's selection written with the other lookups (Fields,
// Elements): the reference the shim's walk is compared with.
func refPath(v simdjson.Value, steps []string, out *[]string) {
	if len(steps) == 0 {
		raw, _ := v.RawJSON()
		*out = append(*out, string(raw))
		return
	}
	step, rest := steps[0], steps[1:]
	switch v.Type() {
	case simdjson.TypeObject:
		o, _ := v.Object()
		for k, x := range o.Fields() {
			if step == "*" || k == step {
				refPath(x, rest, out)
				if step != "*" {
					return
				}
			}
		}
	case simdjson.TypeArray:
		a, _ := v.Array()
		for i, x := range a.Elements() {
			if step == "*" || strconv.Itoa(i) == step {
				refPath(x, rest, out)
			}
		}
	}
}

func TestAtPathAllMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(48, 4))
	keys := []string{"a", "b", "c"}
	var gen func(depth int) string
	gen = func(depth int) string {
		switch r := rng.IntN(10); {
		case depth > 4 || r < 3:
			return strconv.Itoa(rng.IntN(100))
		case r < 4:
			return `"s` + strconv.Itoa(rng.IntN(9)) + `"`
		case r < 7:
			var b strings.Builder
			b.WriteString("{")
			for i, k := range rng.Perm(len(keys))[:rng.IntN(len(keys)+1)] {
				if i > 0 {
					b.WriteString(",")
				}
				fmt.Fprintf(&b, "%q:%s", keys[k], gen(depth+1))
			}
			b.WriteString("}")
			return b.String()
		default:
			var b strings.Builder
			b.WriteString("[")
			for i := range rng.IntN(4) {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString(gen(depth + 1))
			}
			b.WriteString("]")
			return b.String()
		}
	}
	p := simdjson.NewParser()
	defer p.Close()
	for range 3000 {
		doc := gen(0)
		var steps []string
		var path strings.Builder
		path.WriteString("$")
		for range 1 + rng.IntN(4) {
			switch r := rng.IntN(6); {
			case r < 2:
				steps = append(steps, "*")
				path.WriteString([]string{".*", "[*]"}[rng.IntN(2)])
			case r < 4:
				k := keys[rng.IntN(len(keys))]
				steps = append(steps, k)
				fmt.Fprintf(&path, []string{".%s", "['%s']"}[rng.IntN(2)], k)
			default:
				i := strconv.Itoa(rng.IntN(3))
				steps = append(steps, i)
				path.WriteString("[" + i + "]")
			}
		}
		d, err := p.ParseString(doc)
		require.NoError(t, err, doc)
		var want []string
		refPath(d.Value, steps, &want)
		got, err := pathAll(t, d.Value, path.String())
		require.NoError(t, err, "%s %s", doc, path.String())
		require.Equal(t, want, got, "%s %s", doc, path.String())
	}
}

func ExampleValue_AtPathAll_errors() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`{"a":[{"n":1},{"n":2} {"n":3}]}`) // a comma missing
	for v := range doc.AtPathAll("$.a[*].n") {
		if err := v.Err(); err != nil {
			fmt.Println(errors.Is(err, simdjson.ErrTape))
			break
		}
		n, _ := v.Int64()
		fmt.Println(n)
	}
	// Output:
	// 1
	// 2
	// true
}
