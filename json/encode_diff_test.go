package json_test

import (
	"bytes"
	"encoding"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"net/netip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The encoder's differential test on edge values: every value below goes
// through Marshal, MarshalIndent and the Encoder (HTML escaping on and
// off, indented or not) of both packages, whose bytes and errors (type,
// text, MarshalerError's fields) must be equal. It runs against the
// encoding/json of the toolchain that builds it: the classic one, or under
// goexperiment.jsonv2 the one implemented on encoding/json/v2, whose
// differences (invalid UTF-8 as U+FFFD, *T in a MarshalerError, the
// methods it calls) package json follows by build tags.

// diffEncode compares both packages' encodings of v, reporting each
// difference under name.
func diffEncode(t *testing.T, name string, v any) { diffEncodeIndents(t, name, v, true) }

// diffEncodeIndents is diffEncode, with indent strings or (for values
// nested thousands of levels, whose indentation would be quadratic) with
// empty ones only.
func diffEncodeIndents(t *testing.T, name string, v any, indents bool) {
	t.Helper()
	want, werr := stdjson.Marshal(v)
	got, gerr := sjson.Marshal(v)
	diffResult(t, name+": Marshal", want, got, werr, gerr)
	pairs, indentStrings := [][2]string{{"", ""}, {">", "\t"}, {"", "  "}, {"x", "y"}}, []string{"", "\t"}
	if !indents {
		pairs, indentStrings = pairs[:1], indentStrings[:1]
	}
	for _, pi := range pairs {
		want, werr = stdjson.MarshalIndent(v, pi[0], pi[1])
		got, gerr = sjson.MarshalIndent(v, pi[0], pi[1])
		diffResult(t, fmt.Sprintf("%s: MarshalIndent(%q, %q)", name, pi[0], pi[1]), want, got, werr, gerr)
	}
	for _, html := range []bool{true, false} {
		for _, indent := range indentStrings {
			var wb, gb bytes.Buffer
			we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
			we.SetEscapeHTML(html)
			ge.SetEscapeHTML(html)
			we.SetIndent("", indent)
			ge.SetIndent("", indent)
			werr, gerr := we.Encode(v), ge.Encode(v)
			diffResult(t, fmt.Sprintf("%s: Encode (html %v, indent %q)", name, html, indent), wb.Bytes(), gb.Bytes(), werr, gerr)
		}
	}
}

// diffResult reports a difference in bytes or error: message, type, and
// the fields of encoding/json's error types (MarshalerError's unexported
// one included).
func diffResult(t *testing.T, what string, want, got []byte, werr, gerr error) {
	t.Helper()
	if msg := errDiff(werr, gerr); msg != "" {
		t.Errorf("%s: %s", what, msg)
		return
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

// errDiff describes how gerr differs from werr, or returns "".
func errDiff(werr, gerr error) string {
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		return fmt.Sprintf("error %v, want %v", gerr, werr)
	}
	if werr == nil {
		return ""
	}
	if reflect.TypeOf(werr) != reflect.TypeOf(gerr) {
		return fmt.Sprintf("error of type %T, want %T", gerr, werr)
	}
	var wm, gm *stdjson.MarshalerError
	if errors.As(werr, &wm) {
		if !errors.As(gerr, &gm) || !reflect.DeepEqual(*wm, *gm) {
			return fmt.Sprintf("MarshalerError %#v, want %#v", gm, wm)
		}
	}
	var wu, gu *stdjson.UnsupportedValueError
	if errors.As(werr, &wu) {
		if !errors.As(gerr, &gu) || wu.Str != gu.Str || wu.Value.IsValid() != gu.Value.IsValid() ||
			wu.Value.IsValid() && wu.Value.Type() != gu.Value.Type() {
			return fmt.Sprintf("UnsupportedValueError %#v, want %#v", gu, wu)
		}
	}
	var wt, gt *stdjson.UnsupportedTypeError
	if errors.As(werr, &wt) {
		if !errors.As(gerr, &gt) || wt.Type != gt.Type {
			return fmt.Sprintf("UnsupportedTypeError %#v, want %#v", gt, wt)
		}
	}
	var ws, gs *stdjson.SyntaxError
	if errors.As(werr, &ws) {
		if !errors.As(gerr, &gs) || ws.Offset != gs.Offset {
			return fmt.Sprintf("SyntaxError %#v, want %#v", gs, ws)
		}
	}
	return ""
}

// Types of the edge values.
type (
	edgeValMarsh  struct{ S string }
	edgePtrMarsh  struct{ S string }
	edgeValText   struct{ S string }
	edgePtrText   struct{ S string }
	edgeBadMarsh  struct{ Out string }
	edgeErrMarsh  struct{}
	edgeErrText   struct{}
	edgeKeyText   int
	edgePtrKey    int
	edgeStrText   string
	edgeJSONKey   string
	edgeIntJSON   int
	edgeBoth      struct{ N int }
	edgeAppender  struct{ S string }
	edgePtrAppend struct{ S string }
	edgeErrAppend struct{}
	edgeTextBoth  struct{ S string }
	edgeBytesM    []byte
	edgeByteM     byte
	edgeBytePtrM  byte
	edgeByteText  byte
	edgeMyInt     int
	edgemyInt     int
	edgeMyString  string
	edgeRec       struct {
		Name string
		Next *edgeRec
	}
	edgeMapRec   map[string]any
	edgeSliceRec []any
)

// Methods that answer on a nil receiver (Go's own TestNilMarshal's
// nilJSONMarshaler and nilTextMarshaler): a nil *T held by a field of
// type Marshaler, encoding.TextMarshaler or encoding.TextAppender is
// written by the method (classic: the interface's; v2: wrapped in a
// struct, for those interface types only), in any as null.
type (
	edgeNilMarsh  struct{ S string }
	edgeNilText   struct{ S string }
	edgeNilAppend struct{ S string }
	edgeNilErr    struct{}
)

func (m *edgeNilMarsh) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte(` "nil <marsh>" `), nil
	}
	return []byte(`"` + m.S + `"`), nil
}

