//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	jsonv1 "encoding/json"
	stdjsontext "encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	"github.com/simdjson-cgo/simdjson/internal/v2link"
	"github.com/simdjson-cgo/simdjson/json/jsontext"
	json "github.com/simdjson-cgo/simdjson/json/v2"
)

// sameErr fails unless the two errors are equal as the standard's would
// be compared by a caller: same text, same type, same SemanticError fields.
func sameErr(t *testing.T, what string, got, want error) {
	t.Helper()
	if (got == nil) != (want == nil) {
		t.Fatalf("%s: error %v, want %v", what, got, want)
	}
	if got == nil {
		return
	}
	if got.Error() != want.Error() || reflect.TypeOf(got) != reflect.TypeOf(want) {
		t.Fatalf("%s: error %T %q, want %T %q", what, got, got, want, want)
	}
	var gs, ws *jsonv2.SemanticError
	if errors.As(got, &gs) != errors.As(want, &ws) {
		t.Fatalf("%s: SemanticError %v vs %v", what, gs, ws)
	}
	if gs != nil && (gs.ByteOffset != ws.ByteOffset || gs.JSONPointer != ws.JSONPointer || gs.GoType != ws.GoType) {
		t.Fatalf("%s: SemanticError %+v, want %+v", what, gs, ws)
	}
}

var anyDocs = []string{
	`null`, `true`, `false`, `0`, `-0`, `-0.0`, `1e308`, `1e309`, `-1e400`, `123456789012345678901234567890`,
	`18446744073709551615`, `18446744073709551616`, `9007199254740993`, `-9223372036854775808`, `1.5e-320`,
	`""`, `"a\u0000b"`, `"\ud800"`, `"\ud83d\ude00"`, `"\xff"`, "\"\xed\xa0\x80\"", `"\u00e9"`,
	`[]`, `{}`, `[1,[2,[3]]]`, `{"a":1,"b":[true,null,"x"]}`, `{"a":1,"a":2}`, `{"a":1,"\u0061":2}`,
	`[{"a":1},{"a":2}]`, `{"a":{"b":1,"b":2}}`, `{"A":1,"a":2}`, " \t\n[1] \n", "\ufeff[1]", `[1,]`, `{"a":1,}`,
	`[1] [2]`, `[1]x`, ``, ` `, `[`, `{"a"`, `nul`, `01`, `1.`, `.1`, `+1`, `"\x01"`, `'a'`, `NaN`,
	strings.Repeat("[", 9998) + strings.Repeat("]", 9998), strings.Repeat("[", 9999) + strings.Repeat("]", 9999),
	strings.Repeat("[", 10000) + strings.Repeat("]", 10000), strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	strings.Repeat(`{"a":`, 10000) + `1` + strings.Repeat("}", 10000),
}

// checkAny compares Unmarshal and UnmarshalRead into a nil any with the
// standard's.
func checkAny(t *testing.T, doc []byte) {
	t.Helper()
	var got, want any
	errG := json.Unmarshal(doc, &got)
	errW := jsonv2.Unmarshal(doc, &want)
	name := fmt.Sprintf("Unmarshal(%.40q)", doc)
	sameErr(t, name, errG, errW)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s = %v, want %v", name, got, want)
	}
	read := func() {
		got, want = nil, nil
		errG = json.UnmarshalRead(bytes.NewReader(doc), &got)
		errW = jsonv2.UnmarshalRead(bytes.NewReader(doc), &want)
	}
	read()
	// A syntax error that the fast path declines is the standard's
	// UnmarshalRead's, whose quote of the bytes at the error is cut where
	// its read buffer ends; its buffers come from a pool, which the race
	// detector drops at random, so that the text varies between calls of
	// the standard itself (checked with go1.27.3 -race: a quote 5 bytes
	// longer in some calls; ours here is that same call on the same bytes).
	// Both are called again until they agree.
	for range 50 {
		if !raceEnabled || errG == nil || errW == nil || errG.Error() == errW.Error() {
			break
		}
		read()
	}
	sameErr(t, "UnmarshalRead"+name[9:], errG, errW)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("UnmarshalRead%s = %v, want %v", name[9:], got, want)
	}
	v1 := jsonv1.DefaultOptionsV1()
	got, want = nil, nil
	errG = json.Unmarshal(doc, &got, v1)
	errW = jsonv2.Unmarshal(doc, &want, v1)
	sameErr(t, "v1 "+name, errG, errW)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("v1 %s = %v, want %v", name, got, want)
	}
}

