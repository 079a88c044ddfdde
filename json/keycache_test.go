package json

import (
	"bytes"
	"encoding/binary"
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// keyCacheDoc returns an array of objects whose names repeat (from call to
// call as well), collide in the cache (the same first eight bytes and
// length, the same last eight), are escaped, hold NUL bytes, are longer
// than the cache takes, and are many enough (more than keyCacheSize) to
// evict one another; objects of up to eight names (built in place) and of
// more (made by the runtime).
func keyCacheDoc(round int) []byte {
	var b strings.Builder
	b.WriteString("[")
	names := []string{`"id"`, `"name"`, `"abcdefghX"`, `"abcdefghY"`, `"abcdefgh\u0058Z"`, `"abcdefghXZ"`,
		`"x\u0000y"`, `"x\u0000z"`, `"` + strings.Repeat("p", 47) + `"`, `"` + strings.Repeat("p", 48) + `"`,
		`"` + strings.Repeat("p", 49) + `"`, `"` + strings.Repeat("q", 130) + `"`, `"é"`, `"\u00e9t\u00e9"`,
		`"profile_background_color"`, `"profile_sidebar_fill_color"`, `"profile_sidebar_border_color"`}
	for i := range 400 {
		if i > 0 {
			b.WriteString(",")
		}
		n := 1 + (i+round)%12 // 1 to 12 names
		b.WriteString("{")
		for k := range n {
			if k > 0 {
				b.WriteString(",")
			}
			name := names[(i*7+k*3+round)%len(names)]
			if (i+k)%5 == 0 {
				// Hundreds of names of the same length and first
				// eight bytes: evictions, and names that share a slot.
				name = fmt.Sprintf(`"abcdefgh%03d"`, (i*k+round)%300)
			}
			fmt.Fprintf(&b, `%s:%d`, name, i*100+k)
		}
		b.WriteString("}")
	}
	b.WriteString("]")
	return []byte(b.String())
}

// TestKeyCache: names made into map keys from the cache equal
// encoding/json's keys, and the maps answer lookups of every key, across
// calls (TestKeySeedCalls: across a new seed) and after the input is overwritten (the cache's
// strings are copies).
func TestKeyCache(t *testing.T) {
	type holder struct {
		M  map[string]any    `json:"m"`
		MS map[string]string `json:"ms"`
	}
	for round := range 6 {
		data := keyCacheDoc(round)
		var got, want any
		if err := Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if err := stdjson.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		// A second document with other values between, as a service's
		// next request: the first result must not change.
		other := bytes.ReplaceAll(keyCacheDoc(round+1), []byte(`"id"`), []byte(`"ID"`))
		var got2 any
		if err := Unmarshal(other, &got2); err != nil {
			t.Fatal(err)
		}
		for i := range data {
			data[i] = 'x'
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: the result differs from encoding/json's", round)
		}
		for i, o := range want.([]any) {
			m := got.([]any)[i].(map[string]any)
			for k, v := range o.(map[string]any) {
				if g, ok := m[k]; !ok || g != v {
					t.Fatalf("round %d, object %d: m[%q] = %v, %v; want %v", round, i, k, g, ok, v)
				}
			}
		}
		// map[string]any and map[string]string fields.
		var h, hw holder
		doc := []byte(`{"m":{"id":1,"abcdefghX":2,"abcdefghY":3},"ms":{"id":"a","name":"b","abcdefghXZ":"c","x\u0000y":"d"}}`)
		if err := Unmarshal(doc, &h); err != nil {
			t.Fatal(err)
		}
		if err := stdjson.Unmarshal(doc, &hw); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(h, hw) || h.M["abcdefghY"] != 3.0 || h.MS["x\x00y"] != "d" {
			t.Fatalf("round %d: %+v, want %+v", round, h, hw)
		}
	}
}

// TestKeyCacheBounded: names that keep changing (objects keyed by ids)
// leave the cache holding at most keyCacheMaxChunks chunks, and every name
// it holds lies in one of them.
func TestKeyCacheBounded(t *testing.T) {
	dp := getDomParser()
	if dp == nil {
		t.Skip("no parser")
	}
	defer putDomParser(dp)
	d := &dp.state
	for call := range 300 {
		var b strings.Builder
		b.WriteString("{")
		for k := range 20 {
			if k > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `"user_%040d":{"n":%d}`, call*20+k, k)
		}
		b.WriteString("}")
		data := []byte(b.String())
		if rc := dp.parse(data, false); rc != 0 {
			t.Fatalf("parse: %d", rc)
		}
		d.init(dp, data, 0)
		got := d.anyValue(1)
		d.release()
		var want any
		if err := stdjson.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("call %d: the result differs from encoding/json's", call)
		}
		c := d.keys
		if len(c.chunks) > keyCacheMaxChunks {
			t.Fatalf("call %d: the cache holds %d chunks", call, len(c.chunks))
		}
		for _, e := range unsafe.Slice(&c.entries[0][0], keyCacheSize) {
			if e.s == "" {
				continue
			}
			p := uintptr(unsafe.Pointer(unsafe.StringData(e.s)))
			in := false
			for _, ch := range c.chunks {
				base := uintptr(unsafe.Pointer(unsafe.SliceData(ch)))
				in = in || p >= base && p+uintptr(len(e.s)) <= base+uintptr(cap(ch))
			}
			if !in {
				t.Fatalf("call %d: the cached name %q lies outside the cache's chunks", call, e.s)
			}
		}
	}
}

