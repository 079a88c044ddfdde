package json

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"
)

// Maps of more than eight entries built in place (bigmap.go). The cases of
// anymap_test.go, strmap_inplace_test.go and scalarmap_inplace_test.go
// (mapDocs, strMapDocs, scalarDocs) hold objects of 9 to 897 names; these
// tests check the layout check itself, the collector, and goroutines.

// TestBigMapLayoutRejects: the start-up checks refuse a value type the
// runtime lays out otherwise (a value of more than 128 bytes is stored
// through a pointer) and accept one laid out as bigMap lays it out.
func TestBigMapLayoutRejects(t *testing.T) {
	if checkBigMapLayout(func(n int) [20]uint64 { return [20]uint64{uint64(n), 1} }) {
		t.Fatal("checkBigMapLayout accepted values of 160 bytes, which the runtime stores indirectly")
	}
	if checkMapLayout(func(n int) [20]uint64 { return [20]uint64{uint64(n), 1} }) {
		t.Fatal("checkMapLayout accepted values of 160 bytes, which the runtime stores indirectly")
	}
	if unsafe.Sizeof(uintptr(0)) != 8 || mapLayoutTagOff {
		return
	}
	if !checkBigMapLayout(func(n int) [2]uint64 { return [2]uint64{uint64(n), 7} }) {
		t.Fatal("checkBigMapLayout rejected values of 16 bytes")
	}
}

// bigDocs is an array of n objects of 9 to 60 names, each with an any, a
// map[string]string and a map[string]int64 of as many.
func bigDocs(n int) string {
	var b strings.Builder
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		k := 9 + i%52
		b.WriteString(`{"any":`)
		b.WriteString(bigObject(k, func(s int) string {
			if s%5 == 4 {
				return bigObject(9+s%4, anyField)
			}
			return fmt.Sprintf(`"v%d_%d"`, i, s)
		}))
		b.WriteString(`,"sm":`)
		b.WriteString(bigObject(k, func(s int) string { return fmt.Sprintf(`"%d"`, i*s) }))
		b.WriteString(`,"im":`)
		b.WriteString(bigObject(k, func(s int) string { return fmt.Sprint(i - s) }))
		b.WriteString("}")
	}
	b.WriteString("]")
	return b.String()
}

type bigItem struct {
	Any any               `json:"any"`
	SM  map[string]string `json:"sm"`
	IM  map[string]int64  `json:"im"`
}

// TestBigMapGC keeps some maps of many decoded documents (their groups
// share chunks with maps dropped), then checks them after collections that
// reuse the freed memory, and writes into them past their capacity.
func TestBigMapGC(t *testing.T) {
	doc := []byte(bigDocs(400))
	var want []bigItem
	if err := stdjson.Unmarshal(doc, &want); err != nil {
		t.Fatal(err)
	}
	var kept []bigItem
	for round := range 12 {
		var v []bigItem
		if err := Unmarshal(doc, &v); err != nil {
			t.Fatal(err)
		}
		if builtInPlace && (!inPlace(v[0].Any.(map[string]any)) || !inPlace(v[1].SM) || !inPlace(v[2].IM)) {
			t.Fatal("not built in place")
		}
		kept = append(kept, v[round*37%len(v)], v[len(v)-1-round])
		runtime.GC()
		_ = make([]byte, 1<<20) // reuse what was freed
	}
	runtime.GC()
	for round := range 12 {
		for n, w := range []bigItem{want[round*37%len(want)], want[len(want)-1-round]} {
			g := kept[2*round+n]
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("round %d: kept maps changed", round)
			}
			// Growth: the runtime moves them into tables of its own.
			gm, wm := g.Any.(map[string]any), w.Any.(map[string]any)
			for s := range 100 {
				k := fmt.Sprint("grow", s)
				gm[k], wm[k] = s, s
				g.SM[k], w.SM[k] = k, k
				g.IM[k], w.IM[k] = int64(s), int64(s)
			}
			if !reflect.DeepEqual(g, w) {
				t.Fatalf("round %d: maps differ after growth", round)
			}
		}
	}
}

// TestBigMapGoroutines decodes on eight goroutines while others read maps
// decoded earlier (run with -race).
func TestBigMapGoroutines(t *testing.T) {
	doc := []byte(bigDocs(60))
	var want []bigItem
	if err := stdjson.Unmarshal(doc, &want); err != nil {
		t.Fatal(err)
	}
	var shared []bigItem
	if err := Unmarshal(doc, &shared); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 16 {
		wg.Go(func() {
			for range 10 {
				if g%2 == 0 {
					var v []bigItem
					if err := Unmarshal(doc, &v); err != nil {
						errs <- err
						return
					}
					if !reflect.DeepEqual(v, want) {
						errs <- fmt.Errorf("goroutine %d: decoded maps differ", g)
						return
					}
					continue
				}
				for n, it := range shared {
					for k, v := range it.SM {
						if want[n].SM[k] != v {
							errs <- fmt.Errorf("goroutine %d: shared map changed", g)
							return
						}
					}
					if len(it.Any.(map[string]any)) != len(want[n].Any.(map[string]any)) || it.IM["k3"] != want[n].IM["k3"] {
						errs <- fmt.Errorf("goroutine %d: shared map changed", g)
						return
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}

// TestBigMapKeepsNoSibling: maps kept from a document keep alive none of
// the other maps decoded beside them (each map's groups are its own): the
// value of the one map dropped is collected. With groups shared in chunks,
// a kept map's chunk held the dropped map's entries.
func TestBigMapKeepsNoSibling(t *testing.T) {
	big := `"` + strings.Repeat("x", 1<<20) + `"`
	for _, kind := range []string{"any", "string"} {
		val := "1"
		if kind == "string" {
			val = `"1"`
		}
		var b strings.Builder
		b.WriteString("[")
		for n := range 7 {
			if n > 0 {
				b.WriteString(",")
			}
			b.WriteString(bigObject(12, func(s int) string {
				if n == 3 && s == 0 {
					return big
				}
				return val
			}))
		}
		b.WriteString("]")
		doc := []byte(b.String())
		var (
			kept  []any
			freed = make(chan struct{})
			data  *byte
		)
		switch kind {
		case "any":
			var v []map[string]any
			if err := Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			data = unsafe.StringData(v[3]["k0"].(string))
			for n, m := range v {
				if builtInPlace && !inPlace(m) {
					t.Fatal("not built in place")
				}
				if n != 3 {
					kept = append(kept, m)
				}
			}
		case "string":
			var v []map[string]string
			if err := Unmarshal(doc, &v); err != nil {
				t.Fatal(err)
			}
			data = unsafe.StringData(v[3]["k0"])
			for n, m := range v {
				if builtInPlace && !inPlace(m) {
					t.Fatal("not built in place")
				}
				if n != 3 {
					kept = append(kept, m)
				}
			}
		}
		runtime.AddCleanup(data, func(struct{}) { close(freed) }, struct{}{})
		data = nil
		collected := false
		for range 20 {
			runtime.GC()
			select {
			case <-freed:
				collected = true
			case <-time.After(10 * time.Millisecond):
			}
			if collected {
				break
			}
		}
		runtime.KeepAlive(kept)
		if !collected {
			t.Errorf("%s: a dropped map's value is kept alive by the maps kept beside it", kind)
		}
	}
}
