package json_test

import (
	stdjson "encoding/json"
	"errors"
	"testing"
)

// The rules where encoding/json on encoding/json/v2 (Go 1.27's default)
// decodes values otherwise than the classic one (decode_v2.go), each
// against the building toolchain's encoding/json: under the classic one
// these pass as the other tests do; under v2 each failed before its rule.

// v2Quoted has ",string" fields whose strings v2 reads more strictly.
type v2Quoted struct {
	S  string         `json:"s,string"`
	PS *string        `json:"ps,string"`
	P  *int           `json:"p,string"`
	N  stdjson.Number `json:"n,string"`
	I  int            `json:"i,string"`
	F  float64        `json:"f,string"`
	B  bool           `json:"b,string"`
}

// v2FoldInner and v2Fold: a key matching two fields case-insensitively
// goes to the first in field order in v1, to the shallower in v2.
type v2FoldInner struct{ FOO int }

type v2Fold struct {
	v2FoldInner
	Foo2 int `json:"foo"`
}

type v2FoldDeep struct {
	A struct{ X int } `json:"a"`
	v2FoldInner
	B int `json:"FoO"`
}

// v2Tags: tags v2 reads otherwise (a format option fails the struct, a
// strict case option turns folding off, names v1 rejects are v2's).
type v2Format struct {
	A int `json:"a"`
	G int `json:"g,format:x"`
}

type v2Case struct {
	E int `json:"e,case:strict"`
	I int `json:"i,case:ignore"`
}

type v2Names struct {
	Quote  int `json:"a'b"`
	Symbol int `json:"€"`
	Ctrl   int `json:"c\u0001"`
	Plain  int `json:"plain"`
}

// v2StringOption: an option v2 reads as "string" (the identifier it starts
// with), v1 does not.
type v2StringOption struct {
	N int `json:"n,string-ish"`
}

// v2Key has UnmarshalJSON and UnmarshalText: a map key goes through
// UnmarshalText in v2, UnmarshalJSON in v1.
type v2Key string

func (k *v2Key) UnmarshalJSON(b []byte) error { *k = v2Key("json:" + string(b)); return nil }
func (k *v2Key) UnmarshalText(b []byte) error {
	if string(b) == "fail" {
		return errors.New("v2Key: fail")
	}
	*k = v2Key("text:" + string(b))
	return nil
}

func TestUnmarshalJSONv2Rules(t *testing.T) {
	quoted := []string{
		`{"s":"\"a\""}`, `{"s":"\"\\'\""}`, `{"s":"\"\\ud800\""}`, `{"s":"\"\\udc00x\""}`, `{"s":"\"\\ud83d\\ude00\""}`,
		`{"s":"\"a\" "}`, `{"s":"null"}`, `{"s":"\u006eull"}`, `{"s":"\"\\u00e9\""}`, `{"s":"\"\\x\""}`,
		`{"ps":"\"x\""}`, `{"ps":"null"}`, `{"ps":"\u006eull"}`, `{"ps":"\"\\'\""}`,
		`{"p":"1"}`, `{"p":"null"}`, `{"p":"\u006eull"}`, `{"p":"n\u0075ll"}`,
		`{"n":"12"}`, `{"n":"-abc"}`, `{"n":"\"12\""}`, `{"n":"01"}`, `{"n":"null"}`, `{"n":"1e5"}`, `{"n":"-"}`, `{"n":12}`,
		`{"i":"+1"}`, `{"i":"01"}`, `{"i":"\u006eull"}`, `{"f":"+1"}`, `{"f":".5"}`, `{"f":"Inf"}`, `{"f":"-Inf"}`, `{"f":"0x1p3"}`,
		`{"b":"true"}`, `{"b":" true"}`, `{"b":"\u006eull"}`,
	}
	for _, in := range quoted {
		checkUnmarshal(t, "quoted", []byte(in), func() any { return new(v2Quoted) })
		checkDecodeOpts(t, "quoted", []byte(in), func() any { return new(v2Quoted) }, true, true)
	}
	for _, in := range []string{`{"Foo":1}`, `{"foo":1}`, `{"FOO":1}`, `{"fOO":2}`, `{"FoO":3,"foo":4}`} {
		checkUnmarshal(t, "fold", []byte(in), func() any { return new(v2Fold) })
		checkUnmarshal(t, "fold", []byte(in), func() any { return new(v2FoldDeep) })
		checkUnmarshal(t, "fold", []byte(`[`+in+`]`), func() any { return new([]v2Fold) })
		checkUnmarshal(t, "fold", []byte(`{"x":`+in+`}`), func() any { return new(map[string]*v2FoldDeep) })
	}
	for _, in := range []string{`{"a":1,"g":2}`, `{"A":1}`, `{}`, `[]`, `null`} {
		checkUnmarshal(t, "format", []byte(in), func() any { return new(v2Format) })
		checkUnmarshal(t, "format", []byte(`{"f":`+in+`}`), func() any { return new(struct{ F v2Format }) })
	}
	for _, in := range []string{`{"e":1,"i":2}`, `{"E":1,"I":2}`} {
		checkUnmarshal(t, "case", []byte(in), func() any { return new(v2Case) })
	}
	for _, in := range []string{`{"a'b":1,"€":2,"c\u0001":3,"plain":4}`, `{"a":1,"Quote":2,"Symbol":3,"Ctrl":4}`} {
		checkUnmarshal(t, "names", []byte(in), func() any { return new(v2Names) })
	}
	for _, in := range []string{`{"n":"1"}`, `{"n":1}`} {
		checkUnmarshal(t, "option", []byte(in), func() any { return new(v2StringOption) })
	}
	for _, in := range []string{`{"a":1,"b":2}`, `{"fail":1}`, `{}`} {
		checkUnmarshal(t, "key", []byte(in), func() any { return new(map[v2Key]int) })
		checkUnmarshal(t, "key", []byte(`{"m":`+in+`}`), func() any { return new(struct{ M map[v2Key]int }) })
	}
	// Interfaces holding pointers to such types decide when decoding.
	for _, in := range []string{`{"Foo":1}`, `{"n":"-abc"}`} {
		checkUnmarshal(t, "iface", []byte(`{"x":`+in+`}`), func() any {
			return &map[string]any{"x": &v2Fold{}}
		})
		checkUnmarshal(t, "iface", []byte(in), func() any {
			var x any = &v2Quoted{}
			return &x
		})
	}
	// Type errors inside containers name the path from the root (v2) or
	// the innermost struct (v1).
	for _, in := range []string{`[{"Foo":"x"}]`, `[{"FOO":[1]}, {"foo":{}}]`} {
		checkUnmarshal(t, "paths", []byte(in), func() any { return new([]v2Fold) })
		checkUnmarshal(t, "paths", []byte(`{"k":`+in+`}`), func() any { return new(map[string][]v2Fold) })
		checkDecodeOpts(t, "paths", []byte(" \n"+in), func() any { return new([]v2Fold) }, false, true)
	}
}
