package json

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Small maps of scalars by strings built in place (anymap.go), as
// strmap_inplace_test.go checks map[string]string.

// scalarDocs: objects decoded into every scalar map type, by whether the
// map is built in place (when its values' type is ok for the document:
// type errors leave a zero value, as in encoding/json).
var scalarDocs = []struct {
	doc     string
	inPlace bool
}{
	{`{"a":1}`, true},
	{`{"hits":3,"misses":0,"ratio":1}`, true},
	{`{"a":1,"b":"x","c":2}`, true},            // a string: a type error, and zero for it
	{`{"a":null,"b":2}`, true},                 // null leaves the zero value
	{`{"a":1.5,"b":-2,"c":1e2}`, true},         // a fraction or a sign: errors for some types
	{`{"a":300,"b":-129,"c":70000}`, true},     // out of range of the small kinds
	{`{"a":9223372036854775807,"b":-0}`, true}, // int64's largest, and -0
	{`{"a":18446744073709551615,"b":1}`, true}, // uint64's largest
	{`{"a":1.7976931348623157e308,"b":5e-324}`, true},
	{`{"a":true,"b":false,"c":true}`, true}, // booleans: errors for numbers
	{`{"a":{"x":1},"b":[2],"c":3}`, true},   // containers: type errors
	{`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8}`, true},
	{`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9}`, true}, // past a group: a table
	{bigObject(15, scalarField), true},
	{bigObject(40, scalarField), true},
	{bigObject(896, scalarField), true},
	{bigObject(897, scalarField), false}, // past one table
	{bigObject(40, func(s int) string { return []string{"1", "null", `"x"`, "-3", "true", "2.5", "300"}[s%7] }), true}, // type errors
	{bigObject(39, scalarField, `"k7":9`), false},                           // a name repeated: the last wins
	{bigObject(39, scalarField, `"k\u0037":9`), false},                      // the same, escaped
	{bigObject(39, scalarField, `"":9`), false},                             // the empty name
	{bigObject(39, scalarField, `"`+strings.Repeat("z", 129)+`":9`), false}, // past maphash's chunk
	{`{"é":1,"a\"b":2,"\u00e9x":3,"\ud83d\ude00":4,"tab\t":5}`, true},
	{`{"` + strings.Repeat("z", 128) + `":1,"short":2}`, true},
	{`{"` + strings.Repeat("z", 129) + `":1,"short":2}`, false}, // past maphash's chunk
	{`{"":1,"a":2}`, false},                                     // the empty name
	{`{"a":1,"b":2,"a":3}`, false},                              // a name repeated: the last wins
	{`{"a\u0062":1,"ab":2}`, false},                             // the same name, escaped once
	{`{}`, false},
}

func scalarField(s int) string { return strconv.Itoa(s % 100) }

func TestScalarMapInPlaceOn(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 || mapLayoutTagOff {
		t.Skip("maps are not built in place on this build")
	}
	for _, on := range []func() (bool, bool){
		scalarMapInPlace[bool], scalarMapInPlace[int], scalarMapInPlace[int8],
		scalarMapInPlace[int16], scalarMapInPlace[int32], scalarMapInPlace[int64],
		scalarMapInPlace[uint], scalarMapInPlace[uint8], scalarMapInPlace[uint16],
		scalarMapInPlace[uint32], scalarMapInPlace[uint64], scalarMapInPlace[float32],
		scalarMapInPlace[float64],
	} {
		if small, big := on(); !small || !big {
			t.Fatalf("the layout checks rejected a scalar map type on this build: small %v, big %v", small, big)
		}
	}
}

// TestScalarMapInPlaceBehaves decodes scalarDocs into maps of each scalar
// type, at the root and as a struct's field (nil, and already made), then
// runs every map operation on the result and on encoding/json's.
func TestScalarMapInPlaceBehaves(t *testing.T) {
	t.Run("bool", scalarMapCases[bool])
	t.Run("int", scalarMapCases[int])
	t.Run("int8", scalarMapCases[int8])
	t.Run("int16", scalarMapCases[int16])
	t.Run("int32", scalarMapCases[int32])
	t.Run("int64", scalarMapCases[int64])
	t.Run("uint", scalarMapCases[uint])
	t.Run("uint8", scalarMapCases[uint8])
	t.Run("uint16", scalarMapCases[uint16])
	t.Run("uint32", scalarMapCases[uint32])
	t.Run("uint64", scalarMapCases[uint64])
	t.Run("float32", scalarMapCases[float32])
	t.Run("float64", scalarMapCases[float64])
}

