package simdjson

import (
	"bytes"
	"errors"
	"iter"
	"runtime"
	"strconv"
	"strings"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Handles: Value, Document, Object and Array, small values that name a
// value of a parser's current document, and what reads the value itself
// (Type, String, Int64, Float64, Number, RawJSON, Count, iteration over
// objects and arrays). Finding values by key, index, pointer or path is
// lookup.go's. The shim's side of both is internal/shim's handle.go and
// handle.h, which move simdjson's forward-only iterator to a handle before
// each read.

// Type is the JSON type of a value.
type Type uint8

// The JSON types.
const (
	TypeInvalid Type = iota // not a value: a stale or error handle, or malformed JSON
	TypeObject
	TypeArray
	TypeString
	TypeNumber
	TypeBool
	TypeNull
)

var typeNames = [...]string{"invalid", "object", "array", "string", "number", "bool", "null"}

// String returns the type's name.
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "invalid"
}

// NumberKind is the kind of a JSON number as simdjson classifies it.
type NumberKind uint8

// The kinds of numbers.
const (
	NumberInt64  NumberKind = 1 // an integer that fits in int64
	NumberUint64 NumberKind = 2 // an integer above math.MaxInt64 that fits in uint64
	NumberFloat  NumberKind = 3 // a number with a fraction or exponent
	NumberBigInt NumberKind = 4 // an integer too large for 64 bits: use RawNumber
)

const noOffset = ^uint32(0)

// Value is a lazy handle to one JSON value of a parsed document. Nothing is
// parsed until a getter asks: String, Int64, Float64, ... each cost one cgo
// call at most (String after a lookup costs none), and only the value asked
// for is parsed. A Value is valid until its parser parses another document
// or is closed; after that its methods return ErrStaleHandle or
// ErrParserClosed. Values may be read in any order and any number of times.
type Value struct {
	// Four fields at most: the compiler then keeps a Value in registers.
	// With more, every Value returned is stored field by field and copied
	// with wider loads, which stall on store forwarding (about a fifth of
	// the time of a chain of lookups).
	p   *Parser
	gen uint64 // the parser's generation; with p nil, the error code if any (code)
	tok uint32 // token index in simdjson's structural index
	pos uint64 // byte offset of the value in the input | nesting depth << 32 (the root is 1)
}

// mkpos packs a Value's offset and depth.
func mkpos(off uint32, depth int32) uint64 { return uint64(off) | uint64(uint32(depth))<<32 }

// value returns the handle of the value at token tok (byte offset off,
// nesting depth depth) of the current document.
func (p *Parser) value(tok, off uint32, depth int32) Value {
	return Value{p: p, gen: p.gen, tok: tok, pos: mkpos(off, depth)}
}

// off returns the byte offset of the value in the input.
func (v Value) off() uint32 { return uint32(v.pos) }

// depth returns the nesting depth (the root is 1).
func (v Value) depth() int32 { return int32(v.pos >> 32) }

// code is non-zero when this Value carries an error (the end of a failed
// iteration).
func (v Value) code() int32 {
	if v.p != nil {
		return 0
	}
	return int32(v.gen)
}

// Document is the root of a parsed document: a Value with the whole
// document's lifetime. All Value methods apply to it.
type Document struct {
	Value
}

// Object is a handle to a JSON object.
type Object struct {
	v Value
}

// Array is a handle to a JSON array.
type Array struct {
	v Value
}

func errValue(err error) Value {
	if e, ok := err.(*Error); ok {
		off := noOffset
		if e.Offset >= 0 {
			off = uint32(e.Offset)
		}
		return Value{gen: uint64(e.Code), pos: mkpos(off, 0)}
	}
	if c, ok := err.(ErrorCode); ok {
		return Value{gen: uint64(c), pos: mkpos(noOffset, 0)}
	}
	return Value{gen: uint64(ErrUnexpected), pos: mkpos(noOffset, 0)}
}

