package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"math"
	"strconv"
	"testing"
	"time"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// FuzzMarshalStruct: Marshal, MarshalIndent and the Encoder give
// encoding/json's bytes and errors (compared field by field) for random
// values of a set of struct types: tags and options (omitempty, omitzero,
// string, "-"), embedded structs and pointers with conflicting and
// dominant names, pointers and nil pointers, maps with integer and
// TextMarshaler keys, Marshalers and TextMarshalers with value and pointer
// receivers (addressable or not, nil, failing, returning invalid or
// spaced JSON), cycles, RawMessage, Number, time.Time, strings with
// invalid UTF-8, HTML characters and U+2028, and floats of both sizes.
func FuzzMarshalStruct(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte("\x09\x05<a&b>\xff\x0a\x02\x03\x0b\x06\xe2\x80\xa8"))
	f.Add([]byte{5, 3, 1, 2, 9, 0x7f, 0xff, 0x80, 4, 4, 4, 200, 17, 33, 65})
	f.Add(bytes.Repeat([]byte{0xa5, 0x3c, 0x17}, 40))
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &structGen{valueGen{data: data}}
		v := g.top()
		want, werr := stdjson.Marshal(v)
		got, gerr := sjson.Marshal(v)
		compareErr(t, "Marshal", data, want, got, werr, gerr)
		want, werr = stdjson.MarshalIndent(v, "", "  ")
		got, gerr = sjson.MarshalIndent(v, "", "  ")
		compareErr(t, "MarshalIndent", data, want, got, werr, gerr)
		var wb, gb bytes.Buffer
		we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
		we.SetEscapeHTML(false)
		ge.SetEscapeHTML(false)
		werr, gerr = we.Encode(v), ge.Encode(v)
		compareErr(t, "Encode", data, wb.Bytes(), gb.Bytes(), werr, gerr)
	})
}

// compareErr fails unless the bytes are equal and the errors are too: the
// same message, the same type, and for encoding/json's error types the
// same fields (MarshalerError's unexported one included).
func compareErr(t *testing.T, what string, data, want, got []byte, werr, gerr error) {
	t.Helper()
	if msg := errDiff(werr, gerr); msg != "" {
		t.Fatalf("%s(%q): %s", what, data, msg)
	}
	if werr == nil && !bytes.Equal(want, got) {
		t.Fatalf("%s(%q):\n got %q\nwant %q", what, data, got, want)
	}
}

type structGen struct{ valueGen }

// Marshalers of every kind. mode picks the behaviour: 0 a value, 1 spaced
// JSON with HTML characters, 2 invalid JSON, 3 an error.
type valMarsh struct{ Mode uint8 }

func (m valMarsh) MarshalJSON() ([]byte, error) { return marshOut(m.Mode, "v") }

type ptrMarsh struct{ Mode uint8 }

func (m *ptrMarsh) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte(`"nil ptrMarsh"`), nil
	}
	return marshOut(m.Mode, "p")
}

func marshOut(mode uint8, tag string) ([]byte, error) {
	switch mode % 4 {
	case 0:
		return []byte(`"` + tag + `"`), nil
	case 1:
		return []byte(" { \"a<&>\u2028\" : [ 1 , -2.5e3 , true,null ] , \"b\":{} }\n"), nil
	case 2:
		return []byte(`{"a":` + tag), nil
	}
	return nil, errors.New("marshal " + tag + " failed")
}

type valText struct{ S string }

func (m valText) MarshalText() ([]byte, error) {
	if m.S == "err" {
		return nil, errors.New("text failed")
	}
	return []byte("<" + m.S + ">"), nil
}

type ptrText struct{ S string }

func (m *ptrText) MarshalText() ([]byte, error) { return []byte("*" + m.S), nil }

// bothMarsh: MarshalJSON on the pointer, MarshalText on the value.
type bothMarsh struct{ N int }

func (m *bothMarsh) MarshalJSON() ([]byte, error) { return []byte(strconv.Itoa(m.N)), nil }
func (m bothMarsh) MarshalText() ([]byte, error)  { return []byte("text" + strconv.Itoa(m.N)), nil }

