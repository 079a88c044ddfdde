package json_test

import (
	stdjson "encoding/json"
	"reflect"
	"strconv"
	"testing"

	"github.com/simdjson-cgo/simdjson/json"
)

// tailNames has names longer than eight bytes that share their first eight
// with each other, and their length and last eight in pairs (A, B), so that
// only the bytes in between, or only the last one, tell them apart.
type tailNames struct {
	A string `json:"abcdefgh_m1_tailtail"`
	B string `json:"abcdefgh_m2_tailtail"`
	C string `json:"abcdefghX"`
	D string `json:"abcdefghY"`
	E string `json:"abcdefgh12345678"`
	F string `json:"abcdefgh12345679"`
	G string `json:"abcdefgh0234567"`
	H string `json:"abcdefgh_a_long_middle_part_then_the_tail"`
	I string `json:"abcdefgh_a_long_middle_pArt_then_the_tail"`
}

// tailNamesInt is tailNames with an integer: its names are looked up in
// Go, where tailNames's strings alone go to the C plan.
type tailNamesInt struct {
	tailNames
	N int `json:"n"`
}

// TestDecodeNamesTail: every key equal to a field's name but for one byte,
// at every position, alone and after each field (where decode first tries
// the field that follows the last one), goes where encoding/json puts it.
func TestDecodeNamesTail(t *testing.T) {
	t.Run("plan", func(t *testing.T) { testDecodeNamesTail[tailNames](t) })
	t.Run("walk", func(t *testing.T) { testDecodeNamesTail[tailNamesInt](t) })
}

func testDecodeNamesTail[T comparable](t *testing.T) {
	rt := reflect.TypeOf(tailNames{})
	var names []string
	for k := 0; k < rt.NumField(); k++ {
		names = append(names, rt.Field(k).Tag.Get("json"))
	}
	var keys []string
	for _, n := range names {
		keys = append(keys, n)
		for p := 0; p < len(n); p++ {
			for _, c := range []byte{'Z', '_', n[p] ^ 1} {
				if c != n[p] {
					b := []byte(n)
					b[p] = c
					keys = append(keys, string(b))
				}
			}
		}
	}
	var docs []string
	for _, key := range keys {
		docs = append(docs, `{`+strconv.Quote(key)+`:"v"}`)
		for _, before := range names {
			docs = append(docs, `{`+strconv.Quote(before)+`:"w",`+strconv.Quote(key)+`:"v"}`)
		}
	}
	for _, doc := range docs {
		var got, want T
		errGot := json.Unmarshal([]byte(doc), &got)
		errWant := stdjson.Unmarshal([]byte(doc), &want)
		if (errGot == nil) != (errWant == nil) || got != want {
			t.Fatalf("%s: got %+v (%v), encoding/json %+v (%v)", doc, got, errGot, want, errWant)
		}
	}
	if len(docs) < 5000 {
		t.Fatalf("only %d documents", len(docs))
	}
}
