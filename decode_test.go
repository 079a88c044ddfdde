//go:build cgo

package simdjson_test

import (
	stdjson "encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/json"
)

// The types of the differential tests: tags, embedding (by value, by
// pointer, unexported), case variants, Number, RawMessage, Unmarshaler and
// TextUnmarshaler, maps, slices, arrays, pointers, interfaces.
type (
	decInner struct {
		X  int     `json:"x"`
		Y  *string `json:"y,omitempty"`
		Zs []uint8 `json:"zs"`
		F  float32 `json:"f"`
		N  json.Number
		Q  int     `json:"q,string"`
		Ar [2]int8 `json:"ar"`
	}
	DecEmbed struct {
		E    string `json:"e"`
		Name string // hidden by decOuter.Name
	}
	decEmbedded struct {
		U uint16 `json:"u"`
	}
	decOuter struct {
		DecEmbed
		*decEmbedded
		Name    string            `json:"name"`
		Age     int64             `json:"AGE"`
		Ok      bool              `json:"ok"`
		In      decInner          `json:"in"`
		PIn     *decInner         `json:"pin"`
		List    []decInner        `json:"list"`
		M       map[string]int    `json:"m"`
		MI      map[int]string    `json:"mi"`
		Any     any               `json:"any"`
		Raw     json.RawMessage   `json:"raw"`
		When    time.Time         `json:"when"`
		Addr    netip.Addr        `json:"addr"`
		Strs    []string          `json:"strs"`
		Skip    string            `json:"-"`
		Deep    map[string]*[]int `json:"deep"`
		private int
	}
	// decEvent: the seed task's struct (bench/task.go's event), also
	// BenchmarkMapDecodeSeed's.
	decEvent struct {
		Type    string `json:"type"`
		Payload struct {
			Action      string `json:"action"`
			PullRequest struct {
				Base struct {
					Repo struct {
						Language *string `json:"language"`
					} `json:"repo"`
				} `json:"base"`
			} `json:"pull_request"`
		} `json:"payload"`
	}
)

var decKeys = []string{"name", "NAME", "Name", "age", "AGE", "ok", "in", "pin", "list", "m", "mi", "any", "raw",
	"when", "addr", "strs", "Skip", "-", "deep", "e", "E", "u", "x", "y", "zs", "f", "N", "n", "q", "ar", "other", "caf\u00e9", "s\u017fkip"}

// randJSON returns a random JSON value whose keys come mostly from decKeys
// and whose scalars often fit the fields of the types above (and often not).
func randJSON(r *rand.Rand, depth int) any {
	k := r.IntN(12)
	if depth > 3 && k < 3 {
		k += 3
	}
	switch k {
	case 0, 1:
		m := map[string]any{}
		for range r.IntN(6) {
			key := decKeys[r.IntN(len(decKeys))]
			if r.IntN(10) == 0 {
				key = fmt.Sprintf("k%d", r.IntN(5))
			}
			m[key] = randJSON(r, depth+1)
		}
		return m
	case 2:
		a := []any{}
		for range r.IntN(4) {
			a = append(a, randJSON(r, depth+1))
		}
		return a
	case 3:
		return nil
	case 4:
		return r.IntN(2) == 0
	case 5:
		return []string{"", "x", "é\u2028", "\x01\"\\/", "2006-01-02T15:04:05Z", "10.0.0.1", "12", "1.5", "QUJD", "bad"}[r.IntN(10)]
	case 6:
		return []stdjson.Number{"0", "-1", "255", "256", "70000", "-129", "1e3", "1.5", "1e400", "123456789012345678901", "-0"}[r.IntN(11)]
	default:
		return r.IntN(300) - 20
	}
}

// sameDecodeError reports whether Decode's error matches Unmarshal's of
// the value's bytes, with offsets moved by base.
func sameDecodeError(got, want error, base int64) bool {
	if (got == nil) != (want == nil) {
		return false
	}
	if got == nil {
		return true
	}
	var wt *json.UnmarshalTypeError
	if errors.As(want, &wt) {
		w := *wt
		w.Offset += base
		var gt *json.UnmarshalTypeError
		return errors.As(got, &gt) && gt.Error() == w.Error() && gt.Offset == w.Offset && gt.Value == w.Value && gt.Type == w.Type
	}
	var ws *json.SyntaxError
	if errors.As(want, &ws) {
		var gs *json.SyntaxError
		return errors.As(got, &gs) && gs.Offset == ws.Offset+base && gs.Error() == ws.Error()
	}
	return got.Error() == want.Error()
}