type fuzzTextKey int

func (k fuzzTextKey) MarshalText() ([]byte, error) {
	if k == 13 {
		return nil, errors.New("unlucky key")
	}
	return []byte("k" + strconv.Itoa(int(k))), nil
}

type zeroer struct{ N int }

func (z zeroer) IsZero() bool { return z.N%2 == 0 }

type Base struct {
	ID    int    `json:"id"`
	Name  string `json:"name,omitempty"`
	Dup   string
	Shade int `json:"shade"`
}

type Other struct {
	Dup    string
	Shade  string `json:"shade"`
	Unique bool   `json:"unique,string"`
}

type tagged struct {
	Dup string `json:"Dup"`
}

type hidden struct {
	Exported string
}

type Node struct {
	Val  int
	Next *Node `json:",omitempty"`
	Kids []*Node
}

type Outer struct {
	Base
	*Other
	tagged
	hidden
	Str     string              `json:"str"`
	Quoted  int64               `json:"q,string"`
	QFloat  float64             `json:"qf,string,omitempty"`
	QStr    string              `json:"qs,string"`
	QBool   *bool               `json:"qb,string"`
	QU      uint16              `json:",string"`
	F32     float32             `json:"f32"`
	F64     float64             `json:"f64,omitempty"`
	Skip    string              `json:"-"`
	Dash    string              `json:"-,"`
	Bad     string              `json:"a\"b"`
	Odd     string              `json:"<odd>&"`
	Ptr     *int                `json:"ptr"`
	PtrOm   *string             `json:"ptrom,omitempty"`
	Arr     [3]int8             `json:"arr"`
	Arr0    [0]int              `json:"arr0,omitempty"`
	Sl      []string            `json:"sl,omitempty"`
	Bytes   []byte              `json:"bytes"`
	IntMap  map[int]string      `json:"intmap"`
	UMap    map[uint8]float32   `json:"umap,omitempty"`
	TMap    map[fuzzTextKey]int `json:"tmap"`
	SMap    map[string]*Node    `json:"smap"`
	VTMap   map[valText]int     `json:"vtmap,omitempty"`
	Any     any                 `json:"any"`
	AnyOm   any                 `json:"anyom,omitempty"`
	VM      valMarsh            `json:"vm"`
	VMP     *valMarsh           `json:"vmp"`
	PM      ptrMarsh            `json:"pm"`
	PMP     *ptrMarsh           `json:"pmp"`
	PMs     []ptrMarsh          `json:"pms"`
	PMMap   map[string]ptrMarsh
	VT      valText `json:"vt"`
	PT      ptrText `json:"pt"`
	PTs     [2]ptrText
	Both    bothMarsh
	BothP   *bothMarsh
	MI      sjson.Marshaler `json:"mi"`
	Raw     sjson.RawMessage
	RawP    *sjson.RawMessage `json:",omitempty"`
	Num     sjson.Number      `json:",omitempty"`
	QNum    sjson.Number      `json:",string"`
	When    time.Time
	WhenP   *time.Time      `json:",omitzero"`
	Z       zeroer          `json:",omitzero"`
	ZS      struct{ A int } `json:",omitzero"`
	Tree    *Node
	Ch      chan int `json:",omitempty"`
	Fn      func()   `json:"-"`
	Iface   error    `json:",omitempty"`
	Unicode string   `json:"ünï"`
}

func (g *structGen) f64() float64 {
	switch g.next() % 8 {
	case 0:
		return 0
	case 1:
		return math.Copysign(0, -1)
	case 2:
		return []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[g.next()%3]
	case 3:
		return 1e21 * float64(g.next()%3)
	case 4:
		return 1e-7 * float64(int8(g.next()))
	case 5:
		return math.Float64frombits(uint64(g.next())<<56 | uint64(g.next())<<8 | uint64(g.next()))
	}
	return float64(int8(g.next())) / 3
}

