//go:build cgo

package simdjson_test

// Results at the edges: projections with more than 64 pointers under one
// node, big integers followed by garbage, scalars and containers followed by
// more tokens at the root, root numbers longer than simdjson's root-number
// buffer, root scalars followed by much whitespace. The references are
// encoding/json, strconv and math/big.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	"github.com/simdjson-cgo/simdjson"
	"github.com/stretchr/testify/require"
)

// pfield is a projected value in comparable form: its kind and a canonical
// text (strings unescaped, numbers formatted, raw JSON as written).
type pfield struct {
	Kind simdjson.FieldKind
	Val  string
}

func (f pfield) String() string { return f.Kind.String() + ":" + strconv.Quote(f.Val) }

// rowFields reads every field of r.
func rowFields(r simdjson.Row) []pfield {
	out := make([]pfield, r.Len())
	for i := range out {
		k := r.Kind(i)
		out[i].Kind = k
		switch k {
		case simdjson.FieldString:
			out[i].Val, _ = r.String(i)
		case simdjson.FieldInt64:
			v, _ := r.Int64(i)
			out[i].Val = strconv.FormatInt(v, 10)
		case simdjson.FieldUint64:
			v, _ := r.Uint64(i)
			out[i].Val = strconv.FormatUint(v, 10)
		case simdjson.FieldFloat64:
			v, _ := r.Float64(i)
			out[i].Val = strconv.FormatFloat(v, 'g', -1, 64)
		case simdjson.FieldBool:
			v, _ := r.Bool(i)
			out[i].Val = strconv.FormatBool(v)
		case simdjson.FieldObject, simdjson.FieldArray, simdjson.FieldBigInt:
			v, _ := r.Raw(i)
			out[i].Val = string(v)
		case simdjson.FieldError:
			if r.Err(i) == nil {
				out[i].Val = "no error"
			}
		}
	}
	return out
}

// refScalar is what a projection reports for the JSON value raw, by
// encoding/json, strconv and math/big.
func refScalar(raw []byte) pfield {
	raw = bytes.TrimSpace(raw)
	if !json.Valid(raw) {
		return pfield{Kind: simdjson.FieldError}
	}
	switch raw[0] {
	case '{':
		return pfield{simdjson.FieldObject, string(raw)}
	case '[':
		return pfield{simdjson.FieldArray, string(raw)}
	case '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			panic(err)
		}
		return pfield{simdjson.FieldString, s}
	case 't', 'f':
		return pfield{simdjson.FieldBool, string(raw)}
	case 'n':
		return pfield{Kind: simdjson.FieldNull}
	}
	s := string(raw)
	if !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return pfield{simdjson.FieldInt64, strconv.FormatInt(i, 10)}
		}
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return pfield{simdjson.FieldUint64, strconv.FormatUint(u, 10)}
		}
		return pfield{simdjson.FieldBigInt, s}
	}
	f, ok := refFloat(s)
	if !ok { // beyond float64's range
		return pfield{Kind: simdjson.FieldError}
	}
	return pfield{simdjson.FieldFloat64, strconv.FormatFloat(f, 'g', -1, 64)}
}

// refFloat is the float64 nearest to the valid JSON number s; false when it
// is beyond float64's range. By math/big, exactly: strconv.ParseFloat
// (go1.26) misreads some numbers of more than 800 digits (1 and 800 zeros,
// e-800, reads as 0.1).
func refFloat(s string) (float64, bool) {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("not a number: " + s)
	}
	f, _ := r.Float64()
	if math.IsInf(f, 0) {
		return 0, false
	}
	if f == 0 && s[0] == '-' {
		f = math.Copysign(0, -1)
	}
	return f, true
}