func TestUnmarshalAnyDiff(t *testing.T) {
	for _, doc := range anyDocs {
		checkAny(t, []byte(doc))
	}
	// Negative zero keeps its sign.
	var v any
	if err := json.Unmarshal([]byte(`-0`), &v); err != nil || !reflect.DeepEqual(fmt.Sprint(v), "-0") {
		t.Fatalf("-0: %v %v", v, err)
	}
}

func TestUnmarshalAnyCorpus(t *testing.T) {
	dir := filepath.Dir(corpus.SharedData(t, "jsonexamples"))
	var files []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("no corpus in " + dir)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil || len(b) > 64<<20 {
			continue
		}
		checkAny(t, b)
	}
}

// A reader that fails after some bytes: the error is the standard's.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err == io.EOF {
		return n, f.err
	}
	return n, err
}

func TestUnmarshalReadFailingReader(t *testing.T) {
	boom := errors.New("boom")
	for _, doc := range []string{`{"a":[1,2`, `{"a":[1,2]}`, ``, `[1] x`} {
		for _, opts := range [][]json.Options{nil, {jsonv1.DefaultOptionsV1()}} {
			var got, want any
			errG := json.UnmarshalRead(&failingReader{strings.NewReader(doc), boom}, &got, opts...)
			errW := jsonv2.UnmarshalRead(&failingReader{strings.NewReader(doc), boom}, &want, opts...)
			sameErr(t, "UnmarshalRead "+doc, errG, errW)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%q: %v, want %v", doc, got, want)
			}
			if !errors.Is(errG, boom) && errW != nil && errors.Is(errW, boom) {
				t.Fatalf("%q: lost the reader's error", doc)
			}
		}
	}
}

// Prefilled targets and other types go to the standard (merge semantics).
func TestUnmarshalPrefilled(t *testing.T) {
	doc := []byte(`{"a":{"y":2},"b":[3]}`)
	got := any(map[string]any{"a": map[string]any{"x": 1.0}, "c": true})
	want := any(map[string]any{"a": map[string]any{"x": 1.0}, "c": true})
	sameErr(t, "prefilled", json.Unmarshal(doc, &got), jsonv2.Unmarshal(doc, &want))
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("prefilled: %v, want %v", got, want)
	}
	var nilp *any
	sameErr(t, "nil pointer", json.Unmarshal(doc, nilp), jsonv2.Unmarshal(doc, nilp))
	sameErr(t, "non-pointer", json.Unmarshal(doc, 1), jsonv2.Unmarshal(doc, 1))
}

type v1Struct struct {
	Name  string            `json:"name"`
	Count int               `json:",string"`
	Tags  []string          `json:"tags,omitempty"`
	M     map[string]int    `json:"m"`
	Inner *struct{ X bool } `json:"inner"`
	D     time.Duration
	Raw   jsonv1.RawMessage
	B     []byte
	Any   any
	skip  int
}

func TestV1OptionsDiff(t *testing.T) {
	v1 := jsonv1.DefaultOptionsV1()
	docs := []string{
		`{"name":"x","Count":"3","tags":["a"],"m":{"k":1},"inner":{"X":true},"D":5,"Raw":[1, 2],"B":"AQI=","Any":{"z":[1]}}`,
		`{"NAME":"y","count":"4","extra":1}`, `{"name":1}`, `{"Count":3}`, `{"name":"a","name":"b"}`, `[`, `null`,
		"{\"name\":\"\xff\"}", `{"B":"!!"}`,
	}
	for _, doc := range docs {
		var got, want v1Struct
		errG := json.Unmarshal([]byte(doc), &got, v1)
		errW := jsonv2.Unmarshal([]byte(doc), &want, v1)
		sameErr(t, "v1 Unmarshal "+doc, errG, errW)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("v1 Unmarshal %s: %+v, want %+v", doc, got, want)
		}
		bg, errG := json.Marshal(got, v1)
		bw, errW := jsonv2.Marshal(want, v1)
		sameErr(t, "v1 Marshal", errG, errW)
		if !bytes.Equal(bg, bw) {
			t.Fatalf("v1 Marshal: %s, want %s", bg, bw)
		}
	}
}