func (g *structGen) str() string {
	s := g.valueGen.str()
	switch g.next() % 5 {
	case 0:
		s += "\u2028<>&\u2029"
	case 1:
		s += "\xe2\x80"
	}
	return s
}

func (g *structGen) node(depth int) *Node {
	if depth > 3 || g.next()%3 == 0 {
		return nil
	}
	n := &Node{Val: int(int8(g.next()))}
	n.Next = g.node(depth + 1)
	for range g.next() % 3 {
		n.Kids = append(n.Kids, g.node(depth+1))
	}
	if g.next()%7 == 0 {
		n.Kids = append(n.Kids, n) // a cycle
	}
	return n
}

func (g *structGen) raw() sjson.RawMessage {
	return []sjson.RawMessage{nil, {}, sjson.RawMessage(` {"a" : [1, "<\u2028>"]} `), sjson.RawMessage(`[1,`), sjson.RawMessage(`"\x01"`), sjson.RawMessage(`01`), sjson.RawMessage("\t-0.5E+3\n"), sjson.RawMessage(`{"a":1}{}`)}[g.next()%8]
}

func (g *structGen) outer(depth int) *Outer {
	o := &Outer{
		Str:     g.str(),
		Quoted:  int64(int16(g.next())) * 1e9,
		QFloat:  g.f64(),
		QStr:    g.str(),
		QU:      uint16(g.next()) << 8,
		F32:     float32(g.f64()),
		F64:     g.f64(),
		Skip:    "skip",
		Dash:    g.str(),
		Bad:     g.str(),
		Odd:     g.str(),
		Arr:     [3]int8{int8(g.next()), 0, -1},
		Raw:     g.raw(),
		When:    time.Unix(int64(int32(g.next())<<20), int64(g.next())).UTC(),
		Z:       zeroer{int(g.next())},
		Unicode: g.str(),
	}
	o.ID = int(g.next())
	o.Base.Name = g.str()
	o.Base.Dup = g.str()
	o.tagged.Dup = g.str()
	o.hidden.Exported = g.str()
	k := g.next()
	if k&1 != 0 {
		o.Other = &Other{Dup: g.str(), Shade: g.str(), Unique: k&2 != 0}
	}
	if k&4 != 0 {
		b := k&8 != 0
		o.QBool = &b
	}
	if k&16 != 0 {
		i := int(int8(g.next()))
		o.Ptr = &i
	}
	if k&32 != 0 {
		s := g.str()
		o.PtrOm = &s
	}
	if k&64 != 0 {
		o.Sl = []string{g.str(), g.str()}
	} else if k&128 != 0 {
		o.Sl = []string{}
	}
	k = g.next()
	if k&1 != 0 {
		o.Bytes = []byte(g.str())
	}
	if k&2 != 0 {
		o.IntMap = map[int]string{int(int8(g.next())): g.str(), -1: "m", 10: "t", 9: "n"}
	}
	if k&4 != 0 {
		o.UMap = map[uint8]float32{g.next(): float32(g.f64()), 2: 1}
	}
	if k&8 != 0 {
		o.TMap = map[fuzzTextKey]int{fuzzTextKey(g.next() % 16): 1, 3: 3, 20: 2}
	}
	if k&16 != 0 {
		o.SMap = map[string]*Node{g.str(): g.node(depth), "b": nil}
	}
	if k&32 != 0 {
		o.VTMap = map[valText]int{{g.str()}: 1, {"a"}: 2}
	}
	if k&64 != 0 {
		n := sjson.Number([]string{"12", "-0.5e+3", "01", "1.", "x", ""}[g.next()%6])
		o.Num, o.QNum = n, n
	}
	if k&128 != 0 {
		r := g.raw()
		o.RawP = &r
	}
	k = g.next()
	o.VM = valMarsh{g.next()}
	if k&1 != 0 {
		o.VMP = &valMarsh{g.next()}
	}
	o.PM = ptrMarsh{g.next()}
	if k&2 != 0 {
		o.PMP = &ptrMarsh{g.next()}
	}
	if k&4 != 0 {
		o.PMs = []ptrMarsh{{g.next()}, {0}}
	}
	if k&8 != 0 {
		o.PMMap = map[string]ptrMarsh{"x": {g.next()}}
	}
	o.VT = valText{[]string{"a", "err", "<&>", "\xff"}[g.next()%4]}
	o.PT = ptrText{g.str()}
	o.PTs = [2]ptrText{{"x"}, {g.str()}}
	o.Both = bothMarsh{int(g.next())}
	if k&16 != 0 {
		o.BothP = &bothMarsh{int(g.next())}
	}
	switch g.next() % 4 {
	case 1:
		o.MI = valMarsh{g.next()}
	case 2:
		o.MI = (*ptrMarsh)(nil)
	case 3:
		o.MI = &ptrMarsh{g.next()}
	}
	if k&32 != 0 {
		t := time.Date(int(g.next())*40, 1, 2, 3, 4, 5, 6, time.FixedZone("z", int(int8(g.next()))*60))
		o.WhenP = &t
	}
	o.ZS.A = int(g.next() % 2)
	o.Tree = g.node(depth)
	if k&64 != 0 {
		o.Ch = make(chan int)
	}
	if k&128 != 0 {
		o.Iface = errors.New("e")
	}
	if depth < 2 {
		o.Any = g.anyValue(depth + 1)
		o.AnyOm = g.anyValue(depth + 1)
	}
	return o
}

