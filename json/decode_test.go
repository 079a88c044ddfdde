package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	"github.com/simdjson-cgo/simdjson/internal/shim"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// Types exercising encoding/json's rules.

type embedBase struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

type EmbedExported struct {
	Shadowed string
	Deep     int
}

type embedPtr struct{ PtrField string }

type EmbedPtrExported struct{ ExpPtrField int }

type withEmbeds struct {
	embedBase
	*EmbedExported
	*embedPtr
	*EmbedPtrExported
	Shadowed string
	Tagged   int `json:"tagged_name"`
	Skip     int `json:"-"`
	Dash     int `json:"-,"`
	Omit     int `json:",omitempty"`
	unexp    int
}

type conflictA struct{ X, Y int }
type conflictB struct{ X, Z int }
type withConflict struct {
	conflictA
	conflictB
}

type taggedWins struct {
	conflictA
	B struct {
		X int `json:"X"`
	}
	Inner conflictBTagged
}
type conflictBTagged struct {
	X int `json:"X"`
}

type upperLower struct {
	Name   string
	NAME   string
	Kelvin string `json:"\u212aey"`
	Ascii  string `json:"sey"`
}

type quoted struct {
	I   int            `json:",string"`
	U   uint8          `json:",string"`
	F   float64        `json:",string"`
	F32 float32        `json:",string"`
	B   bool           `json:",string"`
	S   string         `json:",string"`
	P   *int           `json:",string"`
	N   stdjson.Number `json:",string"`
	A   []int          `json:",string"` // not quotable: ignored option
}

type textKey string

func (k *textKey) UnmarshalText(b []byte) error {
	if len(b) > 0 && b[0] == '!' {
		return errors.New("bad key")
	}
	*k = textKey("k:" + string(b))
	return nil
}

type upperText string

func (u *upperText) UnmarshalText(b []byte) error {
	if string(b) == "fail" {
		return errors.New("upperText: fail")
	}
	*u = upperText(strings.ToUpper(string(b)))
	return nil
}

type rawish struct{ Got string }

func (r *rawish) UnmarshalJSON(b []byte) error {
	if string(b) == `"fail"` {
		return errors.New("rawish: fail")
	}
	r.Got = "raw:" + string(b)
	return nil
}

type valueUnmarshaler int

func (v *valueUnmarshaler) UnmarshalJSON(b []byte) error {
	*v = valueUnmarshaler(len(b))
	return nil
}

type typeErrUnmarshaler struct{}

func (typeErrUnmarshaler) dummy() {}
func (*typeErrUnmarshaler) UnmarshalJSON(b []byte) error {
	return &stdjson.UnmarshalTypeError{Value: "custom", Type: reflect.TypeFor[int](), Field: "inner"}
}

type methods struct {
	T    upperText
	PT   *upperText
	R    rawish
	PR   *rawish
	V    valueUnmarshaler
	Time time.Time
	PTim *time.Time
	E    typeErrUnmarshaler
	M    map[textKey]int
	MU   map[upperText]string
	Raw  stdjson.RawMessage
	PRaw *stdjson.RawMessage
	Num  stdjson.Number
}

type numbers struct {
	I8  int8
	I16 int16
	I32 int32
	I64 int64
	I   int
	U8  uint8
	U16 uint16
	U32 uint32
	U64 uint64
	U   uint
	UP  uintptr
	F32 float32
	F64 float64
	N   stdjson.Number
	A   any
}

type containers struct {
	S  []int
	A  [3]int
	A0 [0]int
	M  map[string]int
	MI map[int]string
	MU map[uint8]bool
	MA map[string]any
	MS map[string][]string
	MT map[string]string // small ones built in place (anymap.go)
	SS [][]string
	B  []byte
	BA [4]byte
	PS *[]int
	SP []*int
	E  []struct{}
	I  any
	IS []any
	MP map[string]*embedBase
	Ch chan int
	Fn func()
	C  complex128
	St fmt.Stringer
}

type namedPtr *int

type recursive struct {
	Name string
	Kids []recursive
	Next *recursive
	Map  map[string]recursive
}

type unexportedEmbedPtr struct {
	*embedPtr
}

// targets lists fresh values to decode into.
var targets = []func() any{
	func() any { return new(any) },
	func() any { return new([]any) },
	func() any { return new(map[string]any) },
	func() any { return new(stdjson.RawMessage) },
	func() any { return new(string) },
	func() any { return new(float64) },
	func() any { return new(int) },
	func() any { return new(bool) },
	func() any { return new(*int) },
	func() any { return new(withEmbeds) },
	func() any { return new(withConflict) },
	func() any { return new(taggedWins) },
	func() any { return new(upperLower) },
	func() any { return new(keyMatching) },
	func() any { return new(quoted) },
	func() any { return new(methods) },
	func() any { return new(numbers) },
	func() any { return new(containers) },
	func() any { return new(recursive) },
	func() any { return new(unexportedEmbedPtr) },
	func() any { return new(map[string]numbers) },
	func() any { return new([]numbers) },
	func() any { return new([2]containers) },
	func() any { return new(map[textKey]any) },
	func() any { return new(map[int]any) },
	func() any { return new(map[bool]int) },
	// Maps of scalars by strings, small ones built in place (anymap.go).
	func() any { return new(map[string]int8) },
	func() any { return new([]map[string]float32) },
	func() any { return new(map[string]bool) },
	func() any { return new(upperText) },
	func() any { return new(rawish) },
	func() any { return new(*rawish) },
	func() any { return new(stdjson.Number) },
	func() any { return new(namedPtr) },
	func() any { return new(fmt.Stringer) },
	func() any { return new([]byte) },
	func() any { return new(time.Time) },
	func() any { return new(interface{ M() }) },
	// Types that read no number: their documents are parsed without
	// converting numbers (only checking them).
	func() any { return new(struct{}) },
	func() any { return new([]string) },
	func() any { return new(map[string]string) },
	func() any { return new(namedStringMap) },
	func() any { return new(noNumbers) },
	func() any { return new([]noNumbers) },
	func() any { return new(map[string]*noNumbers) },
}

// keyMatching has names that share their first eight bytes, names of
// exactly eight bytes, and case variants: the struct decoder compares a
// key's length and first eight bytes before the rest of it, and rejects
// ASCII keys by length and first and last byte before folding them.
type keyMatching struct {
	A8    string `json:"abcdefgh"`
	A9    string `json:"abcdefghi"`
	A9j   string `json:"abcdefghj"`
	Long  string `json:"abcdefghijklmnopq"`
	Long2 string `json:"abcdefghijklmnopr"`
	Short string `json:"a"`
	Mixed string `json:"MiXeD"`
	S     string `json:"sss"`
	K     string `json:"kk"`
	Dup   string `json:"abcdefgH"`
}