// Types with this package's methods.

type ours struct{ N int }

func (o ours) MarshalJSONTo(e *jsontext.Encoder) error {
	if o.N < 0 {
		return errors.New("negative")
	}
	return e.WriteToken(jsontext.String(fmt.Sprint("ours", o.N)))
}

func (o *ours) UnmarshalJSONFrom(d *jsontext.Decoder) error {
	tok, err := d.ReadToken()
	if err != nil {
		return err
	}
	if tok.Kind() != '"' {
		return errors.New("want a string")
	}
	_, err = fmt.Sscanf(tok.String(), "ours%d", &o.N)
	return err
}

// both has our MarshalerTo and a v2 Marshaler: MarshalerTo wins, as in the
// standard.
type both struct{ ours }

func (both) MarshalJSON() ([]byte, error) { return []byte(`"legacy"`), nil }

type wrapper struct {
	A ours
	B *ours
	C []ours
	M map[string]ours
	X both
}

func TestBridge(t *testing.T) {
	in := wrapper{A: ours{1}, B: &ours{2}, C: []ours{{3}}, M: map[string]ours{"k": {4}}, X: both{ours{5}}}
	for _, opts := range [][]json.Options{nil, {jsonv1.DefaultOptionsV1()}, {json.Deterministic(true)}} {
		b, err := json.Marshal(in, opts...)
		if err != nil {
			t.Fatal(err)
		}
		want := `{"A":"ours1","B":"ours2","C":["ours3"],"M":{"k":"ours4"},"X":"ours5"}`
		if string(b) != want {
			t.Fatalf("Marshal %v = %s, want %s", opts, b, want)
		}
		var out wrapper
		if err := json.Unmarshal(b, &out, opts...); err != nil {
			t.Fatal(err)
		}
		if out.A.N != 1 || out.B.N != 2 || out.C[0].N != 3 || out.M["k"].N != 4 || out.X.N != 5 {
			t.Fatalf("Unmarshal %v: %+v", opts, out)
		}
	}
	// The caller's function takes precedence over the method.
	m := json.MarshalToFunc(func(e *jsontext.Encoder, o ours) error { return e.WriteToken(jsontext.Int(int64(o.N))) })
	b, err := json.Marshal(in, json.WithMarshalers(m))
	if err != nil || string(b) != `{"A":1,"B":2,"C":[3],"M":{"k":4},"X":"ours5"}` {
		t.Fatalf("caller's function: %s %v", b, err)
	}
	// A method's error names the receiver's type, as the standard's would.
	_, err = json.Marshal(wrapper{A: ours{-1}})
	var serr *json.SemanticError
	if !errors.As(err, &serr) || serr.GoType != reflect.TypeFor[ours]() || serr.JSONPointer != "/A" {
		t.Fatalf("method error: %#v", err)
	}
	// encoding/json/v2 picks "cannot" or "unable to" once per process.
	if strings.Replace(err.Error(), "unable to", "cannot", 1) != `json: cannot marshal from Go json_test.ours within "/A": negative` {
		t.Fatalf("method error text: %v", err)
	}
	err = json.Unmarshal([]byte(`{"A":1}`), new(wrapper))
	if !errors.As(err, &serr) || serr.GoType != reflect.TypeFor[ours]() || serr.JSONPointer != "/A" {
		t.Fatalf("method error: %#v", err)
	}
	// MarshalEncode and UnmarshalDecode with this module's Encoder and Decoder.
	var buf bytes.Buffer
	enc := jsontext.NewEncoder(&buf)
	if err := json.MarshalEncode(enc, in); err != nil {
		t.Fatal(err)
	}
	dec := jsontext.NewDecoder(&buf)
	var out wrapper
	if err := json.UnmarshalDecode(dec, &out); err != nil || out.B.N != 2 {
		t.Fatalf("UnmarshalDecode: %+v %v", out, err)
	}
}

// A nested MarshalEncode inside a method inherits the caller's functions
// and the bridge.
type outer struct{ In []ours }

