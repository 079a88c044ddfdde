package json

import (
	stdjson "encoding/json"
	"io"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The encoder: Marshal, MarshalIndent and the Encoder write with this
// package's own encoder (Go, with or without cgo), whose bytes and
// errors are encoding/json's. Each Go type gets an encoder built once and
// cached (encode_type.go): field names pre-encoded with their quotes and
// colon, fields reached by offset, the common kinds written inline.
// Strings are escaped eight bytes at a time (encode_string.go); what a
// Marshaler returns is validated and compacted by a scanner of this file's
// package (encode_compact.go), encoding/json's Compact giving the error
// when it rejects the bytes.

// Marshal returns the JSON encoding of v, as encoding/json's Marshal does:
// the same bytes and the same errors.
func Marshal(v any) ([]byte, error) {
	e := getEncState(true)
	err := e.marshal(v)
	var out []byte
	if err == nil {
		// An append, not make and copy: the result is not cleared first.
		out = append([]byte(nil), e.buf...)
	}
	putEncState(e)
	if encodeV2 && err != nil {
		return stdjson.Marshal(v) // encode_fallback.go
	}
	return out, err
}

// MarshalIndent is like Marshal but applies Indent to format the output,
// as encoding/json's MarshalIndent does.
func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	e := getEncState(true)
	err := e.marshal(v)
	var out []byte
	if err == nil {
		out, err = indentValue(make([]byte, 0, 2*len(e.buf)), e.buf, prefix, indent)
	}
	putEncState(e)
	if encodeV2 && err != nil {
		return stdjson.MarshalIndent(v, prefix, indent)
	}
	return out, err
}

// An Encoder writes JSON values to an output stream, as encoding/json's
// Encoder does.
type Encoder struct {
	w   io.Writer
	err error

	// SetIndent's, nil until it is called: kept apart so that an
	// Encoder is small.
	indent *encIndent

	// kept: the working state an Encoder used more than once keeps
	// between calls (so that a garbage collection, which empties the
	// pool, does not cost it a new buffer); a one-shot Encoder uses the
	// pool's and keeps nothing. slot says which call may touch kept, so
	// that Encoders shared by goroutines stay safe. It is an atomic
	// integer, not an atomic pointer, whose operations would make every
	// Encoder escape to the heap: NewEncoder(w).Encode(v) allocates no
	// Encoder.
	kept       *encState
	slot       atomic.Uint32
	escapeHTML bool
}

// The states of Encoder.slot.
const (
	slotFresh uint32 = iota // no Encode has ended yet: nothing is kept
	slotEmpty               // nothing is kept; the next call to claim the slot keeps its state
	slotFull                // kept holds a state
	slotBusy                // a call owns the slot; others use the pool's states
)

// NewEncoder returns a new encoder that writes to w. An Encoder used more
// than once keeps its working buffer (the size of its largest output, up
// to 16 MiB) between calls, until it is garbage; a one-shot Encoder keeps
// nothing.
func NewEncoder(w io.Writer) *Encoder { return &Encoder{w: w, escapeHTML: true} }

// Encode writes the JSON encoding of v to the stream, followed by a
// newline character, as encoding/json's Encoder does. An error from the
// writer is returned by this and every later call.
func (enc *Encoder) Encode(v any) error {
	if enc.err != nil {
		return enc.err
	}
	var e *encState
	s := enc.slot.Load() // a plain load on amd64 and arm64: no lock for a one-shot Encoder
	owner := (s == slotFull || s == slotEmpty) && enc.slot.CompareAndSwap(s, slotBusy)
	if owner {
		e = enc.kept
	}
	if e == nil {
		e = getEncState(enc.escapeHTML)
	} else {
		e.html = enc.escapeHTML
	}
	defer enc.release(e, s, owner)
	if err := e.marshal(v); err != nil {
		if encodeV2 {
			return enc.encodeStd(v)
		}
		return err
	}
	e.buf = append(e.buf, '\n')
	b := e.buf
	if in := enc.indent; in != nil && (in.prefix != "" || in.value != "") {
		ib, err := indentValue(in.buf[:0], b, in.prefix, in.value)
		if err != nil {
			return err
		}
		in.buf, b = ib, ib
	}
	if _, err := enc.w.Write(b); err != nil {
		enc.err = err
		return err
	}
	return nil
}

