//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	stdjson "encoding/json"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	json "github.com/simdjson-cgo/simdjson/json/v2"
)

// The Marshal fast path (default options, plain data types): bytes and
// errors are encoding/json/v2's with Deterministic(true) (map entries
// sorted); without it map entries are in Go's map order, as the
// standard's: the bytes are then compared with their object members
// sorted (sortMembers).

type mInner struct {
	S string `json:"s,omitempty"`
}

type mPlain struct {
	Name    string            `json:"name"`
	B       bool              `json:"b,omitempty"`
	I       int               `json:"i,omitempty"`
	F       float64           `json:"f,omitempty"`
	F32     float32           `json:"f32"`
	U64     uint64            `json:"u64"`
	I8      int8              `json:"i8,omitzero"`
	S       string            `json:"s,omitempty"`
	Z       string            `json:"z,omitzero"`
	P       *int              `json:"p,omitempty"`
	PS      *string           `json:"ps,omitempty"`
	Sl      []int             `json:"sl"`
	SlE     []string          `json:"sle,omitempty"`
	SlZ     []string          `json:"slz,omitzero"`
	M       map[string]int    `json:"m"`
	ME      map[string]bool   `json:"me,omitempty"`
	MZ      map[string]bool   `json:"mz,omitzero"`
	Any     any               `json:"any"`
	AnyE    any               `json:"anye,omitempty"`
	In      mInner            `json:"in,omitempty"`
	InZ     mInner            `json:"inz,omitzero"`
	PIn     *mInner           `json:"pin,omitempty"`
	Arr     [2]float32        `json:"arr"`
	Arr0    [0]int            `json:"arr0,omitempty"`
	Both    string            `json:"both,omitempty,omitzero"`
	Ms      map[string]string `json:"ms"`
	Next    *mPlain           `json:"next,omitempty"`
	NoTag   int
	Odd     string `json:"<&>"`
	Dash    int    `json:"-,omitempty"`
	skip    int
	Ignored int `json:"-"`
}

type myString string

// rmap nests maps of one type: the fast path's scratch of map values is a
// stack per type.
type rmap map[string]rmap

type mNamed struct {
	K map[myString]myString `json:"k"`
	L []myString
}

type list struct {
	V    int   `json:"v"`
	Next *list `json:"next"`
}