// anyValue: a value for an interface field, of any kind here.
func (g *structGen) anyValue(depth int) any {
	switch g.next() % 12 {
	case 0:
		return nil
	case 1:
		return g.outer(depth)
	case 2:
		return *g.outer(depth)
	case 3:
		return ptrMarsh{g.next()}
	case 4:
		return &ptrMarsh{g.next()}
	case 5:
		return (*ptrMarsh)(nil)
	case 6:
		return valText{g.str()}
	case 7:
		return []any{g.f64(), float32(g.f64()), g.str(), g.raw()}
	case 8:
		return map[fuzzTextKey]any{fuzzTextKey(g.next() % 16): g.anyValue(depth + 1)}
	case 9:
		return g.node(0)
	case 10:
		return g.valueGen.value(depth)
	}
	return bothMarsh{int(g.next())}
}

func (g *structGen) top() any {
	switch g.next() % 6 {
	case 0:
		return g.outer(0)
	case 1:
		return *g.outer(0)
	case 2:
		return []Outer{*g.outer(1), *g.outer(1)}
	case 3:
		// A cycle through an interface (a small value: the cycle is found
		// past 1000 levels).
		o := &Outer{Str: g.str(), Quoted: int64(g.next())}
		o.Any = o
		return o
	case 4:
		return map[string]Outer{g.str(): *g.outer(1)}
	}
	return g.anyValue(0)
}

// FuzzMarshalRawMessage: a RawMessage (and a Marshaler returning the same
// bytes) of any bytes is compacted, validated and HTML-escaped as
// encoding/json does: the same bytes, or the same error.
func FuzzMarshalRawMessage(f *testing.F) {
	for _, s := range []string{` {"a" : [1, "<\u2028>", -0.5e+3, true, null]} `, `[1,`, `"\x01"`, `01`, `{"a":1}{}`,
		`"\u00e9\ud800"`, "\"\xe2\x80\xa8&\"", `[[[[]]]]`, ``, ` `, `1e`, `-`, `{"a"}`, `nul`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []any{sjson.RawMessage(data), struct {
			R sjson.RawMessage `json:"r"`
			M valMarshBytes
		}{data, valMarshBytes(data)}} {
			for _, html := range []bool{true, false} {
				var wb, gb bytes.Buffer
				we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
				we.SetEscapeHTML(html)
				ge.SetEscapeHTML(html)
				werr, gerr := we.Encode(v), ge.Encode(v)
				compareErr(t, "Encode", data, wb.Bytes(), gb.Bytes(), werr, gerr)
			}
		}
	})
}

// valMarshBytes's MarshalJSON returns its bytes.
type valMarshBytes []byte

func (m valMarshBytes) MarshalJSON() ([]byte, error) { return m, nil }