// namedStringMap is a type defined on map[string]string (decoded without
// reflection, as map[string]string is).
type namedStringMap map[string]string

// noNumbers reads no number (a recursive type of strings, bools and
// containers of them).
type noNumbers struct {
	S  string `json:"s"`
	B  bool
	L  []string
	M  map[string]string
	A  [2]string
	P  *noNumbers
	K  []noNumbers
	E  struct{}
	MB map[string][]bool
	embedNoNumbers
}

type embedNoNumbers struct {
	Name string `json:"name"`
}

// cases are inputs chosen for encoding/json's corners.
var cases = []string{
	`null`, `true`, `false`, `0`, `-0`, `-0.0`, `1`, `-1`, `1.5`, `1e2`, `1E+2`, `-1e-2`,
	`123456789012345678`, `9223372036854775807`, `9223372036854775808`, `-9223372036854775808`,
	`-9223372036854775809`, `18446744073709551615`, `18446744073709551616`, `1e400`, `-1e400`,
	`1e-400`, `4.9406564584124654e-324`, `3.4028235e38`, `3.4028236e38`, `1.00000017881393432617187499`,
	`1.000000178813934326171875`, `1.0000001788139343261718750001`, `0.1`, `1.7976931348623157e308`,
	`""`, `"abc"`, `"a\"b\\c\/d\b\f\n\r\t"`, `"\u00e9\u4e2d\ud83d\ude00"`, `"\ud800"`, `"\udc00x"`,
	`"\ud800\u0041"`, `"\ud83d\ud83d\ude00"`, "\"\xff\"", "\"a\xc3\"", "\"\xed\xa0\x80\"", `"!bad"`,
	`"fail"`, `"2024-01-02T03:04:05Z"`, `"not a time"`, `"MTIzNA=="`, `"MTIzNA"`, `"!!"`, `"12"`, `"-0"`,
	`"1e3"`, `" 1"`, `"null"`, `"true"`, `"\"str\""`, `"\"bad"`, `"0x10"`, `"-Inf"`, `"+1"`, `"1_0"`,
	`[]`, `[1,2,3]`, `[1,"a",null,true,{"x":1},[2]]`, `[1,2,3,4,5]`, `[[1],[2,3]]`, `[{}]`, `[null]`,
	`{}`, `{"id":1,"name":"x"}`, `{"ID":1,"NAME":"y"}`, `{"Shadowed":"a","Deep":2}`,
	`{"PtrField":"p","ExpPtrField":3}`, `{"tagged_name":5,"Tagged":6,"Skip":7,"-":8,"Omit":9,"unexp":1}`,
	`{"X":1,"Y":2,"Z":3}`, `{"x":1,"X":2}`, `{"X":1,"x":2}`, `{"name":"a","NAME":"b","Name":"c","nAmE":"d"}`,
	`{"key":"kelvin","sey":"s","\u017fey":"long s","KEY":"K"}`, `{"kEy":1}`,
	`{"I":"12","U":"255","F":"1.5","F32":"1e39","B":"true","S":"\"q\"","P":"7","N":"12","A":"1"}`,
	`{"I":"x"}`, `{"I":12}`, `{"I":"1.5"}`, `{"I":"-"}`, `{"I":""}`, `{"I":"null"}`, `{"I":null}`,
	`{"B":"tru"}`, `{"B":"1"}`, `{"S":"abc"}`, `{"S":"\"\\ud800\""}`, `{"S":"\"a\\x\""}`, `{"P":null}`,
	`{"P":"null"}`, `{"U":"256"}`, `{"U":"-1"}`, `{"F":"-Inf"}`, `{"F":"+1"}`, `{"N":"abc"}`, `{"N":"-abc"}`,
	`{"N":"\"12\""}`, `{"I":[1]}`, `{"I":{"a":1}}`, `{"I":true}`, `{"F32":"3.4028236e38"}`,
	`{"T":"abc","PT":"def","R":1,"PR":[1, 2],"V":"xyz","Time":"2024-01-02T03:04:05Z","PTim":null}`,
	`{"T":1}`, `{"T":[1]}`, `{"T":null,"PT":null,"R":null,"PR":null,"V":null,"Time":null,"PTim":null}`,
	`{"T":"fail"}`, `{"R":"fail"}`, `{"Time":"nope"}`, `{"E":1}`, `{"PT":{"a":1}}`,
	`{"M":{"a":1,"b":2}}`, `{"M":{"!x":1}}`, `{"MU":{"a":"b"}}`, `{"MU":{"fail":"b"}}`,
	`{"Raw":{"a" : [1, 2 ]},"PRaw":"x","Num":1.50}`, `{"Raw":null,"PRaw":null,"Num":null}`, `{"Num":"1.5"}`,
	`{"Num":"x"}`, `{"Num":true}`,
	`{"I8":127,"I16":-32768,"I32":2147483647,"I64":-9223372036854775808,"I":1,"U8":255,"U16":65535,"U32":4294967295,"U64":18446744073709551615,"U":1,"UP":2,"F32":1.5,"F64":-0,"N":-0,"A":-0}`,
	`{"I8":128}`, `{"I8":-129}`, `{"U8":256}`, `{"U8":-1}`, `{"U8":-0}`, `{"U64":-0}`, `{"I64":-0}`,
	`{"I":1.0}`, `{"I":1e2}`, `{"U":1.5}`, `{"I64":9223372036854775808}`, `{"F32":1e39}`, `{"F32":-1e39}`,
	`{"F32":16777217}`, `{"F32":1e-46}`, `{"F32":7e-46}`, `{"F32":3.4028235677973366e38}`,
	`{"F64":1e400}`, `{"A":1e400}`, `{"N":1e400}`, `{"F32":"x","I8":"y"}`, `{"I8":300,"U8":300}`,
	`{"S":[1,2],"A":[1,2],"A0":[1],"M":{"a":1},"MI":{"1":"a","-2":"b"},"MU":{"255":true}}`,
	`{"MI":{"x":"a"}}`, `{"MI":{"1.5":"a","2":"b"}}`, `{"MU":{"256":true,"1":false}}`, `{"MU":{"-1":true}}`,
	`{"MA":{"a":[1,{"b":null}]},"MS":{"a":["x","y"]},"SS":[["a"],[],null]}`,
	`{"MT":{"a":"x","b":1,"c":null,"d":{}}}`, `{"MT":{"a":"1","a":"2"},"MT":{"b":"3"}}`, `{"MT":{"a":"x"},"MT":null}`,
	`{"B":"aGVsbG8=","BA":[1,2,3,4,5]}`, `{"B":"!!"}`, `{"B":[1,2,256]}`, `{"B":null}`, `{"BA":"aGk="}`,
	`{"PS":[1,2],"SP":[1,null,3],"E":[{},{}],"I":{"a":1},"IS":[1,"2"]}`, `{"S":[]}`, `{"S":null}`,
	`{"M":null}`, `{"MP":{"a":{"id":1},"b":null}}`, `{"Ch":1,"Fn":2,"C":3}`, `{"Ch":null,"Fn":null,"C":null}`,
	`{"St":"x"}`, `{"St":null}`, `{"St":{}}`, `{"St":[]}`, `{"St":1}`, `{"St":true}`,
	`{"S":{}}`, `{"A":{}}`, `{"M":[]}`, `{"M":"x"}`, `{"S":"x"}`, `{"S":1}`, `{"S":true}`,
	`{"Name":"a","Kids":[{"Name":"b","Kids":[{"Name":"c"}]}],"Next":{"Name":"n","Next":null},"Map":{"k":{"Name":"m"}}}`,
	`{"a":1,"a":2}`, `{"id":1,"id":"x","id":3}`, `{"S":[1,2],"S":[3]}`,
	`{"id":"x","name":2,"Deep":"z"}`, `[{"id":"x"},{"name":3}]`, `{"a":{"id":"x"}}`,
	`{"x":[{"I8":1000}]}`, `[[1,"x"]]`, `{"k":{"k2":{"I8":999}}}`,
	" \t\n\r{ \"id\" : 1 , \"name\" : \"x\" } \n", `{"id":1}x`, `{"id":1`, `{"id" 1}`, `[1,]`, `[,1]`,
	`{"a":1,}`, `{,}`, `01`, `1.`, `.5`, `+1`, `-`, `1e`, `1e+`, `--1`, `"abc`, "\"\x01\"", `tru`, `nul`,
	`falsy`, `[1 2]`, `{"a" "b"}`, `{1:2}`, `[`, `]`, `{`, `}`, ``, ` `, "\xef\xbb\xbf{}", "{}\x00",
	`[1]]`, `[[[]]]`, `{"":1}`, `{"\u0000":1}`, `"\u0000"`, `[1,2,3,"\u00e9"]`,
	`[0.1e1,-0e0,0E-0,1.5E+3]`, `{"A":"x","A":1}`,
	// Numbers and strings inside containers (the number-free parse checks
	// them itself).
	`{"s":1e400,"L":[1,2]}`, `{"x":123456789012345678901234567890}`, `{"s":"a","n":-0}`, `[1e400]`,
	`{"x":[1.5e999999,-0.0e-0,0,-1]}`, `[01]`, `[1.]`, `[-]`, `{"a":1e}`, `[.5]`, `[+1]`, `[1e+]`, `[--1]`,
	`[0x1]`, `[1,2e]`, `[Infinity]`, `[NaN]`, `[-01]`, `[1.5.5]`, `[1e5e5]`, `[1true]`, `{"s":1"a"}`,
	`["\u00e9\ud83d\ude00"]`, `["\ud83d"]`, `["\udc00"]`, `["\ud83d\u0041"]`, `["\ud83dx"]`, `["\x"]`,
	`["a\\"]`, `["\/\b\f\n\r\t\""]`, `{"a\"b":"c","s":"\u0000"}`, `["\u004"]`, `["\uZZZZ"]`,
	`[tru]`, `[nulll]`, `[true1]`, `[falsex]`, `{"s":true,"B":false,"L":null}`, `{"a":"x" "b":"y"}`,
	`{"a"}`, `{"a":}`, `[{"a":"b"},]`, `[[]]]`, `{"a":[}`, `[ ]`, `{ }`, " [ \"a\" , \"b\" ] \n",
	`{"a":{"b":{"c":[]}}}`, `[1]x`, `[1] [2]`, "[\"a\"]\x00", `{"K":[{"s":"x","P":{"s":"y"}}],"M":{"k":"v"}}`,
	`{"L":["a",1,"b"],"M":{"k":2},"A":["a","b","c"],"B":1,"s":[1]}`, `{"name":"n","MB":{"x":[true,1,null]}}`,
	"[\"\xff\"]", `["\ud800\udc00\udbff\udfff"]`, `{"E":{"x":1},"P":null}`, `[1,[2,[3,{"a":4}]]]`,
	// Number lengths around the 16- and 32-byte blocks of the number check.
	`[123456789012345]`, `[1234567890123456]`, `[12345678901234567890123456789012]`,
	`[123456789012345678901234567890123]`, `[1.234567890123456789012345678901]`, `[-0.12345678901234567890123456789]`,
	`[0.1234567890123456789012345678901e5]`, `[1.2.3456789012345678901234567890]`, `[12345678901234567890123456789.]`,
	`[00000000000000000000000000000001]`, `[1234567890123456.]`, `[123456789012345.6]`, "[1234567890123456 \t]",
	`[0,-0,0.0,-0.0]`, `[1E5,1e-5,1e+5,1E+05]`, `[1.5E]`, `[1x]`, `[1.5x]`, `[12345678901234567890123456789012x]`,
	`[-12345678901234567890123456789012]`,
	// Keys against keyMatching's names.
	`{"abcdefgh":"1","abcdefghi":"2","abcdefghj":"3","abcdefghijklmnopq":"4","abcdefghijklmnopr":"5","a":"6"}`,
	`{"ABCDEFGH":"1","abcdefghI":"2","ABCDEFGHJ":"3","abcdefghijklmnopR":"x","A":"y","mixed":"z","MIXED":"w"}`,
	`{"abcdefg":"n","abcdefghk":"n","abcdefghijklmnop":"n","abcdefghijklmnopqr":"n","":"e","b":"n","MiXeDs":"n"}`,
	`{"\u017fss":"s","s\u017fs":"s2","\u212ak":"k","k\u212a":"k2","SSS":"S","Kk":"K"}`,
	`{"abcdefg\u0000":"n","a\u0000":"n","abcdefgh\u0000":"n","\u0000":"n"}`,
	`{"abcdefgH":"dup","abcdefgh":"a8","ABCDEFGH":"fold"}`, `{"abcdefgH":"x"}`, `{"ABCDEFGh":"y"}`, `[1.]`, `[1..5]`, `[-.5]`, `[-a]`, `[1e5.5]`, `[1,-]`, `{"a":0012}`,
}

