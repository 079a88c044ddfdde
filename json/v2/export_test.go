//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"reflect"

	"github.com/simdjson-cgo/simdjson/internal/v2link"
)

// TakesShaped reports whether the typed fast path accepts out's type.
func TakesShaped(out any) bool { return mayShape(out) }

// WhyNot names the first type under t the typed fast path refuses.
func WhyNot(t reflect.Type) string {
	return whyNot(t, map[reflect.Type]bool{})
}

func whyNot(t reflect.Type, seen map[reflect.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	if buildShape(t, map[reflect.Type]*v2link.Shape{}) != nil {
		return ""
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Array:
		if w := whyNot(t.Elem(), seen); w != "" {
			return w
		}
	case reflect.Struct:
		for i := range t.NumField() {
			if w := whyNot(t.Field(i).Type, seen); w != "" {
				return w
			}
		}
	}
	return t.String()
}

// MarshalFast reports whether the Marshal fast path takes in (and what it
// wrote, map entries sorted as under Deterministic(true)).
func MarshalFast(in any) ([]byte, bool) {
	if v2link.MarshalDefault == nil {
		return nil, false
	}
	return v2link.MarshalDefault(in, true)
}
