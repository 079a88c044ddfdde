//go:build cgo

package simdjson_test

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

type (
	advE1  struct{ A, B int }
	advE2  struct{ A, C int }
	advEmb struct {
		advE1
		advE2
		D int
	}
	advUnexpPtr struct {
		*advE1
		X int
	}
	AdvExpE   struct{ Q int }
	advExpPtr struct {
		*AdvExpE
		X int
	}
	advTags struct {
		Dash  int    `json:"-"`
		DashC int    `json:"-,"`
		S     int    `json:",string"`
		SS    string `json:",string"`
		SB    bool   `json:",string"`
		Om    []int  `json:",omitempty"`
		Arr   [2]int
		Sl    []int
		M     map[string]int
		P     *int
		I     any
		N     stdjson.Number
		R     stdjson.RawMessage
		Fold  int `json:"fOLD"`
		Ch    chan int
		Fn    func()
		F32   float32
		U8    uint8
		Bytes []byte
	}
	advVal   struct{ V int }
	advValRx struct{ n int }
)

func (v advValRx) UnmarshalJSON(b []byte) error { return nil } // value receiver

func advDiff[T any](t *testing.T, in string, prefill func(*T)) {
	t.Helper()
	var want, got T
	if prefill != nil {
		prefill(&want)
		prefill(&got)
	}
	werr := stdjson.Unmarshal([]byte(in), &want)
	p := simdjson.NewParser()
	defer p.Close()
	d, err := p.Parse([]byte(in))
	if err != nil {
		return
	}
	gerr := d.Value.Decode(&got)
	ws, gs := advShow(want, werr), advShow(got, gerr)
	if werr != nil && gerr != nil && reflect.TypeOf(werr) != reflect.TypeOf(gerr) {
		gs += fmt.Sprintf("(%T)", gerr)
		ws += fmt.Sprintf("(%T)", werr)
	}
	if ws != gs {
		t.Errorf("%T %.80s:\n got %.400s\nwant %.400s", got, in, gs, ws)
	}
}

func TestDecodeShapes(t *testing.T) {
	for _, in := range []string{`{"A":1,"B":2,"C":3,"D":4}`, `{"a":1,"b":2,"c":3}`, `{"advE1":{"A":1}}`} {
		advDiff[advEmb](t, in, nil)
	}
	for _, in := range []string{`{"A":1,"X":2}`, `{"X":2}`, `{"B":null}`} {
		advDiff[advUnexpPtr](t, in, nil)
	}
	tagIns := []string{
		`{"Dash":1,"-":2}`, `{"DashC":1}`, `{"S":"12"}`, `{"S":12}`, `{"S":"x"}`, `{"S":"null"}`, `{"S":null}`, `{"SS":"\"q\""}`, `{"SS":"q"}`,
		`{"SB":"true"}`, `{"SB":"1"}`, `{"Om":[1]}`, `{"Arr":[1]}`, `{"Arr":[1,2,3]}`, `{"Arr":null}`, `{"Sl":[]}`, `{"Sl":null}`, `{"Sl":[1,"x",3]}`,
		`{"M":{"a":1}}`, `{"M":{"a":"x"}}`, `{"P":1}`, `{"P":null}`, `{"I":{"a":[1]}}`, `{"I":1}`, `{"N":1.5}`, `{"N":"1.5"}`, `{"N":"x"}`, `{"N":true}`,
		`{"R":{"a" : 1}}`, `{"R":null}`, `{"fold":3}`, `{"FOLD":3}`, `{"Fold":3}`, `{"Ch":1}`, `{"Ch":null}`, `{"Fn":null}`, `{"Fn":{}}`,
		`{"F32":1e39}`, `{"U8":256}`, `{"U8":-1}`, `{"U8":1.0}`, `{"Bytes":"QUJD"}`, `{"Bytes":"Q"}`, `{"Bytes":[1,2]}`, `{"Bytes":null}`,
		`{"ſ":1}`, `{"\u0053":"1"}`, `{"P":1,"P":null}`, `{"I":null}`, `[]`, `null`, `1`, `{"S":" 12"}`, `{"Arr":[1,{}]}`,
	}
	prefill := func(v *advTags) {
		n := 7
		v.Arr = [2]int{9, 9}
		v.Sl = []int{5, 6, 7}
		v.M = map[string]int{"z": 1}
		v.P = &n
		v.I = map[string]any{"keep": true}
		v.S = 3
		v.R = stdjson.RawMessage(`"old"`)
		v.Bytes = []byte("old")
	}
	for _, in := range tagIns {
		advDiff[advTags](t, in, nil)
		advDiff[advTags](t, in, prefill)
	}
	for _, in := range []string{`{"V":1}`, `[1]`} {
		advDiff[advValRx](t, in, nil)
		advDiff[map[advVal]int](t, in, nil)
		advDiff[[]advValRx](t, in, nil)
	}
	deep := strings.Repeat("[", 1200) + strings.Repeat("]", 1200)
	advDiff[any](t, deep, nil)
	advDiff[[]any](t, deep, nil)
	deepObj := strings.Repeat(`{"a":`, 1100) + "1" + strings.Repeat("}", 1100)
	advDiff[any](t, deepObj, nil)
	advDiff[map[string]any](t, deepObj, nil)
}

func advShow(v any, err error) string {
	if tv, ok := v.(advTags); ok {
		if tv.P != nil {
			p := *tv.P
			tv.P = nil
			return fmt.Sprintf("%+v *P=%d|%v", tv, p, err)
		}
	}
	s := fmt.Sprintf("%+v|%v", v, err)
	return strings.NewReplacer("0x", "").Replace(s)
}

// TestDecodeMaxDepth: encoding/json fails a value nested deeper than
// 10000 levels ("exceeded max depth", a *SyntaxError); Value.Decode into
// any, []any, a struct field or map[string]any must fail the same way. (The
// values are not compared: Decode documents that it may have stored some
// fields when it reports a syntax error.) It returned the value and no
// error.
func TestDecodeMaxDepth(t *testing.T) {
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	deepObj := strings.Repeat(`{"a":`, 10001) + "1" + strings.Repeat("}", 10001)
	ok := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	type S struct{ A []any }
	check := func(what, in string, newT func() any) {
		t.Helper()
		werr := stdjson.Unmarshal([]byte(in), newT())
		p := simdjson.NewParser()
		defer p.Close()
		d, err := p.Parse([]byte(in))
		if err != nil {
			t.Fatal(err)
		}
		gerr := d.Value.Decode(newT())
		if fmt.Sprint(gerr) != fmt.Sprint(werr) || reflect.TypeOf(gerr) != reflect.TypeOf(werr) {
			t.Errorf("%s: Decode error %v (%T), want %v (%T) as encoding/json", what, gerr, gerr, werr, werr)
		}
	}
	check("any", deep, func() any { return new(any) })
	check("[]any", deep, func() any { return new([]any) })
	check("struct", `{"A":`+deep+`}`, func() any { return new(S) })
	check("map", deepObj, func() any { return new(map[string]any) })
	check("any of objects", deepObj, func() any { return new(any) })
	check("10000 levels", ok, func() any { return new(any) })
	check("10000 levels []any", ok, func() any { return new([]any) })
	// Objects decoded into struct fields count as levels too (object's
	// loop decodes a struct field's object itself, not through value).
	type S2 struct{ B struct{ C struct{ D any } } }
	for _, n := range []int{9997, 9998} {
		in := `{"B":{"C":{"D":` + strings.Repeat("[", n) + strings.Repeat("]", n) + `}}}`
		check(fmt.Sprintf("structs then %d levels", n), in, func() any { return new(S2) })
	}
}
