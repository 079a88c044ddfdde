//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	jsonv1 "encoding/json"
	jsonv2 "encoding/json/v2"
	"reflect"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson/json/jsontext"
	json "github.com/simdjson-cgo/simdjson/json/v2"
)

// Differential fuzz targets against encoding/json/v2: values (compared
// with reflect.DeepEqual), bytes and errors (sameErr) must be the
// standard's for every input and option set.

var fuzzSeeds = []string{
	`{"a":1}`, `[1,2,{"b":null}]`, `{"a":1,"a":2}`, `"\ud800"`, `{"Name":"x","n":3,"Tags":["a"],"Sub":{"X":1.5}}`,
	`{"name":"x","N":"3","tags":null,"Extra":true}`, `{"D":"1s","T":"2020-01-01T00:00:00Z","B":"AQI="}`,
	`{"O":"ours3","P":"ours4","Q":["ours5"]}`, `{"O":3}`, `1e400`, "[\"\xff\"]", `{"Inline":{"k":1},"k2":2}`,
	`{"name":"x","n":-0,"u":255,"f":1e39,"tags":["a",null],"sub":{"name":"y","sub":null},"subs":[{"Case":true}],"m":{"a":1,"a":2}}`,
	`{"NAME":"x","case":true,"a-b_c":"d","A-B_C":"e","ptr":null,"any":{"x":[{}]}}`, `{"u":256}`, `{"n":1.0}`, `{"n":"1"}`, `[{"name":"a"},{"Name":"b"}]`,
	`{"name":"x","ok":true,"in":{"s":"y","Case":false,"deep":{"t":"z"}},"skip":[{"a":1}]}`, `{"in":{"case":true,"CASE":false}}`,
}

func FuzzUnmarshalAny(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		checkAny(t, doc)
	})
}

type fuzzInner struct {
	X float64 `json:",omitzero"`
	Y *int    `json:"y,omitempty"`
}

type fuzzStruct struct {
	Name   string            `json:"name"`
	N      int               `json:"n,string"`
	Tags   []string          `json:",omitempty"`
	Sub    fuzzInner         `json:",omitzero"`
	Ptr    *fuzzInner        `json:"ptr"`
	M      map[string]uint8  `json:"m"`
	Case   string            `json:"case,case:ignore"`
	D      time.Duration     `json:",format:nano"`
	T      time.Time         `json:",omitzero"`
	B      []byte            `json:",format:base64"`
	A      [2]int            `json:"a"`
	Any    any               `json:"any"`
	Inline map[string]any    `json:",unknown"`
	Raw    jsontext.Value    `json:"raw"`
	O      ours              `json:",omitzero"`
	P      *ours             `json:",omitempty"`
	Q      []ours            `json:",omitempty"`
	S      map[string]string `json:"-"`
}

type fuzzV1Struct struct {
	Name string            `json:"name"`
	N    int               `json:",string"`
	Tags []string          `json:"tags,omitempty"`
	M    map[string]any    `json:"m"`
	Sub  *fuzzInner        `json:"sub"`
	F    float32           `json:"f"`
	U    uint16            `json:"u"`
	I    interface{}       `json:"i"`
	R    jsonv1.RawMessage `json:"r"`
	D    time.Duration
}

// fuzzOptions picks an option set from k.
func fuzzOptions(k uint8) []json.Options {
	switch k % 8 {
	case 0:
		return nil
	case 1:
		return []json.Options{jsonv1.DefaultOptionsV1()}
	case 2:
		return []json.Options{json.RejectUnknownMembers(true)}
	case 3:
		return []json.Options{json.MatchCaseInsensitiveNames(true), json.StringifyNumbers(true)}
	case 4:
		return []json.Options{jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true)}
	case 5:
		return []json.Options{json.DefaultOptionsV2(), json.FormatNilSliceAsNull(true), json.FormatNilMapAsNull(true)}
	case 6:
		return []json.Options{jsonv1.DefaultOptionsV1(), jsonv1.StringifyWithLegacySemantics(false)}
	}
	return []json.Options{json.OmitZeroStructFields(true), jsontext.Multiline(true)}
}