// TestKeySeedCalls: one decoding state's maps share a seed for
// keySeedCalls calls, then take a new one, and the names' hashes kept from
// the earlier seed are not used under the new one (lookups of every key of
// maps built in place, small and large, across three seeds).
func TestKeySeedCalls(t *testing.T) {
	dp := getDomParser()
	if dp == nil {
		t.Skip("no parser")
	}
	defer putDomParser(dp)
	d := &dp.state
	data := []byte(`[{"id":1,"name":"a","x":[2]},` + bigObject(20, anyField) + `,{"id":2,"k3":"b"}]`)
	var want any
	if err := stdjson.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	var seeds []uint64 // the seed of each call
	for call := range 3*keySeedCalls + 5 {
		if rc := dp.parse(data, false); rc != 0 {
			t.Fatalf("parse: %d", rc)
		}
		d.init(dp, data, 0)
		got := d.anyValue(1)
		d.release()
		seeds = append(seeds, d.keys.seed)
		for n, o := range want.([]any) {
			m := got.([]any)[n].(map[string]any)
			if builtInPlace && !inPlace(m) {
				t.Fatalf("call %d: object %d not built in place", call, n)
			}
			if len(m) != len(o.(map[string]any)) {
				t.Fatalf("call %d: object %d has %d names", call, n, len(m))
			}
			for k, v := range o.(map[string]any) {
				if g, ok := m[k]; !ok || !reflect.DeepEqual(g, v) {
					t.Fatalf("call %d, object %d: m[%q] = %v, %v; want %v", call, n, k, g, ok, v)
				}
			}
		}
	}
	if !builtInPlace {
		return
	}
	// Runs of one seed: the first may have begun before this test (the
	// state is pooled), the last is cut; the others last keySeedCalls.
	var runs []int
	for n, seed := range seeds {
		if n == 0 || seed != seeds[n-1] {
			runs = append(runs, 0)
		}
		runs[len(runs)-1]++
	}
	if len(runs) < 4 {
		t.Fatalf("%d seeds over %d calls", len(runs), len(seeds))
	}
	for _, r := range runs[1 : len(runs)-1] {
		if r != keySeedCalls {
			t.Fatalf("runs of one seed: %v, want %d calls each", runs, keySeedCalls)
		}
	}
}

// TestKeyCacheSets: two names that share a set of the cache, met in turn,
// stay cached (each keeps the string made the first time, and nothing more
// is copied), a third name of the set evicts the one that entered the set
// first, and every lookup gives its own name.
func TestKeyCacheSets(t *testing.T) {
	c := new(keyCache)
	headOf := func(b []byte) uint64 {
		var w [8]byte
		copy(w[:], b)
		return binary.LittleEndian.Uint64(w[:])
	}
	get := func(name string) string {
		b := []byte(name)
		e, ok := c.entry(b, headOf(b))
		if !ok {
			e = c.lookup(e, b, headOf(b))
		}
		if e.s != name {
			t.Fatalf("lookup of %q gives %q", name, e.s)
		}
		return e.s
	}
	// Names of one set: entry gives the first entry of a name's set.
	first := map[*keyEntry][]string{}
	var names []string
	for i := 0; names == nil; i++ {
		for _, name := range []string{fmt.Sprintf("k%d", i), fmt.Sprintf("profile_%d_color", i)} {
			b := []byte(name)
			e, _ := c.entry(b, headOf(b))
			if first[e] = append(first[e], name); len(first[e]) == 3 {
				names = first[e]
			}
		}
	}
	a, b, x := names[0], names[1], names[2]
	sa, sb := get(a), get(b)
	used := len(c.arena)
	for range 100 {
		if s := get(a); unsafe.StringData(s) != unsafe.StringData(sa) {
			t.Fatalf("%q copied again", a)
		}
		if s := get(b); unsafe.StringData(s) != unsafe.StringData(sb) {
			t.Fatalf("%q copied again", b)
		}
	}
	if len(c.arena) != used || len(c.chunks) != 1 {
		t.Fatalf("names copied again: %d bytes, then %d (%d chunks)", used, len(c.arena), len(c.chunks))
	}
	// a entered the set first: x takes its place.
	get(x)
	if s := get(b); unsafe.StringData(s) != unsafe.StringData(sb) {
		t.Fatalf("%q evicted by %q", b, x)
	}
	if s := get(a); unsafe.StringData(s) == unsafe.StringData(sa) {
		t.Fatalf("%q still cached beside %q and %q", a, b, x)
	}
}