// refIndex is a pointer segment as an array index, as a projection reads it.
func refIndex(seg string) (int, bool) {
	if seg == "" || len(seg) > 19 || (len(seg) > 1 && seg[0] == '0') || strings.Trim(seg, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(seg)
	return n, err == nil
}

// refNode is a JSON value as encoding/json's tokenizer reads it: its text
// and, for a container, its members; of duplicate keys the first is kept,
// as the projection's documentation says (keys here are written without
// escapes, so unescaped and raw keys are the same).
type refNode struct {
	raw   []byte
	keys  map[string]*refNode
	elems []*refNode
}

func refTree(raw []byte) *refNode {
	raw = bytes.TrimSpace(raw)
	n := &refNode{raw: raw}
	if raw[0] != '{' && raw[0] != '[' {
		return n
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		panic(err)
	}
	if raw[0] == '{' {
		n.keys = map[string]*refNode{}
	}
	for dec.More() {
		var k string
		if raw[0] == '{' {
			t, err := dec.Token()
			if err != nil {
				panic(err)
			}
			k = t.(string)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			panic(err)
		}
		if raw[0] == '[' {
			n.elems = append(n.elems, refTree(v))
		} else if _, dup := n.keys[k]; !dup {
			n.keys[k] = refTree(v)
		}
	}
	return n
}

// refRow is the row a projection of ptrs gives for the valid document doc.
func refRow(doc []byte, ptrs []string) []pfield {
	root := refTree(doc)
	out := make([]pfield, len(ptrs))
	for i, p := range ptrs {
		n := root
		if p != "" {
			for _, seg := range strings.Split(p[1:], "/") {
				seg = strings.NewReplacer("~1", "/", "~0", "~").Replace(seg)
				if n.keys != nil {
					n = n.keys[seg]
				} else if j, ok := refIndex(seg); ok && j < len(n.elems) {
					n = n.elems[j]
				} else {
					n = nil
				}
				if n == nil {
					break
				}
			}
		}
		if n != nil {
			out[i] = refScalar(n.raw)
		}
	}
	return out
}

// projectAll runs MapFields over data with ptrs and returns the rows by
// document offset.
func projectAll(t testing.TB, in simdjson.Input, ptrs []string, opts ...simdjson.StreamOption) map[int64][]pfield {
	t.Helper()
	proj, err := simdjson.NewProjection(ptrs...)
	require.NoError(t, err)
	defer proj.Close()
	var mu sync.Mutex
	rows := map[int64][]pfield{}
	_, err = simdjson.MapFields(in, proj, func(int) *int { return nil }, func(_ *int, r simdjson.Row) error {
		f := rowFields(r)
		mu.Lock()
		defer mu.Unlock()
		if _, dup := rows[r.Offset()]; dup {
			return fmt.Errorf("two rows at offset %d", r.Offset())
		}
		rows[r.Offset()] = f
		return nil
	}, opts...)
	require.NoError(t, err)
	return rows
}

// checkRows compares MapFields' rows over the NDJSON lines of docs with the
// references, for Bytes and Reader inputs, with small batches and chunks on
// several threads (so that parsers are reused across batches).
func checkRows(t *testing.T, docs [][]byte, ptrs []string) {
	t.Helper()
	var data []byte
	offs := make([]int64, len(docs))
	wants := make([][]pfield, len(docs))
	for i, d := range docs {
		offs[i] = int64(len(data))
		data = append(append(data, d...), '\n')
		wants[i] = refRow(d, ptrs)
	}
	for _, in := range []struct {
		name string
		in   func() simdjson.Input
	}{
		{"bytes", func() simdjson.Input { return simdjson.Bytes(data) }},
		{"reader", func() simdjson.Input { return simdjson.Reader(iotest.HalfReader(bytes.NewReader(data))) }},
	} {
		for _, threads := range []int{1, 3} {
			rows := projectAll(t, in.in(), ptrs, simdjson.Threads(threads), simdjson.BatchSize(4<<10), simdjson.ChunkSize(16<<10))
			require.Len(t, rows, len(docs), "%s, %d threads", in.name, threads)
			for i, d := range docs {
				want, got := wants[i], rows[offs[i]]
				if !slices.Equal(want, got) {
					for j := range want {
						if j >= len(got) || want[j] != got[j] {
							t.Fatalf("%s, %d threads, document %d (%.200s), pointer %q: got %v, want %v", in.name, threads, i, d, ptrs[j], got, want[j])
						}
					}
					t.Fatalf("%s, %d threads, document %d: %d fields, want %d", in.name, threads, i, len(got), len(want))
				}
			}
		}
	}
}

// wideValue is a random JSON value for key k of a wide object.
func wideValue(rng *rand.Rand, k int) string {
	switch rng.IntN(8) {
	case 0:
		return strconv.Itoa(k)
	case 1:
		return strconv.Quote("v" + strconv.Itoa(k))
	case 2:
		return strconv.FormatFloat(float64(k)+0.5, 'g', -1, 64)
	case 3:
		return "123456789012345678901234567890" + strconv.Itoa(k)
	case 4:
		return []string{"true", "false", "null"}[k%3]
	case 5:
		return fmt.Sprintf(`{"x":%d,"k%d":"in"}`, k, k)
	case 6:
		return fmt.Sprintf(`[%d,"a",{"x":%d}]`, k, k)
	}
	return "18446744073709551615"
}

// wideObject writes an object over the keys k<i> for i in keys (in that
// order, repeats included), with values made by val.
func wideObject(keys []int, val func(k int) string) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":%s`, k, val(k))
	}
	b.WriteByte('}')
	return b.Bytes()
}