func (o outer) MarshalJSONTo(e *jsontext.Encoder) error {
	return json.MarshalEncode(e, o.In)
}

func TestBridgeNested(t *testing.T) {
	b, err := json.Marshal(outer{In: []ours{{7}}})
	if err != nil || string(b) != `["ours7"]` {
		t.Fatalf("nested: %s %v", b, err)
	}
	m := json.MarshalToFunc(func(e *jsontext.Encoder, o ours) error { return e.WriteToken(jsontext.Int(int64(o.N))) })
	b, err = json.Marshal(outer{In: []ours{{7}}}, json.WithMarshalers(m))
	if err != nil || string(b) != `[7]` {
		t.Fatalf("nested with the caller's function: %s %v", b, err)
	}
}

var _ = stdjsontext.Null

var plainDocs = []string{
	`{"name":"x","n":-0,"u":255,"f":1e39,"tags":["a",null],"sub":{"name":"y","sub":null},"subs":[{"Case":true}]}`,
	`{"name":"x","m":{"a":1,"a":2}}`, `{"name":"x","name":"y"}`, `{"NAME":"x"}`, `{"case":true}`, `{"Case":true,"a-b_c":"d"}`,
	`{"A-B_C":"e"}`, `{"ptr":null,"any":{"x":[{}]}}`, `{"u":256}`, `{"n":1.0}`, `{"n":1e2}`, `{"n":"1"}`, `{"f":1e39}`, `{"f":-0}`,
	`{"unknown":{"a":1,"a":2}}`, `{"unknown":{"a":1,"b":2}}`, `{"\u006eame":"esc"}`, `{"nam\u00e9":1}`, "{\"name\":\"\xff\"}",
	`{"tags":{}}`, `{"sub":[]}`, `null`, `{"ptr":1.5}`, `{"ptr":9223372036854775808}`, `{"subs":null}`, `[1]`,
	`{"m":{"x":null}}`, `{"m":null}`, `{"tags":[]}`, `{"n":9223372036854775807}`, `{"u":-0}`, `{"u":-1}`,
	`{"arr":[1,2]}`, `{"arr":[1]}`, `{"arr":[1,2,3]}`, `{"arr":null}`, `{"arr":[1,null]}`, `{"raw":{"a" : [1, 2]}}`,
	`{"raw":{"a":1,"a":2}}`, `{"raw":null}`, `{"@t":1}`, `{"@T":1}`, `{"raw": "x" }`,
	manyNames(20, "k5"), manyNames(40, "k39"), manyNames(40, ""), manyNames(17, "k0"),
	// Names of a struct's object: fields are marked in a bit set, unknown
	// names compared with each other (pairwise, or hashed when many).
	`{"zz":1,"zz":2}`, `{"zz":1,"name":"a","zz":2}`, `{"zz":1,"name":"a","zy":2}`, `{"arr":[1,2],"arr":[1,2]}`,
	`{"zz":[{"a":1,"a":2}]}`, `{"zz":[{"a":1,"b":2}],"name":"a"}`, `{"name":"a","n":1,"name":"a"}`,
	unknownNames(20, "u3"), unknownNames(20, ""), unknownNames(16, "u0"), unknownNames(40, "name"),
	// Containers where a scalar is read: not walked by the check (the
	// decoding fails, and the standard decides).
	`{"n":{"a":1,"a":2}}`, `{"name":[{"a":1,"a":2}]}`, `{"tags":[{"a":1,"a":2}]}`, `{"tags":[[]]}`, `{"arr":[[1],2]}`,
	`{"arr":[{"a":1},2]}`, `{"ptr":{"a":1,"a":2}}`, `{"m":{"x":[1]}}`, `{"u":[]}`, `{"f":{}}`, `{"tags":[{},"a"]}`,
	// Duplicate names where the decoders check them as they go: in an any,
	// in maps of each decoder, in a raw value, in a value a struct skips.
	`{"any":{"a":1,"a":2}}`, `{"any":[1,{"a":{"b":1,"b":2}}]}`, `{"any":{"a":1,"b":2}}`, `{"sm":{"a":"x","a":"y"}}`,
	`{"sm":{"a":"x","b":"y"}}`, `{"ma":{"a":1,"a":2}}`, `{"ma":{"a":{"c":1,"c":2}}}`, `{"ma":{"a":[],"b":{}}}`,
	`{"m":{"a":1,"b":2,"a":3}}`, `{"raw":[{"a":1,"a":2}]}`, `{"raw":[{"a":1,"b":2}]}`, `{"subs":[{"any":{"x":1,"x":1}}]}`,
	`{"zz":{"a":[{"b":1,"b":1}]}}`, `{"sub":{"sm":{"k":"v","k":"w"}}}`, `{"sm":{"a":"x","a":"x","b":"y"},"name":"n"}`,
	// Objects of more than eight names, whose maps are built in place
	// (json/bigmap.go): a name repeated, escaped, empty, longer than the
	// hash takes (assigned by the runtime), in an any and in each kind of
	// map.
	bigIn("any", 40), bigIn("any", 40, `"k39":1`), bigIn("any", 40, `"k\u0035":1`), bigIn("any", 9, `"":1`, `"":2`),
	bigIn("any", 30, `"`+strings.Repeat("z", 129)+`":1`), bigIn("any", 30, `"`+strings.Repeat("z", 129)+`":1`, `"`+strings.Repeat("z", 129)+`":2`),
	bigIn("any", 896), bigIn("any", 896, `"k0":1`), bigIn("any", 897, `"k0":1`), `{"any":[` + bigIn("", 12) + `,` + bigIn("", 12, `"k3":0`) + `]}`,
	bigIn("ma", 40), bigIn("ma", 40, `"k39":1`), bigIn("ma", 12, `"":1`, `"":2`), bigIn("sm", 40), bigIn("sm", 40, `"k7":1`),
	bigIn("sm", 40, `"k7":"x"`), bigIn("sm", 12, `"":"a"`, `"":"b"`), bigIn("m", 40), bigIn("m", 40, `"k\u0037":7`),
}

