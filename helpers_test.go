package simdjson_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/corpus"
)

// sharedData returns ../shared/data/<sub>, skipping the test when the shared
// corpora are not there.
func sharedData(t testing.TB, sub string) string { t.Helper(); return corpus.SharedData(t, sub) }

// toAny fully traverses v through the handles and builds what encoding/json
// would decode into an interface{} (numbers as float64).
func toAny(v simdjson.Value) (any, error) {
	if err := v.Err(); err != nil {
		return nil, err
	}
	switch v.Type() {
	case simdjson.TypeObject:
		o, err := v.Object()
		if err != nil {
			return nil, err
		}
		m := map[string]any{}
		for k, x := range o.Fields() {
			if err := x.Err(); err != nil {
				return nil, err
			}
			a, err := toAny(x)
			if err != nil {
				return nil, err
			}
			m[k] = a
		}
		return m, nil
	case simdjson.TypeArray:
		a, err := v.Array()
		if err != nil {
			return nil, err
		}
		out := []any{}
		for i, x := range a.Elements() {
			if err := x.Err(); err != nil {
				return nil, err
			}
			if i != len(out) {
				return nil, fmt.Errorf("index %d, want %d", i, len(out))
			}
			e, err := toAny(x)
			if err != nil {
				return nil, err
			}
			out = append(out, e)
		}
		return out, nil
	case simdjson.TypeString:
		return v.String()
	case simdjson.TypeNumber:
		return number(v)
	case simdjson.TypeBool:
		return v.Bool()
	case simdjson.TypeNull:
		isNull, err := v.IsNull()
		if err != nil {
			return nil, err
		}
		if !isNull {
			return nil, fmt.Errorf("not null")
		}
		return nil, nil
	}
	return nil, fmt.Errorf("invalid value at byte %d", v.Offset())
}

func number(v simdjson.Value) (any, error) {
	kind, i, u, f, err := v.Number()
	if err != nil {
		return nil, err
	}
	switch kind {
	case simdjson.NumberInt64:
		if i == 0 { // simdjson reads -0 as the integer 0; encoding/json as -0.0
			if raw, err := v.RawNumber(); err == nil && raw[0] == '-' {
				return math.Copysign(0, -1), nil
			}
		}
		return float64(i), nil
	case simdjson.NumberUint64:
		return float64(u), nil
	case simdjson.NumberFloat:
		return f, nil
	}
	raw, err := v.RawNumber()
	if err != nil {
		return nil, err
	}
	return strconv.ParseFloat(string(raw), 64)
}

// parseAll parses b with p and traverses the whole document.
func parseAll(p *simdjson.Parser, b []byte) (any, error) {
	doc, err := p.Parse(b)
	if err != nil {
		return nil, err
	}
	return toAny(doc.Value)
}

// stdAny decodes b with encoding/json.
func stdAny(b []byte) (any, error) {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// padded returns a copy of b followed by Padding bytes of the given filler,
// with the length set to len(b): a zero-copy parse reads that padding.
func padded(b []byte, filler byte) []byte {
	out := make([]byte, len(b)+simdjson.Padding)
	copy(out, b)
	for i := len(b); i < len(out); i++ {
		out[i] = filler
	}
	return out[:len(b)]
}
