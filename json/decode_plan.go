package json

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Plans: the fast path of structs that read only strings and bools.
//
// A struct whose fields, through nested structs, are all strings and bools
// (the usual shape of a partial struct that picks a few fields out of an API
// payload) needs nothing of the document but the last string or boolean of
// each field. For such a root type Unmarshal hands the parse a plan (in C
// memory, built once per type): the fields of each object the type decodes,
// by name. In the same cgo call, once the tape is built, C walks the objects
// the plan follows (dom.cpp's plan_walk), matches their keys to the fields
// as encoding/json does (the exact name, else the first name equal but for
// ASCII case) and records each field's last value in a slot. Go then copies
// the slots into the struct and walks no tape: unknown keys and the
// subtrees under them cost nothing in Go.
//
// Whatever the plan cannot answer exactly turns it off for the document,
// and Go walks the tape as usual: a root that is not an object, a value of
// another kind than its field's (a type error in encoding/json, which also
// decodes the rest), a key that is not ASCII and matches no name exactly
// (Unicode case folding). No field is written before the plan has
// succeeded.

// structPlan is a root type's plan: the C copy, and where each slot goes.
type structPlan struct {
	c     unsafe.Pointer // *sj_plan, with its arrays after it
	slots []planSlot
}

type planSlot struct {
	off  uintptr // from the root struct
	kind uint8   // shim.PlanString or shim.PlanBool
}

// Limits of a plan: types beyond them decode by the tape.
const (
	planMaxNodes  = 64
	planMaxFields = 256
)

var planCache sync.Map // reflect.Type (a struct) -> *structPlan, nil when none

// planFor returns the plan of struct type t (decoded by sd), or nil when t
// does not qualify.
func planFor(t reflect.Type, sd *structDecoder) *structPlan {
	if !shim.Available || sd == nil {
		return nil
	}
	if p, ok := planCache.Load(t); ok {
		return p.(*structPlan)
	}
	return cachePlan(t, buildPlan(sd))
}

// cachePlan stores p as t's plan unless a goroutine that built one at the
// same time stored its own first: then p's C memory is freed, and the
// stored plan returned.
func cachePlan(t reflect.Type, p *structPlan) *structPlan {
	actual, loaded := planCache.LoadOrStore(t, p)
	if loaded && p != nil {
		freePlan(p)
	}
	return actual.(*structPlan)
}

// freePlan frees a plan's C memory (a variable for tests).
var freePlan = func(p *structPlan) { shim.Free(p.c) }

type planBuilder struct {
	nodes  []shim.PlanNode
	fields []shim.PlanField
	names  []byte
	slots  []planSlot
}

func buildPlan(sd *structDecoder) *structPlan {
	var b planBuilder
	if !b.node(sd, 0) || len(b.slots) > shim.PlanMaxSlots {
		return nil
	}
	// One C block: the sj_plan, its nodes, its fields, its names.
	hdr := unsafe.Sizeof(shim.Plan{})
	nodesAt := hdr
	fieldsAt := nodesAt + uintptr(len(b.nodes))*unsafe.Sizeof(shim.PlanNode{})
	fieldsAt = (fieldsAt + 7) &^ 7
	namesAt := fieldsAt + uintptr(len(b.fields))*unsafe.Sizeof(shim.PlanField{})
	size := namesAt + uintptr(len(b.names)) + 8
	c := shim.Malloc(uint64(size))
	if c == nil {
		return nil
	}
	// The plan lives as long as the program (one per qualifying type, as
	// the type's decoders do).
	copy(unsafe.Slice((*shim.PlanNode)(unsafe.Add(c, nodesAt)), len(b.nodes)), b.nodes)
	copy(unsafe.Slice((*shim.PlanField)(unsafe.Add(c, fieldsAt)), len(b.fields)), b.fields)
	copy(unsafe.Slice((*byte)(unsafe.Add(c, namesAt)), len(b.names)), b.names)
	*(*shim.Plan)(c) = shim.Plan{
		Nodes:  unsafe.Add(c, nodesAt),
		Fields: unsafe.Add(c, fieldsAt),
		Names:  unsafe.Add(c, namesAt),
		NSlots: uint32(len(b.slots)),
	}
	return &structPlan{c: c, slots: b.slots}
}

// node adds the plan node of an object decoded by sd into the struct at
// base (from the root); false when the type does not qualify.
func (b *planBuilder) node(sd *structDecoder, base uintptr) bool {
	id := len(b.nodes)
	if id >= planMaxNodes || len(b.fields)+len(sd.fields) > planMaxFields {
		return false
	}
	first := len(b.fields)
	b.nodes = append(b.nodes, shim.PlanNode{First: uint32(first), Count: uint32(len(sd.fields))})
	for k := range sd.fields {
		name, h := sd.fields[k].name, &sd.hot[k]
		if h.slow || !isASCII([]byte(name)) { // not ASCII: Unicode folding, left to lookup
			return false
		}
		pf := shim.PlanField{Len: uint32(len(name)), Name: uint32(len(b.names))}
		b.nodes[id].Lens |= 1 << min(len(name), 63)
		var w [8]byte
		copy(w[:], name)
		pf.Word = *(*uint64)(unsafe.Pointer(&w))
		b.names = append(b.names, name...)
		b.names = append(b.names, sd.foldNames[k]...) // an ASCII name's fold: upper-cased
		switch h.fast {
		case fastString, fastBool:
			pf.Kind = shim.PlanString
			if h.fast == fastBool {
				pf.Kind = shim.PlanBool
			}
			pf.Target = uint32(len(b.slots))
			b.slots = append(b.slots, planSlot{off: base + h.off, kind: uint8(pf.Kind)})
		case fastStruct:
			if h.td.sd == nil {
				return false
			}
			pf.Kind = shim.PlanObject
		default:
			return false
		}
		b.fields = append(b.fields, pf)
	}
	// The nested objects' nodes come after this node's fields.
	for k := range sd.fields {
		if h := &sd.hot[k]; h.fast == fastStruct {
			b.fields[first+k].Target = uint32(len(b.nodes))
			if !b.node(h.td.sd, base+h.off) {
				return false
			}
		}
	}
	return true
}

// fillPlan stores the slots of a parse that followed plan into the struct at
// p.
func (d *decodeState) fillPlan(plan *structPlan, p unsafe.Pointer) {
	slots := unsafe.Slice((*uint64)(d.dp.view.Slots), len(plan.slots))
	for k, s := range plan.slots {
		w := slots[k]
		if w == 0 {
			continue
		}
		fp := unsafe.Add(p, s.off)
		if s.kind == shim.PlanString {
			*(*string)(fp) = d.strWord(w)
		} else {
			*(*bool)(fp) = tagOf(w) == tagTrue
		}
	}
}