// Struct types vet would flag, made at run time: an unexported field
// with a json tag, two fields of one name (both errors of the standard's).
var (
	withUnexportedTag = reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"a"`},
		{Name: "b", PkgPath: "json_test", Type: reflect.TypeFor[int](), Tag: `json:"b"`},
	})
	dupNames = reflect.StructOf([]reflect.StructField{
		{Name: "A", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
		{Name: "B", Type: reflect.TypeFor[int](), Tag: `json:"x"`},
	})
)

type foldNames struct {
	A int `json:"x"`
	B int `json:"X"`
}

type noExported struct{ a, b int }

type withMethod struct{ A int }

func (withMethod) MarshalText() ([]byte, error) { return []byte("m"), nil }

type withDuration struct {
	D time.Duration `json:"d"`
}

// mTimes: time.Time as encoding/json/v2 writes it by default (its own
// format, RFC 3339 with nanoseconds), and IsZero under omitzero.
type mTimes struct {
	T  time.Time   `json:"t"`
	TZ time.Time   `json:"tz,omitzero"`
	TE time.Time   `json:"te,omitempty"`
	P  *time.Time  `json:"p"`
	PZ *time.Time  `json:"pz,omitzero"`
	PP **time.Time `json:"pp,omitzero"`
	A  any         `json:"a,omitzero"`
}

// timeValues: times of every shape the format has, in zones, the zero
// instant in a zone (IsZero, not the zero value), and the times
// encoding/json/v2 refuses (a year outside [0,9999], a zone hour of 24).
func timeValues() []any {
	loc := time.FixedZone("X", -(9*3600 + 30*60))
	t := time.Date(2026, 12, 5, 21, 15, 2, 123456789, time.UTC)
	t2 := time.Date(1999, 1, 2, 3, 4, 5, 0, loc)
	zeroIn := time.Time{}.In(loc)
	pt := &t2
	var vals []any
	for _, tm := range []time.Time{{}, t, t2, zeroIn, t.Truncate(time.Second), time.Date(0, 1, 1, 0, 0, 0, 1, time.UTC),
		time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC), time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC), t.In(time.FixedZone("", 24*3600)), t.In(time.FixedZone("", -(23*3600 + 59*60)))} {
		vals = append(vals, tm, &tm, []time.Time{tm, t}, map[string]time.Time{"k": tm, "j": t2}, []any{tm},
			mTimes{T: tm, TZ: tm, TE: tm, P: &tm, PZ: &tm, PP: &pt, A: tm})
	}
	return append(vals, mTimes{}, mTimes{TZ: zeroIn, PZ: &zeroIn, A: zeroIn}, []*time.Time{nil, &t})
}

// mRaws: json.RawMessage as encoding/json/v2 writes it by default (its
// MarshalJSON, then Encoder.WriteValue: checked, compacted, strings made
// canonical), under omitempty (an empty result omitted), omitzero (nil)
// and through pointers.
type mRaws struct {
	R  stdjson.RawMessage            `json:"r"`
	RE stdjson.RawMessage            `json:"re,omitempty"`
	RZ stdjson.RawMessage            `json:"rz,omitzero"`
	P  *stdjson.RawMessage           `json:"p"`
	PE *stdjson.RawMessage           `json:"pe,omitempty"`
	M  map[string]stdjson.RawMessage `json:"m"`
	A  any                           `json:"a"`
}

// rawValues: raw values the fast path copies (whitespace left out) and
// ones it must leave to the standard (invalid JSON or UTF-8, repeated
// names, too deep), with escapes canonical and not (rewritten by both).
func rawValues() []any {
	names := func(n int, dup bool) string {
		var b strings.Builder
		b.WriteString("{")
		for i := range n {
			if i > 0 {
				b.WriteString(" , ")
			}
			k := i
			if dup && i == n-1 {
				k = 3
			}
			fmt.Fprintf(&b, "\"k%d\":%d", k, i)
		}
		b.WriteString("}")
		return b.String()
	}
	raws := []string{
		"", " ", "null", " \t\r\n{ \"a\" : [ 1 , 2.5e-3 , true , false , null , \"x y\" ] , \"b\" : { } , \"c\":[ ] } \n",
		`"\u0041"`, `"a\/b"`, `"\n"`, `"é日本😀"`, "\"\xff\"", "\"\x01\"", "\"\u2028\"", "\"\x7f<>&\"",
		`{"a":1,"a":2}`, `{"x":{"a":1,"a":2}}`, `{"a":{"b":1},"b":{"a":2}}`, `[{"a":1},{"a":1}]`, names(20, false), names(20, true), names(17, true),
		`01`, `1.`, `-`, `.5`, `1e`, `1e+`, `-0`, `1E+5`, `0.5e-00`, `-12.75E3`, `truex`, `tru`, `nul`, `[1,]`, `{"a":1,}`, `{"a"}`, `{"a":}`,
		`{1:2}`, `1 2`, `[1 2]`, `{"a":1 "b":2}`, `"abc`, `["abc`, `{`, `[`, `}`, `"a\"b"`, strings.Repeat("[", 500) + strings.Repeat("]", 500),
		strings.Repeat("[", 10001) + strings.Repeat("]", 10001), strings.Repeat(`{"a":`, 300) + "1" + strings.Repeat("}", 300),
		`"\/\u00e9\u00E9\u0000\u001f\u001F\u000a\u0022\u005c\u007f\u2028\ud83d\ude00\ufffd"`, `"\ud83d"`, `"\ude00x"`, `"\ud83d\u0041"`,
		`"\u12"`, `"\u12G4"`, `"\x"`, `"\`, `"\u00e`, `{"\u0061":1,"a":2}`, `{"a\n":1,"a\u000a":2}`, `{"\/":1}`, `{"\n":1,"\u0001":2}`,
		`"` + strings.Repeat("abcdefgh", 9) + `"`, `"` + strings.Repeat("abcdefg\\", 9) + `"`, `"` + strings.Repeat("abcdéfgh", 9) + `"`,
	}
	var vals []any
	for _, r := range raws {
		raw := stdjson.RawMessage(r)
		vals = append(vals, raw, &raw, []stdjson.RawMessage{raw, nil}, map[string]stdjson.RawMessage{"k": raw}, []any{raw},
			mRaws{R: raw, RE: raw, RZ: raw, P: &raw, PE: &raw, M: map[string]stdjson.RawMessage{"a": raw}, A: raw})
	}
	empty := stdjson.RawMessage{}
	return append(vals, stdjson.RawMessage(nil), mRaws{}, mRaws{RE: empty, RZ: empty, PE: &empty}, []*stdjson.RawMessage{nil})
}

type mStringOpt struct {
	N int `json:"n,string"`
}

func deepList(n int) *list {
	var l *list
	for i := range n {
		l = &list{V: i, Next: l}
	}
	return l
}

func deepAny(n int) any {
	var v any = 1
	for range n {
		v = []any{v}
	}
	return v
}

func marshalValues() []any {
	one, empty := 1, ""
	cyc := &list{V: 1}
	cyc.Next = cyc
	cycMap := map[string]any{}
	cycMap["x"] = cycMap
	full := mPlain{
		Name: "x<y>&z\u2028\u2029\x00\x1f\x7f\"\\\b\f\n\r\t é 😀", B: true, I: -3, F: -0.0, F32: 1e21, U64: math.MaxUint64,
		I8: -128, S: "s", Z: "z", P: &one, PS: &empty, Sl: []int{}, SlE: []string{}, SlZ: []string{},
		M: map[string]int{"b": 2, "a": 1, "": 0, "é": 3, "A": 4}, ME: map[string]bool{}, MZ: map[string]bool{},
		Any: map[string]any{"k": []any{nil, 1.5, "s", true, map[string]any{}}}, AnyE: []any{},
		In: mInner{S: "x"}, InZ: mInner{}, PIn: &mInner{}, Arr: [2]float32{1.1, float32(math.SmallestNonzeroFloat32)},
		Ms: map[string]string{"z": "1", "y": "2"}, Next: &mPlain{Name: "n"}, NoTag: 7, Odd: "o", Dash: 1,
	}
	return []any{
		nil, true, false, 0, -0.0, math.Copysign(0, -1), 1e21, 1e20, 1e-6, 1e-7, 123456789.125, float32(0.1),
		float32(1e21), float32(16777216), float32(-1e-7), math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.NaN(), math.Inf(1), float32(math.Inf(-1)), int64(math.MinInt64), uint64(math.MaxUint64), uint8(255),
		"", "a", "\xff", "a\xffb", "\xed\xa0\x80", "<script>&</script>", "\u2028", strings.Repeat("ab\n", 100),
		[]int(nil), []int{}, map[string]int(nil), map[string]any(nil), []any(nil), []any{}, [0]int{},
		map[string]int{"\xff": 1}, map[string]any{"a": "\xff"}, []string{"ok", "\xc3"},
		mPlain{}, &mPlain{}, full, &full, []mPlain{full, {}}, map[string]mPlain{"x": full},
		(*mPlain)(nil), (*int)(nil), &one, new(*int), mNamed{}, mNamed{K: map[myString]myString{"b": "1", "a": "2"}, L: []myString{"x"}},
		deepList(3), deepList(999), deepList(1001), deepList(10001), cyc, cycMap, deepAny(999), deepAny(1001), deepAny(9998), deepAny(9999), deepAny(10000), deepAny(10001), deepList(5000),
		reflect.New(withUnexportedTag).Elem().Interface(), reflect.New(dupNames).Interface(), foldNames{}, noExported{}, struct{}{}, map[string]struct{}{"a": {}},
		withMethod{}, []any{withMethod{}}, withDuration{D: time.Second}, []any{time.Second}, mStringOpt{N: 1},
		[]byte("abc"), []byte(nil), [4]byte{1, 2, 3, 4}, map[int]string{2: "b", 1: "a"}, make(chan int), func() {},
		complex(1, 2), uintptr(1), struct {
			A int `json:"-,"`
		}{}, struct {
			A int `json:"a,omitempty,"`
		}{}, []any{make(chan int)}, map[string]any{"f": math.NaN()}, []any{math.Inf(-1)},
		rmap{"b": {"y": nil, "x": {}}, "a": {"z": {"q": nil}, "c": nil}, "c": nil},
		[]map[string]mInner{{"b": {S: "1"}, "a": {S: "\xff"}}, {"d": {}, "c": {S: "2"}, "e": {S: "3"}}},
		map[string]mInner{"b": {S: "1"}, "a": {}, "c": {S: "3"}},
		[]map[string]int8{{"a": 1}, {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6, "g": 7, "h": 8, "i": 9, "j": 10}, {"k": 11}},
		[]*int{nil, &one}, [][]string{nil, {}}, map[string][]int{"a": nil}, map[string]map[string]int{"a": nil},
		struct {
			A any `json:"a,omitempty"`
			B any `json:"b,omitempty"`
			C any `json:"c,omitempty"`
			D any `json:"d,omitempty"`
			E any `json:"e,omitempty"`
		}{A: "", B: map[string]any{}, C: []any{}, D: 0.0, E: false},
		struct {
			A string `json:"a,omitempty"`
			B int    `json:"b"`
		}{B: 1},
	}
}

// checkMarshal compares Marshal and MarshalWrite of v with the standard's
// (Deterministic) and reports whether the fast path took v.
func checkMarshal(t *testing.T, v any) bool {
	t.Helper()
	what := fmt.Sprintf("%T", v)
	want, errW := jsonv2.Marshal(v, json.Deterministic(true))
	_, fast := json.MarshalFast(v)
	for i, opts := range [][]json.Options{nil, {json.DefaultOptionsV2()}, {json.Deterministic(true)}} {
		got, errG := json.Marshal(v, opts...)
		if fast || i == 2 {
			sameErr(t, fmt.Sprintf("Marshal %d %s", i, what), errG, errW)
		}
		if !fast && i < 2 {
			// The standard's, in Go's map order: the same value, or an
			// error of the same type (which one is met first depends on
			// the order).
			if (errG == nil) != (errW == nil) || reflect.TypeOf(errG) != reflect.TypeOf(errW) {
				t.Fatalf("Marshal %d %s: error %v, want %v", i, what, errG, errW)
			}
			if errG != nil {
				continue
			}
			var g, w any
			if err := jsonv2.Unmarshal(got, &g); err != nil {
				t.Fatalf("Marshal %d %s: %v", i, what, err)
			}
			if err := jsonv2.Unmarshal(want, &w); err != nil || !reflect.DeepEqual(g, w) {
				t.Fatalf("Marshal %d %s: values differ (%v)", i, what, err)
			}
			continue
		}
		if i < 2 && errW == nil {
			// Go's map order: the same bytes once members are sorted
			// (sortMembers drops whitespace: the lengths too).
			n, nw := len(got), len(want)
			got, want := sortMembers(t, got), sortMembers(t, want)
			if n != nw || !bytes.Equal(got, want) {
				t.Fatalf("Marshal %d %s (members sorted):\n got %s\nwant %s", i, what, around(got, want), around(want, got))
			}
			continue
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("Marshal %d %s:\n got %s\nwant %s", i, what, around(got, want), around(want, got))
		}
	}
	for _, opts := range [][]json.Options{nil, {json.Deterministic(true)}} {
		var buf, bufW bytes.Buffer
		errG := json.MarshalWrite(&buf, v, opts...)
		errW := jsonv2.MarshalWrite(&bufW, v, json.Deterministic(true))
		if fast {
			sameErr(t, "MarshalWrite "+what, errG, errW)
		} else if (errG == nil) != (errW == nil) {
			t.Fatalf("MarshalWrite %s: error %v, want %v", what, errG, errW)
		}
		if errW != nil || !fast {
			continue
		}
		got, want := buf.Bytes(), bufW.Bytes()
		n, nw := len(got), len(want)
		if len(opts) == 0 {
			got, want = sortMembers(t, got), sortMembers(t, want)
		}
		if n != nw || !bytes.Equal(got, want) {
			t.Fatalf("MarshalWrite %d %s:\n got %s\nwant %s", len(opts), what, around(got, want), around(want, got))
		}
	}
	b, fast := json.MarshalFast(v)
	if fast && (errW != nil || !bytes.Equal(b, want)) {
		t.Fatalf("fast path %s wrote %s, want %s (%v)", what, around(b, want), around(want, b), errW)
	}
	return fast
}

// sortMembers returns the JSON value b with the members of every object
// sorted by name (bytewise, unquoted), each value's bytes otherwise as
// they are: two encodings that differ only in map order become equal.
func sortMembers(t *testing.T, b []byte) []byte {
	t.Helper()
	dec := jsontext.NewDecoder(bytes.NewReader(b))
	out, err := sortedValue(dec)
	if err != nil {
		t.Fatalf("sortMembers %q: %v", b, err)
	}
	return out
}

func sortedValue(dec *jsontext.Decoder) ([]byte, error) {
	switch dec.PeekKind() {
	case '{':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		type member struct {
			name string
			raw  []byte
		}
		var ms []member
		for dec.PeekKind() != '}' {
			name, err := dec.ReadValue() // the quoted name
			if err != nil {
				return nil, err
			}
			// Both copied now: name is valid until the next read.
			raw := append(append([]byte(nil), name...), ':')
			unq, err := jsontext.AppendUnquote(nil, name)
			if err != nil {
				return nil, err
			}
			val, err := sortedValue(dec)
			if err != nil {
				return nil, err
			}
			ms = append(ms, member{string(unq), append(raw, val...)})
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		slices.SortStableFunc(ms, func(a, b member) int { return strings.Compare(a.name, b.name) })
		out := []byte{'{'}
		for i, m := range ms {
			if i > 0 {
				out = append(out, ',')
			}
			out = append(out, m.raw...)
		}
		return append(out, '}'), nil
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		out := []byte{'['}
		for i := 0; dec.PeekKind() != ']'; i++ {
			if i > 0 {
				out = append(out, ',')
			}
			val, err := sortedValue(dec)
			if err != nil {
				return nil, err
			}
			out = append(out, val...)
		}
		if _, err := dec.ReadToken(); err != nil {
			return nil, err
		}
		return append(out, ']'), nil
	}
	v, err := dec.ReadValue()
	return append([]byte(nil), v...), err
}

// around returns a's bytes around where it first differs from b.
func around(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return fmt.Sprintf("...%q... (at %d of %d)", a[max(0, i-60):min(len(a), i+60)], i, len(a))
}

func TestMarshalDefaultDiff(t *testing.T) {
	taken := 0
	vals := marshalValues()
	vals = append(vals, timeValues()...)
	vals = append(vals, rawValues()...)
	for _, v := range vals {
		if checkMarshal(t, v) {
			taken++
		}
	}
	t.Logf("fast path took %d of %d values", taken, len(vals))
	// Each special byte at each position of strings around the 8-byte
	// steps of the escaping, after ASCII and after non-ASCII text.
	for _, lead := range []string{"", "é", "日本語"} {
		for n := range 20 {
			for _, c := range []string{"\"", "\\", "\n", "\x00", "\x1f", "\x7f", "<", "\u2028", "\xff", "\xe6\x97", "é"} {
				str := lead + strings.Repeat("a", n) + c + strings.Repeat("b", 19-n)
				checkMarshal(t, str)
				checkMarshal(t, map[string]string{str: str})
			}
		}
	}
	// What the fast path must take (plain data), and what it must not.
	for _, v := range []any{nil, 1, "x", []int(nil), mPlain{}, marshalValues()[49], deepList(999), map[string]struct{}{},
		time.Time{}, mTimes{}, timeValues()[5], stdjson.RawMessage(" { \"a\" : [1, \"é\"] } "), mRaws{},
		stdjson.RawMessage(`"\u0041 a\/b \ud83d\ude00"`)} {
		if _, ok := json.MarshalFast(v); !ok {
			t.Errorf("fast path refused %T", v)
		}
	}
	for _, v := range []any{"\xff", math.NaN(), withMethod{}, []any{time.Second}, deepAny(10001), reflect.New(dupNames).Elem().Interface(), mStringOpt{}, []byte{},
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), mTimes{T: time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC)},
		stdjson.RawMessage(`"\ud83d"`), stdjson.RawMessage(`{"a":1,"a":1}`), stdjson.RawMessage(`{"\u0061":1}`), stdjson.RawMessage{}} {
		if _, ok := json.MarshalFast(v); ok {
			t.Errorf("fast path took %T %v", v, v)
		}
	}
}

// An unordered map marshalled without Deterministic: the standard's bytes
// parse to the same value.
func TestMarshalDefaultUnordered(t *testing.T) {
	v := map[string]any{"a": 1.0, "b": []any{"x"}, "c": map[string]any{"d": nil, "e": true}}
	got, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	want, err := jsonv2.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var g, w any
	if jsonv2.Unmarshal(got, &g) != nil || jsonv2.Unmarshal(want, &w) != nil || fmt.Sprint(g) != fmt.Sprint(w) {
		t.Fatalf("%s vs %s", got, want)
	}
}

type failWriter struct{ n int }

var errWrite = errors.New("write failed")

func (f *failWriter) Write(p []byte) (int, error) { f.n += len(p); return 0, errWrite }

func TestMarshalWriteFailingWriter(t *testing.T) {
	for _, v := range []any{mPlain{Name: "x"}, "\xff", []any{1}} {
		var fw, fwStd failWriter
		errG := json.MarshalWrite(&fw, v)
		errW := jsonv2.MarshalWrite(&fwStd, v)
		sameErr(t, fmt.Sprintf("MarshalWrite %T", v), errG, errW)
		if errors.Is(errG, errWrite) != errors.Is(errW, errWrite) {
			t.Fatalf("%T: error %v, want %v", v, errG, errW)
		}
	}
}

func TestConcurrentMarshal(t *testing.T) {
	vals := marshalValues()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				v := vals[(g*7+i)%len(vals)]
				got, errG := json.Marshal(v, json.Deterministic(true))
				want, errW := jsonv2.Marshal(v, json.Deterministic(true))
				if !bytes.Equal(got, want) || (errG == nil) != (errW == nil) {
					t.Errorf("%T: %s vs %s", v, got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// The corpus into any and its struct types, marshalled back.
func TestMarshalCorpus(t *testing.T) {
	for _, name := range corpus.Files {
		data, err := os.ReadFile(filepath.Join(corpus.SharedData(t, "jsonexamples"), name))
		if err != nil {
			t.Skip(err)
		}
		var v any
		if err := jsonv2.Unmarshal(data, &v); err != nil {
			t.Fatal(err)
		}
		if !checkMarshal(t, v) {
			t.Errorf("%s into any: fast path refused", name)
		}
		for _, mk := range corpus.Types[name] {
			p := mk()
			if err := jsonv2.Unmarshal(data, p); err != nil {
				continue
			}
			fast := checkMarshal(t, p)
			t.Logf("%s %T: fast path %v", name, p, fast)
		}
	}
}

// FuzzMarshalDefault: a document unmarshalled (by the standard) into any
// and into mPlain, and a string (any bytes, invalid UTF-8 too) put into
// strings and map keys, marshalled by both.
func FuzzMarshalDefault(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add([]byte(s), "x\xff"[:i%3])
	}
	f.Add([]byte(`{"name":"a","i":0,"b":false,"s":"","p":null,"sl":null,"m":{},"in":{},"pin":{},"anye":[]}`), "\u2028<")
	f.Fuzz(func(t *testing.T, doc []byte, s string) {
		var v any
		if jsonv2.Unmarshal(doc, &v) == nil {
			checkMarshal(t, v)
			checkMarshal(t, map[string]any{s: v, "k": []any{s, v}})
		}
		var p mPlain
		if jsonv2.Unmarshal(doc, &p) == nil {
			checkMarshal(t, p)
			p.Name, p.S, p.Z = s, s, s
			p.M = map[string]int{s: 1, "k": 2}
			p.Any = s
			p.In.S = s
			checkMarshal(t, &p)
		}
		checkMarshal(t, []string{s})
		// The document and the string as raw values, as they are (the
		// fast path copies them, compacted, or leaves them to the
		// standard), in a struct and in a map.
		for _, raw := range []stdjson.RawMessage{doc, stdjson.RawMessage(s)} {
			checkMarshal(t, raw)
			checkMarshal(t, mRaws{R: raw, RE: raw, M: map[string]stdjson.RawMessage{s: raw}})
		}
	})
}

// mNames: field names around the 32 bytes the fast path stores in one go
// (`,"name":` is the name and four bytes), all omitted or some.
type mNames struct {
	N27 int    `json:"abcdefghijklmnopqrstuvwxyz0,omitempty"`
	N28 string `json:"abcdefghijklmnopqrstuvwxyz01,omitempty"`
	N29 []int  `json:"abcdefghijklmnopqrstuvwxyz012,omitempty"`
	N30 any    `json:"abcdefghijklmnopqrstuvwxyz0123,omitempty"`
	N1  *int   `json:"n,omitempty"`
}

// Integers at the fast path's digit-count edges, and structs whose first
// field written is not the first one.
func TestMarshalDefaultNumbers(t *testing.T) {
	ints := []int64{0, 1, 9, 10, 99, 1e7 - 1, 1e7, 1e8 - 1, 1e8, 1e8 + 1, 1e9 - 1, 1e9, 1e15, 1e16 - 1, 1e16, 1e18, math.MaxInt64, math.MinInt64}
	var i64 []int64
	var i8 []int8
	var i32 []int32
	var u64 []uint64
	for _, v := range ints {
		i64 = append(i64, v, -v)
		i8 = append(i8, int8(v), -int8(v))
		i32 = append(i32, int32(v), -int32(v))
		u64 = append(u64, uint64(v), uint64(v)*2+1)
	}
	u64 = append(u64, math.MaxUint64)
	one := 1
	vals := []any{i64, i8, i32, u64, []uint8nb{1, 200}, map[string]int64{"a": math.MinInt64, "b": 1e8},
		mNames{}, mNames{N1: &one}, mNames{N28: "x"}, mNames{N29: []int{}, N30: ""}, mNames{N27: -5, N29: []int{1e9, -1}, N30: []any{}},
		[]mNames{{}, {N27: 1}}, &mNames{N30: mNames{}}, mInner{}, []mInner{{}, {S: "s"}}, struct{ P *int }{}}
	for _, v := range vals {
		if !checkMarshal(t, v) {
			t.Errorf("%T: fast path refused", v)
		}
	}
}

type uint8nb uint16

// Strings of 30-130 bytes mixing ASCII, two-, three- and four-byte
// characters, U+2028, escapes and invalid bytes (the fast path leaves
// those to the standard), as values and as map keys.
func TestMarshalDefaultLongStrings(t *testing.T) {
	pieces := []string{"abcdefgh", "é", "日本語", "😀", "\u2028", "\u2029", "\n", `"`, `\`, "\x00", "\x7f", "\xff", "\xe2\x80", "\xed\xa0\x80", "\xf0\x9f", "<>&", " "}
	rng := rand.New(rand.NewPCG(47, 43))
	for range 3000 {
		var sb strings.Builder
		n := 30 + rng.IntN(100)
		for sb.Len() < n {
			if rng.IntN(4) == 0 {
				sb.WriteString(pieces[rng.IntN(len(pieces))])
			} else {
				sb.WriteString(pieces[rng.IntN(6)])
			}
		}
		s := sb.String()
		checkMarshal(t, []any{s, map[string]any{s: s}})
	}
}

// Marshal on the fast path allocates its result only: a top-level pointer
// (a word stored directly in the interface) once cost a second allocation,
// its word escaping through the encoder's indirect call.
func TestMarshalAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops what is put in it at random")
	}
	tm := time.Date(2026, 12, 5, 10, 4, 5, 0, time.UTC)
	for _, v := range []any{&benchOrder{ID: "x", Items: []string{"a"}, Created: tm}, benchOrder{ID: "y"}, &mPlain{Name: "z"}} {
		if _, ok := json.MarshalFast(v); !ok {
			t.Fatalf("fast path refused %T", v)
		}
		json.Marshal(v) // the state and buffers, pooled
		if n := testing.AllocsPerRun(100, func() { json.Marshal(v) }); n != 1 {
			t.Errorf("Marshal(%T): %v allocations, want 1", v, n)
		}
	}
}