func (m *edgeNilText) MarshalText() ([]byte, error) {
	if m == nil {
		return []byte("nil <text>\xff"), nil
	}
	return []byte(m.S), nil
}

func (m *edgeNilAppend) AppendText(b []byte) ([]byte, error) {
	if m == nil {
		return append(b, "nil <append>"...), nil
	}
	return append(b, m.S...), nil
}

func (m *edgeNilAppend) MarshalText() ([]byte, error) { return m.AppendText(nil) }

func (*edgeNilErr) MarshalJSON() ([]byte, error) { return nil, errors.New("nil receiver failed") }
func (*edgeNilErr) MarshalText() ([]byte, error) { return nil, errors.New("nil receiver text failed") }

func (m edgeValMarsh) MarshalJSON() ([]byte, error)  { return []byte(`{"v": "` + m.S + `"}`), nil }
func (m *edgePtrMarsh) MarshalJSON() ([]byte, error) { return []byte(` ["p",` + m.S + ` ] `), nil }
func (m edgeValText) MarshalText() ([]byte, error)   { return []byte("v<" + m.S + ">"), nil }
func (m *edgePtrText) MarshalText() ([]byte, error)  { return []byte("p&" + m.S), nil }
func (m edgeBadMarsh) MarshalJSON() ([]byte, error)  { return []byte(m.Out), nil }
func (edgeErrMarsh) MarshalJSON() ([]byte, error)    { return nil, errors.New("marsh failed") }
func (edgeErrText) MarshalText() ([]byte, error)     { return nil, errors.New("text failed") }
func (k edgeKeyText) MarshalText() ([]byte, error) {
	return []byte(fmt.Sprintf("k%d\xff", int(k))), nil
}
func (k *edgePtrKey) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("p%d", int(*k))), nil }
func (k edgeStrText) MarshalText() ([]byte, error) { return []byte("text:" + string(k)), nil }
func (k edgeJSONKey) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (k edgeIntJSON) MarshalJSON() ([]byte, error) { return []byte(`"intjson"`), nil }
func (m *edgeBoth) MarshalJSON() ([]byte, error)   { return []byte(fmt.Sprint(m.N)), nil }
func (m edgeBoth) MarshalText() ([]byte, error)    { return []byte(fmt.Sprint("text", m.N)), nil }
func (m edgeAppender) AppendText(b []byte) ([]byte, error) {
	return append(b, "app<"+m.S+">"...), nil
}
func (m *edgePtrAppend) AppendText(b []byte) ([]byte, error) { return append(b, "papp"+m.S...), nil }
func (edgeErrAppend) AppendText(b []byte) ([]byte, error) {
	return b, errors.New("append failed")
}
func (edgeErrAppend) MarshalText() ([]byte, error) { return []byte("unused"), nil }
func (m edgeTextBoth) AppendText(b []byte) ([]byte, error) {
	return append(b, "appended:"+m.S...), nil
}
func (m edgeTextBoth) MarshalText() ([]byte, error) { return []byte("marshaled:" + m.S), nil }

type edgeJSONText struct{ S string }

func (m edgeJSONText) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (m edgeJSONText) MarshalText() ([]byte, error) { return []byte("text"), nil }
func (m edgeJSONText) String() string               { return "str" }

func (m edgeBytesM) MarshalJSON() ([]byte, error) { return []byte(`"bytes"`), nil }
func (m edgeByteM) MarshalJSON() ([]byte, error)  { return []byte(`"b"`), nil }
func (m *edgeBytePtrM) MarshalJSON() ([]byte, error) {
	return []byte(`"pb"`), nil
}
func (m edgeByteText) MarshalText() ([]byte, error) { return []byte("t"), nil }