func TestUnmarshalCases(t *testing.T) {
	for _, c := range cases {
		for _, mk := range targets {
			checkUnmarshal(t, "case", []byte(c), mk)
		}
	}
}

func TestUnmarshalDeep(t *testing.T) {
	for _, depth := range []int{1023, 1024, 1025, 5000, 10000, 10001} {
		doc := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		checkUnmarshal(t, fmt.Sprintf("depth %d", depth), []byte(doc), func() any { return new(any) })
		if got, want := sjson.Valid([]byte(doc)), stdjson.Valid([]byte(doc)); got != want {
			t.Errorf("Valid(depth %d) = %v, encoding/json says %v", depth, got, want)
		}
	}
}

// TestUnmarshalIntoExisting decodes into values that already hold data:
// slices reuse their backing arrays, maps keep entries, pointers and
// interfaces holding pointers are decoded through.
func TestUnmarshalIntoExisting(t *testing.T) {
	type S struct {
		A, B int
		L    []embedBase
		M    map[string]int
		P    *embedBase
		I    any
		Arr  [3]int
	}
	mk := func() any {
		n := 5
		backing := make([]embedBase, 2, 4)
		backing = append(backing[:2], embedBase{ID: 9, Name: "stale"}, embedBase{ID: 8})
		return &S{
			A: 1, B: 2,
			L:   backing[:1],
			M:   map[string]int{"keep": 1},
			P:   &embedBase{ID: 3, Name: "p"},
			I:   &n,
			Arr: [3]int{7, 8, 9},
		}
	}
	for _, in := range []string{
		`{"A":10}`,
		`{"L":[{"id":1},{"name":"x"},{}]}`,
		`{"L":[{"id":1},{"name":"x"},{},{"id":4},{"id":5}]}`,
		`{"L":[]}`, `{"L":null}`,
		`{"M":{"new":2}}`, `{"M":null}`,
		`{"P":{"name":"q"}}`, `{"P":null}`,
		`{"I":7}`, `{"I":"x"}`, `{"I":null}`, `{"I":[1]}`,
		`{"Arr":[1]}`, `{"Arr":[1,2,3,4]}`,
	} {
		checkUnmarshal(t, "existing", []byte(in), mk)
	}
	// An interface holding a pointer to a pointer: null sets the inner one.
	for _, in := range []string{`null`, `5`, `"x"`} {
		checkUnmarshal(t, "iface", []byte(in), func() any {
			n := 1
			p := &n
			var x any = &p
			return &x
		})
	}
	// An interface holding a pointer to itself.
	self := func() any {
		var x any
		x = &x
		return &x
	}
	if !stdRecursesOnSelfPointer {
		checkUnmarshal(t, "self", []byte(`[1]`), self)
	} else if !shim.Available {
		// Without cgo Unmarshal is encoding/json's, whose recursion on
		// this value ends in a fatal stack overflow.
		t.Log("self: skipped: encoding/json/v2 recurses on an interface holding a pointer to itself, and without cgo Unmarshal is encoding/json's")
	} else if x := self(); sjson.Unmarshal([]byte(`[1]`), x) != nil || !reflect.DeepEqual(*x.(*any), []any{1.0}) {
		t.Errorf("self: %#v, want []any{1}", *x.(*any))
	}
}

