//go:build cgo

package simdjson_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// Types whose UnmarshalJSON / UnmarshalText count their calls (methodCalls):
// encoding/json calls each once per value; so must Decode, MapDecode and
// Decoded, whether the value then decodes, fails or goes to the fallback.
var methodCalls atomic.Int64

type (
	// mCount appends each input, as an accumulating type would.
	mCount []string
	// mText fails on "bad".
	mText string
	// mFail always fails.
	mFail struct{}
	// mTypeErr fails with an *UnmarshalTypeError of its own (encoding/json
	// of Go 1.26 adds its field context to it).
	mTypeErr struct{}
	mPanic   struct{}
	mInner   struct {
		E mTypeErr
		X int
		I any
	}
	mTarget struct {
		C  mCount
		T  mText
		PT *mText
		B  int
		I  any
		L  []mCount
		M  map[string]mCount
		In struct {
			E mTypeErr
			F mFail `json:"f"`
			G int
		} `json:"in"`
		S []mInner
		P *mInner
	}
)

func (c *mCount) UnmarshalJSON(b []byte) error {
	methodCalls.Add(1)
	*c = append(*c, string(b))
	return nil
}

func (m *mText) UnmarshalText(b []byte) error {
	methodCalls.Add(1)
	if string(b) == "bad" {
		return errors.New("mText: bad")
	}
	*m = mText(b) + "!"
	return nil
}

func (*mFail) UnmarshalJSON(b []byte) error {
	methodCalls.Add(1)
	return errors.New("mFail: refused " + string(b))
}

func (*mTypeErr) UnmarshalJSON(b []byte) error {
	methodCalls.Add(1)
	return &stdjson.UnmarshalTypeError{Value: "m:" + string(b), Type: reflect.TypeFor[mTypeErr](), Offset: 1}
}

func (*mPanic) UnmarshalJSON([]byte) error {
	methodCalls.Add(1)
	panic("mPanic")
}

// methodDiff decodes in (at the top level, then as a sub-value further in
// the document) into a T, checking values, errors and the number of method
// calls against encoding/json's Unmarshal of the same bytes.
func methodDiff[T any](t *testing.T, in string) {
	t.Helper()
	p := simdjson.NewParser()
	defer p.Close()
	for _, doc := range []string{in, `{"pad":[1,{"x":2}],"v":` + in + `}`} {
		methodCalls.Store(0)
		var want T
		werr := stdjson.Unmarshal([]byte(in), &want)
		wcalls := methodCalls.Load()

		d, err := p.ParseString(doc)
		if err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		v := d.Value
		if doc != in {
			if v, err = d.Get("v"); err != nil {
				t.Fatal(err)
			}
		}
		divergences := simdjson.DecodeDivergences()
		methodCalls.Store(0)
		var got T
		gerr := v.Decode(&got)
		gcalls := methodCalls.Load()
		if gcalls != wcalls {
			t.Errorf("%T %s: %d method calls, encoding/json %d", got, doc, gcalls, wcalls)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%T %s:\n got %+v\nwant %+v", got, doc, got, want)
		}
		if !sameMethodError(gerr, werr, v.Offset()) {
			t.Errorf("%T %s:\n got error %#v\nwant error %#v", got, doc, gerr, werr)
		}
		if n := simdjson.DecodeDivergences() - divergences; n != 0 {
			t.Errorf("%T %s: the exact pass failed where the dry pass did not", got, doc)
		}
	}
}

// sameMethodError: the same error, the offsets of encoding/json's own
// errors moved by base (a method's own error comes back as it made it).
func sameMethodError(got, want error, base int64) bool {
	if (got == nil) != (want == nil) {
		return false
	}
	if got == nil {
		return true
	}
	if reflect.TypeOf(got) != reflect.TypeOf(want) || got.Error() != want.Error() {
		return false
	}
	var gt, wt *stdjson.UnmarshalTypeError
	if errors.As(want, &wt) && errors.As(got, &gt) {
		w := *wt
		if w.Value[:2] != "m:" {
			w.Offset += base
		}
		return gt.Offset == w.Offset && gt.Value == w.Value && gt.Type == w.Type && gt.Struct == w.Struct && gt.Field == w.Field
	}
	return true
}

