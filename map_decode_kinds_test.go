//go:build cgo

package simdjson_test

import (
	stdjson "encoding/json"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

type mdInner struct {
	S string
	N *int
}
type mdOuter struct {
	ID  int
	In  mdInner
	P   *mdInner
	Any any
	Raw stdjson.RawMessage
	Num stdjson.Number
	M   map[string]mdInner
}

// mapDecodeCheck maps lines with MapDecode into T and compares with
// encoding/json's Unmarshal of each line.
func mapDecodeCheck[T any](t *testing.T, lines []string) {
	t.Helper()
	for _, threads := range []int{1, 2} {
		var mu sync.Mutex
		got := map[int]string{}
		var bad []int
		_, err := simdjson.MapDecode(simdjson.Bytes([]byte(strings.Join(lines, "\n"))), func(int) *int { return new(int) },
			func(_ *int, v *T) error {
				b, _ := stdjson.Marshal(v)
				mu.Lock()
				got[len(got)] = string(b)
				mu.Unlock()
				return nil
			}, simdjson.Threads(threads), simdjson.BatchSize(64), simdjson.SkipBadLines(func(le *simdjson.LineError) { bad = append(bad, le.Line) }))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		var wantBad []int
		for i, l := range lines {
			var v T
			if err := stdjson.Unmarshal([]byte(l), &v); err != nil {
				wantBad = append(wantBad, i+1)
				continue
			}
			b, _ := stdjson.Marshal(&v)
			want = append(want, string(b))
		}
		var gs []string
		for _, s := range got {
			gs = append(gs, s)
		}
		if !sameStrings(gs, want) || !reflect.DeepEqual(bad, wantBad) {
			t.Fatalf("%T threads %d:\n got %v bad %v\nwant %v bad %v", *new(T), threads, gs, bad, want, wantBad)
		}
	}
}

// sameStrings: a and b hold the same strings as many times each.
func sameStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	m := map[string]int{}
	for _, x := range a {
		m[x]++
	}
	for _, x := range b {
		m[x]--
	}
	for _, v := range m {
		if v != 0 {
			return false
		}
	}
	return true
}

// MapDecode's T found once per worker (its plan and reflect.Value, not per
// line): structs with nested, pointer, any, RawMessage, Number and map
// fields, pointers to pointers, any, maps, slices, ints and RawMessage as
// T, over lines of every JSON kind (null, scalars, type errors, lower-case
// keys), 1 and 2 threads, 64-byte batches: the values (as encoding/json
// writes them back) and the bad lines are encoding/json's Unmarshal's of
// each line into a zero T.
func TestMapDecodeTargetKinds(t *testing.T) {
	lines := []string{
		`{"ID":1,"In":{"S":"a","N":3},"P":{"S":"p"},"Any":[1,"x"],"Raw":{"q":1},"Num":12.5,"M":{"k":{"S":"m"}}}`,
		`{"ID":2}`,
		`{"ID":3,"In":null,"P":null,"M":null}`,
		`{"ID":"bad"}`,
		`{"ID":4,"In":{"S":5}}`,
		`[1,2]`,
		`null`,
		`{"id":5,"in":{"s":"lower"},"p":{"n":7}}`,
		`7`,
		`"s"`,
		`{"ID":6,"In":{"S":"\u00e9\ud83d\ude00","N":null}}`,
	}
	for i := range 300 {
		lines = append(lines, fmt.Sprintf(`{"ID":%d,"In":{"S":"s%d"},"P":{"N":%d}}`, 100+i, i, i))
	}
	mapDecodeCheck[mdOuter](t, lines)
	mapDecodeCheck[*mdOuter](t, lines)
	mapDecodeCheck[any](t, lines)
	mapDecodeCheck[map[string]any](t, lines)
	mapDecodeCheck[[]int](t, lines)
	mapDecodeCheck[int](t, lines)
	mapDecodeCheck[**mdInner](t, lines)
	mapDecodeCheck[stdjson.RawMessage](t, lines)
}