// marshalOptions adds Deterministic: maps are written in random order
// otherwise (by both).
func marshalOptions(opts []json.Options) []json.Options {
	return append(append([]json.Options(nil), opts...), json.Deterministic(true))
}

func fuzzStructDiff[T any](t *testing.T, doc []byte, k uint8) {
	opts := fuzzOptions(k)
	var got, want T
	errG := json.Unmarshal(doc, &got, opts...)
	errW := jsonv2.Unmarshal(doc, &want, bridgedStd(opts)...)
	sameErr(t, "Unmarshal", errG, errW)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Unmarshal %q %v: %+v, want %+v", doc, k%8, got, want)
	}
	mopts := marshalOptions(opts)
	bg, errG := json.Marshal(got, mopts...)
	bw, errW := json.Marshal(want, mopts...) // the same value, checked against the standard below
	if string(bg) != string(bw) {
		t.Fatalf("Marshal not deterministic: %s vs %s", bg, bw)
	}
	bs, errS := jsonv2.Marshal(want, bridgedStd(mopts)...)
	sameErr(t, "Marshal", errG, errS)
	sameErr(t, "Marshal", errW, errS)
	if string(bg) != string(bs) {
		t.Fatalf("Marshal %+v %v: %s, want %s", got, k%8, bg, bs)
	}
}

// bridgedStd is opts with the bridge of ours's methods made by hand for
// the standard package (what json/v2 does for MarshalerTo/UnmarshalerFrom).
func bridgedStd(opts []json.Options) []json.Options {
	return append(append([]json.Options(nil), opts...),
		json.WithMarshalers(json.MarshalToFunc(func(e *jsontext.Encoder, o ours) error {
			return o.MarshalJSONTo(e)
		})),
		json.WithUnmarshalers(json.UnmarshalFromFunc(func(d *jsontext.Decoder, o *ours) error {
			return o.UnmarshalJSONFrom(d)
		})))
}

// plannedStruct reads only strings and bools: the parse follows its plan
// (package json's decode_plan.go) by encoding/json/v2's rules.
type plannedStruct struct {
	Name string `json:"name"`
	OK   bool   `json:"ok"`
	In   struct {
		S    string `json:"s"`
		Case bool
		Deep struct {
			T string `json:"t"`
		} `json:"deep"`
	} `json:"in"`
	Dash string `json:"a-b_c"`
}

// plainStruct is a type the typed fast path takes (see shape.go).
type plainStruct struct {
	Name  string             `json:"name"`
	N     int                `json:"n,omitempty"`
	U     uint8              `json:"u"`
	F     float32            `json:"f,omitzero"`
	Tags  []string           `json:"tags"`
	Sub   *plainStruct       `json:"sub"`
	Subs  []plainStruct      `json:"subs"`
	M     map[string]float64 `json:"m"`
	Any   any                `json:"any"`
	Case  bool
	Ptr   *int              `json:"ptr"`
	Dash  string            `json:"a-b_c"`
	Arr   [2]int            `json:"arr"`
	Raw   jsontext.Value    `json:"raw"`
	At    int               `json:"@t"`
	SM    map[string]string `json:"sm"`
	MA    map[string]any    `json:"ma"`
	skip  int
	Skip2 int `json:"-"`
}

func FuzzUnmarshalStruct(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add([]byte(s), uint8(i))
	}
	f.Fuzz(func(t *testing.T, doc []byte, k uint8) {
		switch k / 8 % 4 {
		case 0:
			fuzzStructDiff[fuzzStruct](t, doc, k)
		case 1:
			fuzzStructDiff[fuzzV1Struct](t, doc, k)
		case 2:
			fuzzStructDiff[plainStruct](t, doc, k)
			fuzzStructDiff[[]plainStruct](t, doc, k)
		default:
			fuzzStructDiff[plannedStruct](t, doc, k)
		}
	})
}
