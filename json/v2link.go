//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"reflect"
	"sync"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
	"github.com/simdjson-cgo/simdjson/internal/v2link"
)

// Package json/v2 of this module decodes into any with encoding/json/v2's
// default rules on this package's tape (see internal/v2link).
func init() { v2link.UnmarshalAny = unmarshalAnyV2 }

// v2MaxDepth is encoding/json/v2's limit of nesting: documents that reach
// it are left to encoding/json/v2 for its error.
const v2MaxDepth = 10000

func unmarshalAnyV2(data []byte) (any, bool) {
	if !shim.Available || len(data) == 0 || text.HasBOM(data) {
		return nil, false
	}
	dp := getDomParser()
	if dp == nil {
		return nil, false
	}
	if dp.parse(data, false) != 0 {
		putDomParser(dp)
		return nil, false
	}
	d := &dp.state
	d.init(dp, data, 0)
	v, ok := d.anyValueV2(1, 0)
	d.release()
	putDomParser(dp)
	return v, ok
}

// anyValueV2 is anyValue under encoding/json/v2's default rules, which
// differ from encoding/json's for an any only in rejecting duplicate
// object names (compared unescaped, as here) and in the nesting limit:
// both are reported as false.
func (d *decodeState) anyValueV2(i uint32, depth int) (any, bool) {
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject:
		if depth >= v2MaxDepth-1 {
			return nil, false
		}
		end := uint32(w) - 1
		blk, n, dup := d.smallMapKeys(i)
		if dup {
			return nil, false // a duplicate name
		}
		if blk != nil {
			j := i + 1
			for s := range n {
				v, ok := d.anyValueV2(j+1, depth+1)
				if !ok {
					return nil, false
				}
				blk.g.slots[s].v = v
				j = d.next(j + 1)
			}
			return blk.mapOf(), true
		}
		if n := d.bigFields(i, bigAnyInPlace); n != 0 {
			return d.bigAnyMapV2(i, n, depth)
		}
		m := make(map[string]any, d.mapHint(i))
		for j := i + 1; j < end; {
			v, ok := d.anyValueV2(j+1, depth+1)
			if !ok {
				return nil, false
			}
			n := len(m)
			if m[d.keyStr(j)] = v; len(m) == n {
				return nil, false // a duplicate name
			}
			j = d.next(j + 1)
		}
		return m, true
	case tagArray:
		if depth >= v2MaxDepth-1 {
			return nil, false
		}
		end := uint32(w) - 1
		a := d.anySlice(d.count(i))
		n := 0
		for j := i + 1; j < end; n++ {
			// Numbers (canada.json's coordinates) without a call each.
			if isNumberTag(tagOf(d.tape[j])) {
				a[n] = d.boxFloat(d.float(j))
				j += 2
				continue
			}
			v, ok := d.anyValueV2(j, depth+1)
			if !ok {
				return nil, false
			}
			a[n] = v
			j = d.next(j)
		}
		return d.boxSlice(a), true
	case tagString:
		return d.boxString(d.str(i)), true
	case tagTrue:
		return true, true
	case tagFalse:
		return false, true
	case tagNull:
		return nil, true
	}
	return d.boxFloat(d.float(i)), true
}

func init() {
	v2link.DecodeShaped = decodeShapedV2
	// The nesting limit is simdjson's (1024, which the parse enforces),
	// far under encoding/json/v2's: depth 0 is as good as any here.
	v2AnyValue = func(d *decodeState, i uint32) (any, bool) { return d.anyValueV2(i, 0) }
	v2RawOK = (*decodeState).namesUniqueIn
}