// TestDecodeMethodsCalledOnce: a field's UnmarshalJSON / UnmarshalText is
// called once, as encoding/json calls it, when a later field has a type
// error or a number out of range (which once sent the whole value to the
// fallback, calling the method a second time), when the method fails
// (encoding/json of Go 1.26 stops there, Go 1.27's records the first error
// and goes on), and when a key given twice makes the walk meet a value it
// stored itself.
func TestDecodeMethodsCalledOnce(t *testing.T) {
	for _, in := range []string{
		`{"C":1,"T":"t","B":"not an int"}`,
		`{"C":1,"T":"t","B":1e400}`,
		`{"C":1,"T":"t","B":2}`,
		`{"C":[1,{"a":2}],"I":{"a":1},"I":2}`,
		`{"C":1,"I":[1],"I":null,"B":3}`,
		`{"C":1,"S":[{"I":1}],"S":[{"I":{"x":2}}]}`,
		`{"in":{"E":1},"B":2}`,
		`{"S":[{"X":1},{"E":[1]}],"B":2}`,
		`{"P":{"E":1},"B":2}`,
		`{"M":{"k":1},"in":{"f":1},"B":2,"C":3}`,
		`{"in":{"f":1,"E":2,"G":5},"C":3}`,
		`{"in":{"E":2,"f":1},"C":3}`,
		`{"T":1,"C":2}`,
		`{"T":null,"PT":null,"C":null,"L":null}`,
		`{"M":{"a":1,"b":[2]},"L":[1,2,3],"PT":"p"}`,
		`{"PT":"x","T":"bad","B":1,"C":4}`,
		`{"C":1,"B":true,"T":"bad"}`,
		`{"C":1,"In":{"f":1}}`,
		`[]`,
		`null`,
	} {
		methodDiff[mTarget](t, in)
	}
	for _, in := range []string{`[1,2,{"a":3}]`, `[1,"x",2]`, `null`, `{}`} {
		methodDiff[[]mCount](t, in)
		methodDiff[map[string]mCount](t, in)
		methodDiff[mCount](t, in)
	}
	methodDiff[[]mText](t, `["a","bad","c"]`)
	methodDiff[map[string]*mText](t, `{"a":"x","b":null,"c":"bad","d":"y"}`)
	methodDiff[mFail](t, `{"a":1}`)
	methodDiff[mTypeErr](t, `{"a":1}`)
}

// TestDecodeMethodsPrefilled: the dry pass reads what the target already
// holds (a non-nil interface sends the value to the fallback before any
// method is called) and stores nothing.
func TestDecodeMethodsPrefilled(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, in := range []string{`{"C":1,"I":2}`, `{"C":1,"S":[{"I":2},{"I":3}]}`, `{"C":1,"P":{"X":1,"I":null}}`} {
		prefill := func(x *mTarget) {
			x.I = map[string]any{"keep": 1}
			x.S = []mInner{{I: "old"}}
			x.P = &mInner{I: []any{1.0}}
		}
		var want, got mTarget
		prefill(&want)
		prefill(&got)
		methodCalls.Store(0)
		werr := stdjson.Unmarshal([]byte(in), &want)
		wcalls := methodCalls.Load()
		d, err := p.ParseString(in)
		if err != nil {
			t.Fatal(err)
		}
		methodCalls.Store(0)
		gerr := d.Value.Decode(&got)
		if gcalls := methodCalls.Load(); gcalls != wcalls || !reflect.DeepEqual(got, want) || fmt.Sprint(gerr) != fmt.Sprint(werr) {
			t.Errorf("%s: got %+v (%v, %d calls), want %+v (%v, %d calls)", in, got, gerr, gcalls, want, werr, wcalls)
		}
	}
}