// TestProjectionWideKids checks projections of 65, 128 and 200 pointers
// under one object (and under a nested object and an array, and nodes with
// more than 64 kids nested in one another) against encoding/json, over
// objects with the keys in any order, some missing, some repeated (the
// first is taken).
func TestProjectionWideKids(t *testing.T) {
	// The cases of the issue: over /k0 ... /k64.
	ptrs := make([]string, 65)
	for i := range ptrs {
		ptrs[i] = "/k" + strconv.Itoa(i)
	}
	rows := projectAll(t, simdjson.Bytes([]byte("{\"k64\":1,\"k0\":2}\n{\"k1\":0,\"k64\":\"first\",\"k64\":\"second\"}\n")), ptrs, simdjson.Threads(1))
	require.Equal(t, pfield{simdjson.FieldInt64, "2"}, rows[0][0], "k0 after k64")
	require.Equal(t, pfield{simdjson.FieldInt64, "1"}, rows[0][64])
	require.Equal(t, pfield{simdjson.FieldString, "first"}, rows[17][64], "the first of duplicate keys")
	require.Equal(t, pfield{simdjson.FieldInt64, "0"}, rows[17][1])

	rng := rand.New(rand.NewPCG(17, 7))
	for _, n := range []int{65, 128, 200} {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			var ptrs []string
			for i := range n {
				ptrs = append(ptrs, "/k"+strconv.Itoa(i), "/o/k"+strconv.Itoa(i))
			}
			for i := 0; i < n; i += 7 {
				// Kids under kids of wide nodes, array elements past 64,
				// and a wide node under a wide node.
				ptrs = append(ptrs, fmt.Sprintf("/k%d/x", i), fmt.Sprintf("/k%d/k%d", i, i), fmt.Sprintf("/k%d/2/x", i),
					fmt.Sprintf("/o/k%d/x", i))
			}
			for i := range n {
				ptrs = append(ptrs, fmt.Sprintf("/o/w/k%d", i), fmt.Sprintf("/a/%d", n-1-i))
			}
			ptrs = append(ptrs, "", "/o", "/a")
			var docs [][]byte
			for range 60 {
				keys := rng.Perm(n + 20)[:rng.IntN(n+20)] // some beyond the pointers, some missing
				for range rng.IntN(20) {                  // repeats, anywhere
					if len(keys) > 0 {
						at := rng.IntN(len(keys) + 1)
						keys = slices.Insert(keys, at, keys[rng.IntN(len(keys))])
					}
				}
				val := func(k int) string { return wideValue(rng, k) }
				inner := wideObject(keys, val)
				wide := wideObject(rng.Perm(n)[:rng.IntN(n+1)], val)
				arr := make([]string, rng.IntN(n+1))
				for i := range arr {
					arr[i] = wideValue(rng, i)
				}
				// "o" holds the same keys and a wide "w"; "o" and "a" are
				// sometimes repeated: only the first is searched.
				o := append(append(inner[:len(inner)-1:len(inner)-1], `,"w":`...), wide...)
				o = append(o, '}')
				if len(keys) == 0 {
					o = append([]byte(`{"w":`), wide...)
					o = append(o, '}')
				}
				extra := fmt.Sprintf(`"o":%s,"a":[%s]`, o, strings.Join(arr, ","))
				if rng.IntN(3) == 0 {
					extra += `,"o":{"k0":"second o","w":{"k1":"second w"}},"a":["second a"]`
				}
				doc := wideObject(keys, val)
				if len(keys) == 0 {
					doc = []byte("{" + extra + "}")
				} else {
					doc = append(doc[:len(doc)-1], ","+extra+"}"...)
				}
				require.True(t, json.Valid(doc), "%s", doc)
				docs = append(docs, doc)
			}
			checkRows(t, docs, ptrs)
		})
	}
}

// numberOf reads v with Number and describes the result as a projection
// would (kind and canonical text), or returns the error.
func numberOf(v simdjson.Value) (pfield, error) {
	kind, i, u, f, err := v.Number()
	if err != nil {
		return pfield{}, err
	}
	switch kind {
	case simdjson.NumberInt64:
		return pfield{simdjson.FieldInt64, strconv.FormatInt(i, 10)}, nil
	case simdjson.NumberUint64:
		return pfield{simdjson.FieldUint64, strconv.FormatUint(u, 10)}, nil
	case simdjson.NumberFloat:
		return pfield{simdjson.FieldFloat64, strconv.FormatFloat(f, 'g', -1, 64)}, nil
	case simdjson.NumberBigInt:
		raw, err := v.RawNumber()
		if err != nil {
			return pfield{}, err
		}
		return pfield{simdjson.FieldBigInt, string(raw)}, nil
	}
	return pfield{}, fmt.Errorf("kind %d", kind)
}

func requireCode(t *testing.T, err error, code simdjson.ErrorCode, msgAndArgs ...any) {
	t.Helper()
	require.Error(t, err, msgAndArgs...)
	var c simdjson.ErrorCode
	require.True(t, errors.As(err, &c), "%v", err)
	require.Equal(t, code, c, msgAndArgs...)
}