type edgeTags struct {
	A  int     `json:"a,omitempty"`
	B  string  `json:"b,string"`
	C  float64 `json:",string"`
	D  bool    `json:"d,string,omitempty"`
	E  *int    `json:"e,string"`
	F  int     `json:"-"`
	G  int     `json:"-,"`
	H  int     `json:"h,omitzero"`
	I  time.Time
	J  time.Time `json:",omitzero"`
	K  time.Time `json:",omitempty"`
	L  int       `json:"l,inline"`
	M  int       `json:"m,unknown"`
	O  int       `json:"o,case:ignore"`
	P  int       `json:"'q,uoted'"`
	Q  int       `json:"a b"`
	R  int       `json:"a\"b"`
	S  int       `json:"<&>"`
	T  int       `json:"é\u2028"`
	U  []int     `json:",omitempty"`
	V  map[string]int
	W  edgeMyString `json:",string"`
	X  any          `json:",string"`
	Y  *string      `json:",string"`
	Z  []string     `json:",string"`
	AA uint8        `json:",string"`
	AB float32      `json:",string"`
	AC edgeValText  `json:",string"`
	AD sjson.Number `json:",string"`
}

// Tags v2 reads otherwise: each in its own struct, so that one error does
// not hide the others.
type (
	edgeTagFormat struct {
		N int `json:"n,format:hex"`
	}
	edgeTagFormatT struct {
		T time.Time `json:",format:RFC822"`
	}
	edgeTagCase struct {
		O int `json:"o,case:ignore"`
	}
	edgeTagEmbedOpt struct {
		edgeInner `json:",embed"`
	}
	edgeTagInline struct {
		edgeInner `json:",inline"`
	}
	edgeTagUnknown struct {
		M map[string]any `json:",unknown"`
	}
	edgeTagDash struct {
		D int `json:"-,"`
	}
	edgeTagQuoted struct {
		Q int `json:"'q'"`
	}
	edgeTagSpace struct {
		S int `json:"a b"`
	}
	edgeTagBadName struct {
		S int `json:"é\u2028"`
	}
	edgeTagMutant struct {
		S int `json:",omitEmpty"`
	}
	edgeTagTrail struct {
		S int `json:"s,"`
	}
	edgeTagDup struct {
		S int `json:"s,omitempty,omitempty"`
	}
)

// Embedded fields v2 may read otherwise.
type (
	EdgeMapEmbed   map[string]int
	edgeEmbedMap   struct{ EdgeMapEmbed }
	EdgeMarshEmbed struct{ X int }
	edgeEmbedMarsh struct {
		*EdgeMarshEmbed
		Y int
	}
	EdgeTextEmbed  struct{ X int }
	edgeEmbedText  struct{ EdgeTextEmbed }
	edgeEmbedRaw   struct{ sjson.RawMessage }
	edgeEmbedNamed struct {
		edgeInner `json:"inner"`
	}
	edgeEmbedTime struct {
		time.Time
		N int
	}
)

func (m *EdgeMarshEmbed) MarshalJSON() ([]byte, error) { return []byte(`"embedded"`), nil }
func (m *EdgeTextEmbed) MarshalText() ([]byte, error)  { return []byte("embedded"), nil }

type edgeInner struct {
	X, Y int
	Z    string `json:"z"`
}

type edgeinner struct {
	Hidden int
	Shown  int `json:"shown"`
}

type EdgeConflictA struct{ Dup, OnlyA int }
type EdgeConflictB struct{ Dup, OnlyB int }

type edgeEmbed struct {
	edgeInner
	*EdgeConflictA
	EdgeConflictB
	edgeinner
	edgeMyInt
	edgemyInt
	Own int
}

type edgeEmbedPtrUnexported struct {
	*edgeinner
	V int
}

type edgeEmbedInline struct {
	Inner edgeInner `json:",inline"`
	Map   map[string]int
}

type edgeEmbedIface struct {
	encoding.TextMarshaler
	fmt.Stringer
	V int
}

type edgeMethods struct {
	VM  edgeValMarsh
	PM  edgePtrMarsh
	VT  edgeValText
	PT  edgePtrText
	PPM *edgePtrMarsh
	PVM *edgeValMarsh
	NVM *edgeValMarsh
	NPM *edgePtrMarsh
	NVT *edgeValText
	IM  sjson.Marshaler
	IT  encoding.TextMarshaler
	AP  edgeAppender
	PA  edgePtrAppend
	TB  edgeTextBoth
	BO  edgeBoth
	BP  *edgeBoth
	Arr [2]edgePtrMarsh
	Sl  []edgePtrMarsh
	Map map[string]edgePtrMarsh
}

// deepValues returns the edge values nested close to jsontext's limit of
// 10000 levels (past it, v2 fails where the classic encoder does not).
func deepValues() map[string]any {
	deep := func(n int) any {
		var v any = "x"
		for range n {
			v = []any{v}
		}
		return v
	}
	deepMap := func(n int) any {
		var v any = 1
		for range n {
			v = map[string]any{"k": v}
		}
		return v
	}
	return map[string]any{
		"marsh deep":           edgeBadMarsh{strings.Repeat("[", 10001) + strings.Repeat("]", 10001)},
		"raw deep":             []sjson.RawMessage{sjson.RawMessage(strings.Repeat("[", 9999) + strings.Repeat("]", 9999))},
		"raw deeper":           []sjson.RawMessage{sjson.RawMessage(strings.Repeat("[", 10000) + strings.Repeat("]", 10000))},
		"deep 10000":           deep(9999),
		"deep 10001":           deep(10000),
		"deep 10002":           deep(10001),
		"deep map 10001":       deepMap(10001),
		"deep map 10000":       deepMap(10000),
		"deep struct 10000":    deepRec(10000),
		"deep struct 10001":    deepRec(10001),
		"deep slice 10000":     deepNest(10000),
		"deep slice 10001":     deepNest(10001),
		"deep raw in struct":   deepRawRec(9998),
		"deep raw in struct+1": deepRawRec(9999),
	}
}

