package json_test

import (
	stdjson "encoding/json"
	"reflect"
	"testing"

	"github.com/simdjson-cgo/simdjson/json"
)

// embeddedWide is embedded by pointer below: its fields lie past the end
// of the outer struct's own memory.
type embeddedWide struct {
	Pad [64]byte `json:"-"`
	W   string
	B   bool
	N   int64
}

type embeddedPtrPlan struct{ *embeddedWide }

type embeddedPtrWalk struct {
	I int
	*embeddedWide
}

// TestDecodeEmbeddedPointer: fields promoted through an embedded pointer
// (allocated on the way when nil) decode as encoding/json decodes them.
// Under -race or -asan (checkptr) it also fails if the decoder forms the
// address outer+offset of such a field, which points past the outer
// struct, before looking it up through the pointer.
func TestDecodeEmbeddedPointer(t *testing.T) {
	for _, doc := range []string{
		`{"W":"x","B":true,"N":7}`, `{"I":1}`, `{"W":"x"}`, `{"N":-3,"I":2,"W":"y"}`, `{"W":null}`,
	} {
		var g1, w1 embeddedPtrPlan
		e1, f1 := json.Unmarshal([]byte(doc), &g1), stdjson.Unmarshal([]byte(doc), &w1)
		if (e1 == nil) != (f1 == nil) || !reflect.DeepEqual(g1, w1) {
			t.Errorf("%s: got %+v (%v), encoding/json %+v (%v)", doc, g1.embeddedWide, e1, w1.embeddedWide, f1)
		}
		var g2, w2 embeddedPtrWalk
		e2, f2 := json.Unmarshal([]byte(doc), &g2), stdjson.Unmarshal([]byte(doc), &w2)
		if (e2 == nil) != (f2 == nil) || !reflect.DeepEqual(g2, w2) {
			t.Errorf("%s: got %+v (%v), encoding/json %+v (%v)", doc, g2, e2, w2, f2)
		}
	}
}