// enter claims v's parser for one method call (Parser.enter) and checks
// that v is still usable; on success the caller must call p.exit().
func (v Value) enter() (*Parser, error) {
	p := v.p
	if p == nil {
		return nil, v.nilErr()
	}
	if !p.enter() {
		return nil, ErrParserInUse
	}
	if p.closed {
		p.exit()
		return nil, ErrParserClosed
	}
	if v.gen != p.gen {
		p.exit()
		return nil, ErrStaleHandle
	}
	return p, nil
}

// nilErr is enter's answer for a Value without a parser: the error it
// carries, or ErrInvalidHandle for the zero Value.
func (v Value) nilErr() error {
	c := ErrorCode(v.code())
	if c == 0 {
		return ErrInvalidHandle
	}
	if bareCode(c) {
		return c
	}
	off := int64(-1)
	if v.off() != noOffset {
		off = int64(v.off())
	}
	return &Error{Code: c, Offset: off}
}

// Err reports whether the handle is usable: nil, or why not (stale handle,
// closed parser, zero handle, the error that ended an iteration, or
// ErrParserInUse while another goroutine uses the parser).
func (v Value) Err() error {
	p, err := v.enter()
	if err != nil {
		return err
	}
	p.exit()
	return nil
}

// fail converts a shim return code into an error.
func (p *Parser) fail(rc int) error {
	if p.res.Flags&shim.FlagDead != 0 {
		p.deadGen, p.deadSet = p.gen, true
	}
	if rc == shim.BadHandle {
		return ErrInvalidHandle
	}
	c := ErrorCode(rc)
	if bareCode(c) {
		return c
	}
	off := p.res.ErrOff
	if off >= 0 {
		off += p.base
	}
	return &Error{Code: c, Offset: off}
}

// found returns the handle the shim just reported, remembering its string
// when the shim read it along.
func (p *Parser) found() Value {
	r := p.res
	if r.Flags&shim.FlagStr != 0 {
		p.strTok, p.strGen, p.strPtr, p.strLen = r.Tok, p.gen, r.Str, r.Slen
	}
	return p.value(r.Tok, r.Off, r.Depth)
}

// Offset returns the byte offset of the value in the input (-1 for an error
// handle).
func (v Value) Offset() int64 {
	if v.p == nil || v.off() == noOffset {
		return -1
	}
	p := v.p
	if !p.enter() {
		return -1
	}
	defer p.exit()
	return v.offset()
}

// offset is Offset for a handle whose parser the caller holds.
func (v Value) offset() int64 {
	if v.p == nil || v.off() == noOffset {
		return -1
	}
	return int64(v.off()) + v.p.base
}

// Type returns the value's JSON type, read from its first byte without a cgo
// call. It returns TypeInvalid when the handle is unusable (Err says why) or
// the byte starts no JSON value (malformed input, reported by the getters).
func (v Value) Type() Type {
	p, err := v.enter()
	if err != nil {
		return TypeInvalid
	}
	defer p.exit()
	switch p.input[v.off()] {
	case '{':
		return TypeObject
	case '[':
		return TypeArray
	case '"':
		return TypeString
	case 't', 'f':
		return TypeBool
	case 'n':
		return TypeNull
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return TypeNumber
	}
	return TypeInvalid
}