// TestDecodePanickingMethod: a panic in UnmarshalJSON reaches Decode's
// caller after one call, as with encoding/json, whose value it carries.
func TestDecodePanickingMethod(t *testing.T) {
	type target struct {
		A int
		P mPanic
	}
	p := simdjson.NewParser()
	defer p.Close()
	for _, in := range []string{`{"P":1}`, `{"A":1,"P":[1],"A":"type error later"}`} {
		d, err := p.ParseString(in)
		if err != nil {
			t.Fatal(err)
		}
		methodCalls.Store(0)
		var r any
		func() {
			defer func() { r = recover() }()
			var x target
			d.Value.Decode(&x)
		}()
		if n := methodCalls.Load(); n != 1 || r != "mPanic" {
			t.Errorf("%s: UnmarshalJSON called %d times, %v reached the caller; want 1 call and its panic", in, n, r)
		}
	}
}

// TestMapDecodeMethodsCalledOnce: MapDecode and Decoded call a line's
// methods once, for good lines and bad ones (a type error after a method's
// field, a method's own error), whatever the thread count.
func TestMapDecodeMethodsCalledOnce(t *testing.T) {
	type line struct {
		C mCount
		B int
	}
	var in bytes.Buffer
	var wantCalls int64
	var wantBad int
	for i := range 300 {
		var s string
		switch i % 3 {
		case 0:
			s = fmt.Sprintf(`{"C":%d,"B":%d}`, i, i)
		case 1:
			s = fmt.Sprintf(`{"C":[%d],"B":"bad"}`, i)
		default:
			s = fmt.Sprintf(`{"C":{"a":%d},"B":1e999}`, i)
		}
		methodCalls.Store(0)
		var x line
		if stdjson.Unmarshal([]byte(s), &x) != nil {
			wantBad++
		}
		wantCalls += methodCalls.Load()
		in.WriteString(s + "\n")
	}
	for _, threads := range []int{1, 2, 4} {
		methodCalls.Store(0)
		var good atomic.Int64
		_, err := simdjson.MapDecode(simdjson.Bytes(in.Bytes()), func(int) *int { return new(int) }, func(_ *int, x *line) error {
			if len(x.C) != 1 {
				return fmt.Errorf("C = %q", x.C)
			}
			good.Add(1)
			return nil
		}, simdjson.Threads(threads), simdjson.SkipBadLines(nil))
		if err != nil {
			t.Fatal(err)
		}
		if n := methodCalls.Load(); n != wantCalls || int(good.Load()) != 300-wantBad {
			t.Errorf("MapDecode, %d threads: %d calls, %d good lines; want %d, %d", threads, n, good.Load(), wantCalls, 300-wantBad)
		}
	}
	methodCalls.Store(0)
	p := simdjson.NewParser()
	defer p.Close()
	s := p.Stream(simdjson.Reader(bytes.NewReader(in.Bytes())), simdjson.SkipBadLines(nil))
	good := 0
	for _, x := range simdjson.Decoded[line](s) {
		if len(x.C) != 1 {
			t.Fatalf("Decoded: C = %q", x.C)
		}
		good++
	}
	if n := methodCalls.Load(); n != wantCalls || good != 300-wantBad || s.Err() != nil {
		t.Errorf("Decoded: %d calls, %d good lines (%v); want %d, %d", n, good, s.Err(), wantCalls, 300-wantBad)
	}
}

// mFuzz is FuzzDecode's type with methods of its own (none returning an
// *UnmarshalTypeError, whose offset is the method's).
type mFuzz struct {
	C  mCount           `json:"name"`
	T  *mText           `json:"e"`
	In decInner         `json:"in"`
	L  []mCount         `json:"list"`
	I  any              `json:"any"`
	M  map[string]mText `json:"m"`
	X  int              `json:"x"`
}

// fuzzMethods is fuzzDecode for a type with methods: also the same number
// of method calls as encoding/json.
func fuzzMethods[T any](t *testing.T, v simdjson.Value) {
	raw, err := v.RawJSON()
	if err != nil || !stdjson.Valid(raw) {
		return
	}
	methodCalls.Store(0)
	want := new(T)
	werr := stdjson.Unmarshal(raw, want)
	wcalls := methodCalls.Load()
	methodCalls.Store(0)
	got := new(T)
	gerr := v.Decode(got)
	if gcalls := methodCalls.Load(); gcalls != wcalls || !sameDecodeError(gerr, werr, v.Offset()) || !reflect.DeepEqual(got, want) {
		t.Fatalf("%s into %T:\nDecode:    %+v, %v, %d calls\nUnmarshal: %+v, %v, %d calls", raw, got, got, gerr, gcalls, want, werr, wcalls)
	}
}

