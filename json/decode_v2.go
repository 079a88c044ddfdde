//go:build goexperiment.jsonv2

package json

import (
	"reflect"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/simdjson-cgo/simdjson/internal/structfields"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Under GOEXPERIMENT=jsonv2 (the default from Go 1.27) encoding/json is
// encoding/json/v2 run with v1's options, and Unmarshal, the Decoder and
// Valid give what it gives. Its values are v1's but for a few rules,
// measured against it and kept here; its errors (texts, offsets, the path
// in UnmarshalTypeError.Field, Struct naming the root type) are its own.
// So the decoders keep the classic values and, whenever they meet an error
// or a value these rules leave to encoding/json, Unmarshal decodes the
// document again with encoding/json itself (into the same value: what the
// first pass wrote is what encoding/json writes again), which then decides
// the result and the error. The checks are constants and type-level
// decisions, made once per type; the hot paths do not change.
//
// The rules where the v1 emulation differs in values (not only in errors):
//
//   - a type with an UnmarshalJSONFrom method (encoding/json/v2's
//     UnmarshalerFrom, json.Number's aside) is decoded by that method;
//   - a struct whose json tags v2 reads otherwise than v1 (a name v1
//     rejects, options such as case:, format: or embed) gets v2's fields;
//   - of two fields whose names match a key case-insensitively, v2 takes
//     the shallower one (breadth first), v1 the first in field order;
//   - map keys of a type with both UnmarshalJSON and UnmarshalText go
//     through UnmarshalText (v1: UnmarshalJSON with the quoted key);
//   - ",string" fields: the string inside a string must be a valid JSON
//     string (no \' escape, no unpaired surrogate), a json.Number must be a
//     valid JSON number (not null), and an escaped "null" leaves a pointer
//     allocated.
const stdV2 = true

// stdOnly reports whether values of type t are left to encoding/json: the
// decoders of t record errUseStd, and a root type that reaches t is decoded
// by encoding/json from the start.
func stdOnly(t reflect.Type) bool {
	if t == numberType {
		return false // its UnmarshalJSONFrom is v1's rule, which the decoders follow
	}
	switch t.Kind() {
	case reflect.Chan, reflect.Func, reflect.Complex64, reflect.Complex128, reflect.UnsafePointer:
		if !stdGo127 {
			// Go 1.26's experiment fails on null for these kinds (a
			// syntax error, or a panic when a key follows).
			return true
		}
	}
	if hasUnmarshalJSONFrom(t) || t.Kind() != reflect.Pointer && hasUnmarshalJSONFrom(reflect.PointerTo(t)) {
		return true
	}
	return t.Kind() == reflect.Struct && !sameFieldsV2(t)
}

// hasUnmarshalJSONFrom reports whether t implements encoding/json/v2's
// UnmarshalerFrom, UnmarshalJSONFrom(*jsontext.Decoder) error.
func hasUnmarshalJSONFrom(t reflect.Type) bool {
	return hasJSONTextMethod(t, "UnmarshalJSONFrom", "Decoder")
}

// sameFieldsV2 reports whether v2 decodes struct type t into the same
// fields as v1 (jsonFields), matching keys the same way.
func sameFieldsV2(t reflect.Type) bool {
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() && !sf.Anonymous {
			continue
		}
		tag, ok := sf.Tag.Lookup("json")
		if !ok || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name != "" && (!structfields.ValidTagName(name) || !sf.IsExported()) {
			return false
		}
		for opts != "" {
			var o string
			o, opts, _ = strings.Cut(opts, ",")
			if !plainOption(o) {
				return false
			}
		}
	}
	// Case-insensitive matches: v1 takes the first field in index order,
	// v2 the shallowest (then index order).
	fields := jsonFields(t)
	first := map[string]int{}
	for k, f := range fields {
		folded := string(foldName(nil, []byte(f.name)))
		j, seen := first[folded]
		if !seen {
			first[folded] = k
			continue
		}
		if len(f.index) < len(fields[j].index) {
			return false
		}
	}
	return true
}

// plainOption reports whether a json tag option means the same to v1 and
// v2: omitempty, string, omitzero, or another Go identifier that neither
// knows (v2 reads an option as the identifier it starts with, and gives
// case, format and embed a meaning v1 does not).
func plainOption(o string) bool {
	switch o {
	case "", "omitempty", "string", "omitzero":
		return true
	case "case", "format", "embed", "inline", "unknown":
		return false
	}
	for i, c := range o {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

var stdOnlyRoots sync.Map // reflect.Type -> bool

// reachesStdOnly reports whether a type reachable from t (through
// pointers, slices, arrays, maps and struct fields, embedded ones
// included) is stdOnly. Interfaces are decided when decoding.
func reachesStdOnly(t reflect.Type) bool {
	if r, ok := stdOnlyRoots.Load(t); ok {
		return r.(bool)
	}
	r := reachesStd(t, map[reflect.Type]bool{})
	stdOnlyRoots.Store(t, r)
	return r
}

func reachesStd(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if stdOnly(t) {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reachesStd(t.Elem(), seen)
	case reflect.Map:
		return reachesStd(t.Key(), seen) || reachesStd(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if sf := t.Field(i); (sf.IsExported() || sf.Anonymous) && reachesStd(sf.Type, seen) {
				return true
			}
		}
	}
	return false
}

// quotedLeftToStd reports whether a ",string" field of type t whose JSON
// string holds item decodes otherwise in v2: a json.Number that is not a
// valid number (null included: v1 takes any text beginning like one), a
// string that v2's strict unquoting rejects. (The caller checks the other
// case, an escaped "null": v2 looks at the raw text, and leaves a pointer
// allocated.)
func quotedLeftToStd(item []byte, t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == numberType {
		return !text.IsNumber(item)
	}
	return t.Kind() == reflect.String && !strictQuotedString(item)
}

// strictQuotedString reports whether item, the text inside a ",string"
// string field's JSON string, is a JSON string v2 accepts there: it
// unquotes it strictly (jsontext.AppendUnquote), where v1 replaces
// unpaired surrogates and invalid UTF-8 and accepts \'.
func strictQuotedString(item []byte) bool {
	if len(item) < 2 || item[0] != '"' || item[len(item)-1] != '"' {
		return false
	}
	s := item[1 : len(item)-1]
	for r := 0; r < len(s); {
		switch c := s[r]; {
		case c == '\\':
			if r+1 >= len(s) {
				return false
			}
			switch s[r+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				r += 2
			case 'u':
				c1, ok := text.Hex4(s[r:])
				if !ok {
					return false
				}
				r += 6
				if utf16.IsSurrogate(c1) {
					c2, ok := text.Hex4(s[r:])
					if !ok || utf16.DecodeRune(c1, c2) == utf8.RuneError {
						return false
					}
					r += 6
				}
			default:
				return false
			}
		case c == '"' || c < ' ':
			return false
		case c < utf8.RuneSelf:
			r++
		default:
			x, n := utf8.DecodeRune(s[r:])
			if x == utf8.RuneError && n == 1 {
				return false
			}
			r += n
		}
	}
	return true
}