func TestUnmarshalInvalidArgument(t *testing.T) {
	for _, v := range []any{nil, 1, (*int)(nil), map[string]any{}} {
		for _, in := range []string{`1`, `{`} {
			werr := stdjson.Unmarshal([]byte(in), v)
			gerr := sjson.Unmarshal([]byte(in), v)
			if ok, why := sameError(werr, gerr); !ok {
				t.Errorf("Unmarshal(%q, %T): %s", in, v, why)
			}
		}
	}
}

// TestUnmarshalPadding decodes inputs that end at every position relative
// to a page, with and without spare capacity.
func TestUnmarshalPadding(t *testing.T) {
	doc := []byte(`{"id":12,"name":"padding \u00e9","x":[1,2.5,"s"]}`)
	page := make([]byte, 3*4096)
	for end := 4096 - 80; end <= 4096+8; end++ {
		b := page[end-len(doc) : end : end]
		copy(b, doc)
		var v withEmbeds
		var m any
		noErr(t, sjson.Unmarshal(b, &v))
		noErr(t, sjson.Unmarshal(b, &m))
		if v.ID != 12 || v.Name != "padding é" {
			t.Fatalf("end %d: %+v", end, v)
		}
	}
}

// TestUnmarshalSharedArrays: the short []any of an interface{} result share
// backing chunks, so each must be independent: capacity equal to length
// (an append copies), and writes stay within its own elements, across
// documents too.
func TestUnmarshalSharedArrays(t *testing.T) {
	var first any
	noErr(t, sjson.Unmarshal([]byte(`[[1,2],[3,4],[],[5]]`), &first))
	var second any
	noErr(t, sjson.Unmarshal([]byte(`[["a"],["b","c"]]`), &second))
	a := first.([]any)
	for i, want := range []int{2, 2, 0, 1} {
		e := a[i].([]any)
		if e == nil || len(e) != want || cap(e) != want {
			t.Fatalf("element %d: %#v (len %d, cap %d), want a non-nil slice of length and capacity %d", i, e, len(e), cap(e), want)
		}
	}
	x := append(a[0].([]any), 99.0)
	x[0] = "changed"
	a[2] = append(a[2].([]any), "grown")
	if !reflect.DeepEqual(first, []any{[]any{1.0, 2.0}, []any{3.0, 4.0}, []any{"grown"}, []any{5.0}}) {
		t.Fatalf("first document changed by appends: %#v", first)
	}
	if !reflect.DeepEqual(second, []any{[]any{"a"}, []any{"b", "c"}}) {
		t.Fatalf("second document changed: %#v", second)
	}
}

