//go:build cgo

package simdjson_test

import (
	stdjson "encoding/json"
	"fmt"
	"maps"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// keysTarget's names have 1, 3, 4, 8, 12 and 20 bytes (the object walk
// compares a key of a name's length with the name's first eight bytes and,
// up to 16 bytes, its last eight), one with a '@' (0x40: '`' differs from
// it only in the bit ASCII case folding flips, yet does not fold to it).
type keysTarget struct {
	ID   int    `json:"id"`
	A    int    `json:"a"`
	At   int    `json:"a@b"`
	Type string `json:"type"`
	Lang *int   `json:"language"`
	PR   int    `json:"pull_request"`
	Long int    `json:"abcdefghijklmnopqrst"`
	Nest struct {
		Type string `json:"type"`
		N    int    `json:"n"`
	} `json:"nest"`
}

// keysNearNames returns spellings of name that match it exactly, by ASCII
// case, or not at all though they share its length and most of its bytes.
func keysNearNames(name string) []string {
	out := []string{name, strings.ToUpper(name), strings.ToUpper(name[:1]) + name[1:]}
	for i := range len(name) {
		b := []byte(name)
		b[i] ^= 0x20 // a letter's other case; '@' <-> '`'; '_' <-> DEL
		if b[i] >= 0x20 && b[i] != '"' && b[i] != '\\' && b[i] < 0x7f {
			out = append(out, string(b))
		}
		b = []byte(name)
		b[i] ^= 0x01 // another byte altogether
		if b[i] != '"' && b[i] != '\\' {
			out = append(out, string(b))
		}
	}
	return out
}

// TestDecodeKeysNearNames: keys as long as a name that differ from it in
// one byte (the first eight, the last eight, in between), or by case, are
// matched as encoding/json matches them, through Value.Decode and
// MapDecode, next to unmatched members of every kind and a duplicate key.
func TestDecodeKeysNearNames(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	var lines []string
	for _, name := range []string{"a", "a@b", "type", "language", "pull_request", "abcdefghijklmnopqrst", "n"} {
		for _, key := range keysNearNames(name) {
			k, _ := stdjson.Marshal(key)
			for _, doc := range []string{
				fmt.Sprintf(`{%s:7}`, k),
				fmt.Sprintf(`{"x":[1,{"a":2}],%s:"s","y":{"type":"t"}}`, k),
				fmt.Sprintf(`{"nest":{"zz":null,%s:8,"type":"u"},%s:9}`, k, k),
				fmt.Sprintf(`{%s:1,"type":"v","language":3,%s:{"q":[]}}`, k, k),
				fmt.Sprintf(`{"x":true , %s : 2 ,"y":false}`, k),
			} {
				doc = fmt.Sprintf(`{"id":%d,`, len(lines)+1) + doc[1:]
				d, err := p.ParseString(doc)
				if err != nil {
					t.Fatalf("%s: %v", doc, err)
				}
				checkDecode[keysTarget](t, doc, d.Value, nil)
				lines = append(lines, doc)
			}
		}
	}
	for _, threads := range []int{1, 2} {
		var bad atomic.Int64
		states, err := simdjson.MapDecode(simdjson.Bytes([]byte(strings.Join(lines, "\n"))),
			func(int) map[int]keysTarget { return map[int]keysTarget{} },
			func(m map[int]keysTarget, v *keysTarget) error { m[v.ID] = *v; return nil },
			simdjson.Threads(threads), simdjson.SkipBadLines(func(*simdjson.LineError) { bad.Add(1) }))
		if err != nil {
			t.Fatal(err)
		}
		got := map[int]keysTarget{}
		for _, s := range states {
			maps.Copy(got, s)
		}
		for i, line := range lines {
			var want keysTarget
			if stdjson.Unmarshal([]byte(line), &want) != nil {
				if _, ok := got[i+1]; ok {
					t.Fatalf("threads %d: %s: decoded, encoding/json fails", threads, line)
				}
				continue
			}
			if !reflect.DeepEqual(got[i+1], want) {
				t.Fatalf("threads %d: %s:\nMapDecode: %+v\nUnmarshal: %+v", threads, line, got[i+1], want)
			}
		}
		if int(bad.Load())+len(got) != len(lines) {
			t.Fatalf("threads %d: %d lines decoded, %d bad, of %d", threads, len(got), bad.Load(), len(lines))
		}
	}
}