// TestNumberBigIntGrammar: an integer beyond 64 bits is a number only when
// it is followed by whitespace, ',', '}', ']' or the end, and at the root of
// a document only by whitespace; simdjson (4.6.7, as 3.9.4) reports
// BIGINT_ERROR for its digits without a look at what follows.
func TestNumberBigIntGrammar(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	const big = "12345678901234567890123"
	root := func(in string) simdjson.Value {
		d, err := p.Parse(padded([]byte(in), '7'))
		require.NoError(t, err, "%q", in)
		return d.Value
	}
	elem := func(in string) simdjson.Value {
		d, err := p.Parse(padded([]byte(in), '7'))
		require.NoError(t, err, "%q", in)
		v, err := d.Index(0)
		require.NoError(t, err, "%q", in)
		return v
	}
	for _, tc := range []struct {
		in   string
		v    func(string) simdjson.Value
		code simdjson.ErrorCode // 0: valid
	}{
		{"[" + big + "x]", elem, simdjson.ErrNumber},
		{"[" + big + "-]", elem, simdjson.ErrNumber},
		{"[" + big + "a1]", elem, simdjson.ErrNumber},
		{"[-" + big + "x]", elem, simdjson.ErrNumber},
		{"[" + big + "]", elem, 0},
		{"[-" + big + " ]", elem, 0},
		{"[" + big + ",1]", elem, 0},
		{"[18446744073709551616]", elem, 0},
		{"[18446744073709551616x]", elem, simdjson.ErrNumber},
		{big + "x", root, simdjson.ErrNumber},
		{big + "x 5", root, simdjson.ErrNumber},
		{"12345678901233456789012345,123", root, simdjson.ErrTrailingContent},
		{big + " 5", root, simdjson.ErrTrailingContent},
		{big + " \n", root, 0},
		{big, root, 0},
		{"-" + big, root, 0},
		{"18446744073709551616 5", root, simdjson.ErrTrailingContent},
		{"18446744073709551616", root, 0},
	} {
		v := tc.v(tc.in)
		got, err := numberOf(v)
		if tc.code != 0 {
			requireCode(t, err, tc.code, "%q", tc.in)
			continue
		}
		require.NoError(t, err, "%q", tc.in)
		want := strings.Trim(tc.in, "[] \n")
		want, _, _ = strings.Cut(want, ",")
		require.Equal(t, pfield{simdjson.FieldBigInt, want}, got, "%q", tc.in)
	}
	// In an object, and in the documents of a stream.
	d, err := p.Parse([]byte(`{"a":` + big + `x,"b":` + big + `}`))
	require.NoError(t, err)
	a, err := d.Field("a")
	require.NoError(t, err)
	_, err = numberOf(a)
	requireCode(t, err, simdjson.ErrNumber)
	b, err := d.Field("b")
	require.NoError(t, err)
	f, err := numberOf(b)
	require.NoError(t, err)
	require.Equal(t, pfield{simdjson.FieldBigInt, big}, f)
	s := p.Stream(simdjson.Bytes([]byte(big + "x\n" + big + "\n")))
	var res []string
	for _, doc := range s.Documents() {
		f, err := numberOf(doc.Value)
		res = append(res, fmt.Sprint(f, err != nil))
	}
	require.NoError(t, s.Err())
	require.Equal(t, []string{fmt.Sprint(pfield{}, true), fmt.Sprint(pfield{simdjson.FieldBigInt, big}, false)}, res)
	// A concatenated stream's documents need no whitespace between them:
	// the next document's first token ends the number (a quote does not
	// start a token after a scalar: big"s" is one malformed number).
	s = p.Stream(simdjson.Bytes([]byte(big+`[1]`+big+`"s" `+big+`x `+big+`{}`+big)), simdjson.Concatenated())
	res = nil
	for _, doc := range s.Documents() {
		if doc.Type() != simdjson.TypeNumber {
			continue
		}
		k, _, _, _, err := doc.Number()
		switch {
		case err != nil:
			res = append(res, "error")
		case k == simdjson.NumberBigInt:
			res = append(res, "bigint")
		default:
			res = append(res, fmt.Sprint(k))
		}
	}
	require.NoError(t, s.Err())
	require.Equal(t, []string{"bigint", "error", "error", "bigint", "bigint"}, res)

}

// TestProjectionBigIntGrammar is TestNumberBigIntGrammar for projections.
func TestProjectionBigIntGrammar(t *testing.T) {
	const big = "12345678901234567890123"
	docs := []string{`{"a":` + big + `x}`, `{"a":` + big + `}`, `[` + big + `x]`, big + "x", big, `{"a":-` + big + `-}`, `{"a":18446744073709551616}`, `{"a":18446744073709551616e}`}
	rows := projectAll(t, simdjson.Bytes([]byte(strings.Join(docs, "\n"))), []string{"/a", "/0", ""}, simdjson.Threads(1))
	off := int64(0)
	for _, doc := range docs {
		r := rows[off]
		require.NotNil(t, r, doc)
		var got pfield
		switch doc[0] {
		case '{':
			got = r[0]
		case '[':
			got = r[1]
		default:
			got = r[2]
		}
		want := pfield{Kind: simdjson.FieldError}
		if !strings.ContainsAny(doc, "xe-") {
			want = pfield{simdjson.FieldBigInt, strings.Trim(doc, `{}[]"a:`)}
		}
		require.Equal(t, want, got, doc)
		off += int64(len(doc)) + 1
	}
}