// scalarOf returns a value of V made from s (its length).
func scalarOf[V any](s string) V {
	var v V
	rv := reflect.ValueOf(&v).Elem()
	switch rv.Kind() {
	case reflect.Bool:
		rv.SetBool(len(s)%2 == 1)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		rv.SetInt(int64(len(s)) - 2)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		rv.SetUint(uint64(len(s)))
	default:
		rv.SetFloat(float64(len(s)) / 4)
	}
	return v
}

func scalarMapCases[V comparable](t *testing.T) {
	small, big := scalarMapInPlace[V]()
	inPlaceCases(t, scalarDocs, scalarOf[V], small && big && shim.Available)
}

// inPlaceCases decodes each of docs into a map[string]V at the root and as
// a struct's field of a defined map type (nil, and already made), checks
// which maps are built in place (when on) and compares values and errors
// with encoding/json's, then every map operation on the results (val
// gives a value for a key).
func inPlaceCases[V comparable](t *testing.T, docs []struct {
	doc     string
	inPlace bool
}, val func(string) V, on bool) {
	t.Helper()
	type named map[string]V
	type item struct {
		M named `json:"m"`
	}
	for _, c := range docs {
		var got, want map[string]V
		sameErr(t, c.doc, Unmarshal([]byte(c.doc), &got), stdjson.Unmarshal([]byte(c.doc), &want))
		if on && got != nil && inPlace(got) != c.inPlace {
			t.Errorf("%s: built in place %v, want %v", c.doc, inPlace(got), c.inPlace)
		}
		if !c.inPlace && inPlace(got) {
			t.Errorf("%s: built in place", c.doc)
		}
		if got == nil || want == nil {
			if (got == nil) != (want == nil) {
				t.Fatalf("%s: map %v, want %v", c.doc, got, want)
			}
			continue
		}
		mapOps(t, c.doc, got, want, val)

		doc := `{"m":` + c.doc + `}`
		var gi, wi item
		sameErr(t, doc, Unmarshal([]byte(doc), &gi), stdjson.Unmarshal([]byte(doc), &wi))
		if on && inPlace(gi.M) != c.inPlace {
			t.Errorf("%s: built in place %v, want %v", doc, inPlace(gi.M), c.inPlace)
		}
		sameMaps(t, doc, gi.M, wi.M)
		gi.M["extra"], wi.M["extra"] = val("extra"), val("extra")
		sameMaps(t, doc+": extra", gi.M, wi.M)

		gi, wi = item{named{"kept": val("k")}}, item{named{"kept": val("k")}}
		sameErr(t, doc, Unmarshal([]byte(doc), &gi), stdjson.Unmarshal([]byte(doc), &wi))
		if inPlace(gi.M) {
			t.Errorf("%s: an existing map was replaced", doc)
		}
		sameMaps(t, doc+": into an existing map", gi.M, wi.M)
	}
}

// TestScalarMapInPlaceGC keeps some maps of many decoded documents, with
// values of two types sharing the blocks' chunks, drops the rest, and
// checks them after collections that reuse the freed memory.
func TestScalarMapInPlaceGC(t *testing.T) {
	type item struct {
		N      int                `json:"n"`
		Counts map[string]int64   `json:"counts"`
		Scores map[string]float32 `json:"scores"`
		Flags  map[string]bool    `json:"flags"`
	}
	var doc strings.Builder
	doc.WriteString("[")
	for n := range 3000 {
		if n > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `{"n":%d,"counts":{"a":%d,"b%d":-%d},"scores":{"s":%d.25,"t%d":0.5},"flags":{"f%d":true,"g":%v}}`,
			n, n, n%7, n*3, n, n%5, n%3, n%2 == 0)
	}
	doc.WriteString("]")
	var want []item
	if err := stdjson.Unmarshal([]byte(doc.String()), &want); err != nil {
		t.Fatal(err)
	}
	var kept []item
	for round := range 20 {
		var v []item
		if err := Unmarshal([]byte(doc.String()), &v); err != nil {
			t.Fatal(err)
		}
		if on, _ := scalarMapInPlace[int64](); on && shim.Available && !inPlace(v[0].Counts) {
			t.Fatal("not built in place")
		}
		kept = append(kept, v[round*97%len(v)], v[len(v)-1-round])
		runtime.GC()
		_ = make([]byte, 1<<20) // reuse what was freed
	}
	runtime.GC()
	for round := range 20 {
		for k, w := range []item{want[round*97%len(want)], want[len(want)-1-round]} {
			g := kept[2*round+k]
			what := fmt.Sprint("round ", round, " item ", g.N)
			if g.N != w.N {
				t.Fatalf("%s: n %d, want %d", what, g.N, w.N)
			}
			sameMaps(t, what, g.Counts, w.Counts)
			sameMaps(t, what, g.Scores, w.Scores)
			sameMaps(t, what, g.Flags, w.Flags)
		}
	}
}