// edgeNest is a slice type nested in itself.
type edgeNest []edgeNest

// deepNest returns an edgeNest n levels deep (the innermost one empty).
func deepNest(n int) edgeNest {
	v := edgeNest{}
	for range n - 1 {
		v = edgeNest{v}
	}
	return v
}

// deepRec returns n edgeRecs, each the Next of the one before.
func deepRec(n int) *edgeRec {
	var r *edgeRec
	for range n {
		r = &edgeRec{Name: "r", Next: r}
	}
	return r
}

// edgeRawRec: a chain of objects ending in a RawMessage of two levels.
type edgeRawRec struct {
	R    sjson.RawMessage `json:",omitempty"`
	Next *edgeRawRec      `json:",omitempty"`
}

// deepRawRec returns n edgeRawRecs, the last holding [[]].
func deepRawRec(n int) *edgeRawRec {
	r := &edgeRawRec{R: sjson.RawMessage(`[[]]`)}
	for range n - 1 {
		r = &edgeRawRec{Next: r}
	}
	return r
}

// edgeValues returns the values of the edge test, by name.
func edgeValues() map[string]any {
	rec := &edgeRec{Name: "a"}
	rec.Next = rec
	mrec := edgeMapRec{}
	mrec["self"] = mrec
	srec := edgeSliceRec{nil}
	srec[0] = srec
	i := 7
	s := "s<>"
	badTime := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	zoneTime := time.Date(2024, 2, 3, 4, 5, 6, 7, time.FixedZone("Z", 5*3600+1800))
	var nilMarshaler *edgeValMarsh
	var nilText *edgeValText
	invalid := []string{
		"\xff", "a\xffb", "\xed\xa0\x80", "\xed\xbf\xbf", "\xf4\x90\x80\x80", "\xc0\xaf", "\xe2\x80",
		"\u2028\u2029", "<>&", "\x00\x1f\x7f", "\ufffd", "é\xe9", strings.Repeat("ab\xffcd", 20),
		strings.Repeat("é", 40) + "\xff" + strings.Repeat("x", 40), "\xf0\x9f\x98", "\xf0\x9f\x98\x80",
	}
	vals := map[string]any{
		"nil":                    nil,
		"nil map":                map[string]int(nil),
		"nil slice":              []int(nil),
		"nil ptr":                (*int)(nil),
		"nil bytes":              []byte(nil),
		"empty bytes":            []byte{},
		"bytes":                  []byte("hello<>\xff"),
		"byte array":             [4]byte{1, 2, 3, 4},
		"named bytes":            edgeBytesM("x"),
		"bytes of marsh":         []edgeByteM{1, 2},
		"bytes of pmarsh":        []edgeBytePtrM{1, 2},
		"bytes of text":          []edgeByteText{1, 2},
		"array of marsh":         [2]edgeByteM{1, 2},
		"NaN":                    math.NaN(),
		"+Inf":                   math.Inf(1),
		"-Inf":                   math.Inf(-1),
		"NaN32":                  float32(math.NaN()),
		"Inf in slice":           []float64{1, math.Inf(1)},
		"Inf32 in slice":         []float32{1, float32(math.Inf(-1))},
		"NaN in map":             map[string]float64{"a": math.NaN()},
		"NaN in struct":          struct{ F float64 }{math.NaN()},
		"NaN in any slice":       []any{1, math.NaN()},
		"-0":                     math.Copysign(0, -1),
		"-0 32":                  float32(math.Copysign(0, -1)),
		"float32 tie":            math.Float32frombits(0x39800000),
		"floats":                 []float64{1e-7, 1e21, 123.456, 1e20, 5e-324, math.MaxFloat64},
		"floats32":               []float32{1e-7, 1e21, 123.456, 1e20, math.MaxFloat32, 16777217},
		"cycle ptr":              rec,
		"cycle map":              mrec,
		"cycle slice":            srec,
		"chan":                   make(chan int),
		"func":                   func() {},
		"complex":                complex(1, 2),
		"complex64":              complex64(complex(1, 2)),
		"unsafe ptr":             unsafe.Pointer(&i),
		"chan in struct":         struct{ C chan int }{},
		"func in struct":         struct{ F func() }{},
		"nil chan ptr":           (*chan int)(nil),
		"chan ptr":               func() any { c := make(chan int); return &c }(),
		"empty map of chan":      map[string]chan int{},
		"map of chan":            map[string]chan int{"a": nil},
		"empty func slice":       []func(){},
		"func slice":             []func(){nil},
		"empty chan array":       [0]chan int{},
		"map complex key":        map[complex64]int{1: 1},
		"map float key":          map[float64]int{1.5: 1},
		"map float key 0":        map[float64]int{},
		"map bool key":           map[bool]int{true: 1},
		"map array key":          map[[2]int]int{{1, 2}: 3},
		"map ptr key":            map[*int]int{&i: 1},
		"map any key":            map[any]int{"a": 1},
		"map int keys":           map[int]string{-1: "a", 10: "b", 2: "c", math.MinInt64: "m"},
		"map uint keys":          map[uint8]bool{255: true, 0: false},
		"map text keys":          map[edgeKeyText]int{1: 1, 2: 2, 10: 10},
		"map ptr text keys":      map[*edgePtrKey]int{new(edgePtrKey): 1},
		"map nil ptr text key":   map[*edgePtrKey]int{nil: 1},
		"map ptrkey value keys":  map[edgePtrKey]int{3: 1},
		"map str text keys":      map[edgeStrText]int{"a": 1, "b": 2},
		"map json keys":          map[edgeJSONKey]int{"a": 1},
		"map int json keys":      map[edgeIntJSON]int{4: 1},
		"map text iface key":     map[encoding.TextMarshaler]int{edgeKeyText(1): 2},
		"map appender keys":      map[edgeAppender]int{{"a"}: 1},
		"map textboth keys":      map[edgeTextBoth]int{{"a"}: 1},
		"map err text key":       map[edgeErrText]int{{}: 1},
		"map err append key":     map[edgeErrAppend]int{{}: 1},
		"map key sort":           map[string]int{"b": 1, "a": 2, "\xff": 3, "\xfe": 4, "\ufffd": 5, "\uffff": 6, "é": 7, "A": 8, "": 9, "a\x00": 10, "<": 11, "\u2028": 12},
		"map bytes values":       map[string][]byte{"a": []byte("x"), "b": nil},
		"map of methods":         map[string]edgePtrMarsh{"a": {"1"}},
		"map of ptext":           map[string]edgePtrText{"a": {"1"}},
		"map of pappend":         map[string]edgePtrAppend{"a": {"1"}},
		"any of pmarsh":          []any{edgePtrMarsh{"2"}, &edgePtrMarsh{"3"}},
		"pmarsh by value":        edgePtrMarsh{"4"},
		"ptext by value":         edgePtrText{"4"},
		"pappend by value":       edgePtrAppend{"4"},
		"nil val marsh":          nilMarshaler,
		"nil val text":           nilText,
		"nil val marsh in slice": []*edgeValMarsh{nil},
		"methods":                edgeMethods{PPM: &edgePtrMarsh{"5"}, PVM: &edgeValMarsh{"6"}, IM: edgeValMarsh{"7"}, IT: edgeValText{"8"}, BP: &edgeBoth{9}, Sl: []edgePtrMarsh{{"1"}}, Map: map[string]edgePtrMarsh{"m": {"2"}}},
		"methods ptr":            &edgeMethods{Arr: [2]edgePtrMarsh{{"a"}, {"b"}}},
		"methods in any":         []any{edgeMethods{}},
		"bad marsh":              edgeBadMarsh{"{bad"},
		"bad marsh ptr":          &edgeBadMarsh{"{bad"},
		"bad marsh empty":        edgeBadMarsh{""},
		"bad marsh trail":        edgeBadMarsh{`1 2`},
		"bad marsh spaces":       edgeBadMarsh{" { \"a\" : [ 1 , 2 ] } "},
		"marsh html":             edgeBadMarsh{`"<&>\u2028` + "\u2028\u2029\xff" + `"`},
		"marsh dup keys":         edgeBadMarsh{`{"a":1,"a":2}`},
		"marsh number":           edgeBadMarsh{`-0.0e+00`},
		"marsh escapes":          edgeBadMarsh{`"\u0041\/\ud800"`},
		"marsh bad utf8 key":     edgeBadMarsh{"{\"\xff\":1}"},
		"marsh in slice":         []edgeBadMarsh{{"1"}, {"{"}},
		"err marsh":              edgeErrMarsh{},
		"err marsh ptr":          &edgeErrMarsh{},
		"err marsh slice":        []edgeErrMarsh{{}},
		"err marsh map":          map[string]edgeErrMarsh{"a": {}},
		"err text":               edgeErrText{},
		"err text slice":         []edgeErrText{{}},
		"err append":             edgeErrAppend{},
		"err append ptr":         &edgeErrAppend{},
		"appender":               edgeAppender{"x"},
		"appender ptr":           &edgeAppender{"y"},
		"ptr appender":           &edgePtrAppend{"z"},
		"ptr appender slice":     []edgePtrAppend{{"w"}},
		"text both":              edgeTextBoth{"t"},
		"text both ptr":          &edgeTextBoth{"t"},
		"both":                   edgeBoth{1},
		"both ptr":               &edgeBoth{2},
		"both slice":             []edgeBoth{{3}},
		"tags":                   edgeTags{B: "<x>\xff", C: 1.5, D: true, E: &i, I: zoneTime, U: []int{}, X: 5, Y: &s, Z: []string{"a"}},
		"tags zero":              edgeTags{},
		"embed":                  edgeEmbed{EdgeConflictA: &EdgeConflictA{1, 2}},
		"embed nil":              edgeEmbed{},
		"embed unexp ptr":        edgeEmbedPtrUnexported{V: 1},
		"embed unexp ptr set":    edgeEmbedPtrUnexported{edgeinner: &edgeinner{1, 2}, V: 1},
		"embed inline":           edgeEmbedInline{Inner: edgeInner{1, 2, "z"}, Map: map[string]int{"m": 1}},
		"embed iface":            edgeEmbedIface{TextMarshaler: edgeValText{"i"}, V: 3},
		"embed map":              edgeEmbedMap{EdgeMapEmbed{"a": 1}},
		"embed marsh":            edgeEmbedMarsh{&EdgeMarshEmbed{1}, 2},
		"embed marsh ptr":        &edgeEmbedMarsh{&EdgeMarshEmbed{1}, 2},
		"embed marsh nil":        edgeEmbedMarsh{nil, 2},
		"embed text":             edgeEmbedText{EdgeTextEmbed{1}},
		"embed text ptr":         &edgeEmbedText{EdgeTextEmbed{1}},
		"embed raw":              edgeEmbedRaw{sjson.RawMessage(`{"r":1}`)},
		"embed named":            edgeEmbedNamed{edgeInner{1, 2, "z"}},
		"embed time":             edgeEmbedTime{zoneTime, 1},
		"tag format":             edgeTagFormat{1},
		"tag format time":        edgeTagFormatT{zoneTime},
		"tag case":               edgeTagCase{1},
		"tag embed":              edgeTagEmbedOpt{edgeInner{1, 2, "z"}},
		"tag inline":             edgeTagInline{edgeInner{1, 2, "z"}},
		"tag unknown":            edgeTagUnknown{map[string]any{"u": 1}},
		"tag dash":               edgeTagDash{1},
		"tag quoted":             edgeTagQuoted{1},
		"tag space":              edgeTagSpace{1},
		"tag bad name":           edgeTagBadName{1},
		"tag mutant":             edgeTagMutant{},
		"tag trailing":           edgeTagTrail{1},
		"tag dup":                edgeTagDup{1},
		"time string": struct {
			T time.Time `json:",string"`
		}{zoneTime},
		"time map key":     map[time.Time]int{zoneTime: 1, {}: 2},
		"time ptr map key": map[*time.Time]int{&zoneTime: 1, nil: 2},
		"duration string": struct {
			D time.Duration `json:",string"`
		}{time.Second},
		"bytes string": struct {
			B []byte `json:",string"`
		}{[]byte("x")},
		"map string": struct {
			M map[string]int `json:",string"`
		}{map[string]int{"a": 1}},
		"struct string": struct {
			S edgeInner `json:",string"`
		}{},
		"slice string": struct {
			S []int `json:",string"`
		}{[]int{1}},
		"ptr string opts": struct {
			E *int    `json:",string"`
			F **int   `json:",string"`
			G any     `json:",string"`
			H *string `json:",string"`
			I *bool   `json:",string"`
		}{E: &i, F: func() **int { p := &i; return &p }(), G: 5, H: &s, I: new(bool)},
		"omitempty kinds": struct {
			A [0]int           `json:",omitempty"`
			B [1]int           `json:",omitempty"`
			C struct{}         `json:",omitempty"`
			D *struct{}        `json:",omitempty"`
			E any              `json:",omitempty"`
			F float64          `json:",omitempty"`
			G map[string]int   `json:",omitempty"`
			H time.Time        `json:",omitempty"`
			I time.Duration    `json:",omitempty"`
			J sjson.Number     `json:",omitempty"`
			K sjson.RawMessage `json:",omitempty"`
		}{F: math.Copysign(0, -1), G: map[string]int{}, K: sjson.RawMessage{}},
		"omitzero kinds": struct {
			A [1]int      `json:",omitzero"`
			B time.Time   `json:",omitzero"`
			C *int        `json:",omitzero"`
			D edgeValText `json:",omitzero"`
			E netip.Addr  `json:",omitzero"`
			F float64     `json:",omitzero"`
			G []int       `json:",omitzero"`
			H any         `json:",omitzero"`
		}{F: math.Copysign(0, -1), G: []int{}},
		"time":                  zoneTime,
		"time utc":              time.Date(2024, 2, 3, 4, 5, 6, 0, time.UTC),
		"time zero":             time.Time{},
		"time ptr":              &zoneTime,
		"time nil ptr":          (*time.Time)(nil),
		"time bad":              badTime,
		"time bad ptr":          &badTime,
		"time bad slice":        []time.Time{badTime},
		"time bad any":          []any{badTime},
		"time bad zone":         time.Date(2024, 1, 1, 0, 0, 0, 0, time.FixedZone("", 24*3600)),
		"duration":              time.Duration(1500),
		"durations":             map[string]time.Duration{"d": time.Second},
		"raw nil":               sjson.RawMessage(nil),
		"raw empty":             sjson.RawMessage{},
		"raw ptr":               &[]sjson.RawMessage{[]byte(`{"a" : 1}`)}[0],
		"raw nil ptr":           (*sjson.RawMessage)(nil),
		"raw bad":               sjson.RawMessage(`{"a":}`),
		"raw bad in slice":      []sjson.RawMessage{sjson.RawMessage(`[`)},
		"raw bad in map":        map[string]sjson.RawMessage{"k": sjson.RawMessage(`x`)},
		"raw bad in any":        []any{sjson.RawMessage(`x`)},
		"raw bad in struct":     struct{ R sjson.RawMessage }{sjson.RawMessage(`nul`)},
		"raw bad ptr in struct": struct{ R *sjson.RawMessage }{&[]sjson.RawMessage{sjson.RawMessage(`tru`)}[0]},
		"raw html":              sjson.RawMessage(`"<&>` + "\u2028\xff" + `"`),
		"raw spaces":            sjson.RawMessage(" [ 1 , { \"a\" : null } ] \n"),
		"raw string opt": struct {
			R sjson.RawMessage `json:",string"`
		}{sjson.RawMessage(`1`)},
		"raw trailing":     sjson.RawMessage(`1 2`),
		"number":           sjson.Number("1.5e3"),
		"number empty":     sjson.Number(""),
		"number bad":       sjson.Number("abc"),
		"number bad slice": []sjson.Number{"1", "0x1"},
		"number spaces":    sjson.Number(" 1"),
		"number in any":    []any{sjson.Number("2"), sjson.Number("-")},
		"number string": struct {
			N sjson.Number `json:",string"`
		}{"12"},
		"number bad string": struct {
			N sjson.Number `json:",string"`
		}{"1x"},
		"big.Int":          big.NewInt(12345),
		"big.Int value":    *big.NewInt(-5),
		"big.Float":        big.NewFloat(1.5),
		"big.Rat":          big.NewRat(1, 3),
		"netip.Addr":       netip.MustParseAddr("::1"),
		"netip zero":       netip.Addr{},
		"netip map key":    map[netip.Addr]int{netip.MustParseAddr("1.2.3.4"): 1},
		"netip prefix":     netip.MustParsePrefix("10.0.0.0/8"),
		"month":            time.March,
		"iface slice":      []fmt.Stringer{time.March, nil},
		"text iface slice": []encoding.TextMarshaler{edgeValText{"a"}, nil, &edgePtrText{"b"}},
		"iface json text":  []encoding.TextMarshaler{edgeJSONText{}, &edgeJSONText{}, edgeTextBoth{"b"}, &edgeTextBoth{"c"}, edgeBoth{4}, &edgeBoth{5}},
		"iface marshaler":  []sjson.Marshaler{edgeJSONText{}, &edgeBoth{6}},
		"iface appender":   []encoding.TextAppender{edgeTextBoth{"d"}, edgeAppender{"e"}, nil},
		"iface fields": struct {
			T encoding.TextMarshaler
			M sjson.Marshaler
			A encoding.TextAppender
			S fmt.Stringer
		}{edgeJSONText{}, edgeJSONText{}, edgeTextBoth{"f"}, edgeJSONText{}},
		"iface nil receivers": struct {
			M  sjson.Marshaler
			T  encoding.TextMarshaler
			A  encoding.TextAppender
			AT encoding.TextMarshaler
			X  any
			S  []sjson.Marshaler
			K  map[string]encoding.TextMarshaler
			E  sjson.Marshaler `json:",omitempty"`
		}{(*edgeNilMarsh)(nil), (*edgeNilText)(nil), (*edgeNilAppend)(nil), (*edgeNilAppend)(nil), (*edgeNilMarsh)(nil),
			[]sjson.Marshaler{(*edgeNilMarsh)(nil), nil, &edgeNilMarsh{"x"}},
			map[string]encoding.TextMarshaler{"a": (*edgeNilText)(nil), "b": nil}, (*edgeNilMarsh)(nil)},
		"iface nil receiver fails":      struct{ M sjson.Marshaler }{(*edgeNilErr)(nil)},
		"iface nil text receiver fails": []encoding.TextMarshaler{(*edgeNilErr)(nil)},
		"interface nil ptr":             []any{(*edgeValMarsh)(nil), (*edgePtrMarsh)(nil), (*edgeValText)(nil), (*edgePtrText)(nil)},
		"struct string opts": struct {
			A int     `json:",string"`
			B bool    `json:",string"`
			C string  `json:",string"`
			D float64 `json:",string"`
			E *int    `json:",string"`
			F **int   `json:",string"`
			G any     `json:",string"`
		}{A: -1, B: true, C: "\"<\xff>\u2028", D: math.Copysign(0, -1)},
		"unexported only":       struct{ a, b int }{1, 2},
		"anonymous struct ptrs": []*struct{ A *struct{ B int } }{nil, {nil}, {&struct{ B int }{1}}},
		"ptr ptr":               func() any { p := &i; return &p }(),
		"array 0":               [0]int{},
		"arrays":                [2][2]float64{{1, 2}, {3, 4}},
		"uintptr":               uintptr(5),
		"int kinds":             []any{int8(-8), int16(-16), int32(-32), int64(-64), uint(1), uint16(16), uint32(32), uint64(math.MaxUint64)},
		"empty iface map":       map[string]any{},
		"empty struct":          struct{}{},
		"slice of empty":        []struct{}{{}, {}},
	}
	for j, s := range invalid {
		vals[fmt.Sprintf("string %d", j)] = s
		vals[fmt.Sprintf("key %d", j)] = map[string]int{s: 1}
		vals[fmt.Sprintf("string field %d", j)] = struct {
			S string
			Q string `json:",string"`
			K map[string]string
		}{s, s, map[string]string{s: s}}
		vals[fmt.Sprintf("text %d", j)] = edgeValText{s}
		vals[fmt.Sprintf("text key %d", j)] = map[edgeValText]int{{s}: 1}
	}
	return vals
}

