// Package v2link links package json (this module's encoding/json drop-in)
// to json/v2 without exporting anything from package json: json's init sets
// these function variables under the builds that have encoding/json/v2, and
// json/v2 (which imports json, so the init has run) calls them.
package v2link

import (
	"io"
	"reflect"
)

// UnmarshalAny decodes data into what encoding/json/v2's Unmarshal with
// default options stores in a nil any (map[string]any, []any, string,
// float64, bool or nil) on simdjson. It reports false, having decoded
// nothing the caller can see, for every document it leaves to
// encoding/json/v2: those simdjson rejects (invalid syntax or UTF-8, lone
// surrogates, numbers out of range), duplicate object names, nesting at
// encoding/json/v2's limit, a byte order mark, builds without cgo. Nil
// where package json does not set it.
var UnmarshalAny func(data []byte) (any, bool)

// NamesInParse is set only by tests: 1 makes DecodeShaped have the parse
// check every object for a duplicate name, -1 has the decoders check the
// objects they meet; 0 (the default) picks by what the last decoding of
// the type skipped.
var NamesInParse int

// ShapeKind is what a Shape describes.
type ShapeKind uint8

const (
	// ShapeAny: a value checked only for what encoding/json/v2 rejects
	// everywhere (duplicate object names, nesting).
	ShapeAny ShapeKind = iota
	// ShapeStruct: an object whose names map to fields by Fields, exactly.
	ShapeStruct
	// ShapeMap: an object of Elem values.
	ShapeMap
	// ShapeSlice: an array of Elem values.
	ShapeSlice
	// ShapeArray: an array of exactly Len Elem values.
	ShapeArray
	// ShapeScalar: a boolean, number or string (of a type without
	// methods, not an interface). An object or an array there is a type
	// error by both rules, which DecodeShaped's decoding reports, giving up:
	// its check does not walk them.
	ShapeScalar
)

// Shape describes a Go type, for DecodeShaped, whose decoding by
// encoding/json's rules (package json) gives what encoding/json/v2's
// default rules give for every document that passes the checks DecodeShaped
// makes. json/v2 builds Shapes only for such types.
type Shape struct {
	Kind ShapeKind
	// Fields: a struct's JSON names (exactly as encoding/json/v2 matches
	// them) to their values' shapes.
	Fields map[string]*Shape
	// Folded: the struct's JSON names in lower case. A name of the
	// document that is not in Fields but whose lower case is here (or that
	// is not ASCII) matches a field case-insensitively, which encoding/json
	// does and encoding/json/v2 does not: DecodeShaped gives up.
	Folded map[string]bool
	// Table: the struct's fields by index, for DecodeShaped's walk (a
	// pointer, so that the copies a recursive type's shapes make while
	// being built see it filled). Set for every ShapeStruct.
	Table *FieldTable
	Elem  *Shape
	Len   int
}

// FieldTable finds a struct's fields by their JSON names (exactly) without
// hashing the whole name: an open-addressing table keyed by the name's
// length and three of its bytes.
type FieldTable struct {
	Names []string
	Elems []*Shape
	// Words: each name's first eight bytes (little endian, zero past its
	// end), for FindHint.
	Words []uint64
	// Lens: bit n set when a name is n bytes long (bit 63: 63 or more).
	Lens  uint64
	slots []int32 // index+1 into Names; 0: empty
	mask  uint32
}

// Word is the first eight bytes of k, little endian, zero past its end.
func Word(k []byte) uint64 {
	var w uint64
	for i := 0; i < len(k) && i < 8; i++ {
		w |= uint64(k[i]) << (8 * i)
	}
	return w
}

// MayHaveLen reports whether a name may be n bytes long.
func (t *FieldTable) MayHaveLen(n int) bool { return t.Lens&(1<<min(n, 63)) != 0 }

// FindHint is Find, trying field hint first (the one after the previous
// match: objects often list fields in their struct's order). word is k's
// Word.
func (t *FieldTable) FindHint(k []byte, word uint64, hint int) int {
	if hint < len(t.Names) && t.Words[hint] == word && len(t.Names[hint]) == len(k) &&
		(len(k) <= 8 || t.Names[hint][8:] == string(k[8:])) {
		return hint
	}
	return t.Find(k)
}

func nameHash(k []byte) uint32 {
	n := len(k)
	h := uint32(n) * 0x9E3779B1
	if n > 0 {
		h ^= uint32(k[0]) * 0x85EBCA6B
		h ^= uint32(k[n-1]) * 0xC2B2AE35
		h ^= uint32(k[n>>1]) * 0x27D4EB2F
	}
	return h ^ h>>15
}

// Fill sets t to the fields names[i] of shapes elems[i] (names distinct).
func (t *FieldTable) Fill(names []string, elems []*Shape) {
	size := 8
	for size < 4*len(names) {
		size <<= 1
	}
	t.Names, t.Elems = names, elems
	t.Words = make([]uint64, len(names))
	for i, name := range names {
		t.Words[i] = Word([]byte(name))
		t.Lens |= 1 << min(len(name), 63)
	}
	t.slots = make([]int32, size)
	t.mask = uint32(size - 1)
	for i, name := range names {
		h := nameHash([]byte(name)) & t.mask
		for t.slots[h] != 0 {
			h = (h + 1) & t.mask
		}
		t.slots[h] = int32(i + 1)
	}
}

// Find returns the index of the field named k exactly, or -1.
func (t *FieldTable) Find(k []byte) int {
	h := nameHash(k) & t.mask
	for {
		x := t.slots[h]
		if x == 0 {
			return -1
		}
		if t.Names[x-1] == string(k) {
			return int(x - 1)
		}
		h = (h + 1) & t.mask
	}
}

// DecodeShaped decodes data into out (a pointer to a zero value of a type
// whose shape is s) by encoding/json's rules on simdjson, checking (as it
// decodes, or before for some types) that the document has no duplicate
// object name, no name that matches a field of s case-insensitively only,
// no array of another length than a Go array's, and no nesting at
// encoding/json/v2's limit. It reports false when it gives up (what out
// holds is then undefined: the caller passes a fresh value). Nil where
// package json does not set it.
var DecodeShaped func(data []byte, out reflect.Value, s *Shape) bool

// MarshalDefault returns the encoding of in by encoding/json/v2's default
// rules in a new slice, map entries sorted by key when sorted (as under
// Deterministic(true)), else in Go's map order (as without it), for values
// of plain data types (see package json's encode_v2def.go). It reports
// false for every value it leaves to encoding/json/v2: types with methods
// (but time.Time and json.RawMessage), invalid UTF-8, NaN, deep nesting,
// ... Nil where package json does not set it.
var MarshalDefault func(in any, sorted bool) ([]byte, bool)

// MarshalDefaultWrite writes what MarshalDefault would return to w, in one
// Write from package json's buffer; ok false (nothing written) where
// MarshalDefault reports false, err the Write's error. Set with
// MarshalDefault.
var MarshalDefaultWrite func(w io.Writer, in any, sorted bool) (ok bool, err error)