// bigIn is a document of field (at the root when empty) holding an object
// of n names "k0"... with values of each kind in turn, then extra.
func bigIn(field string, n int, extra ...string) string {
	var b strings.Builder
	b.WriteString("{")
	for i := range n {
		v := [...]string{`"s"`, "1", "true", "null", "[1]", `{"a":1}`}[i%6]
		if field == "sm" {
			v = fmt.Sprintf(`"v%d"`, i)
		} else if field == "m" {
			v = fmt.Sprint(i)
		}
		fmt.Fprintf(&b, `"k%d":%s,`, i, v)
	}
	for _, e := range extra {
		b.WriteString(e + ",")
	}
	obj := strings.TrimSuffix(b.String(), ",") + "}"
	if field == "" {
		return obj
	}
	return `{"` + field + `":` + obj + `}`
}

// unknownNames is a document of n distinct names unknown to plainStruct,
// then dup (if not empty).
func unknownNames(n int, dup string) string {
	var b strings.Builder
	b.WriteString(`{"name":"x",`)
	for i := range n {
		fmt.Fprintf(&b, `"u%d":%d,`, i, i)
	}
	if dup != "" {
		fmt.Fprintf(&b, `"%s":-1,`, dup)
	}
	return strings.TrimSuffix(b.String(), ",") + `}`
}

// A struct of more than 64 fields is checked by the general walk (its
// fields do not fit the bit set).
func TestUnmarshalWideStruct(t *testing.T) {
	var fields []reflect.StructField
	for i := range 70 {
		fields = append(fields, reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: reflect.TypeFor[int]()})
	}
	typ := reflect.StructOf(fields)
	for _, doc := range []string{`{"F0":1,"F69":2}`, `{"F0":1,"F0":2}`, `{"F68":1,"F68":2}`, `{"f3":1}`, `{"x":1,"x":2}`, `{"x":1,"F1":{}}`} {
		got, want := reflect.New(typ), reflect.New(typ)
		sameErr(t, doc, json.Unmarshal([]byte(doc), got.Interface()), jsonv2.Unmarshal([]byte(doc), want.Interface()))
		if !reflect.DeepEqual(got.Interface(), want.Interface()) {
			t.Fatalf("%s: %+v, want %+v", doc, got, want)
		}
	}
	if !json.TakesShaped(reflect.New(typ).Interface()) {
		t.Fatal("the fast path does not take a struct of 70 int fields")
	}
}

