//go:build goexperiment.jsonv2 && go1.27

package json_test

import (
	"encoding/json/jsontext"
	"errors"
)

// Types with the v2 method MarshalJSONTo, which encoding/json calls under
// goexperiment.jsonv2.
type (
	edgeTo        struct{ S string }
	edgePtrTo     struct{ S string }
	edgeToErr     struct{}
	edgeToUnsupp  struct{ S string }
	edgeToTwo     struct{}
	edgeToNone    struct{}
	edgeToAndJSON struct{ S string }
	edgeToKey     string
)

func (m edgeTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("to<" + m.S + ">"))
}
func (m *edgePtrTo) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteValue(jsontext.Value(`{"p" : "` + m.S + `"}`))
}
func (edgeToErr) MarshalJSONTo(enc *jsontext.Encoder) error { return errors.New("to failed") }
func (m edgeToUnsupp) MarshalJSONTo(enc *jsontext.Encoder) error {
	return errors.ErrUnsupported
}
func (edgeToTwo) MarshalJSONTo(enc *jsontext.Encoder) error {
	enc.WriteToken(jsontext.Int(1))
	return enc.WriteToken(jsontext.Int(2))
}
func (edgeToNone) MarshalJSONTo(enc *jsontext.Encoder) error { return nil }
func (m edgeToAndJSON) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("to"))
}
func (m edgeToAndJSON) MarshalJSON() ([]byte, error) { return []byte(`"json"`), nil }
func (k edgeToKey) MarshalJSONTo(enc *jsontext.Encoder) error {
	return enc.WriteToken(jsontext.String("tokey"))
}

// edgeValuesTo: the edge values of types with MarshalJSONTo, which
// encoding/json on v2 calls (and package json leaves to it).
func edgeValuesTo() map[string]any {
	return map[string]any{
		"to":             edgeTo{"a"},
		"to ptr":         &edgeTo{"b"},
		"to slice":       []edgeTo{{"c"}},
		"ptr to":         &edgePtrTo{"d"},
		"ptr to value":   edgePtrTo{"e"},
		"ptr to slice":   []edgePtrTo{{"f"}},
		"ptr to map":     map[string]edgePtrTo{"k": {"g"}},
		"ptr to any":     []any{edgePtrTo{"h"}, &edgePtrTo{"i"}},
		"to err":         edgeToErr{},
		"to err slice":   []edgeToErr{{}},
		"to unsupported": edgeToUnsupp{"j"},
		"to two":         edgeToTwo{},
		"to none":        edgeToNone{},
		"to and json":    edgeToAndJSON{"k"},
		"to key":         map[edgeToKey]int{"a": 1},
		"to nil ptr":     (*edgeTo)(nil),
		"to nil ptr any": []any{(*edgeTo)(nil), (*edgePtrTo)(nil)},
		"to field": struct {
			A edgeTo
			B *edgeTo
			C edgePtrTo
			D *edgePtrTo
		}{A: edgeTo{"l"}, C: edgePtrTo{"m"}},
		"to string field": struct {
			A edgeTo `json:",string"`
		}{edgeTo{"n"}},
		"to in map":      map[string]edgeTo{"x": {"o"}},
		"jsontext value": jsontext.Value(`{"a" : 1}`),
	}
}

// stdReentrantEncoderBroken: see encode_v2_go126_test.go.
const stdReentrantEncoderBroken = false