func decodeShapedV2(data []byte, out reflect.Value, s *v2link.Shape) bool {
	if !shim.Available || len(data) == 0 || text.HasBOM(data) {
		return false
	}
	dp := getDomParser()
	if dp == nil {
		return false
	}
	d := &dp.state
	d.root(out.Type(), nil)
	// Types that read no number let simdjson skip converting them.
	// Duplicate names are checked where decoding meets the objects (a
	// struct's fields in a bit set as it reads them, say); but where the
	// last decoding of this type skipped much of its document, the parse
	// checks every object at once in C (shim.NamesDup), quicker than the
	// values skipped would be checked one by one here.
	if d.topStd {
		putDomParser(dp)
		return false
	}
	names := !d.topSkips
	if v2link.NamesInParse != 0 {
		names = v2link.NamesInParse < 0
	}
	rc := 0
	switch {
	case d.topPlan != nil:
		// A struct of strings and bools: the parse checks the names and
		// follows the plan by v2's rules in its own call (decode_plan.go).
		names = false
		switch rc = dp.parsePlan(data, d.topPlan, true); rc {
		case 0:
			d.init(dp, data, 0)
			d.fillPlan(d.topPlan, out.UnsafePointer())
			d.release()
			putDomParser(dp)
			return true
		case shim.PlanOff: // the tape is there, its names checked: walk it
			rc = 0
		}
	case names:
		rc = dp.parse(data, d.topNoNumbers)
	default:
		rc = dp.parseUnique(data, d.topNoNumbers)
	}
	if rc != 0 {
		putDomParser(dp)
		return false
	}
	d.init(dp, data, 0)
	d.v2Names = names
	d.v2SkipWords = 0
	td := d.topTD
	plain := td.ptrPlain && td.ptrNoMethods
	if plain && d.topFused == 0 {
		d.topFused = -1
		if fusedV2(td.t) {
			d.topFused = 1
		}
	}
	var err error
	switch {
	case plain && d.topFused > 0:
		// The decoders check as they go (decodeState.v2).
		d.v2 = true
		err = td.plain(d, 1, out.UnsafePointer())
		d.v2 = false
	case !d.checkV2(1, s, 0):
		err = errV2Decline
	case plain:
		err = td.plain(d, 1, out.UnsafePointer())
	default:
		err = d.valueReflect(1, out)
	}
	ok := err == nil && d.saved == nil
	// A quarter of the tape skipped: the parse checks next time.
	d.topSkips = d.v2SkipWords > len(d.tape)/4
	clear(d.v2Keys[:cap(d.v2Keys)]) // references into the parser's strings
	d.v2Keys = d.v2Keys[:0]
	d.release()
	putDomParser(dp)
	return ok
}

// fusedV2 reports whether the decoders of t check every rule checkV2
// checks while they decode (decodeState.v2). t is a type json/v2 has a
// Shape for (plain data without methods, json.RawMessage aside): its
// decoders are the struct, slice, array, pointer, string-keyed map, any,
// scalar and RawMessage ones, and all of them check but for a pointer to
// an interface or to a RawMessage (reflection, the method) and slices of
// zero-size elements (reflection): for types that reach one of those,
// checkV2 walks the document first.
func fusedV2(t reflect.Type) bool {
	if ok, found := fusedCache.Load(t); found {
		return ok.(bool)
	}
	ok := fusable(t, map[reflect.Type]bool{})
	fusedCache.Store(t, ok)
	return ok
}

// fusedCache: reflect.Type -> bool, fusedV2's answers.
var fusedCache sync.Map

func fusable(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true // a recursive type: decided where it started
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer:
		return t.Elem().Kind() != reflect.Interface && t.Elem() != rawMessageType && fusable(t.Elem(), seen)
	case reflect.Slice:
		return t.Elem().Size() > 0 && fusable(t.Elem(), seen)
	case reflect.Array, reflect.Map:
		return fusable(t.Elem(), seen)
	case reflect.Struct:
		sd := decoderFor(t).sd
		if sd == nil {
			return false
		}
		for k := range sd.fields {
			if f := &sd.fields[k]; f.quoted || f.viaPtr || !fusable(f.typ, seen) {
				return false
			}
		}
	}
	return true
}

// checkV2 reports whether the value at i, of shape s (nil: any), has none
// of what encoding/json's rules decode otherwise than encoding/json/v2's
// defaults: a duplicate object name, a name matching a struct field only
// case-insensitively, nesting at encoding/json/v2's limit.
func (d *decodeState) checkV2(i uint32, s *v2link.Shape, depth int) bool {
	if s == nil || s.Kind == v2link.ShapeAny {
		return d.namesUniqueIn(i) // only duplicate names matter
	}
	if s.Kind == v2link.ShapeScalar {
		return true // an object or array there fails the decoding
	}
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject:
		if depth >= v2MaxDepth-1 {
			return false
		}
		end := uint32(w) - 1
		if s.Kind == v2link.ShapeStruct && len(s.Table.Names) <= 64 {
			return d.checkStructV2(i, end, s, depth)
		}
		var elem *v2link.Shape
		var fields map[string]*v2link.Shape
		switch s.Kind {
		case v2link.ShapeMap:
			elem = s.Elem
		case v2link.ShapeStruct:
			fields = s.Fields
		}
		if !d.namesUnique(i) {
			return false
		}
		for j := i + 1; j < end; {
			k := d.strBytes(j)
			child := elem
			if fields != nil {
				f, ok := fields[string(k)]
				if !ok && foldsToField(k, s.Folded) {
					return false
				}
				child = f
			}
			if !d.checkV2(j+1, child, depth+1) {
				return false
			}
			j = d.next(j + 1)
		}
	case tagArray:
		if depth >= v2MaxDepth-1 {
			return false
		}
		var elem *v2link.Shape
		if s.Kind == v2link.ShapeSlice || s.Kind == v2link.ShapeArray {
			elem = s.Elem
			if s.Kind == v2link.ShapeArray && d.count(i) != s.Len {
				return false
			}
			if elem.Kind == v2link.ShapeScalar {
				break // the elements are not walked (a container fails the decoding)
			}
		}
		end := uint32(w) - 1
		for j := i + 1; j < end; j = d.next(j) {
			if t := tagOf(d.tape[j]); (t == tagObject || t == tagArray) && !d.checkV2(j, elem, depth+1) {
				return false
			}
		}
	}
	return true
}