// manyNames is a document of n distinct names and then dup (if not
// empty), in a map field: the duplicate-name check for large objects.
func manyNames(n int, dup string) string {
	var b strings.Builder
	b.WriteString(`{"m":{`)
	for i := range n {
		fmt.Fprintf(&b, `"k%d":%d,`, i, i)
	}
	if dup != "" {
		fmt.Fprintf(&b, `"%s":-1,`, dup)
	}
	return strings.TrimSuffix(b.String(), ",") + `}}`
}

func TestUnmarshalShapedDiff(t *testing.T) {
	// Duplicate names found by the decoders (-1), by the parse (1), and
	// as the last decoding of the type decides (0).
	defer func() { v2link.NamesInParse = 0 }()
	for _, mode := range []int{-1, 1, 0} {
		v2link.NamesInParse = mode
		for _, doc := range plainDocs {
			var got, want plainStruct
			sameErr(t, fmt.Sprint(mode, " Unmarshal ", doc), json.Unmarshal([]byte(doc), &got), jsonv2.Unmarshal([]byte(doc), &want))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d Unmarshal %s: %+v, want %+v", mode, doc, got, want)
			}
			var gotR, wantR plainStruct
			sameErr(t, fmt.Sprint(mode, " UnmarshalRead ", doc), json.UnmarshalRead(strings.NewReader(doc), &gotR), jsonv2.UnmarshalRead(strings.NewReader(doc), &wantR))
			if !reflect.DeepEqual(gotR, wantR) {
				t.Fatalf("%d UnmarshalRead %s: %+v, want %+v", mode, doc, gotR, wantR)
			}
		}
	}
	// A target that is not zero goes to the standard (merge rules).
	doc := []byte(`{"tags":["b"],"m":{"y":2}}`)
	got := plainStruct{Name: "keep", Tags: []string{"a"}, M: map[string]float64{"x": 1}}
	want := plainStruct{Name: "keep", Tags: []string{"a"}, M: map[string]float64{"x": 1}}
	sameErr(t, "prefilled", json.Unmarshal(doc, &got), jsonv2.Unmarshal(doc, &want))
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("prefilled: %+v, want %+v", got, want)
	}
	// Targets zero by reflection's rules but not in their bytes (an empty
	// string with a pointer, -0.0) keep those bytes where the document
	// does not set the field, as the standard keeps them.
	negZero := float32(math.Copysign(0, -1))
	for _, doc := range []string{`{"n":1}`, `{"n":1,"n":2}`, `{"name":"x","f":2}`, `[`} {
		got := plainStruct{Name: "abc"[:0], F: negZero}
		want := plainStruct{Name: "abc"[:0], F: negZero}
		sameErr(t, "zero by IsZero "+doc, json.Unmarshal([]byte(doc), &got), jsonv2.Unmarshal([]byte(doc), &want))
		if !reflect.DeepEqual(got, want) || math.Signbit(float64(got.F)) != math.Signbit(float64(want.F)) ||
			unsafe.StringData(got.Name) != unsafe.StringData(want.Name) && got.Name == "" {
			t.Fatalf("zero by IsZero %s: %+v, want %+v", doc, got, want)
		}
	}
}

