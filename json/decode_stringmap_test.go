package json_test

import (
	stdjson "encoding/json"
	"fmt"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

type advSS map[string]string

type advSSHolder struct {
	M  map[string]string
	D  advSS
	P  *map[string]string
	In struct{ N map[string]string }
}

func TestMapStringString(t *testing.T) {
	inputs := []string{
		`{"M":{"a":"1","b":"2"}}`, `{"M":{"a":"1","a":"2"}}`, `{"M":null}`, `{"M":{"a":null}}`, `{"M":{"a":1}}`,
		`{"M":{"a":"x","b":1,"c":"y"}}`, `{"M":[1]}`, `{"M":"s"}`, `{"M":{"\u0041":"\u00e9","a\"b":"c\\d"}}`,
		"{\"M\":{\"\xff\":\"\xfe\"}}", `{"M":{"\ud800":"\udc00x"}}`, `{"D":{"k":"v"}}`, `{"D":{"k":true}}`, `{"D":null}`,
		`{"P":{"k":"v"}}`, `{"P":null}`, `{"P":{"k":{}}}`, `{"In":{"N":{"q":[1,2]}}}`, `{"In":{"N":{"q":"r"}}}`,
		`{"M":{"a":"1","b":{"x":1},"c":"3"}}`, `{"M":{"":""}}`, `{"M":{}}`, `{"M":{"a":"1"},"M":{"b":"2"}}`,
		`{"M":{"a":1.5e400}}`, `{"M":{"a":"1"}, "D":{"b":2}, "In":{"N":{"c":false}}}`,
	}
	for _, in := range inputs {
		for _, prefill := range []bool{false, true} {
			mk := func() *advSSHolder {
				h := &advSSHolder{}
				if prefill {
					pm := map[string]string{"p": "q", "a": "old"}
					h.M = map[string]string{"a": "old", "z": "zz"}
					h.D = advSS{"k": "old", "y": "yy"}
					h.P = &pm
					h.In.N = map[string]string{"q": "old"}
				}
				return h
			}
			w, g := mk(), mk()
			werr := stdjson.Unmarshal([]byte(in), w)
			gerr := sjson.Unmarshal([]byte(in), g)
			ws, gs := fmt.Sprintf("%#v %#v %#v %#v %v / %s", w.M, w.D, w.In, w.P == nil, deref(w.P), errText(werr)), fmt.Sprintf("%#v %#v %#v %#v %v / %s", g.M, g.D, g.In, g.P == nil, deref(g.P), errText(gerr))
			if ws != gs {
				t.Errorf("input %q prefill %v:\n got %s\nwant %s", in, prefill, gs, ws)
			}
			if ute, ok := werr.(*stdjson.UnmarshalTypeError); ok {
				gute, ok := gerr.(*stdjson.UnmarshalTypeError)
				if !ok || gute.Field != ute.Field || gute.Offset != ute.Offset || gute.Value != ute.Value || gute.Type != ute.Type {
					t.Errorf("input %q: type error got %#v want %#v", in, gerr, werr)
				}
			}
			// Decoder too.
			w2, g2 := mk(), mk()
			werr = stdjson.NewDecoder(&advReader{data: []byte(in), chunk: 3}).Decode(w2)
			gerr = sjson.NewDecoder(&advReader{data: []byte(in), chunk: 3}).Decode(g2)
			ws, gs = fmt.Sprintf("%#v %#v %#v %#v %v / %s", w2.M, w2.D, w2.In, w2.P == nil, deref(w2.P), errText(werr)), fmt.Sprintf("%#v %#v %#v %#v %v / %s", g2.M, g2.D, g2.In, g2.P == nil, deref(g2.P), errText(gerr))
			if ws != gs {
				t.Errorf("Decoder input %q prefill %v:\n got %s\nwant %s", in, prefill, gs, ws)
			}
		}
	}
	// Top level.
	for _, in := range []string{`{"a":"b"}`, `null`, `{"a":1}`, `[]`, `{"a":"b","a":null}`} {
		var w, g map[string]string
		werr := stdjson.Unmarshal([]byte(in), &w)
		gerr := sjson.Unmarshal([]byte(in), &g)
		if fmt.Sprintf("%#v %s", w, errText(werr)) != fmt.Sprintf("%#v %s", g, errText(gerr)) {
			t.Errorf("top %q: got %#v %v want %#v %v", in, g, gerr, w, werr)
		}
		var wd, gd advSS
		werr = stdjson.Unmarshal([]byte(in), &wd)
		gerr = sjson.Unmarshal([]byte(in), &gd)
		if fmt.Sprintf("%#v %s", wd, errText(werr)) != fmt.Sprintf("%#v %s", gd, errText(gerr)) {
			t.Errorf("top defined %q: got %#v %v want %#v %v", in, gd, gerr, wd, werr)
		}
	}
}

func deref(p *map[string]string) any {
	if p == nil {
		return nil
	}
	return *p
}