// namesUniqueIn reports whether no object in the value at i has a name
// twice. The value's tape words are read in order, each once (a number's
// second word skipped), and each object's names are compared where it
// starts: no recursion, and an array of numbers or of arrays costs a load
// and a compare per word. (The nesting limit is simdjson's, 1024, which the
// parse enforces, far under encoding/json/v2's.)
func (d *decodeState) namesUniqueIn(i uint32) bool {
	if !d.v2Names {
		return true // the parse checked the whole document
	}
	end := d.next(i)
	for j := i; j < end; {
		switch tagOf(d.tape[j]) {
		case tagObject:
			if !d.namesUnique(j) {
				return false
			}
		case tagInt64, tagUint64, tagFloat64:
			j++
		}
		j++
	}
	return true
}

// namesUnique reports whether the object at i has no name twice: its
// names go on d.v2Keys, checked by internal/dupname (pairwise when few,
// through a hash table when many; no allocation either way once the stack
// and the table have grown), and come off again.
func (d *decodeState) namesUnique(i uint32) bool {
	if !d.v2Names {
		return true // the parse checked the whole document
	}
	end := uint32(d.tape[i]) - 1
	base := len(d.v2Keys)
	for j := i + 1; j < end; j = d.next(j + 1) {
		d.v2Keys = append(d.v2Keys, d.strBytes(j))
	}
	dup := d.v2Dups.Has(d.v2Keys[base:])
	d.v2Keys = d.v2Keys[:base]
	return !dup
}

// checkStructV2 is checkV2 of an object (ending before end) into a struct
// of at most 64 fields, in one pass over its names: a name of a field is
// found in the shape's table and marked in a bit set (a second one is a
// duplicate); the other names (unknown: ignored, unless they match a field
// case-insensitively) go on d.v2Keys and are compared with each other at
// the end. A field's name never equals an unknown one.
func (d *decodeState) checkStructV2(i, end uint32, s *v2link.Shape, depth int) bool {
	t := s.Table
	var seen uint64
	base := len(d.v2Keys)
	hint := 0
	for j := i + 1; j < end; {
		k, word := d.key(j)
		var child *v2link.Shape
		if f := t.FindHint(k, word, hint); f >= 0 {
			if seen&(1<<f) != 0 {
				return false
			}
			seen |= 1 << f
			child = t.Elems[f]
			hint = f + 1
		} else {
			if foldsToFieldLen(k, t, s.Folded) {
				return false
			}
			d.v2Keys = append(d.v2Keys, k)
		}
		if tg := tagOf(d.tape[j+1]); (tg == tagObject || tg == tagArray) && !d.checkV2(j+1, child, depth+1) {
			return false
		}
		j = d.next(j + 1)
	}
	names := d.v2Keys[base:]
	if d.v2Dups.Has(names) {
		return false
	}
	d.v2Keys = d.v2Keys[:base]
	return true
}

// foldsToFieldLen is foldsToField, first ruling out ASCII names of a
// length no field has.
func foldsToFieldLen(name []byte, t *v2link.FieldTable, folded map[string]bool) bool {
	for _, c := range name {
		if c >= 0x80 {
			return true
		}
	}
	return t.MayHaveLen(len(name)) && foldsToField(name, folded)
}

// foldsToField reports whether name (not a field's exact name) may match
// one case-insensitively: not ASCII, or its lower case is a field's.
func foldsToField(name []byte, folded map[string]bool) bool {
	var buf [64]byte
	if len(name) > len(buf) {
		return true
	}
	for i, c := range name {
		if c >= 0x80 {
			return true
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[i] = c
	}
	return folded[string(buf[:len(name)])]
}

// bigAnyMapV2 is bigAnyMap under encoding/json/v2's rules (anyValueV2): a
// name given twice, or a value anyValueV2 rejects, is reported as false.
func (d *decodeState) bigAnyMapV2(i uint32, n, depth int) (map[string]any, bool) {
	b, ms, end := bigMapAt[any](d, i, n)
	for j := i + 1; j < end; j = d.next(j + 1) {
		v, ok := d.anyValueV2(j+1, depth+1)
		if !ok {
			return nil, false
		}
		k, h, ok := d.keyHashed(j, ms)
		if !ok {
			l := b.n
			if b.assign(d.keyStr(j), v); b.n == l {
				return nil, false
			}
			continue
		}
		s, dup := b.slot(k, h)
		if dup {
			return nil, false
		}
		s.v = v
	}
	b.finish()
	return b.mapOf(), true
}