func TestMarshalEdgeValues(t *testing.T) {
	for name, v := range edgeValues() {
		diffEncode(t, name, v)
	}
	for name, v := range deepValues() {
		diffEncodeIndents(t, name, v, false)
	}
	for name, v := range edgeValuesBuild() {
		diffEncode(t, name, v)
	}
}

// TestMarshalCorpusAny: the shared corpora (jsonexamples, and
// JSONTestSuite's and test_transform's documents that encoding/json
// accepts) decoded into any by encoding/json, with and without UseNumber,
// encoded by both packages.
func TestMarshalCorpusAny(t *testing.T) {
	var files []string
	for _, pat := range []string{"jsonexamples/*.json", "jsonexamples/*.ndjson", "jsonexamples/small/*.json",
		"JSONTestSuite/test_parsing/*.json", "JSONTestSuite/test_transform/*.json"} {
		m, _ := filepath.Glob(filepath.Join(corpus.SharedData(t, ""), pat))
		files = append(files, m...)
	}
	files = shortCorpus(files)
	n := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Base(file)
		for _, useNumber := range []bool{false, true} {
			d := stdjson.NewDecoder(bytes.NewReader(data))
			if useNumber {
				d.UseNumber()
			}
			for {
				var v any
				if d.Decode(&v) != nil {
					break
				}
				n++
				diffEncode(t, fmt.Sprintf("%s (UseNumber %v)", name, useNumber), v)
			}
		}
	}
	if n == 0 {
		t.Fatal("no documents")
	}
}

