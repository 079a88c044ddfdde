package json

import (
	"reflect"

	"github.com/simdjson-cgo/simdjson/internal/structfields"
)

// jsonField is a struct field as encoding/json sees it.
type jsonField struct {
	name   string
	tagged bool  // the name comes from a tag
	index  []int // path of field indexes from the outer struct
	quoted bool  // ",string"
}

// jsonFields lists the fields encoding/json decodes into for struct type t,
// in the order of their index paths: internal/structfields' rules, which the
// root package's Decode shares.
func jsonFields(t reflect.Type) []jsonField {
	fs := structfields.Fields(t)
	out := make([]jsonField, len(fs))
	for i, f := range fs {
		out[i] = jsonField{name: f.Name, tagged: f.Tagged, index: f.Index, quoted: f.Quoted}
	}
	return out
}