// TestRawJSONTrailing: at the root of a document, RawJSON of a value
// followed by more tokens is trailing content.
func TestRawJSONTrailing(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, in := range []string{"1 2", `"a" 2`, "true false", "null 1", "[] []", "{} {}", "[1] [2]", `{"a":1} {"b":2}`, "[] 1", "1.5,2", "1 ]"} {
		d, err := p.Parse(padded([]byte(in), ' '))
		if err != nil { // simdjson's own check of a root container's last token
			continue
		}
		_, err = d.RawJSON()
		requireCode(t, err, simdjson.ErrTrailingContent, "%q", in)
		if in[0] == '[' {
			a, err := d.Array()
			require.NoError(t, err)
			_, err = a.RawJSON()
			requireCode(t, err, simdjson.ErrTrailingContent, "%q", in)
		}
	}
	for _, in := range []string{"1", " 1 \n", `"a"`, "[]", " [1, 2] \t", `{"a":[1]}`, "\n{}\n"} {
		d, err := p.Parse([]byte(in))
		require.NoError(t, err, "%q", in)
		raw, err := d.RawJSON()
		require.NoError(t, err, "%q", in)
		require.Equal(t, strings.TrimSpace(in), string(raw))
	}
	// Inside a document, and the documents of streams, are unaffected.
	d, err := p.Parse([]byte(`[1, [2], {"a":3}]`))
	require.NoError(t, err)
	var raws []string
	a, err := d.Array()
	require.NoError(t, err)
	for _, v := range a.Elements() {
		raw, err := v.RawJSON()
		require.NoError(t, err)
		raws = append(raws, string(raw))
	}
	require.Equal(t, []string{"1", "[2]", `{"a":3}`}, raws)
	for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.Concatenated()}} {
		raws = nil
		in := "1\n[2]\n{}\n\"s\"\n"
		if opts != nil {
			in = `1 [2] {} "s"`
		}
		s := p.Stream(simdjson.Bytes([]byte(in)), opts...)
		for _, doc := range s.Documents() {
			raw, err := doc.RawJSON()
			require.NoError(t, err)
			raws = append(raws, string(raw))
		}
		require.NoError(t, s.Err())
		require.Equal(t, []string{"1", "[2]", "{}", `"s"`}, raws)
	}
}

// longNumbers are numbers longer than simdjson's root-number buffer (1,083
// bytes), valid and not.
func longNumbers() []string {
	d := func(n int) string { // n digits, not starting with 0
		var b strings.Builder
		for i := range n {
			b.WriteByte("123456789"[i%9])
		}
		return b.String()
	}
	z := strings.Repeat("0", 1100)
	return []string{
		d(1100), "-" + d(1100), d(5000),
		"1." + d(1100), "-1." + d(1100), "0." + z + "1", "0." + z + "123e1000", "1" + z + "e-1100", "1" + z + ".5e-1098",
		d(1100) + "e-1090", "-0." + d(1100) + "e-300", "0." + d(1100) + "E+2", "4.9" + z + "e-324", "2." + z + "e-324",
		"1.7976931348623157" + z + "e308", "1." + d(1100) + "e400", "-0." + z, "0" + "." + d(1100),
		"2.2250738585072011" + z + "e-308", "9007199254740993" + "." + z + "1", "9007199254740993" + z + "1e-1101",
		// Invalid.
		"1." + d(1100) + "x", "0" + d(1100), "-0" + d(1100), d(1100) + "e", d(1100) + "e+", d(1100) + ".", "." + d(1100),
		d(1100) + ".5.5", "-" + "-" + d(1100), d(1100) + "x", d(1100) + "-1", "1.5e" + d(1100) + "x", "+" + d(1100), "1." + d(1100) + "e-",
	}
}