// StringBytes returns the unescaped string without copying it. The bytes
// live in the parser's memory (or the input) and are valid until the next
// Parse or Close: copy them to keep them. Reading the same string again
// returns the same bytes without unescaping it again.
func (v Value) StringBytes() ([]byte, error) {
	p, err := v.enter()
	if err != nil {
		return nil, err
	}
	r, err := v.stringBytesHeld()
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// stringBytesHeld is StringBytes for a handle whose parser the caller holds.
func (v Value) stringBytesHeld() ([]byte, error) {
	p := v.p
	if p.strGen == p.gen && p.strTok == v.tok && p.strPtr != nil {
		return unsafe.Slice((*byte)(p.strPtr), p.strLen), nil
	}
	if rc := shim.String(p.nat.c, v.tok, v.depth()); rc != 0 {
		return nil, p.fail(rc)
	}
	p.strTok, p.strGen, p.strPtr, p.strLen = v.tok, p.gen, p.res.Str, p.res.Slen
	return unsafe.Slice((*byte)(p.strPtr), p.strLen), nil
}

// String returns a copy of the unescaped string.
func (v Value) String() (string, error) {
	b, err := v.StringBytes()
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Int64 returns the value as an int64: ErrIncorrectType for a non-integer,
// ErrNumberOutOfRange when it does not fit.
func (v Value) Int64() (int64, error) {
	p, err := v.enter()
	if err != nil {
		return 0, err
	}
	r, err := v.int64Held()
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// int64Held is Int64 for a handle whose parser the caller holds.
func (v Value) int64Held() (int64, error) {
	p := v.p
	if rc := shim.Int64(p.nat.c, v.tok, v.depth()); rc != 0 {
		return 0, v.intError(rc)
	}
	return int64(p.res.U), nil
}

// intError reports an integer beyond 64 bits (or a negative one read as
// Uint64) as ErrNumberOutOfRange rather than simdjson's ErrIncorrectType.
func (v Value) intError(rc int) error {
	if ErrorCode(rc) == ErrIncorrectType {
		raw, err := v.rawNumber()
		if err == nil && !strings.ContainsAny(string(raw), ".eE") {
			return &Error{Code: ErrNumberOutOfRange, Offset: v.offset()}
		}
		if errors.Is(err, ErrNumber) || errors.Is(err, ErrTrailingContent) {
			return err // not a number at all: 123x
		}
	}
	return v.p.fail(rc)
}

// Uint64 returns the value as a uint64.
func (v Value) Uint64() (uint64, error) {
	p, err := v.enter()
	if err != nil {
		return 0, err
	}
	r, err := v.uint64Held()
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// uint64Held is Uint64 for a handle whose parser the caller holds.
func (v Value) uint64Held() (uint64, error) {
	p := v.p
	if rc := shim.Uint64(p.nat.c, v.tok, v.depth()); rc != 0 {
		return 0, v.intError(rc)
	}
	return p.res.U, nil
}

// Float64 returns any number as a float64 (correctly rounded).
func (v Value) Float64() (float64, error) {
	p, err := v.enter()
	if err != nil {
		return 0, err
	}
	r, err := v.float64Held()
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// float64Held is Float64 for a handle whose parser the caller holds.
func (v Value) float64Held() (float64, error) {
	p := v.p
	if rc := shim.Double(p.nat.c, v.tok, v.depth()); rc != 0 {
		if f, ok := v.numberFallback(rc); ok {
			return f, nil
		}
		return 0, p.fail(rc)
	}
	return p.res.F, nil
}

// numberFallback reads, with strconv, a valid number simdjson (4.6.7, as
// 3.9.4) reports as NUMBER_ERROR: a 20-digit integer above the uint64 range, or a document
// that is a number longer than its root-number buffer (about 1,000 bytes).
func (v Value) numberFallback(rc int) (float64, bool) {
	if ErrorCode(rc) != ErrNumber || v.p.res.Flags&shim.FlagDead != 0 {
		return 0, false
	}
	raw, err := v.rawNumber()
	if err != nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil { // out of float64's range: the error stands
		return 0, false
	}
	return f, true
}

// Bool returns true or false.
func (v Value) Bool() (bool, error) {
	p, err := v.enter()
	if err != nil {
		return false, err
	}
	r, err := v.boolHeld()
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// boolHeld is Bool for a handle whose parser the caller holds.
func (v Value) boolHeld() (bool, error) {
	p := v.p
	if rc := shim.Bool(p.nat.c, v.tok, v.depth()); rc != 0 {
		return false, p.fail(rc)
	}
	return p.res.U != 0, nil
}

// IsNull reports whether the value is null. A malformed literal starting
// with 'n' is an error (ErrIncorrectType), at the root as inside containers.
func (v Value) IsNull() (bool, error) {
	p, err := v.enter()
	if err != nil {
		return false, err
	}
	r, err := v.isNullHeld()
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// isNullHeld is IsNull for a handle whose parser the caller holds.
func (v Value) isNullHeld() (bool, error) {
	p := v.p
	if null, ok := p.fastNull(v); ok {
		return null, nil
	}
	if rc := shim.Null(p.nat.c, v.tok, v.depth()); rc != 0 {
		return false, p.fail(rc)
	}
	return p.res.U != 0, nil
}

// Number parses a number of any kind: its kind and its value as int64,
// uint64 or float64 (whichever the kind says; for NumberBigInt none: use
// RawNumber).
func (v Value) Number() (kind NumberKind, i int64, u uint64, f float64, err error) {
	p, err := v.enter()
	if err != nil {
		return 0, 0, 0, 0, err
	}
	defer p.exit()
	if rc := shim.Number(p.nat.c, v.tok, v.depth()); rc != 0 {
		if f, ok := v.numberFallback(rc); ok {
			if raw, _ := v.rawNumber(); isInteger(raw) {
				return NumberBigInt, 0, 0, 0, nil
			}
			return NumberFloat, 0, 0, f, nil
		}
		return 0, 0, 0, 0, p.fail(rc)
	}
	r := p.res
	kind = NumberKind(r.Kind)
	if kind == NumberBigInt {
		// simdjson reports an integer beyond 64 bits without checking
		// what follows it: the text must be a number, then a delimiter
		// (at the root of a document, only whitespace).
		if _, err := v.rawNumber(); err != nil {
			return 0, 0, 0, 0, err
		}
	}
	switch kind {
	case NumberInt64:
		i = int64(r.U)
	case NumberUint64:
		u = r.U
	case NumberFloat:
		f = r.F
	}
	return kind, i, u, f, nil
}

// RawNumber returns the text of a number exactly as written (for integers
// beyond 64 bits, or to keep full precision), without copying: valid until
// the next Parse. The text is checked against JSON's number grammar.
func (v Value) RawNumber() ([]byte, error) {
	p, err := v.enter()
	if err != nil {
		return nil, err
	}
	defer p.exit()
	return v.rawNumber()
}

// rawNumber is RawNumber for a handle whose parser the caller holds.
func (v Value) rawNumber() ([]byte, error) {
	p := v.p
	in := p.input
	start := int(v.off())
	end := start
	for end < len(in) {
		c := in[end]
		if (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E' {
			end++
			continue
		}
		break
	}
	if end == start {
		return nil, &Error{Code: ErrIncorrectType, Offset: v.offset()}
	}
	// In a concatenated stream a document's root number may be followed
	// directly by the next document's token (123[1]).
	nextDoc := v.depth() == 1 && p.batch && p.idx != nil && v.tok < p.ntok && uint32(end) == p.nextOff(v.tok)
	if !text.IsNumber(in[start:end]) || (end < len(in) && !delimiter(in[end]) && !nextDoc) {
		return nil, &Error{Code: ErrNumber, Offset: v.offset()}
	}
	if v.depth() == 1 && !p.batch {
		// The root of a single document: nothing but whitespace may follow.
		for k := end; k < len(in); k++ {
			if !text.IsSpace(in[k]) {
				return nil, &Error{Code: ErrTrailingContent, Offset: int64(k) + p.base}
			}
		}
	}
	return in[start:end:end], nil
}

// isInteger reports whether a valid JSON number has no fraction or exponent.
func isInteger(b []byte) bool {
	return bytes.IndexAny(b, ".eE") < 0
}

// delimiter reports whether c may follow a value: JSON whitespace, a comma
// or a closing bracket.
func delimiter(c byte) bool { return text.IsSpace(c) || c == ',' || c == ']' || c == '}' }

// RawJSON returns the value's JSON text as it appears in the input, without
// copying (valid until the next Parse). For arrays and objects this skips
// over the contents, which stage 1 has checked for UTF-8 and string
// boundaries but which are otherwise not validated.
func (v Value) RawJSON() ([]byte, error) {
	p, err := v.enter()
	if err != nil {
		return nil, err
	}
	defer p.exit()
	return v.rawHeld()
}

// rawHeld is RawJSON for a handle whose parser the caller holds.
func (v Value) rawHeld() ([]byte, error) {
	p := v.p
	if rc := shim.Raw(p.nat.c, v.tok, v.depth()); rc != 0 {
		return nil, p.fail(rc)
	}
	in := p.input
	end := int(p.res.U)
	if end > len(in) {
		end = len(in)
	}
	for end > int(v.off()) && text.IsSpace(in[end-1]) {
		end--
	}
	return in[v.off():end:end], nil
}

// Object returns the value as an Object, or ErrIncorrectType.
func (v Value) Object() (Object, error) {
	p, err := v.enter()
	if err != nil {
		return Object{}, err
	}
	defer p.exit()
	if p.input[v.off()] != '{' {
		return Object{}, &Error{Code: ErrIncorrectType, Offset: v.offset()}
	}
	return Object{v}, nil
}

// Array returns the value as an Array, or ErrIncorrectType.
func (v Value) Array() (Array, error) {
	p, err := v.enter()
	if err != nil {
		return Array{}, err
	}
	defer p.exit()
	if p.input[v.off()] != '[' {
		return Array{}, &Error{Code: ErrIncorrectType, Offset: v.offset()}
	}
	return Array{v}, nil
}

// Count returns the number of fields of an object or elements of an array
// (one pass over the container).
func (v Value) Count() (int, error) {
	p, err := v.enter()
	if err != nil {
		return 0, err
	}
	defer p.exit()
	if rc := shim.Count(p.nat.c, v.tok, v.depth()); rc != 0 {
		return 0, p.fail(rc)
	}
	return int(p.res.U), nil
}

// intern returns key as a string, allocating only for keys not seen before.
func (p *Parser) intern(b []byte) string {
	if s, ok := p.keys[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(b) <= 256 {
		if p.keys == nil {
			p.keys = make(map[string]string, 64)
		}
		if len(p.keys) < 16384 {
			p.keys[s] = s
		}
	}
	return s
}

// reset forgets where the last lookup in the container v stopped.
func (v Value) reset() error {
	p, err := v.enter()
	if err != nil {
		return err
	}
	defer p.exit()
	if rc := shim.Reset(p.nat.c, v.tok, v.depth()); rc != 0 {
		return p.fail(rc)
	}
	runtime.KeepAlive(p)
	return nil
}

// Value returns the object as a Value.
func (o Object) Value() Value { return o.v }

// Err reports whether the handle is usable.
func (o Object) Err() error { return o.v.Err() }

// Field returns the value of key (see Value.Field).
func (o Object) Field(key string) (Value, error) { return o.v.Field(key) }

// FindField looks key up in document order (see Value.FindField).
func (o Object) FindField(key string) (Value, error) { return o.v.FindField(key) }

// Get follows a path of keys (see Value.Get).
func (o Object) Get(keys ...string) (Value, error) { return o.v.Get(keys...) }

// AtPointer follows a JSON pointer (see Value.AtPointer).
func (o Object) AtPointer(pointer string) (Value, error) { return o.v.AtPointer(pointer) }

// Count returns the number of fields.
func (o Object) Count() (int, error) { return o.v.Count() }

// RawJSON returns the object's JSON text (see Value.RawJSON).
func (o Object) RawJSON() ([]byte, error) { return o.v.RawJSON() }

// Reset makes the next FindField search from the first field again.
func (o Object) Reset() error { return o.v.reset() }

// Fields iterates over the object's fields in document order, one cgo call
// per field. Keys are interned: a key seen before costs no allocation. If the
// iteration fails (malformed JSON, stale handle), the last pair yielded has
// an empty key and a Value whose Err (and every getter) returns the error.
func (o Object) Fields() iter.Seq2[string, Value] {
	return func(yield func(string, Value) bool) {
		_ = iterate(o.v, true, true, func(_ []byte, key string, v Value) bool {
			if v.code() != 0 {
				return yield("", v)
			}
			return yield(key, v)
		})
	}
}

// ForEach calls fn for each field in document order until fn returns an
// error, which ForEach returns; it also returns any parse error. The key
// bytes are valid until the next Parse and must be copied to be kept.
func (o Object) ForEach(fn func(key []byte, v Value) error) error {
	return forEach(o.v, true, fn)
}

// forEach runs fn over a container's entries until it returns an error;
// fn's error wins over a parse error.
func forEach(v Value, obj bool, fn func(key []byte, v Value) error) error {
	var ferr error
	err := iterate(v, obj, false, func(key []byte, _ string, x Value) bool {
		if x.code() != 0 {
			return false
		}
		ferr = fn(key, x)
		return ferr == nil
	})
	if ferr != nil {
		return ferr
	}
	return err
}

// iterate walks the fields (obj) or elements of the container v, one cgo
// call per entry, yielding keys (nil for arrays; with intern, also as an
// interned string) and values; a failure is yielded as an error Value and
// returned. The parser is held for each step, not while yield runs: the
// loop's body may use it, and the next step then finds the handle stale.
func iterate(v Value, obj, intern bool, yield func(key []byte, skey string, v Value) bool) error {
	open, next := byte('['), shim.ArrNext
	if obj {
		open, next = '{', shim.ObjNext
	}
	fail := func(err error) error {
		yield(nil, "", errValue(err))
		return err
	}
	var prev uint32
	for first := true; ; first = false {
		p, err := v.enter()
		if err != nil { // the parser moved on inside the loop
			return fail(err)
		}
		if first && p.input[v.off()] != open {
			err := &Error{Code: ErrIncorrectType, Offset: v.offset()}
			p.exit()
			return fail(err)
		}
		rc := next(p.nat.c, v.tok, v.depth(), prev)
		if rc == shim.Done {
			p.exit()
			return nil
		}
		if rc != 0 {
			err := p.fail(rc)
			p.exit()
			return fail(err)
		}
		var key []byte
		var skey string
		if obj {
			key = unsafe.Slice((*byte)(p.res.Key), p.res.Klen)
			if intern {
				skey = p.intern(key)
			}
		}
		val := p.found()
		prev = val.tok
		p.exit()
		if !yield(key, skey, val) {
			return nil
		}
	}
}

// Value returns the array as a Value.
func (a Array) Value() Value { return a.v }

// Err reports whether the handle is usable.
func (a Array) Err() error { return a.v.Err() }

// Index returns element i (see Value.Index).
func (a Array) Index(i int) (Value, error) { return a.v.Index(i) }

// AtPointer follows a JSON pointer (see Value.AtPointer).
func (a Array) AtPointer(pointer string) (Value, error) { return a.v.AtPointer(pointer) }

// Count returns the number of elements.
func (a Array) Count() (int, error) { return a.v.Count() }

// RawJSON returns the array's JSON text (see Value.RawJSON).
func (a Array) RawJSON() ([]byte, error) { return a.v.RawJSON() }

// Reset makes the next Index walk from the first element again.
func (a Array) Reset() error { return a.v.reset() }

// Elements iterates over the elements with their indexes, one cgo call per
// element. If the iteration fails, the last pair yielded has index -1 and a
// Value whose Err returns the error.
func (a Array) Elements() iter.Seq2[int, Value] {
	return func(yield func(int, Value) bool) {
		i := 0
		_ = a.iterate(func(v Value) bool {
			if v.code() != 0 {
				return yield(-1, v)
			}
			ok := yield(i, v)
			i++
			return ok
		})
	}
}

// Values iterates over the elements (see Elements).
func (a Array) Values() iter.Seq[Value] {
	return func(yield func(Value) bool) { _ = a.iterate(yield) }
}

// ForEach calls fn for each element until fn returns an error, which ForEach
// returns; it also returns any parse error.
func (a Array) ForEach(fn func(i int, v Value) error) error {
	i := 0
	return forEach(a.v, false, func(_ []byte, v Value) error {
		err := fn(i, v)
		i++
		return err
	})
}

func (a Array) iterate(yield func(Value) bool) error {
	return iterate(a.v, false, false, func(_ []byte, _ string, v Value) bool { return yield(v) })
}