// TestUnmarshalKeepsNoResult: the chunks that short []any are carved from
// hold interfaces, so a pooled parser must not keep them from one Unmarshal
// to the next: the caller's result would stay reachable after the caller
// dropped it.
func TestUnmarshalKeepsNoResult(t *testing.T) {
	// One P: the pool then hands the same parser back every time (a parser
	// in another P's private slot could be dropped, hiding the retention).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	collected := make(chan struct{})
	func() {
		var v any
		noErr(t, sjson.Unmarshal([]byte(`[[1,2],["x"]]`), &v))
		inner := v.([]any)[0].([]any)
		runtime.AddCleanup(&inner[0], func(ch chan struct{}) { close(ch) }, collected)
	}()
	for range 20 {
		runtime.GC()
		// The same pooled parser decodes again (no array this time), so it
		// stays in the pool between collections.
		var s struct{ A string }
		noErr(t, sjson.Unmarshal([]byte(`{"A":"a"}`), &s))
		select {
		case <-collected:
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatal("a dropped Unmarshal result is still reachable after 20 collections")
}

func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Corpora.

// corpusFiles lists the JSON files of the shared corpora the issue names.
func corpusFiles(t *testing.T) []string {
	root := corpus.SharedData(t, "")
	var files []string
	for _, sub := range []string{"jsonexamples", "JSONTestSuite", "jsonchecker", "json-org-checker"} {
		dir := filepath.Join(root, sub)
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && strings.HasSuffix(path, ".json") {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Skip("skipping: no corpus files")
	}
	return shortCorpus(files)
}

// shortCorpusMax is the largest corpus file the corpus tests read under
// -short: CI runs the suite once in full and then again under the race
// detector, the sanitizers, each stage-1 kernel and qemu with -short, where
// the eight files above it (canada.json, citm_catalog.json, gsoc-2018.json,
// marine_ik.json, mesh*.json, a 1.3 MB GH events file: 14 of the corpora's
// 17 MB) took most of the package's time. twitter.json (631 kB) stays.
const shortCorpusMax = 640 << 10

// shortCorpus drops, under -short, the files larger than shortCorpusMax,
// or than 160 kB off amd64 (CI's arm64 runs under qemu, where
// TestUnmarshalCorpora took 46 s with the 640 kB limit).
func shortCorpus(files []string) []string {
	if !testing.Short() {
		return files
	}
	limit := int64(shortCorpusMax)
	if runtime.GOARCH != "amd64" {
		limit = 160 << 10
	}
	kept := files[:0:0]
	for _, f := range files {
		if st, err := os.Stat(f); err == nil && st.Size() <= limit {
			kept = append(kept, f)
		}
	}
	return kept
}

// TestUnmarshalCorpora compares every corpus file with encoding/json, into
// generic targets and into the typed documents of jsonexamples.
func TestUnmarshalCorpora(t *testing.T) {
	generic := []func() any{
		func() any { return new(any) },
		func() any { return new(map[string]any) },
		func() any { return new([]any) },
		func() any { return new(stdjson.RawMessage) },
		func() any { return new(map[string]stdjson.RawMessage) },
		func() any { return new(numbers) },
		func() any { return new(containers) },
	}
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(corpus.SharedData(t, ""), path)
		if got, want := sjson.Valid(data), stdjson.Valid(data); got != want {
			t.Errorf("%s: Valid = %v, encoding/json says %v", name, got, want)
		}
		for _, mk := range generic {
			checkUnmarshal(t, name, data, mk)
		}
		checkDecodeOpts(t, name, data, func() any { return new(any) }, true, false)
		checkStream(t, name, data, func() any { return new(any) }, false)
		if ts, ok := corpus.Types[filepath.Base(path)]; ok && strings.Contains(path, "jsonexamples") {
			for _, mk := range ts {
				checkUnmarshal(t, name, data, mk)
				checkDecodeOpts(t, name, data, mk, false, true)
			}
		}
	}
}

// TestValidCases compares Valid with encoding/json on the cases.
func TestValidCases(t *testing.T) {
	for _, c := range cases {
		if got, want := sjson.Valid([]byte(c)), stdjson.Valid([]byte(c)); got != want {
			t.Errorf("Valid(%q) = %v, encoding/json says %v", c, got, want)
		}
	}
}

// Decoder.

// checkStream decodes every value of data with both decoders, through
// readers that return one byte, a few bytes or everything at a time.
func checkStream(t testing.TB, name string, data []byte, mk func() any, useNumber bool) {
	t.Helper()
	readers := map[string]func() io.Reader{
		"all":     func() io.Reader { return bytes.NewReader(data) },
		"onebyte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) },
		"half":    func() io.Reader { return iotest.HalfReader(bytes.NewReader(data)) },
	}
	if len(data) > 1<<16 {
		delete(readers, "onebyte")
	}
	for rname, r := range readers {
		jd := stdjson.NewDecoder(r())
		sd := sjson.NewDecoder(r())
		if useNumber {
			jd.UseNumber()
			sd.UseNumber()
		}
		for k := 0; ; k++ {
			if jm, sm := jd.More(), sd.More(); jm != sm {
				t.Errorf("%s (%s) value %d: More %v vs %v", name, rname, k, jm, sm)
				return
			}
			want, got := mk(), mk()
			werr := jd.Decode(want)
			gerr := sd.Decode(got)
			if ok, why := sameError(werr, gerr); !ok {
				t.Errorf("%s (%s) value %d: %s", name, rname, k, why)
				return
			}
			if ok, where := sameValue(reflect.ValueOf(want), reflect.ValueOf(got), "v"); !ok {
				t.Errorf("%s (%s) value %d: values differ at %s", name, rname, k, where)
				return
			}
			if jo, so := jd.InputOffset(), sd.InputOffset(); jo != so {
				t.Errorf("%s (%s) value %d: InputOffset %d vs %d", name, rname, k, jo, so)
				return
			}
			if werr != nil {
				var te *stdjson.UnmarshalTypeError
				if errors.As(werr, &te) {
					continue
				}
				// Final errors stay.
				if e1, e2 := jd.Decode(mk()), sd.Decode(mk()); !sameFinalError(e1, e2) {
					t.Errorf("%s (%s): after the error: %v vs %v", name, rname, e1, e2)
				}
				return
			}
		}
	}
}

var streams = []string{
	``, ` `, `1`, `1 2 3`, "1\n2\n3\n", `1 2 x`, `{"a":1}{"b":2}`, "{\"a\":1}\n{\"b\":[1,2]}\n",
	`[1][2]`, `"a""b"`, `"a" "b"`, `truefalse`, `true false null`, `nulll`, `1true`, `1-2`, `0123`,
	`1.5.3`, `1e5e5`, `-`, `1.`, `1e`, `[1,2`, `{"a":`, `{"a":1}}`, `]`, `[1,]`, `{"a" 1}`, "\"a\x01\" 1",
	`"\u00e9" "\ud800"`, "\"\xff\" 1", `{"a":"}"} {"b":"\\"}`, `["\\\\"] 2`, `[1] x [2]`, `"abc`,
	`{"a":{"b":{"c":[1,2,{"d":"e"}]}}} 7`, `1 "x" [true] {"k":null}`, `[1e400] 2`, `  {"a":1}  `,
	`{"id":"x"} {"id":2}`, `[] {} "" 0`,
}

func TestDecoderStreams(t *testing.T) {
	for _, s := range streams {
		checkStream(t, "stream", []byte(s), func() any { return new(any) }, false)
		checkStream(t, "stream", []byte(s), func() any { return new(any) }, true)
		checkStream(t, "stream", []byte(s), func() any { return new(embedBase) }, false)
		checkStream(t, "stream", []byte(s), func() any { return new(stdjson.RawMessage) }, false)
	}
}

func TestDecoderNDJSON(t *testing.T) {
	dir := corpus.SharedData(t, "gharchive")
	files, _ := filepath.Glob(filepath.Join(dir, "*.ndjson"))
	files = append(files, filepath.Join(corpus.SharedData(t, "jsonexamples"), "amazon_cellphones.ndjson"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkStream(t, filepath.Base(f), data, func() any { return new(any) }, false)
		checkStream(t, filepath.Base(f), data, func() any { return new(corpus.GitHubEvent) }, false)
	}
}

func TestDecoderBuffered(t *testing.T) {
	in := `{"a":1} rest of the stream`
	jd := stdjson.NewDecoder(strings.NewReader(in))
	sd := sjson.NewDecoder(strings.NewReader(in))
	var a, b any
	noErr(t, jd.Decode(&a))
	noErr(t, sd.Decode(&b))
	ja, _ := io.ReadAll(jd.Buffered())
	sa, _ := io.ReadAll(sd.Buffered())
	if string(ja) != string(sa) {
		t.Errorf("Buffered: %q vs %q", ja, sa)
	}
}

// errReader returns its data, then an error.
type errReader struct {
	data []byte
	err  error
}

func (r *errReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.err
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestDecoderReadError(t *testing.T) {
	boom := errors.New("boom")
	for _, in := range []string{``, `1 `, `{"a":1} {"b"`, `[1,2]`} {
		jd := stdjson.NewDecoder(&errReader{[]byte(in), boom})
		sd := sjson.NewDecoder(&errReader{[]byte(in), boom})
		for k := 0; k < 4; k++ {
			var a, b any
			e1, e2 := jd.Decode(&a), sd.Decode(&b)
			if e1 != e2 && (e1 == nil || e2 == nil || e1.Error() != e2.Error()) {
				t.Errorf("%q value %d: %v vs %v", in, k, e1, e2)
			}
		}
	}
}

// TestUnmarshalConcurrent runs Unmarshal from 16 goroutines (go test -race
// checks the pooled parsers; two goroutines handed one parser would mix
// their results).
func TestUnmarshalConcurrent(t *testing.T) {
	docs := [][]byte{[]byte(`{"id":1,"name":"a"}`), []byte(`[1,2,{"x":"y"}]`), []byte(`{"Raw":[1,2]}`)}
	const goroutines = 16
	done := make(chan bool)
	for g := 0; g < goroutines; g++ {
		go func() {
			defer func() { done <- true }()
			name := strconv.Itoa(g)
			doc := []byte(`{"type":"` + name + `","login":"` + name + name + `"}`)
			for k := 0; k < 200; k++ {
				var v any
				var m methods
				var a memoA
				if err := sjson.Unmarshal(docs[k%3], &v); err != nil {
					t.Error(err)
				}
				if err := sjson.Unmarshal(docs[2], &m); err != nil || string(m.Raw) != "[1,2]" {
					t.Error(err, string(m.Raw))
				}
				if err := sjson.Unmarshal(doc, &a); err != nil || a.Type != name || a.Login != name+name {
					t.Error(err, a, name)
				}
			}
		}()
	}
	for g := 0; g < goroutines; g++ {
		<-done
	}
}

// TestUnmarshalFloat32Midpoints checks numbers whose float64 rounding falls
// on a float32 midpoint, where rounding twice would be wrong.
func TestUnmarshalFloat32Midpoints(t *testing.T) {
	for _, bits := range []uint32{0x3f800000, 0x3f800001, 0x4b7fffff, 0x00000001, 0x7f7fffff, 0x3eaaaaab} {
		lo := math.Float32frombits(bits)
		hi := math.Nextafter32(lo, float32(math.Inf(1)))
		mid := (float64(lo) + float64(hi)) / 2
		exact := strconv.FormatFloat(mid, 'e', -1, 64)
		for _, s := range []string{exact, exact[:len(exact)-4] + "1" + exact[len(exact)-4:], strconv.FormatFloat(mid, 'g', 30, 64),
			strconv.FormatFloat(mid, 'f', -1, 64) + "0000000000000001", strconv.FormatFloat(mid, 'f', -1, 64) + "0000000000000000000001"} {
			checkUnmarshal(t, "midpoint", []byte(`{"F32":`+s+`}`), func() any { return new(numbers) })
		}
	}
}

// memoA and memoB share field names with different cases and lengths: the
// struct decoder remembers which field each key position matched, by the
// key's bytes, per decoder.
type memoA struct {
	Type  string `json:"type"`
	Login string `json:"login"`
	Long  string `json:"long_name_x"`
	Inner *memoA `json:"inner"`
}

type memoB struct {
	TYPE string
	Id   int
	Kids []memoB `json:"kids"`
}

func TestUnmarshalKeyMemo(t *testing.T) {
	// One P: the pool hands the same parser (and its memo) back each time.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	docs := []string{
		`{"type":"a","login":"b","long_name_x":"c","x":1}`,
		`{"type":"a","login":"b","long_name_x":"c","x":1}`,
		`{"login":"b","type":"a","x":1,"long_name_x":"c"}`,
		`{"TYPE":"a","LOGIN":"b","LONG_NAME_X":"c","X":1}`,
		`{"typ":"a","logi":"b","long_name_y":"c","type":"d"}`,
		`{"x":1,"type":"a","login":"b","inner":{"type":"i","x":2,"login":"j"}}`,
		`{"type":1,"login":"b"}`,
		`{"tYpE":"a","lOgIn":"b"}`,
		`{"\u017fype":"a","type":"b"}`,
		`{"type":"a","type":"b","type":"c","type":"d","type":"e","type":"f","type":"g","type":"h","type":"i","type":"j","type":"k","type":"l","type":"m","type":"n","type":"o","type":"p","type":"q","login":"last"}`,
		`[{"type":"a","id":1},{"TYPE":"b","Id":2,"kids":[{"type":"c"},{"ID":3}]},{"id":4,"type":"d"}]`,
		`{"type":"a","id":1,"kids":[{"iD":5,"Type":"e"}]}`,
	}
	targets := []func() any{
		func() any { return new(memoA) },
		func() any { return new(memoB) },
		func() any { return new([]memoB) },
		func() any { return new(keyMatching) },
	}
	for range 3 {
		for _, doc := range docs {
			for _, mk := range targets {
				checkUnmarshal(t, "memo", []byte(doc), mk)
			}
		}
	}
}

// rootPtr is a named pointer type: encoding/json decodes through it as
// through *memoA.
type rootPtr *memoA

// TestUnmarshalRootTypes alternates root types on one parser: Unmarshal
// skips reflection for the root type of the previous call when that type
// goes straight to its decoder, and must not take that path for any other
// (a nil pointer, a non-pointer, a pointer whose type has UnmarshalJSON, a
// pointer to an interface).
func TestUnmarshalRootTypes(t *testing.T) {
	// One P: the pool hands the same parser (and its root cache) back.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	docs := []string{
		`{"type":"a","login":"b","x":1}`,
		`{"type":2}`,
		`[1,2]`,
		`"s"`,
		`{"type":"a",`,
	}
	targets := []func() any{
		func() any { return new(memoA) },
		func() any { return new(memoA) },
		func() any { return (*memoA)(nil) },
		func() any { return new(memoA) },
		func() any { return memoA{} },
		func() any { return new(memoA) },
		func() any { return new(*memoA) },
		func() any { return new(memoA) },
		func() any { return rootPtr(new(memoA)) },
		func() any { return new(rawish) },
		func() any { return new(memoA) },
		func() any { return new(any) },
		func() any { return new(memoB) },
		func() any { return new(memoA) },
		func() any { v := any(new(memoA)); return &v },
		func() any { return new(memoA) },
	}
	for range 2 {
		for _, doc := range docs {
			for _, mk := range targets {
				checkUnmarshal(t, "root", []byte(doc), mk)
			}
		}
	}
}

// memoL0 to memoL9 nest ten struct types, more than the decode state has
// memo sets: some object's memo set is taken over by a nested one's, and
// the keys after it must not use the nested type's entries. Each level's
// fields sit at different indexes (padding fields the documents lack).
type (
	memoL0 struct {
		A string `json:"a"`
		N memoL1 `json:"n"`
		Z string `json:"z"`
	}
	memoL1 struct {
		P0 int    `json:"p0"`
		A  string `json:"a"`
		N  memoL2 `json:"n"`
		Z  string `json:"z"`
	}
	memoL2 struct {
		P0, P1 int    `json:"-"`
		Q0     int    `json:"q0"`
		Q1     int    `json:"q1"`
		A      string `json:"a"`
		N      memoL3 `json:"n"`
		Z      string `json:"z"`
	}
	memoL3 struct {
		Z string `json:"z"`
		N memoL4 `json:"n"`
		A string `json:"a"`
	}
	memoL4 struct {
		Q0 int    `json:"q0"`
		Z  string `json:"z"`
		Q1 int    `json:"q1"`
		N  memoL5 `json:"n"`
		A  string `json:"a"`
	}
	memoL5 struct {
		N  memoL6 `json:"n"`
		Q0 int    `json:"q0"`
		A  string `json:"a"`
		Z  string `json:"z"`
	}
	memoL6 struct {
		Q0, Q1, Q2 int    `json:",omitempty"`
		A          string `json:"a"`
		Z          string `json:"z"`
		N          memoL7 `json:"n"`
	}
	memoL7 struct {
		A string `json:"a"`
		Q string `json:"q"`
		Z string `json:"z"`
		N memoL8 `json:"n"`
	}
	memoL8 struct {
		Z  string `json:"z"`
		Q0 int    `json:"q0"`
		Q1 int    `json:"q1"`
		Q2 int    `json:"q2"`
		A  string `json:"a"`
		N  memoL9 `json:"n"`
	}
	memoL9 struct {
		Q0 int    `json:"q0"`
		Z  string `json:"z"`
		A  string `json:"a"`
	}
)

func TestUnmarshalKeyMemoNested(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	doc := `{"a":"0"}`
	for i := 9; i >= 1; i-- {
		doc = fmt.Sprintf(`{"a":"%d","n":%s,"z":"%d","x":%d}`, i, doc, i, i)
	}
	doc = fmt.Sprintf(`{"a":"top","n":%s,"z":"top"}`, doc)
	for range 3 {
		checkUnmarshal(t, "memo nested", []byte(doc), func() any { return new(memoL0) })
		checkUnmarshal(t, "memo nested", []byte(`[`+doc+`,`+doc+`]`), func() any { return new([]memoL0) })
	}
}

// TestUnmarshalStringSteps covers the string copies of both stage 2s:
// strings of every length up to 40 bytes, across the 8-byte steps of the
// number-free parse's copy and simdjson's wider blocks, with an escape at
// the start, the middle and the end, as keys and values, in small
// documents (simdjson's stage 2) and in large ones whose numbers outnumber
// their strings (the number-free parse, for a type that reads no number);
// into a number-free struct, a map and a []string, against encoding/json.
func TestUnmarshalStringSteps(t *testing.T) {
	escapes := []string{`\n`, `\"`, `\\`, `\u00e9`, `\ud83d\ude00`, `\/`}
	var strs []string
	for n := 0; n <= 40; n++ {
		plain := strings.Repeat("é", n/4) + strings.Repeat("x", n-2*(n/4))
		strs = append(strs, plain)
		for _, e := range escapes {
			for _, at := range []int{0, n / 2, n} {
				if at <= len(plain) {
					strs = append(strs, plain[:at]+e+plain[at:])
				}
			}
		}
	}
	numbers := strings.TrimSuffix(strings.Repeat("1,", 300), ",")
	for _, s := range strs {
		docs := []string{
			`{"s":"` + s + `","L":["` + s + `","` + s + `x"],"M":{"` + s + `":"` + s + `"},"name":"` + s + `"}`,
			`{"s":"` + s + `","X":[` + numbers + `],"M":{"k` + s + `":"` + s + `"},"L":["` + s + `"]}`,
			`{"` + s + `":"` + s + `"}`,
		}
		for _, doc := range docs {
			checkUnmarshal(t, "string steps", []byte(doc), func() any { return new(noNumbers) })
			checkUnmarshal(t, "string steps", []byte(doc), func() any { return new(map[string]any) })
		}
		checkUnmarshal(t, "string steps", []byte(`["`+s+`","`+s+`"]`), func() any { return new([]string) })
		// Exactly the bytes of the document, no capacity after it: the
		// parse reads a padded copy or the page beyond, never past it.
		b := []byte(`["` + s + `"]`)
		checkUnmarshal(t, "string steps", b[:len(b):len(b)], func() any { return new([]string) })
	}
}

// TestUnmarshalStringsInInput covers the strings the lazy parse leaves in
// the input (types that read no number): escapes or none, lengths around the
// 16-byte scan and keys within eight bytes of the input's end (which go to
// the string buffer), case-insensitive keys, and inputs with spare capacity
// after them. The values decoded must not alias the input: overwriting it
// afterwards changes nothing.
func TestUnmarshalStringsInInput(t *testing.T) {
	long := strings.Repeat("0123456789abcdef", 300) // over 4 KiB: simdjson's stage 2
	docs := []string{
		`{"s":"x"}`, `{"a":"b"}`, `{"s":""}`, `{"":""}`, `{"S":"up"}`, `{"s":"é"}`,
		`{"s":"0123456789abcde"}`, `{"s":"0123456789abcdef"}`, `{"s":"0123456789abcdefg"}`,
		`{"s":"a\"b","name":"\u00e9\ud83d\ude00","NAME":"last"}`,
		`{"s":"\\","L":["a","b\n","","0123456789abcdef0123456789abcdef"],"B":true}`,
		`{"M":{"k":"v","\u006b":"w","kk":"0123456789abcdef\/"},"A":["x","y","z"]}`,
		`{"P":{"s":"in","P":{"name":"deep"}},"K":[{"s":"one"},{"S":"two"}],"MB":{"b":[true,false]}}`,
		`{"s":"` + long + `","name":"n"}`,
		`[{"s":"a"},{"s":"b"}]`,
		`{"s":"x","n":12.5e3,"o":{"deep":[1,2,"3"]},"name":"after numbers"}`,
		`{"s":"bad \x escape"}`, `{"s":"lone \ud800"}`, `{"s":"unterminated}`, `{"s":"x",}`,
		"{\"s\":\"ctrl \x01\"}", "{\"s\":\"bad utf-8 \xff\"}",
	}
	targets := []func() any{
		func() any { return new(noNumbers) },
		func() any { return new([]noNumbers) },
		func() any { return new(map[string]string) },
		func() any { return new(map[string]any) },
		func() any { return new(struct{ S, Name string }) },
	}
	for _, doc := range docs {
		for _, extra := range []int{0, 3, 80} {
			data := make([]byte, len(doc), len(doc)+extra)
			copy(data, doc)
			for _, mk := range targets {
				checkUnmarshal(t, "strings in input", data, mk)
				got := mk()
				if sjson.Unmarshal(data, got) != nil {
					continue
				}
				before := fmt.Sprintf("%#v", got)
				for i := range data {
					data[i] = 'x'
				}
				if after := fmt.Sprintf("%#v", got); after != before {
					t.Errorf("%q into %T: overwriting the input changed the result from %s to %s", doc, got, before, after)
				}
				copy(data, doc)
			}
		}
	}
}

// planned reads only strings and bools, through nested structs: Unmarshal
// decodes it by a plan the parse follows (decode_plan.go).
type planned struct {
	S    string `json:"s"`
	B    bool
	Name string `json:"name"`
	In   struct {
		S    string `json:"s"`
		OK   bool   `json:"ok"`
		Deep struct{ X string }
	} `json:"in"`
	plannedEmbed
	Upper  string `json:"UPPER"`
	Dash   string `json:"a-b"`
	Named  plainString
	Long   string `json:"a_rather_long_field_name"`
	Quote  string `json:"q\"k"`
	hidden string
}

type plannedEmbed struct {
	E string `json:"e"`
	S string // hidden by planned.S
}

type plainString string

// plannedDocs are the plan's cases: each applies the plan, or turns it off
// for a reason encoding/json has to decide.
var plannedDocs = []string{
	`{}`, `{"s":"x"}`, `{"s":"x","B":true,"name":"n","in":{"s":"i","ok":false,"Deep":{"X":"d"}}}`,
	`{"S":"case","b":true,"NAME":"up","IN":{"S":"i2","OK":true,"deep":{"x":"dx"}}}`,
	`{"s":"first","s":"last","B":true,"B":false}`, `{"in":{"s":"a"},"in":{"ok":true}}`,
	`{"s":null,"B":null,"in":null,"name":"kept"}`, `{"in":{"Deep":null}}`,
	`{"e":"embedded","E":"E","upper":"u","UPPER":"U","Upper":"x","a-b":"dash","A-B":"DASH"}`,
	`{"named":"n","a_rather_long_field_name":"l","A_RATHER_LONG_FIELD_NAME":"L","a_rather_long_field_namE":"L2"}`,
	`{"q\"k":"quoted key","\u0073":"escaped key","na\u006de":"escaped name","hidden":"no"}`,
	`{"unknown":[1,2,{"s":"not this"}],"other":{"s":"nor this","B":true},"n":-1.5e3,"t":true,"s":"yes"}`,
	`{"s":"\u00e9\ud83d\ude00 \"esc\" \\ \/","name":"` + strings.Repeat("long ", 20) + `"}`,
	`{"ſ":"long s folds to S","K":"kelvin","Nаme":"cyrillic a"}`, `{"é":"x","s":"after"}`,
	`{"s":1}`, `{"s":true}`, `{"s":{}}`, `{"s":[]}`, `{"B":"true"}`, `{"B":0}`, `{"in":"x"}`, `{"in":[]}`,
	`{"in":{"ok":"yes"}}`, `{"s":1,"name":"after error"}`, `{"s":1,"s":"fixed"}`, `{"in":{"Deep":[]}}`,
	`[]`, `[{"s":"x"}]`, `null`, `"s"`, `1`, `true`,
	`{"s":"x"`, `{"s":"x",}`, `{"s":"x"}x`, `{"s":"bad \q"}`, `{"s":tru}`, `{"s":"x","n":01}`,
	"{\"s\":\"bad utf-8 \xff\"}", `{"s":"lone \udc00"}`,
	`{"x":"` + strings.Repeat("y", 5000) + `","s":"over 4 KiB: simdjson's stage 2"}`,
	`{"in":{"s":"` + strings.Repeat("z", 300) + `"},"a":[` + strings.Repeat(`1,`, 200) + `2],"s":"many tokens"}`,
}

func TestUnmarshalPlan(t *testing.T) {
	for _, doc := range plannedDocs {
		checkUnmarshal(t, "plan", []byte(doc), func() any { return new(planned) })
		checkUnmarshal(t, "plan", []byte(doc), func() any { return new(struct{ S string }) })
		checkDecodeOpts(t, "plan", []byte(doc), func() any { return new(planned) }, false, true)
		// Fields the document does not set keep their values, as in
		// encoding/json.
		checkUnmarshal(t, "plan, prefilled", []byte(doc), func() any {
			p := new(planned)
			p.S, p.B, p.Name, p.In.S, p.In.OK, p.In.Deep.X, p.E = "s0", true, "n0", "i0", true, "x0", "e0"
			return p
		})
	}
}