// TestLongRootNumber: a document that is a number longer than simdjson's
// root-number buffer, through projections (the pointer "") and the handles,
// against strconv and math/big; the bytes after the document (padding of a zero-copy
// parse, bytes past a batch's last line) are digits, which must not be read.
func TestLongRootNumber(t *testing.T) {
	nums := longNumbers()
	// Projections: one number per line, the last line without a newline,
	// followed in memory by digits.
	var data []byte
	var offs []int64
	for i, n := range nums {
		offs = append(offs, int64(len(data)))
		data = append(data, n...)
		if i < len(nums)-1 {
			data = append(data, '\n')
		}
	}
	buf := make([]byte, len(data), len(data)+4096)
	copy(buf, data)
	for i := len(buf); i < cap(buf); i++ {
		buf[:cap(buf)][i] = '7'
	}
	rows := projectAll(t, simdjson.Bytes(buf), []string{""}, simdjson.Threads(1))
	require.Len(t, rows, len(nums))
	for i, n := range nums {
		require.Equal(t, []pfield{refScalar([]byte(n))}, rows[offs[i]], "%.40s... (%d bytes)", n, len(n))
	}
	// As the last line, alone in the batch and followed by digits in memory.
	for _, n := range nums {
		b := padded([]byte(n), '7')
		rows := projectAll(t, simdjson.Bytes(b), []string{""}, simdjson.Threads(1))
		require.Equal(t, []pfield{refScalar([]byte(n))}, rows[0], "%.40s... (%d bytes)", n, len(n))
	}
	// The handles, zero-copy with digits in the padding; followed by
	// whitespace; followed by another token.
	p := simdjson.NewParser()
	defer p.Close()
	for _, n := range nums {
		want := refScalar([]byte(n))
		for _, in := range [][]byte{padded([]byte(n), '7'), []byte(n + " \n\t"), []byte(n + "\n5"), []byte(n + ",5")} {
			d, err := p.Parse(in)
			require.NoError(t, err)
			trailing := !json.Valid(in)
			got, err := numberOf(d.Value)
			switch {
			case want.Kind == simdjson.FieldError && strings.Contains(n, "e400"):
				requireCode(t, err, simdjson.ErrNumber, "%.40s", in)
			case want.Kind == simdjson.FieldError:
				require.Error(t, err, "%.40s", in)
			case trailing:
				requireCode(t, err, simdjson.ErrTrailingContent, "%.40s", in)
			default:
				require.NoError(t, err, "%.40s", in)
				require.Equal(t, want, got, "%.40s", in)
			}
			f, err := d.Float64()
			var wf float64
			wok := want.Kind != simdjson.FieldError
			if wok {
				wf, wok = refFloat(n)
			}
			switch {
			case !wok:
				require.Error(t, err, "%.40s", in)
			case trailing:
				requireCode(t, err, simdjson.ErrTrailingContent, "%.40s", in)
			default:
				require.NoError(t, err, "%.40s", in)
				require.Equal(t, math.Float64bits(wf), math.Float64bits(f), "%.40s", in)
			}
		}
	}
}

// TestRootScalarWhitespace: a root scalar followed by more whitespace than
// simdjson's buffer for its type holds (21 bytes for integers, 1,083 for
// doubles; 3.9.4 also copied booleans, into 6) reads as without it, in a
// document, in a stream's documents and in projections.
func TestRootScalarWhitespace(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, ws := range []string{"", "   ", strings.Repeat(" ", 30), strings.Repeat("\n \t\r", 300)} {
		for _, tail := range []string{"", "x"} {
			if ws == "" && tail != "" {
				continue // a malformed number, not trailing content
			}
			in := func(s string) []byte { return padded([]byte(s+ws+tail), '7') }
			d, err := p.Parse(in("-12"))
			require.NoError(t, err)
			i, err := d.Int64()
			if tail != "" {
				requireCode(t, err, simdjson.ErrTrailingContent, "%q", ws)
			} else {
				require.NoError(t, err, "%q", ws)
				require.Equal(t, int64(-12), i)
			}
			d, err = p.Parse(in("18446744073709551615"))
			require.NoError(t, err)
			u, err := d.Uint64()
			if tail != "" {
				requireCode(t, err, simdjson.ErrTrailingContent, "%q", ws)
			} else {
				require.NoError(t, err, "%q", ws)
				require.Equal(t, uint64(math.MaxUint64), u)
			}
			d, err = p.Parse(in("false"))
			require.NoError(t, err)
			b, err := d.Bool()
			if tail != "" {
				requireCode(t, err, simdjson.ErrTrailingContent, "%q", ws)
			} else {
				require.NoError(t, err, "%q", ws)
				require.False(t, b)
			}
			d, err = p.Parse(in("2.5"))
			require.NoError(t, err)
			f, err := d.Float64()
			if tail != "" {
				requireCode(t, err, simdjson.ErrTrailingContent, "%q", ws)
			} else {
				require.NoError(t, err, "%q", ws)
				require.Equal(t, 2.5, f)
			}
		}
		// Not a value of the type: the same error as without whitespace.
		for _, tc := range []struct {
			in   string
			read func(simdjson.Document) error
		}{
			{"1.5", func(d simdjson.Document) error { _, err := d.Int64(); return err }},
			{`"s"`, func(d simdjson.Document) error { _, err := d.Uint64(); return err }},
			{"truex", func(d simdjson.Document) error { _, err := d.Bool(); return err }},
			{"1", func(d simdjson.Document) error { _, err := d.Bool(); return err }},
			{"tru", func(d simdjson.Document) error { _, err := d.Bool(); return err }},
			{"-", func(d simdjson.Document) error { _, err := d.Float64(); return err }},
		} {
			d, err := p.Parse([]byte(tc.in))
			require.NoError(t, err)
			want := tc.read(d)
			require.Error(t, want, tc.in)
			d, err = p.Parse(padded([]byte(tc.in+ws), '7'))
			require.NoError(t, err)
			require.Equal(t, want.(*simdjson.Error).Code, tc.read(d).(*simdjson.Error).Code, "%q%q", tc.in, ws)
		}
		// A stream's documents and projections.
		lines := []string{"-12", "18446744073709551615", "false", "2.5", "null", "true"}
		data := []byte(strings.Join(lines, ws+"\n") + ws + "\n")
		s := p.Stream(simdjson.Bytes(data))
		var got []string
		for _, doc := range s.Documents() {
			var err error
			var v any
			switch doc.Type() {
			case simdjson.TypeBool:
				v, err = doc.Bool()
			case simdjson.TypeNull:
				v, err = doc.IsNull()
			default:
				if k, _, _, _, _ := doc.Number(); k == simdjson.NumberFloat {
					v, err = doc.Float64()
				} else if k == simdjson.NumberUint64 {
					v, err = doc.Uint64()
				} else {
					v, err = doc.Int64()
				}
			}
			require.NoError(t, err, "%q", ws)
			got = append(got, fmt.Sprint(v))
		}
		require.NoError(t, s.Err())
		require.Equal(t, []string{"-12", "18446744073709551615", "false", "2.5", "true", "true"}, got)
		rows := projectAll(t, simdjson.Bytes(data), []string{""}, simdjson.Threads(1))
		off := int64(0)
		for _, l := range lines {
			require.Equal(t, []pfield{refScalar([]byte(l))}, rows[off], "%q%q", l, ws)
			off += int64(len(l) + len(ws) + 1)
		}
	}
}

