package json

import (
	stdjson "encoding/json"
	"fmt"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// inPlace reports whether m was built by smallMapKeys: its header is a
// block's, and its group the block's own.
func inPlace[V any](m map[string]V) bool {
	// (Read as pointers to the blocks, which -race's pointer checks would
	// refuse to convert to from the runtime's smaller header.)
	blk := *(**mapBlock[V])(unsafe.Pointer(&m))
	if blk == nil {
		return false
	}
	if blk.m.dirPtr == unsafe.Pointer(&blk.g) {
		return true
	}
	// A larger map (bigmap.go): its directory and table follow the header
	// (the directory is read only when it is there).
	h := *(**bigMapHead)(unsafe.Pointer(&m))
	return h.m.dirLen == 1 && h.m.dirPtr == unsafe.Pointer(&h.dir) && h.dir == unsafe.Pointer(&h.t)
}

// bigObject returns an object of n fields named "k0", "k1", ..., field s
// with value(s) as its value, then the fields of extra.
func bigObject(n int, value func(int) string, extra ...string) string {
	var b strings.Builder
	b.WriteString("{")
	for s := range n {
		if s > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"k%d":%s`, s, value(s))
	}
	for _, e := range extra {
		b.WriteString("," + e)
	}
	b.WriteString("}")
	return b.String()
}

// builtInPlace: Unmarshal builds small maps in place on this build (without
// cgo it hands every input to encoding/json).
var builtInPlace = mapInPlace && shim.Available

// The objects of mapDocs, by whether their map is built in place.
var mapDocs = []struct {
	doc     string
	inPlace bool
}{
	{`{"a":1}`, true},
	{`{"a":1,"b":"two"}`, true},
	{`{"id":1,"name":"x","list":[1,{"k":null}],"o":{"p":true},"f":-0.5}`, true},
	{`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8}`, true},
	{`{"1":1,"2":2,"3":3,"4":4,"5":5,"6":6,"7":7,"8":8,"9":9}`, true}, // past a group: a table
	{`{"é":1,"a\"b":2,"\u00e9x":3,"\ud83d\ude00":4,"tab\t":5}`, true},
	// Larger maps (bigmap.go): one table of 16 to 1024 slots.
	{bigObject(14, anyField), true},
	{bigObject(15, anyField), true},
	{bigObject(40, anyField), true},
	{bigObject(40, func(s int) string { return bigObject(12+s%3, anyField) }), true},
	{bigObject(896, anyField), true},
	{bigObject(897, anyField), false},                                   // past one table
	{bigObject(39, anyField, `"k7":"again"`), true},                     // a name repeated: the last wins
	{bigObject(39, anyField, `"k\u0037":"escaped"`), true},              // the same, escaped
	{bigObject(39, anyField, `"":"empty"`), true},                       // the empty name: assigned
	{bigObject(39, anyField, `"`+strings.Repeat("z", 129)+`":1`), true}, // past maphash's chunk: assigned
	{`{"` + strings.Repeat("k", 64) + `":1,"` + strings.Repeat("k", 65) + `":2}`, true},
	{`{"` + strings.Repeat("z", 128) + `":1,"short":2}`, true},
	{`{"` + strings.Repeat("z", 129) + `":1,"short":2}`, false}, // past maphash's chunk
	{`{"":1,"a":2}`, false},                                     // the empty name
	{`{"a":1,"b":2,"a":3}`, false},                              // a name repeated: the last wins
	{`{"a\u0062":1,"ab":2}`, false},                             // the same name, escaped once
	{`{}`, false},
}

// anyField is a value of each kind in turn.
func anyField(s int) string {
	return [...]string{"1", `"two"`, "null", "true", "[3,{}]", `{"x":-0.5}`, "false", "1e300"}[s%8]
}

// TestMapInPlaceOn: on the builds CI runs (64-bit, the runtime's
// interleaved groups, maphash's runtime hash) the start-up check accepts
// the layout, so the tests below test maps built in place.
func TestMapInPlaceOn(t *testing.T) {
	if unsafe.Sizeof(uintptr(0)) != 8 || mapLayoutTagOff {
		t.Skip("maps are not built in place on this build")
	}
	if !mapInPlace || !strMapInPlace || !bigAnyInPlace() || !bigStrInPlace() {
		t.Fatalf("the layout checks rejected this build's maps: %v %v %v %v",
			mapInPlace, strMapInPlace, bigAnyInPlace(), bigStrInPlace())
	}
}

// TestMapInPlaceBehaves decodes objects into interface{} and then runs
// every map operation on the result and on encoding/json's side by side.
func TestMapInPlaceBehaves(t *testing.T) {
	for _, c := range mapDocs {
		var got, want any
		if err := Unmarshal([]byte(c.doc), &got); err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if err := stdjson.Unmarshal([]byte(c.doc), &want); err != nil {
			t.Fatal(err)
		}
		g, w := got.(map[string]any), want.(map[string]any)
		if builtInPlace && inPlace(g) != c.inPlace {
			t.Errorf("%s: built in place %v, want %v", c.doc, inPlace(g), c.inPlace)
		}
		mapOps(t, c.doc, g, w, func(s string) any { return s })
	}
}

// mapOps runs every map operation on g, a map decoded here, and on w,
// encoding/json's, side by side: Marshal, clone, deletion and insertion of
// each name, growth past eight entries (the runtime's table), clear. val
// makes the values it inserts.
func mapOps[V any](t *testing.T, what string, g, w map[string]V, val func(string) V) {
	t.Helper()
	sameMaps(t, what+": decoded", g, w)
	if b1, b2 := mustMarshal(t, g), mustMarshal(t, w); b1 != b2 {
		t.Errorf("%s: Marshal %s, want %s", what, b1, b2)
	}
	sameMaps(t, what+": clone", maps.Clone(g), w)
	keys := slices.Sorted(maps.Keys(w))
	if len(keys) > 48 {
		// Large maps: 48 names spread over the map (each step compares
		// the whole map).
		spread := make([]string, 48)
		for n := range spread {
			spread[n] = keys[n*len(keys)/48]
		}
		keys = spread
	}
	for _, k := range keys {
		delete(g, k)
		delete(w, k)
		sameMaps(t, what+": delete "+k, g, w)
		g[k+"!"], w[k+"!"] = val(k), val(k)
		sameMaps(t, what+": add "+k+"!", g, w)
	}
	for n := range 20 {
		k := fmt.Sprint("new", n)
		g[k], w[k] = val(k), val(k)
		sameMaps(t, what+": add "+k, g, w)
	}
	clear(g)
	if len(g) != 0 {
		t.Errorf("%s: len %d after clear", what, len(g))
	}
	g["after"] = val("after")
	sameMaps(t, what+": after clear", g, map[string]V{"after": val("after")})
}

// sameMaps compares two maps by length, iteration, both lookup paths (the
// string fast path and reflection's hashed one) and lookups of absent
// names.
func sameMaps[V any](t *testing.T, what string, g, w map[string]V) {
	t.Helper()
	if len(g) != len(w) {
		t.Fatalf("%s: len %d, want %d", what, len(g), len(w))
	}
	n := 0
	for k, v := range g {
		if wv, ok := w[k]; !ok || !reflect.DeepEqual(v, wv) {
			t.Fatalf("%s: range gives %q: %v, want %v (present %v)", what, k, v, wv, ok)
		}
		n++
	}
	if n != len(w) {
		t.Fatalf("%s: range gives %d entries, want %d", what, n, len(w))
	}
	rg := reflect.ValueOf(g)
	for k, wv := range w {
		if v, ok := g[k]; !ok || !reflect.DeepEqual(v, wv) {
			t.Fatalf("%s: m[%q] = %v, %v; want %v", what, k, v, ok, wv)
		}
		if v := rg.MapIndex(reflect.ValueOf(k)); !v.IsValid() || !reflect.DeepEqual(v.Interface(), wv) {
			t.Fatalf("%s: MapIndex(%q) = %v; want %v", what, k, v, wv)
		}
		if _, ok := g[k+"\x00"]; ok {
			t.Fatalf("%s: m[%q] found", what, k+"\x00")
		}
	}
}

func mustMarshal(t *testing.T, v any) string {
	t.Helper()
	b, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMapInPlaceGC keeps some maps of many decoded documents, drops the
// rest, and checks them after collections that reuse the freed memory.
func TestMapInPlaceGC(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("[")
	for n := range 3000 {
		if n > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `{"n":%d,"s":"str%d","o":{"k%d":[%d,"x"]}}`, n, n, n%7, n)
	}
	doc.WriteString("]")
	var want any
	if err := stdjson.Unmarshal([]byte(doc.String()), &want); err != nil {
		t.Fatal(err)
	}
	var kept []any
	for round := range 20 {
		var v any
		if err := Unmarshal([]byte(doc.String()), &v); err != nil {
			t.Fatal(err)
		}
		a := v.([]any)
		if builtInPlace && !inPlace(a[0].(map[string]any)) {
			t.Fatal("not built in place")
		}
		kept = append(kept, a[round*97%len(a)], a[len(a)-1-round])
		runtime.GC()
		_ = make([]byte, 1<<20) // reuse what was freed
	}
	runtime.GC()
	wa := want.([]any)
	for round := range 20 {
		if !reflect.DeepEqual(kept[2*round], wa[round*97%len(wa)]) || !reflect.DeepEqual(kept[2*round+1], wa[len(wa)-1-round]) {
			t.Fatalf("round %d: kept maps changed: %v %v", round, kept[2*round], kept[2*round+1])
		}
	}
}

// TestMapInPlaceField: a nil map[string]any field is built in place too; a
// map already there is added to, as encoding/json does.
func TestMapInPlaceField(t *testing.T) {
	type event struct {
		Payload map[string]any `json:"payload"`
	}
	for _, c := range mapDocs {
		doc := `{"payload":` + c.doc + `}`
		var got, want event
		if err := Unmarshal([]byte(doc), &got); err != nil {
			t.Fatal(err)
		}
		if err := stdjson.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatal(err)
		}
		if builtInPlace && inPlace(got.Payload) != c.inPlace {
			t.Errorf("%s: built in place %v, want %v", doc, inPlace(got.Payload), c.inPlace)
		}
		sameMaps(t, doc, got.Payload, want.Payload)
		got.Payload["extra"], want.Payload["extra"] = 1, 1
		sameMaps(t, doc+": extra", got.Payload, want.Payload)

		got, want = event{map[string]any{"kept": true}}, event{map[string]any{"kept": true}}
		if err := Unmarshal([]byte(doc), &got); err != nil {
			t.Fatal(err)
		}
		if err := stdjson.Unmarshal([]byte(doc), &want); err != nil {
			t.Fatal(err)
		}
		if inPlace(got.Payload) {
			t.Errorf("%s: an existing map was replaced", doc)
		}
		sameMaps(t, doc+": into an existing map", got.Payload, want.Payload)
	}
}
