package json

import (
	stdjson "encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Small map[string]string values built in place (anymap.go), as the tests
// of map[string]any in anymap_test.go check those.

// The objects of strMapDocs, by whether their map is built in place.
var strMapDocs = []struct {
	doc     string
	inPlace bool
}{
	{`{"a":"1"}`, true},
	{`{"colour":"red","size":"XL"}`, true},
	{`{"a":"x","b":1,"c":"y"}`, true}, // a number: a type error, and "" for it
	{`{"a":null,"b":"y"}`, true},      // null leaves the zero value
	{`{"a":{"x":"y"},"b":["z"],"c":true}`, true},
	{`{"1":"1","2":"2","3":"3","4":"4","5":"5","6":"6","7":"7","8":"8"}`, true},
	{`{"1":"1","2":"2","3":"3","4":"4","5":"5","6":"6","7":"7","8":"8","9":"9"}`, true}, // past a group: a table
	{bigObject(15, strField), true},
	{bigObject(40, strField), true},
	{bigObject(896, strField), true},
	{bigObject(897, strField), false},                                                            // past one table
	{bigObject(40, func(s int) string { return []string{`"a"`, "null", "1", "{}"}[s%4] }), true}, // null, type errors
	{bigObject(39, strField, `"k7":"again"`), false},                                             // a name repeated: the last wins
	{bigObject(39, strField, `"k\u0037":"escaped"`), false},                                      // the same, escaped
	{bigObject(39, strField, `"":"empty"`), false},                                               // the empty name
	{bigObject(39, strField, `"`+strings.Repeat("z", 129)+`":"long"`), false},                    // past maphash's chunk
	{`{"é":"é","a\"b":"\"","\u00e9x":"\u00e9","\ud83d\ude00":"\ud83d\ude00","tab\t":"\t"}`, true},
	{`{"` + strings.Repeat("k", 64) + `":"a","` + strings.Repeat("k", 65) + `":"b"}`, true},
	{`{"` + strings.Repeat("z", 128) + `":"a","short":"b"}`, true},
	{`{"` + strings.Repeat("z", 129) + `":"a","short":"b"}`, false}, // past maphash's chunk
	{`{"":"a","a":"b"}`, false},                                     // the empty name
	{`{"a":"1","b":"2","a":"3"}`, false},                            // a name repeated: the last wins
	{`{"a\u0062":"1","ab":"2"}`, false},                             // the same name, escaped once
	{`{}`, false},
}

func strField(s int) string { return fmt.Sprintf(`"v%d"`, s) }

// builtStrInPlace: Unmarshal builds small map[string]string values in place
// on this build.
var builtStrInPlace = strMapInPlace && shim.Available

func TestStrMapInPlaceOn(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 || mapLayoutTagOff {
		t.Skip("maps are not built in place on this build")
	}
	if !strMapInPlace {
		t.Fatal("checkMapLayout rejected this build's map[string]string")
	}
}

// sameErr compares Unmarshal's error with encoding/json's by text.
func sameErr(t *testing.T, what string, got, want error) {
	t.Helper()
	if (got == nil) != (want == nil) || got != nil && got.Error() != want.Error() {
		t.Fatalf("%s: error %v, want %v", what, got, want)
	}
}

// TestStrMapInPlaceBehaves decodes objects into a map[string]string, at the
// root and as a struct's field (nil, and already made), and then runs every
// map operation on the result and on encoding/json's side by side.
func TestStrMapInPlaceBehaves(t *testing.T) {
	inPlaceCases(t, strMapDocs, func(s string) string { return s }, builtStrInPlace)
}

// TestStrMapInPlaceGC keeps some maps of many decoded documents, drops the
// rest, and checks them after collections that reuse the freed memory.
func TestStrMapInPlaceGC(t *testing.T) {
	type item struct {
		N       int               `json:"n"`
		Options map[string]string `json:"options"`
	}
	var doc strings.Builder
	doc.WriteString("[")
	for n := range 3000 {
		if n > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `{"n":%d,"options":{"colour":"c%d","size":"s%d","k%d":"v%d"}}`, n, n, n%7, n%5, n)
	}
	doc.WriteString("]")
	var want []item
	if err := stdjson.Unmarshal([]byte(doc.String()), &want); err != nil {
		t.Fatal(err)
	}
	var kept []map[string]string
	for round := range 20 {
		var v []item
		if err := Unmarshal([]byte(doc.String()), &v); err != nil {
			t.Fatal(err)
		}
		if builtStrInPlace && !inPlace(v[0].Options) {
			t.Fatal("not built in place")
		}
		kept = append(kept, v[round*97%len(v)].Options, v[len(v)-1-round].Options)
		runtime.GC()
		_ = make([]byte, 1<<20) // reuse what was freed
	}
	runtime.GC()
	for round := range 20 {
		sameMaps(t, fmt.Sprint("round ", round), kept[2*round], want[round*97%len(want)].Options)
		sameMaps(t, fmt.Sprint("round ", round), kept[2*round+1], want[len(want)-1-round].Options)
	}
}