// TestDecodeKeysSpelledOtherwise: keys that match a field only once
// unescaped or Unicode-folded, of every length around the word size, at the
// start of the document (where plainKey cannot read a word before the key)
// and after a value ending in a backslash escape (a false alarm there must
// only cost speed).
func TestDecodeKeysSpelledOtherwise(t *testing.T) {
	type target struct {
		S   int `json:"s"`
		Ks  int `json:"ks"`
		Abc int `json:"abcdefgs"`
		Lng int `json:"abcdefghijklmnopqrs"`
		X   string
	}
	p := simdjson.NewParser()
	defer p.Close()
	for _, name := range []string{"s", "ks", "abcdefgs", "abcdefghijklmnopqrs"} {
		last := len(name) - 1
		for _, spelled := range []string{
			name,
			name[:last] + `\u0073`,
			name[:last] + "\u017f", // ſ folds to s
			`\u00` + fmt.Sprintf("%x", name[0]) + name[1:],
			strings.ToUpper(name),
			name[:last] + `\\`,
			name + "é",
		} {
			for _, doc := range []string{
				`{"` + spelled + `":1}`,
				`{"X":"a\\","` + spelled + `":2}`,
				`{"X":"\u00e9\"","` + spelled + `":3,"` + name + `":4}`,
			} {
				d, err := p.ParseString(doc)
				if err != nil {
					t.Fatalf("%s: %v", doc, err)
				}
				checkDecode[target](t, doc, d.Value, nil)
			}
		}
	}
}

// TestDecodeEscapedStringsKept: the parser keeps Decode's buffer of
// unescaped strings for the next Decode; what one Decode stored (strings,
// map keys, Numbers, []byte, interface values) stays as it was.
func TestDecodeEscapedStringsKept(t *testing.T) {
	type target struct {
		S  string
		M  map[string]string
		A  any
		B  []byte
		T  mText
		Ss []string
	}
	p := simdjson.NewParser()
	defer p.Close()
	var kept []target
	var want []string
	for i := range 50 {
		doc := fmt.Sprintf(`{"S":"a\n%d\u00e9","M":{"k\t%d":"v\"%d"},"A":["x\\%d"],"B":"QUJD","T":"t\/%d","Ss":["%s\n"]}`, i, i, i, i, i, strings.Repeat("z", i*40))
		d, err := p.ParseString(doc)
		if err != nil {
			t.Fatal(err)
		}
		var x, w target
		if err := d.Value.Decode(&x); err != nil {
			t.Fatal(err)
		}
		if err := stdjson.Unmarshal([]byte(doc), &w); err != nil {
			t.Fatal(err)
		}
		kept = append(kept, x)
		b, _ := stdjson.Marshal(w)
		want = append(want, string(b))
	}
	for i, x := range kept {
		if b, _ := stdjson.Marshal(x); string(b) != want[i] {
			t.Errorf("document %d after the later ones:\n got %s\nwant %s", i, b, want[i])
		}
	}
}

// TestMapDecodePanickingMethod: a panicking UnmarshalJSON on a worker thread
// is called once, and the map reports the panic (as for a panic in fn).
func TestMapDecodePanickingMethod(t *testing.T) {
	type line struct{ P mPanic }
	methodCalls.Store(0)
	_, err := simdjson.MapDecode(simdjson.Bytes([]byte(`{"P":1}`+"\n")), func(int) *int { return new(int) },
		func(*int, *line) error { return nil }, simdjson.Threads(1))
	if n := methodCalls.Load(); n != 1 || err == nil || !strings.Contains(err.Error(), "mPanic") {
		t.Errorf("%d calls, error %v; want 1 call and the panic reported", n, err)
	}
}