// wideDoc writes a random object for FuzzProjectionWide: up to 200 keys
// from k0...k249 (some repeated), values of every kind, some of them
// objects over the same keys.
func wideDoc(c *chooser, depth int) string {
	var b strings.Builder
	b.WriteByte('{')
	n := c.next(201)
	if depth > 0 {
		n = c.next(80)
	}
	if depth > 1 { // the wide nodes are the first two levels: keep the third small
		n = c.next(8)
	}
	var keys []int
	for i := range n {
		k := c.next(250)
		if i > 0 && c.next(8) == 0 { // a repeat
			k = keys[c.next(len(keys))]
		}
		keys = append(keys, k)
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"k%d":`, k)
		switch c.next(12) {
		case 0:
			b.WriteString(strconv.Itoa(c.next(1000) - 500))
		case 1:
			fmt.Fprintf(&b, `"s%d"`, c.next(100))
		case 2:
			b.WriteString("123456789012345678901234567890")
		case 3:
			b.WriteString("-2.5e-3")
		case 4:
			b.WriteString([]string{"true", "false", "null"}[c.next(3)])
		case 5, 6:
			if depth < 2 {
				b.WriteString(wideDoc(c, depth+1))
			} else {
				b.WriteString("{}")
			}
		case 7:
			fmt.Fprintf(&b, `[%d,{"k1":%d},"x"]`, c.next(9), c.next(9))
		case 8:
			b.WriteString("18446744073709551616")
		case 9:
			b.WriteString(`"esc\"aped\u00e9"`)
		case 10:
			b.WriteString("9223372036854775808")
		default:
			b.WriteString("1e400")
		}
	}
	b.WriteByte('}')
	return b.String()
}

// chooser draws choices from the fuzzer's bytes, then from a generator
// seeded by them.
type chooser struct {
	b   []byte
	rng *rand.Rand
}

func (c *chooser) next(n int) int {
	if n <= 1 {
		return 0
	}
	if len(c.b) > 0 {
		v := int(c.b[0])
		c.b = c.b[1:]
		if n > 256 {
			v = v<<8 | c.next(256)
		}
		return v % n
	}
	return c.rng.IntN(n)
}

// FuzzProjectionWide compares MapFields' rows with encoding/json over
// random objects with up to 200 keys (some repeated, some nested) and
// projections of up to 200 pointers.
func FuzzProjectionWide(f *testing.F) {
	f.Add(uint64(1), []byte{200, 200})
	f.Add(uint64(2), []byte{65, 100, 3})
	f.Add(uint64(3), []byte{})
	f.Fuzz(func(t *testing.T, seed uint64, shape []byte) {
		c := &chooser{b: shape, rng: rand.New(rand.NewPCG(seed, uint64(len(shape))))}
		np := 1 + c.next(200)
		seen := map[string]bool{}
		var ptrs []string
		for len(ptrs) < np {
			var p string
			switch c.next(6) {
			case 0, 1, 2:
				p = fmt.Sprintf("/k%d", c.next(250))
			case 3:
				p = fmt.Sprintf("/k%d/k%d", c.next(250), c.next(250))
			case 4:
				p = fmt.Sprintf("/k%d/k%d/k%d", c.next(250), c.next(250), c.next(250))
			default:
				p = fmt.Sprintf("/k%d/%d", c.next(250), c.next(4))
			}
			if !seen[p] {
				seen[p] = true
				ptrs = append(ptrs, p)
			}
		}
		var docs [][]byte
		for range 1 + c.next(4) {
			docs = append(docs, []byte(wideDoc(c, 0)))
		}
		var data []byte
		offs := make([]int64, len(docs))
		for i, d := range docs {
			offs[i] = int64(len(data))
			data = append(append(data, d...), '\n')
		}
		rows := projectAll(t, simdjson.Bytes(data), ptrs, simdjson.Threads(1), simdjson.BatchSize(8<<10))
		require.Len(t, rows, len(docs))
		for i, d := range docs {
			want := refRow(d, ptrs)
			got := rows[offs[i]]
			require.Len(t, got, len(want))
			for j := range want {
				if want[j] != got[j] {
					t.Fatalf("document %d (%.300s), pointer %q: got %v, want %v", i, d, ptrs[j], got[j], want[j])
				}
			}
		}
	})
}

// TestRootLiteralsReadAsNested: a literal, well-formed or not, reads the same
// (Bool and IsNull: value and error code; a projection's field: kind, value
// and error code) at the root of a document, of a stream's line (the last
// line with and without its newline) and of a concatenated stream's
// document as inside an array, whatever whitespace follows it. simdjson
// 4.6.7's get_root_bool compares only "fals" of "false": "fals" followed by
// one more byte read as false at the root (the shim checks the literal
// first); and its is_root_null, like is_null inside containers, reports
// ErrIncorrectType for a word starting with 'n' that is not null (3.9.4
// answered false without an error at the root only).
func TestRootLiteralsReadAsNested(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	code := func(err error) int {
		var c simdjson.ErrorCode
		if errors.As(err, &c) {
			return int(c)
		}
		require.NoError(t, err)
		return 0
	}
	read := func(v simdjson.Value) string {
		b, err := v.Bool()
		n, err2 := v.IsNull()
		return fmt.Sprint(b, code(err), n, code(err2))
	}
	field := func(r simdjson.Row, i int) string {
		b, _ := r.Bool(i)
		return fmt.Sprint(r.Kind(i), b, r.IsNull(i), code(r.Err(i)))
	}
	project := func(data []byte, ptr string) []string {
		proj, err := simdjson.NewProjection(ptr)
		require.NoError(t, err)
		defer proj.Close()
		var got []string
		_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return nil },
			func(_ *int, r simdjson.Row) error { got = append(got, field(r, 0)); return nil }, simdjson.Threads(1))
		require.NoError(t, err)
		return got
	}
	lits := []string{"true", "false", "null", "tru", "fals", "nul", "t", "f", "n", "truee", "falsee", "nulll"}
	for _, w := range []string{"tru", "fals", "nul", "true", "false", "null"} {
		for _, c := range []byte("eElsux0_") {
			lits = append(lits, w+string(c))
		}
	}
	for _, lit := range lits {
		d, err := p.Parse(padded([]byte("["+lit+"]"), 'e'))
		require.NoError(t, err, lit)
		v, err := d.Index(0)
		require.NoError(t, err, lit)
		want := read(v)
		wantField := project([]byte("["+lit+"]\n"), "/0")
		for _, ws := range []string{"", " ", "\n", " \t\r\n ", strings.Repeat(" ", 8)} {
			d, err := p.Parse(padded([]byte(lit+ws), 'e'))
			if err != nil {
				requireCode(t, err, simdjson.ErrNotJSON, "%q", lit+ws) // a word that is no literal
				continue
			}
			require.Equal(t, want, read(d.Value), "root %q", lit+ws)
			for _, data := range []string{"1\n" + lit + ws + "\n2\n", "1\n" + lit + ws} {
				s := p.Stream(simdjson.Bytes([]byte(data)))
				for i, d := range s.Documents() {
					if i == 1 {
						require.Equal(t, want, read(d.Value), "line %q", data)
					}
				}
				require.NoError(t, s.Err(), "%q", data)
				require.Equal(t, wantField, project([]byte(data), "")[1:2], "projection %q", data)
			}
			if ws != "" {
				s := p.Stream(simdjson.Bytes([]byte("1 "+lit+ws+"2")), simdjson.Concatenated())
				for i, d := range s.Documents() {
					if i == 1 {
						require.Equal(t, want, read(d.Value), "concatenated %q", lit+ws)
					}
				}
				require.NoError(t, s.Err(), "%q", lit+ws)
			}
		}
	}
}
