//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"bytes"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/v2link"
	"github.com/simdjson-cgo/simdjson/json/jsontext"
)

// The fast path of Unmarshal into typed values (default options). Package
// json decodes by encoding/json's rules, which give encoding/json/v2's
// default results for the types shapeFor accepts, on the documents
// v2link.DecodeShaped checks (no duplicate names, no name matching a field
// case-insensitively only, nesting under the limit; simdjson itself
// rejects invalid UTF-8). The types are plain data, where the two sets of
// rules agree:
//
//   - booleans, integers, floats and strings of types without methods;
//   - any (the empty interface);
//   - jsontext.Value (encoding/json's RawMessage): the value's bytes;
//   - arrays of the document's length (checked), pointers, slices (not of
//     bytes: base64 rules differ) and maps with
//     string keys (of types without methods) of those;
//   - structs without embedded fields, whose exported fields have json
//     tags of a plain name (letters, digits, '_' and '-'; or none) with at
//     most omitempty or omitzero (marshal-only), names unique even
//     case-insensitively, at least one such field.
//
// Not: ",string",
// format:, inline, unknown, case:, embedded structs, time.Time and
// time.Duration and every type with a method (they may have
// MarshalJSON-like methods of either flavour), non-empty interfaces. And
// the value pointed to must be zero (encoding/json/v2's merge rules for a
// non-zero target are its own) in its bytes (see zeroBytes); it is
// decoded into, and a document the fast path declines leaves it zero
// again for encoding/json/v2, which decides.
var shapes sync.Map // reflect.Type -> *v2link.Shape (nil: not accepted)

var (
	shapeAny    = &v2link.Shape{Kind: v2link.ShapeAny}
	shapeScalar = &v2link.Shape{Kind: v2link.ShapeScalar}
)

func shapeFor(t reflect.Type) *v2link.Shape {
	if s, ok := shapes.Load(t); ok {
		return s.(*v2link.Shape)
	}
	s := buildShape(t, map[reflect.Type]*v2link.Shape{})
	shapes.Store(t, s)
	return s
}

func buildShape(t reflect.Type, inProgress map[reflect.Type]*v2link.Shape) *v2link.Shape {
	if s, ok := inProgress[t]; ok {
		return s // a recursive type: the shape being built
	}
	if t == rawValueType {
		return shapeAny // the value's bytes, as they are, by both
	}
	if t.Kind() != reflect.Interface && (t.NumMethod() > 0 || reflect.PointerTo(t).NumMethod() > 0) {
		return nil
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.String:
		return shapeScalar
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return shapeAny
		}
	case reflect.Pointer:
		if t.Name() != "" {
			return nil
		}
		s := &v2link.Shape{}
		inProgress[t] = s
		e := buildShape(t.Elem(), inProgress)
		if e == nil {
			return nil
		}
		*s = *e
		return s
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		s := &v2link.Shape{Kind: v2link.ShapeSlice}
		inProgress[t] = s
		if s.Elem = buildShape(t.Elem(), inProgress); s.Elem == nil {
			return nil
		}
		return s
	case reflect.Array:
		// encoding/json/v2 rejects an array of another length, which
		// encoding/json fills or cuts: DecodeShaped checks the length.
		if t.Elem().Kind() == reflect.Uint8 {
			return nil
		}
		s := &v2link.Shape{Kind: v2link.ShapeArray, Len: t.Len()}
		inProgress[t] = s
		if s.Elem = buildShape(t.Elem(), inProgress); s.Elem == nil {
			return nil
		}
		return s
	case reflect.Map:
		k := t.Key()
		if k.Kind() != reflect.String || k.NumMethod() > 0 || reflect.PointerTo(k).NumMethod() > 0 {
			return nil
		}
		s := &v2link.Shape{Kind: v2link.ShapeMap}
		inProgress[t] = s
		if s.Elem = buildShape(t.Elem(), inProgress); s.Elem == nil {
			return nil
		}
		return s
	case reflect.Struct:
		s := &v2link.Shape{Kind: v2link.ShapeStruct, Fields: map[string]*v2link.Shape{}, Folded: map[string]bool{}, Table: &v2link.FieldTable{}}
		inProgress[t] = s
		var names []string
		var elems []*v2link.Shape
		for i := range t.NumField() {
			f := t.Field(i)
			if f.Anonymous {
				return nil
			}
			tag, hasTag := f.Tag.Lookup("json")
			if !f.IsExported() {
				if hasTag && tag != "-" {
					return nil // encoding/json/v2 rejects the type
				}
				continue
			}
			if tag == "-" {
				continue
			}
			name, opts, hasOpts := strings.Cut(tag, ",")
			switch opts {
			case "omitempty", "omitzero":
			case "":
				if hasOpts {
					return nil // a trailing ',': encoding/json/v2 rejects the tag
				}
			default:
				return nil
			}
			if !hasTag || name == "" {
				name = f.Name
			}
			if !plainName(name) {
				return nil
			}
			lower := strings.ToLower(name)
			if s.Folded[lower] {
				return nil
			}
			s.Folded[lower] = true
			fs := buildShape(f.Type, inProgress)
			if fs == nil {
				return nil
			}
			s.Fields[name] = fs
			names, elems = append(names, name), append(elems, fs)
		}
		if len(s.Fields) == 0 {
			return nil
		}
		s.Table.Fill(names, elems)
		return s
	}
	return nil
}

// plainName reports whether a json tag's name is read alike by
// encoding/json and encoding/json/v2: ASCII letters, digits and the
// punctuation encoding/json accepts in a name (not quotes, backslash or
// comma: encoding/json/v2 reads a single-quoted name).
func plainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) >= 0) {
			return false
		}
	}
	return name != ""
}

var rawValueType = reflect.TypeFor[jsontext.Value]()

// unmarshalShaped is the typed fast path: it reports whether it decoded
// in into out (a pointer to a zero value of an accepted type).
func unmarshalShaped(in []byte, out any) bool {
	if v2link.DecodeShaped == nil {
		return false
	}
	rv := reflect.ValueOf(out)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return false
	}
	t := rv.Type().Elem()
	s := shapeFor(t)
	if s == nil || !zeroBytes(rv) {
		return false
	}
	if v2link.DecodeShaped(in, rv, s) {
		return true
	}
	rv.Elem().SetZero()
	return false
}

// zeroBytes reports whether the value p points to is all zero bytes: its
// type's zero value, found without reflection's walk of the fields (a
// 200-byte struct's IsZero took 700 instructions). A value zero only by
// IsZero's rules (an empty string with a pointer, -0.0) is not: decoded
// into, its other bytes would be lost where the document sets nothing,
// which encoding/json/v2 keeps.
func zeroBytes(p reflect.Value) bool {
	b := unsafe.Slice((*byte)(p.UnsafePointer()), p.Type().Elem().Size())
	for len(b) > 0 {
		n := min(len(b), len(zeros))
		if !bytes.Equal(b[:n], zeros[:n]) {
			return false
		}
		b = b[n:]
	}
	return true
}

var zeros [512]byte

// mayShape reports whether unmarshalShaped may take out, before the input
// is read.
func mayShape(out any) bool {
	if v2link.DecodeShaped == nil {
		return false
	}
	rv := reflect.ValueOf(out)
	return rv.Kind() == reflect.Pointer && !rv.IsNil() && shapeFor(rv.Type().Elem()) != nil && zeroBytes(rv)
}