func checkDecode[T any](t *testing.T, what string, v simdjson.Value, prefill func(*T)) {
	t.Helper()
	raw, err := v.RawJSON()
	if err != nil {
		t.Fatalf("%s: RawJSON: %v", what, err)
	}
	got, want := new(T), new(T)
	if prefill != nil {
		prefill(got)
		prefill(want)
	}
	gerr := v.Decode(got)
	werr := json.Unmarshal(raw, want)
	if !sameDecodeError(gerr, werr, v.Offset()) {
		t.Fatalf("%s into %T: %s\nDecode: %v\nUnmarshal: %v", what, got, raw, gerr, werr)
	}
	var se *json.SyntaxError
	if !errors.As(werr, &se) && !reflect.DeepEqual(got, want) { // after a syntax error, Decode may have stored some fields
		t.Fatalf("%s into %T: %s\nDecode:    %+v\nUnmarshal: %+v", what, got, raw, got, want)
	}
}

func TestDecodeDifferential(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	r := rand.New(rand.NewPCG(46, 1))
	n := 3000
	if testing.Short() {
		n = 500
	}
	for i := range n {
		var doc any
		if i%3 == 0 {
			doc = map[string]any{"sub": randJSON(r, 0), "pad": randJSON(r, 0)}
		} else {
			doc = randJSON(r, 0)
		}
		b, err := stdjson.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		d, err := p.Parse(b)
		if err != nil {
			t.Fatalf("Parse %s: %v", b, err)
		}
		vals := []simdjson.Value{d.Value}
		if s, err := d.Field("sub"); err == nil {
			vals = append(vals, s)
		}
		for _, v := range vals {
			what := fmt.Sprintf("doc %d", i)
			checkDecode[decOuter](t, what, v, nil)
			checkDecode[decOuter](t, what+" prefilled", v, func(o *decOuter) {
				o.List = make([]decInner, 3, 8)
				o.M = map[string]int{"keep": 1}
				o.Name = "before"
			})
			checkDecode[decInner](t, what, v, nil)
			checkDecode[any](t, what, v, nil)
			checkDecode[[]any](t, what, v, nil)
			checkDecode[map[string]string](t, what, v, nil)
			checkDecode[*int](t, what, v, nil)
			checkDecode[decEvent](t, what, v, nil)
		}
	}
}

// Hand-written cases: escapes, syntax errors where Decode reads, type
// errors, and the value inside a larger document (offsets).
func TestDecodeCases(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	docs := []string{
		`{"name":"a\u00e9\ud83d\ude00\ud800x\n\"","AGE":7,"ok":true}`,
		`{"name":"x","age":1.5}`,
		`{"name":"x","ok":tru}`,
		`{"name":"x","ok":1}`,
		`{"in":{"x":01}}`,
		`{"in":{"x":1,"y":"s","zs":"QUJD","f":1e39}}`,
		`{"in":{"N":"12x"}}`,
		`{"in":{"N":12.5e1},"raw":[1, {"a" :2}],"when":"2006-01-02T15:04:05Z","addr":"::1"}`,
		`{"when":"nope"}`,
		`{"when":null,"raw":null,"pin":null,"m":null}`,
		`{"e":"promoted","u":9,"NAME":"folded"}`,
		`{"mi":{"1":"a","x":"b"}}`,
		`{"deep":{"a":[1,2],"b":null}}`,
		`{"list":[{"x":1},{"x":"bad"},{"x":3}]}`,
		`{"\u006eame":"escaped key","caf\u00e9":1,"s\u017fkip":2}`,
		`{"in":{"ar":[1,2,3,4]}}`,
		`{"in":{"q":"12"}}`,
		`{"any":{"a":[1,"b",null,true,{"c":1e400}]}}`,
		`{"pin":{"x":5}}`,
	}
	for _, s := range docs {
		for _, wrapped := range []bool{false, true} {
			in := s
			if wrapped {
				in = `{"pad":[1,2,3],"sub":` + s + `}`
			}
			d, err := p.ParseString(in)
			if err != nil {
				t.Fatalf("%s: %v", in, err)
			}
			v := d.Value
			if wrapped {
				if v, err = d.Field("sub"); err != nil {
					t.Fatal(err)
				}
			}
			checkDecode[decOuter](t, in, v, nil)
		}
	}
}