// A struct of strings and bools, which the parse decodes by its plan under
// encoding/json/v2's rules (exact names only, no name twice anywhere):
// values and errors are the standard's, whether the plan applies, turns
// itself off (a value of another kind) or finds a name twice.
func TestUnmarshalPlannedDiff(t *testing.T) {
	for _, doc := range []string{
		`{"name":"x","ok":true,"in":{"s":"y","Case":true,"deep":{"t":"z"}},"a-b_c":"d"}`,
		`{"NAME":"x","Ok":true,"in":{"S":"y","case":true,"Deep":{"t":"z"}},"A-B_C":"d"}`, // unknown by v2's rules
		`{"name":"\u0078\n","in":{"deep":{"t":"\ud83d\ude00"}},"extra":{"x":[1,{"y":null}]}}`,
		`{"name":null,"ok":null,"in":null}`, `{"in":{"deep":null}}`,
		`{"ſ":"long s","nameK":"x","K":"Kelvin","ĸ":1}`,
		`{"name":"x","name":"y"}`, `{"name":"x","\u006eame":"y"}`, `{"z":{"a":1,"a":2},"name":"x"}`,
		`{"name":"x","zz":1,"zz":2}`, `{"in":{"s":"a","s":"b"}}`,
		`{"name":1}`, `{"ok":"true"}`, `{"in":[]}`, `{"in":{"deep":"t"}}`, `{"name":"x","ok":tru}`,
		`[{"name":"x"}]`, `"name"`, `null`, `{}`, ` {"name":"x"} `, `{"name":"x"} {}`, `{"name":"ÿ"}`,
	} {
		var got, want plannedStruct
		sameErr(t, "Unmarshal "+doc, json.Unmarshal([]byte(doc), &got), jsonv2.Unmarshal([]byte(doc), &want))
		if got != want {
			t.Fatalf("Unmarshal %s: %+v, want %+v", doc, got, want)
		}
		var gotR, wantR plannedStruct
		sameErr(t, "UnmarshalRead "+doc, json.UnmarshalRead(strings.NewReader(doc), &gotR), jsonv2.UnmarshalRead(strings.NewReader(doc), &wantR))
		if gotR != wantR {
			t.Fatalf("UnmarshalRead %s: %+v, want %+v", doc, gotR, wantR)
		}
	}
}

// Struct tags encoding/json/v2 rejects (an unexported field with a json
// tag, a trailing comma) reject the type there: the fast path must not
// take such types, whatever the document.
func TestUnmarshalRejectedTags(t *testing.T) {
	// Unexported fields with tags (built by reflection: vet rejects the
	// tag in a literal).
	withUnexported := func(typ reflect.Type, tag reflect.StructTag) reflect.Type {
		return reflect.StructOf([]reflect.StructField{
			{Name: "Name", Type: reflect.TypeFor[string](), Tag: `json:"name"`},
			{Name: "x", PkgPath: "github.com/simdjson-cgo/simdjson/json/v2_test", Type: typ, Tag: tag},
		})
	}
	unexportedTagged := withUnexported(reflect.TypeFor[string](), `json:"x"`)
	unexportedEmptyTag := withUnexported(reflect.TypeFor[int](), `json:""`)
	unexportedDash := withUnexported(reflect.TypeFor[int](), `json:"-"`) // ignored: the fast path may take it
	type trailingComma struct {
		Name string `json:"name,"`
	}
	type onlyComma struct {
		Name string `json:","`
		N    int    `json:"n"`
	}
	type dashComma struct {
		Name string `json:"-,"`
	}
	for _, doc := range []string{`{"name":"a","x":"b","n":1,"-":"c"}`, `{}`, `[`} {
		for _, mk := range []func() any{
			func() any { return reflect.New(unexportedTagged).Interface() },
			func() any { return reflect.New(reflect.SliceOf(unexportedTagged)).Interface() },
			func() any { return reflect.New(unexportedEmptyTag).Interface() },
			func() any { return reflect.New(unexportedDash).Interface() },
			func() any { return new(trailingComma) },
			func() any { return new(onlyComma) }, func() any { return new(dashComma) },
		} {
			got, want := mk(), mk()
			what := fmt.Sprintf("%T %s", got, doc)
			sameErr(t, what, json.Unmarshal([]byte(doc), got), jsonv2.Unmarshal([]byte(doc), want))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %+v, want %+v", what, got, want)
			}
		}
	}
}

// The corpus into its struct types (internal/corpus): values and errors
// are the standard's, and the typed fast path takes the full and partial
// types it can.
func TestUnmarshalCorpusStructs(t *testing.T) {
	for _, name := range corpus.Files {
		data, err := os.ReadFile(filepath.Join(corpus.SharedData(t, "jsonexamples"), name))
		if err != nil {
			t.Skip(err)
		}
		for i, mk := range corpus.Types[name] {
			got, want := mk(), mk()
			fast := json.TakesShaped(got)
			sameErr(t, name, json.Unmarshal(data, got), jsonv2.Unmarshal(data, want))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s into %T: values differ", name, got)
			}
			t.Logf("%s type %d (%T): fast path %v %s", name, i, got, fast, json.WhyNot(reflect.TypeOf(got)))
		}
	}
}