// TestEncodeNilReceiverOtherInterface: a nil pointer held by an interface
// type with marshaler methods that is not one of the marshaler interfaces
// themselves. The classic encoding/json calls its method (MarshalText
// here); v2's panics (Go 1.26's experiment and Go 1.27.3: "reflect: call
// of reflect.Value.Type on zero Value"), where this package writes null,
// as for the nil pointer in an any: no panic leaves the package.
func TestEncodeNilReceiverOtherInterface(t *testing.T) {
	type appendText interface {
		AppendText([]byte) ([]byte, error)
		MarshalText() ([]byte, error)
	}
	v := struct{ A appendText }{(*edgeNilAppend)(nil)}
	if classicEncoding {
		diffEncode(t, "other interface", v)
		return
	}
	if got, err := sjson.Marshal(v); err != nil || string(got) != `{"A":null}` {
		t.Errorf("Marshal = %q, %v; want {\"A\":null}", got, err)
	}
	func() {
		defer func() { recover() }()
		got, err := stdjson.Marshal(v)
		t.Errorf("encoding/json no longer panics on this value (%q, %v): follow it", got, err)
	}()
}

// Maps of 1 to 12 entries (small ones are sorted on the stack, from nine
// on on the key stacks), keys that tie on their first eight bytes, differ
// only in length or by a NUL, hold invalid UTF-8 or escapes, nested.
func TestEncodeSmallMapsDiff(t *testing.T) {
	keys := []string{"", "a", "a\x00", "a\x00\x00", "ab", "b", "profile_", "profile_a", "profile_b", "profile_\x00",
		"profile_background_color", "profile_background_image", "\xff", "\xff\xfe", "<&>", "é", "\u2028", "z\"z", "12345678", "1234567"}
	r := uint64(43)
	next := func(n int) int { r = r*6364136223846793005 + 1442695040888963407; return int(r>>33) % n }
	for range 2000 {
		n := 1 + next(12)
		m := map[string]any{}
		for len(m) < n {
			k := keys[next(len(keys))]
			if next(3) == 0 {
				k += keys[next(len(keys))]
			}
			switch next(4) {
			case 0:
				m[k] = map[string]any{k: float64(len(m)), "x": nil}
			case 1:
				m[k] = []any{k, true}
			default:
				m[k] = k
			}
		}
		diffEncodeIndents(t, fmt.Sprintf("%q", m), m, false)
	}
}