// release ends an Encode with e, which found the slot in state s: the
// slot's owner keeps e (when its buffer is not too large), any other
// call puts it back into the pool, the first to end marking the Encoder
// used.
func (enc *Encoder) release(e *encState, s uint32, owner bool) {
	switch {
	case owner:
		if e.reset() {
			enc.kept = e
			enc.slot.Store(slotFull)
		} else {
			enc.kept = nil
			enc.slot.Store(slotEmpty)
		}
	case s == slotFresh:
		enc.slot.CompareAndSwap(slotFresh, slotEmpty)
		putEncState(e)
	default:
		putEncState(e)
	}
}

// encIndent is an Encoder's indentation (SetIndent) and the buffer it
// indents into.
type encIndent struct {
	prefix, value string
	buf           []byte
}

// SetIndent instructs the encoder to format each subsequent encoded value
// as if indented by the package-level function Indent(dst, src, prefix,
// indent). Calling SetIndent("", "") disables indentation.
func (enc *Encoder) SetIndent(prefix, indent string) {
	if enc.indent == nil {
		enc.indent = new(encIndent)
	}
	enc.indent.prefix = prefix
	enc.indent.value = indent
}

// SetEscapeHTML specifies whether problematic HTML characters should be
// escaped inside JSON quoted strings. The default behavior is to escape &,
// <, and > to \u0026, \u003c, and \u003e to avoid certain safety problems
// that can arise when embedding JSON in HTML.
//
// In non-HTML settings where the escaping interferes with the readability
// of the output, SetEscapeHTML(false) disables this behavior.
func (enc *Encoder) SetEscapeHTML(on bool) { enc.escapeHTML = on }

// encState is one Marshal's or Encode's working state, pooled.
type encState struct {
	buf      []byte
	html     bool
	ptrLevel uint
	ptrSeen  map[any]struct{}
	// Scratch for maps' keys and values, used as stacks by nested maps.
	keys  []mapKey
	order []uint32
	// tmpOrder: sortKeys's scratch.
	tmpOrder []uint32
	anyVals  []any
	// Slots for the values interfaces hold directly, by nesting level.
	slots     [16]unsafe.Pointer
	slotDepth int
	// keyArena holds the digits of integer map keys (keyString).
	keyArena []byte
	// The dynamic type whose encoder encodeAny looked up last.
	lastTyp unsafe.Pointer
	lastTE  *typeEnc
	// depth: the containers open (counted under encodeV2 only: enter).
	depth int
	// text: AppendText's scratch (encodeV2).
	text []byte
}

// add appends s to e.buf in place. An append of a slice to e.buf stores
// the buffer's pointer back on every call, with a write barrier while the
// garbage collector marks (8-14 % of a struct's encoding in a process with
// a large heap); reslicing e.buf itself stores only its length, so the
// pointer is written only when the buffer grows.
func (e *encState) add(s string) {
	n := len(e.buf)
	if cap(e.buf)-n < len(s) {
		e.buf = append(e.buf, s...)
		return
	}
	e.buf = e.buf[:n+len(s)]
	copy(e.buf[n:], s)
}

// addBytes is add for a byte slice (viewed as a string, not copied).
func (e *encState) addBytes(b []byte) { e.add(unsafe.String(unsafe.SliceData(b), len(b))) }

// slot returns the next free slot for a value an interface holds directly.
func (e *encState) slot() *unsafe.Pointer {
	d := e.slotDepth
	e.slotDepth++
	if d < len(e.slots) {
		return &e.slots[d]
	}
	return new(unsafe.Pointer)
}

// startDetectingCyclesAfter is encoding/json's: past this many nested
// pointers, maps and slices, each one's address is remembered and a repeat
// is reported as a cycle.
const startDetectingCyclesAfter = 1000

// maxPooledBuf: buffers that grew larger are not kept.
const maxPooledBuf = 16 << 20

var encStatePool = sync.Pool{New: func() any {
	return &encState{buf: make([]byte, 0, max(1024, int(lastOutput.Load())))}
}}

// lastOutput is the length of the last output put back into the pool: a
// state made anew (the pool loses its states at garbage collections, and a
// goroutine that moved to another processor does not find its own) starts
// with a buffer of that size instead of growing one from 1 kB in steps.
var lastOutput atomic.Int64

func getEncState(html bool) *encState {
	e := encStatePool.Get().(*encState)
	e.html = html
	return e
}

func putEncState(e *encState) {
	if e.reset() {
		encStatePool.Put(e)
	}
}