// The ordinary cases are the fast path's: no value of these goes to the
// fallback.
func TestDecodeFastPath(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	docs := []string{
		`{"name":"a\u00e9\ud83d\ude00\n","AGE":7,"ok":true,"other":[{"x":[1,{"y":2}]}],"e":"p"}`,
		`{"in":{"x":1,"y":"s","zs":"QUJD","f":1.5,"N":12,"ar":[1,2,3]},"pin":{"x":2},"list":[{"x":1},{}]}`,
		`{"m":{"a":1},"any":{"a":[1,"b",null,true]},"raw":[1, {"a" :2}],"when":"2006-01-02T15:04:05Z","addr":"::1"}`,
		`{"when":null,"raw":null,"pin":null,"m":null,"strs":["a","b"],"deep":{"a":[1,2],"b":null},"Age":3}`,
	}
	for _, s := range docs {
		d, err := p.ParseString(s)
		if err != nil {
			t.Fatal(err)
		}
		before := simdjson.DecodeFallbacks()
		checkDecode[decOuter](t, s, d.Value, nil)
		if n := simdjson.DecodeFallbacks() - before; n != 0 {
			t.Errorf("%s: %d fallbacks", s, n)
		}
	}
}

func TestDecodeHandles(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	d, err := p.ParseString(`{"a":[1,2,3],"o":{"x":4}}`)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := d.Get("a")
	arr, err := a.Array()
	if err != nil {
		t.Fatal(err)
	}
	var xs []int
	if err := arr.Decode(&xs); err != nil || !reflect.DeepEqual(xs, []int{1, 2, 3}) {
		t.Fatalf("Array.Decode: %v %v", xs, err)
	}
	o, _ := d.Get("o")
	obj, err := o.Object()
	if err != nil {
		t.Fatal(err)
	}
	var x struct{ X int }
	if err := obj.Decode(&x); err != nil || x.X != 4 {
		t.Fatalf("Object.Decode: %v %v", x, err)
	}
	var doc struct{ A []int }
	if err := d.Decode(&doc); err != nil || len(doc.A) != 3 {
		t.Fatalf("Document.Decode: %v %v", doc, err)
	}
	var ie *json.InvalidUnmarshalError
	if err := d.Decode(doc); !errors.As(err, &ie) {
		t.Fatalf("Decode of a non-pointer: %v", err)
	}
	if _, err := p.ParseString(`1`); err != nil {
		t.Fatal(err)
	}
	if err := d.Decode(&doc); !errors.Is(err, simdjson.ErrStaleHandle) {
		t.Fatalf("Decode of a stale handle: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"name":"a","in":{"x":1}}`, `[1,{"x":2}]`, `{"list":[{"x":1,"zs":[1]}],"m":{"a":1}}`, `{"any":[null,{"a":"\u0041"}]}`, `"x"`} {
		f.Add([]byte(s))
	}
	p := simdjson.NewParser()
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := p.Parse(b)
		if err != nil {
			return
		}
		fuzzDecode[decOuter](t, d.Value)
		fuzzDecode[any](t, d.Value)
		fuzzDecode[[]decInner](t, d.Value)
		fuzzMethods[mFuzz](t, d.Value)
	})
}

// fuzzDecode checks Decode against Unmarshal of the value's bytes: the same
// values and errors where Unmarshal finds the text valid; where it does
// not, Decode may miss the fault in a subtree it steps over, but must not
// panic.
func fuzzDecode[T any](t *testing.T, v simdjson.Value) {
	raw, err := v.RawJSON()
	if err != nil {
		return
	}
	got, want := new(T), new(T)
	gerr := v.Decode(got)
	werr := json.Unmarshal(raw, want)
	var se *json.SyntaxError
	if errors.As(werr, &se) || (werr != nil && strings.Contains(werr.Error(), "invalid")) && !stdjson.Valid(raw) {
		return
	}
	if !sameDecodeError(gerr, werr, v.Offset()) || !reflect.DeepEqual(got, want) {
		t.Fatalf("%s into %T:\nDecode:    %+v, %v\nUnmarshal: %+v, %v", raw, got, got, gerr, want, werr)
	}
}

// Strings with a special byte at every position of the eight-byte steps
// (plainPrefix): escapes, control characters, non-ASCII in keys and values.
func TestDecodeStringBytes(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, special := range []string{`\n`, `\u00e9`, "\u00e9", `\"`, `\\`, "\x1f", "\x7f"} {
		for i := range 20 {
			s := strings.Repeat("a", i) + special + strings.Repeat("b", 20-i)
			for _, doc := range []string{`{"name":"` + s + `"}`, `{"` + s + `":1,"name":"x"}`, `{"na` + special + `me":"y"}`} {
				d, err := p.ParseString(doc)
				if err != nil {
					continue // a raw control character: simdjson may reject the document
				}
				checkDecode[decOuter](t, doc, d.Value, nil)
				checkDecode[map[string]string](t, doc, d.Value, nil)
				checkDecode[any](t, doc, d.Value, nil)
			}
		}
	}
}