// Names sharing their first eight bytes (the struct-order hint compares
// the word, the length and the rest), and a one-letter name that a
// non-ASCII name folds to (U+212A KELVIN SIGN, 3 bytes, to "k"):
// encoding/json matches it, encoding/json/v2 ignores it.
type longNames struct {
	A int `json:"abcdefgh1"`
	B int `json:"abcdefgh2"`
	C int `json:"abcdefgh"`
	D int `json:"abcdefgh22"`
	K int `json:"k"`
}

func TestUnmarshalNameLookup(t *testing.T) {
	for _, doc := range []string{
		`{"abcdefgh1":1,"abcdefgh2":2,"abcdefgh":3,"abcdefgh22":4,"k":5}`,
		`{"k":5,"abcdefgh22":4,"abcdefgh":3,"abcdefgh2":2,"abcdefgh1":1}`,
		`{"abcdefgh1":1,"abcdefgh3":2,"abcdefgh":3}`, `{"abcdefgh1":1,"abcdefgh1":2}`,
		`{"abcdefgh2":1,"abcdefgh22":2,"abcdefgh2":3}`, `{"abcdefgh1":1,"ABCDEFGH2":2}`,
		`{"ABCDEFGH22":1}`, `{"abcdefgH":1}`, `{"K":1}`, "{\"\u212a\":1}", `{"kk":1,"kk":2}`, `{"abcdefgh12":1}`,
	} {
		var got, want longNames
		sameErr(t, doc, json.Unmarshal([]byte(doc), &got), jsonv2.Unmarshal([]byte(doc), &want))
		if got != want {
			t.Fatalf("%s: %+v, want %+v", doc, got, want)
		}
	}
	if !json.TakesShaped(new(longNames)) {
		t.Fatal("the fast path does not take longNames")
	}
}

// Numbers whose tape payload word starts with an object's or an array's
// tag byte ('{' 0x7B, '[' 0x5B), in values the duplicate-name check reads
// word by word (an any, a raw value, a value a struct skips): the check
// must step over a number's second word. The long string makes simdjson's
// own stage 2 build the tape (it stores the numbers' bits there).
func TestUnmarshalNumberWords(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, nums := range []string{`8863084066665136128,1e285,6557241057451442176`, `-1,5e284,{"a":1},2`, `1e285,{"a":1,"a":2}`} {
		for _, field := range []string{"any", "raw", "zz"} {
			doc := `{"name":"` + long + `","` + field + `":[` + nums + `]}`
			var got, want plainStruct
			sameErr(t, field+" "+nums, json.Unmarshal([]byte(doc), &got), jsonv2.Unmarshal([]byte(doc), &want))
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s %s: %+v, want %+v", field, nums, got, want)
			}
			var gotA, wantA any
			sameErr(t, "any "+field+" "+nums, json.Unmarshal([]byte(doc), &gotA), jsonv2.Unmarshal([]byte(doc), &wantA))
			if !reflect.DeepEqual(gotA, wantA) {
				t.Fatalf("any %s %s: values differ", field, nums)
			}
		}
	}
}

// walkFirst reaches decoders that cannot check encoding/json/v2's rules as
// they decode (a pointer to an interface goes through reflection, as do
// slices of zero-size elements): the document is walked first.
type walkFirst struct {
	P *any     `json:"p"`
	E [][0]int `json:"e"`
	N string   `json:"n"`
}

func TestUnmarshalWalkFirst(t *testing.T) {
	for _, doc := range []string{
		`{"p":{"a":1,"a":2}}`, `{"p":{"a":1}}`, `{"p":[{"b":1,"b":1}]}`, `{"e":[[],[]]}`, `{"e":[[1]]}`, `{"e":[{}]}`,
		`{"N":"x"}`, `{"n":"x","n":"y"}`, `{"n":"x","q":{"a":1,"a":2}}`, `{"p":null,"e":null,"n":"z"}`,
	} {
		var got, want walkFirst
		if !json.TakesShaped(&got) {
			t.Fatal("walkFirst: not on the typed fast path")
		}
		sameErr(t, doc, json.Unmarshal([]byte(doc), &got), jsonv2.Unmarshal([]byte(doc), &want))
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: %+v, want %+v", doc, got, want)
		}
	}
}