// reset empties e for its next use, and reports whether it is worth
// keeping (its buffer is not over maxPooledBuf).
func (e *encState) reset() bool {
	if cap(e.buf) > maxPooledBuf {
		return false
	}
	if n := int64(len(e.buf)); lastOutput.Load() != n {
		lastOutput.Store(n) // stored only when it changes: an atomic store is not free
	}
	e.buf = e.buf[:0]
	e.ptrLevel = 0
	e.depth = 0
	// Maps and slots empty what they used as they finish: only an error
	// leaves entries behind, below the lengths.
	clear(e.slots[:min(e.slotDepth, len(e.slots))])
	e.slotDepth = 0
	if len(e.ptrSeen) > 0 {
		clear(e.ptrSeen)
	}
	clear(e.anyVals)
	e.anyVals = e.anyVals[:0]
	clear(e.keys)
	e.keys = e.keys[:0]
	e.keyArena = e.keyArena[:0]
	return true
}

// encError carries an error out of the encoders by panic, as encoding/json
// does; marshal recovers it and re-panics anything else.
type encError struct{ err error }

func (e *encState) fail(err error) { panic(encError{err}) }

func (e *encState) marshal(v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if ee, ok := r.(encError); ok {
				err = ee.err
				return
			}
			panic(r)
		}
	}()
	e.encodeAny(v)
	return nil
}

// encodeAny writes x, a value held by an interface (not addressable).
func (e *encState) encodeAny(x any) {
	switch v := x.(type) {
	case nil:
		e.add("null")
		return
	case string:
		e.writeString(v)
		return
	case float64:
		e.float64(v, false, nil, nil)
		return
	case bool:
		if v {
			e.add("true")
		} else {
			e.add("false")
		}
		return
	case map[string]any:
		e.mapStringAny(v)
		return
	case []any:
		e.sliceAny(v)
		return
	}
	ef := (*eface)(unsafe.Pointer(&x))
	// The last dynamic type's encoder is kept: a run of values of one
	// type (a slice of any holding structs, repeated Marshal calls) skips
	// the lookup.
	te := e.lastTE
	if ef.typ != e.lastTyp {
		te = encoderOf(ef.typ, x)
		e.lastTyp, e.lastTE = ef.typ, te
	}
	if te.direct {
		// The interface holds the value itself (a pointer, a map, ...):
		// the encoder reads it from a slot of e's, one per nesting level.
		slot := e.slot()
		*slot = ef.data
		te.fn(e, unsafe.Pointer(slot), 0)
		*slot = nil
		e.slotDepth--
		return
	}
	te.fn(e, ef.data, 0)
}

func (e *encState) sliceAny(s []any) {
	if s == nil {
		e.add("null")
		return
	}
	if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
		key := sliceKey{unsafe.Pointer(unsafe.SliceData(s)), len(s)}
		e.enterCycle(key, func() reflect.Value { return reflect.ValueOf(s) })
		defer delete(e.ptrSeen, key)
	}
	e.enter()
	e.buf = append(e.buf, '[')
	for i, v := range s {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.encodeAny(v)
	}
	e.buf = append(e.buf, ']')
	e.leave()
	e.ptrLevel--
}

// sliceKey identifies a slice in ptrSeen as encoding/json does: its first
// element's address and its length.
type sliceKey struct {
	p unsafe.Pointer
	n int
}

// enterCycle notes key as on the current path, or fails with
// encoding/json's error when it is already.
func (e *encState) enterCycle(key any, value func() reflect.Value) {
	if e.ptrSeen == nil {
		e.ptrSeen = make(map[any]struct{})
	}
	if _, ok := e.ptrSeen[key]; ok {
		v := value()
		e.fail(&UnsupportedValueError{Value: v, Str: "encountered a cycle via " + v.Type().String()})
	}
	e.ptrSeen[key] = struct{}{}
}

// marshalerError returns encoding/json's *MarshalerError for a failed
// MarshalJSON (text false) or MarshalText (text true) of a value of type
// t. Its unexported field naming the method is set by encoding/json
// itself, from a Marshaler that fails with err, so that the error equals
// encoding/json's in every field.
func marshalerError(t reflect.Type, err error, text bool) error {
	var merr error
	if text {
		_, merr = stdjson.Marshal(failingText{err})
	} else {
		_, merr = stdjson.Marshal(failingJSON{err})
	}
	if me, ok := merr.(*MarshalerError); ok {
		me.Type = t
		me.Err = err
		return me
	}
	return &MarshalerError{Type: t, Err: err}
}

type failingJSON struct{ err error }

func (f failingJSON) MarshalJSON() ([]byte, error) { return nil, f.err }

type failingText struct{ err error }

func (f failingText) MarshalText() ([]byte, error) { return nil, f.err }
