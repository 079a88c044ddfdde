package simdjson

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/netip"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/structfields"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Decoding a handle's value into Go types (Value.Decode, MapDecode).
//
// The fast path walks simdjson's structural index in Go, as the lookups of
// lookup.go do: for an object it compares each key with the fields of the
// target struct (a plan per type, built once with internal/structfields'
// rules, which package json shares) and steps over a value no field
// declares in one move through the jump table the native walk filled, so
// an undeclared subtree is neither parsed nor walked in Go. It checks the
// grammar of every token it reads (colons, commas, literals, the number
// grammar, string escapes) and stores scalars straight into the target.
//
// Anything it does not decide alone (a type error, a syntax error, a
// ",string" field, a map with non-string keys, a non-empty interface, an
// Unmarshaler given null, a key matched only by Unicode case folding, a
// number out of range) sends the whole value to encoding/json's Unmarshal
// over the value's bytes (a view of the input, not a copy), whose result
// and error are then Decode's: package json, the drop-in, has the same
// semantics by construction, and the root package must not import it.
// Decoding the same JSON twice into a target leaves what decoding it once
// does, so the fast path's partial stores before the fallback are
// overwritten alike.
//
// That holds unless a user's UnmarshalJSON or UnmarshalText has run: a
// method may count, accumulate or panic. So a type that reaches one (other
// than the standard library's pure ones, pureMethods) is decoded in two
// passes: a dry one that stores nothing and calls nothing decides the
// fallback before any side effect, then an exact one that never falls back
// and returns a method's error as encoding/json would (decoder.exact).

var (
	unmarshalerType     = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[json.Number]()
)

// Decode stores the value into x, which must be a non-nil pointer, with
// encoding/json's Unmarshal semantics (package json's, the drop-in): struct
// tags, embedded structs, keys matched exactly and then case-insensitively,
// Number, RawMessage, Unmarshaler and TextUnmarshaler, the same values and
// the same errors, whose offsets (SyntaxError.Offset,
// UnmarshalTypeError.Offset) are counted in the input, as Offset counts.
// Only the fields x declares are read: the rest of the value is stepped
// over through simdjson's index, neither parsed nor copied.
//
// A field's UnmarshalJSON or UnmarshalText is called once, as
// encoding/json calls it; its error is Decode's (handled as the
// encoding/json of the Go release that built the program handles it), and
// its panic reaches the caller.
//
// Unlike json.Unmarshal, which checks the whole text before storing
// anything, Decode may have stored some fields when it reports a syntax
// error; and it reports one only where it reads: a malformed value inside
// a subtree that x does not declare, or a control character in a key that
// no field of x could match, goes unnoticed, as with every lazy read of
// this package (brackets are still checked to balance).
func (v Value) Decode(x any) error {
	p, err := v.enter()
	if err != nil {
		return err
	}
	defer p.exit()
	return v.decodeHeld(x)
}

// Decode stores the object into x, as Value.Decode does.
func (o Object) Decode(x any) error { return o.v.Decode(x) }

// Decode stores the array into x, as Value.Decode does.
func (a Array) Decode(x any) error { return a.v.Decode(x) }

// decodeHeld is Decode for a handle whose parser the caller holds.
func (v Value) decodeHeld(x any) error {
	rv := reflect.ValueOf(x)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &json.InvalidUnmarshalError{Type: reflect.TypeOf(x)}
	}
	return v.decodeInto(x, rv.Elem(), planFor(rv.Type().Elem()))
}

// decodeInto is decodeHeld for x, a non-nil pointer, whose target is rv
// (x's Elem) and pl its type's plan: MapDecode finds the two once per
// worker, not per line.
func (v Value) decodeInto(x any, rv reflect.Value, pl *plan) error {
	p := v.p
	if p.idx != nil && p.jump != nil && !(p.deadSet && p.deadGen == p.gen) && v.tok < p.ntok {
		d := decoder{p: p, in: p.input, n: p.ntok, buf: p.decBuf}
		defer func() {
			// Kept for the next Decode (a string is copied out of buf
			// before it is stored), unless one string made it large.
			if cap(d.buf) <= 64<<10 {
				p.decBuf = d.buf[:0]
			}
		}()
		if !pl.methods {
			if d.decode(v.tok, rv, pl) {
				return nil
			}
			return v.decodeSlow(x)
		}
		// A type with methods of its own: a dry pass decides, before any
		// method is called or anything stored, whether the fast path can
		// decode all of the value; then the real pass runs, which never
		// falls back (a method's error is Decode's, as encoding/json's).
		d.dry = true
		if d.decode(v.tok, rv, pl) {
			d.dry, d.exact, d.depth = false, true, 0
			d.stops, d.context = stdMethodErrors()
			ok := d.decode(v.tok, rv, pl)
			if d.err != nil {
				return d.err
			}
			if ok {
				return nil
			}
			if d.called {
				// The two passes disagreed after a method was called:
				// a fault of this file, which the tests count.
				decodeDivergences.Add(1)
			}
		}
	}
	return v.decodeSlow(x)
}

// stdMethodErrors reports how encoding/json treats an error returned by a
// field's UnmarshalJSON or UnmarshalText: whether it stops decoding there
// (Go 1.26's implementation; Go 1.27's, built on encoding/json/v2, records
// the first error and decodes the rest), and whether it names the field in
// a returned *UnmarshalTypeError (Go 1.26's addErrorContext). Asked once
// of the encoding/json this program was built with.
var stdMethodErrors = sync.OnceValues(func() (stops, context bool) {
	var x struct {
		A methodProbe
		B int
	}
	err := json.Unmarshal([]byte(`{"A":0,"B":1}`), &x)
	te, _ := err.(*json.UnmarshalTypeError)
	return x.B == 0, te != nil && te.Field != ""
})

// methodProbe's UnmarshalJSON fails (stdMethodErrors).
type methodProbe struct{}

func (*methodProbe) UnmarshalJSON([]byte) error { return &json.UnmarshalTypeError{Value: "probe"} }

// decodeSlow is the fallback: encoding/json over the value's bytes.
func (v Value) decodeSlow(x any) error {
	decodeFallbacks.Add(1)
	raw, err := v.rawHeld()
	if err != nil {
		return err
	}
	err = json.Unmarshal(raw, x)
	shiftOffset(err, v.offset())
	return err
}

// shiftOffset moves the offsets of encoding/json's errors by base bytes.
func shiftOffset(err error, base int64) {
	if base <= 0 {
		return
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		se.Offset += base
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		te.Offset += base
	}
}

// decoder walks the tokens of one value.
type decoder struct {
	p   *Parser
	in  []byte
	n   uint32
	buf []byte // unescaped strings and keys
	// depth counts the arrays and objects the walk is inside (see value).
	depth int

	// For a type with methods (plan.methods), two passes. The dry one
	// stores nothing and calls no method: where the target holds nothing
	// yet it walks a zero value (reflect.Zero) instead. The exact one
	// (after a dry pass that decided all) does not fall back: a method's
	// error is recorded in err, and stops the walk where encoding/json
	// stops (stops); fields holds the struct field names the walk is
	// inside, and strct the innermost struct, for encoding/json's error
	// context (context).
	dry, exact      bool
	stops, context  bool
	called, calling bool // a method has been called; one is running
	err             error
	fields          []string
	strct           reflect.Type
}

// decodeDivergences counts the values whose exact pass failed after a
// method was called although the dry pass had decided them (the tests
// check that it stays zero).
var decodeDivergences atomic.Int64

// maxDecodeDepth is encoding/json's nesting limit: a value nested deeper
// goes to the fallback, whose error ("exceeded max depth") is Decode's.
const maxDecodeDepth = 10000

// decode runs the fast path; false sends the value to the fallback (a
// panic of reflect's included: it cannot escape). A panic once a user's
// method has been called is left to reach the caller, as encoding/json
// leaves it, with its own stack: the fallback would call the method again.
func (d *decoder) decode(t uint32, rv reflect.Value, pl *plan) (ok bool) {
	defer func() {
		if d.called {
			return
		}
		if recover() != nil {
			ok = false
		}
	}()
	_, ok = d.value(t, rv, pl)
	return ok
}

// char returns the first byte of token t (t < d.n).
// (d.in is the parser's input, whose index the offsets are: as the lookups
// do, it is read without a bounds check.)
func (d *decoder) char(t uint32) byte { return d.p.tokChar(t) }

// scalar returns the text of the scalar at token t, without the whitespace
// after it.
func (d *decoder) scalar(t uint32) []byte {
	s, e := d.p.tokOff(t), d.p.nextOff(t)
	for e > s && text.IsSpace(d.in[e-1]) {
		e--
	}
	return d.in[s:e]
}

// str returns the contents of the string at token t, unescaped (into
// d.buf when it has escapes); ok is false when the token is no well-formed
// string.
func (d *decoder) str(t uint32) ([]byte, bool) {
	s := d.scalar(t)
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return nil, false
	}
	s = s[1 : len(s)-1]
	i := plainPrefix(s, false)
	if i == len(s) {
		return s, true
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			return d.unescape(s, i)
		}
		if c < ' ' || c == '"' {
			return nil, false
		}
	}
	return s, true
}

// string returns a Go copy of b, as package json's Unmarshal makes one: a
// short string is copied into a chunk of arenaChunk bytes that the
// parser's later Decodes share, so one allocation serves many strings. A
// string kept alive keeps its chunk alive (4 KiB at most).
func (d *decoder) string(b []byte) string {
	n := len(b)
	if n > arenaMaxString {
		return string(b)
	}
	if n == 0 {
		return ""
	}
	p := d.p
	off := len(p.arena)
	if off+n > cap(p.arena) {
		p.arena = make([]byte, 0, arenaChunk)
		off = 0
	}
	p.arena = p.arena[:off+n]
	dst := p.arena[off:]
	copy(dst, b)
	return unsafe.String(unsafe.SliceData(dst), n)
}

const (
	arenaChunk     = 4096
	arenaMaxString = 512
)

// plainPrefix returns the length of the prefix of s that holds no '"',
// '\\' or control character (nor, with ascii, a byte of 0x80 or more),
// eight bytes at a time.
func plainPrefix(s []byte, ascii bool) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	var hi uint64
	if ascii {
		hi = highs
	}
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := *(*uint64)(unsafe.Pointer(&s[i]))
		q := x ^ (ones * '"')
		b := x ^ (ones * '\\')
		m := ((x-ones*0x20)&^x | (q-ones)&^q | (b-ones)&^b) & highs
		if m|(x&hi) != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c == '"' || c == '\\' || (ascii && c >= utf8.RuneSelf) {
			break
		}
	}
	return i
}

// plainKey reports whether key, a view of d.in, holds no '\\' and no byte
// of 0x80 or more, a word at a time: a key shorter than a word is read in
// the word that ends where it ends (the bytes before it are the input's;
// one there that looks like a '\\' can only make the answer false, which
// sends the key to the careful path).
func (d *decoder) plainKey(key []byte) bool {
	n := len(key)
	p := unsafe.Pointer(unsafe.SliceData(key))
	end := unsafe.Add(p, n)
	switch {
	case n >= 8 && n <= 16:
		return word(p)|word(unsafe.Add(end, -8)) == 0
	case n > 16:
		for i := 0; i+8 < n; i += 8 {
			if word(unsafe.Add(p, i)) != 0 {
				return false
			}
		}
		return word(unsafe.Add(end, -8)) == 0
	case n == 0:
		return true
	}
	if uintptr(end)-uintptr(unsafe.Pointer(unsafe.SliceData(d.in))) < 8 {
		return plainPrefix(key, true) == n
	}
	return word(unsafe.Add(end, -8))&(^uint64(0)<<(8*(8-n))) == 0
}

// word returns the high bit of each byte of the word at p that is '\\' or
// of 0x80 or more (and, after a '\\', possibly of bytes above it).
func word(p unsafe.Pointer) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x := *(*uint64)(p)
	b := x ^ (ones * '\\')
	return (x | (b-ones)&^b) & highs
}

// key returns the raw bytes between the quotes of the key at token t
// (followed by the colon at t+1); ok is false when they are not quoted.
func (d *decoder) key(t uint32) ([]byte, bool) {
	s, e := d.p.tokOff(t), d.p.tokOff(t+1)
	in := d.in
	if e <= s || int(e) > len(in) {
		return nil, false
	}
	// Read without bounds checks: s < e <= len(in), as checked.
	at := func(i uint32) byte { return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(in)), i)) }
	if at(e-1) != '"' { // whitespace before the colon: rare
		for e > s && text.IsSpace(at(e-1)) {
			e--
		}
		if e < s+2 || at(e-1) != '"' {
			return nil, false
		}
	}
	if e < s+2 {
		return nil, false
	}
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(in)), s+1)), e-s-2), true
}

// unescape is str for a string with an escape at i: encoding/json's
// unquote (a lone surrogate becomes U+FFFD).
func (d *decoder) unescape(s []byte, i int) ([]byte, bool) {
	b := append(d.buf[:0], s[:i]...)
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\\':
			if i+1 >= len(s) {
				return nil, false
			}
			switch s[i+1] {
			case '"', '\\', '/', '\'':
				if s[i+1] == '\'' {
					return nil, false
				}
				b = append(b, s[i+1])
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := text.Hex4(s[i:])
				if !ok {
					return nil, false
				}
				i += 6
				if utf16.IsSurrogate(r) {
					if r1, ok := text.Hex4(s[i:]); ok {
						if dec := utf16.DecodeRune(r, r1); dec != unicode.ReplacementChar {
							i += 6
							b = utf8.AppendRune(b, dec)
							continue
						}
					}
					r = unicode.ReplacementChar
				}
				b = utf8.AppendRune(b, r)
				continue
			default:
				return nil, false
			}
			i += 2
		case c < ' ' || c == '"':
			return nil, false
		default:
			b = append(b, c)
			i++
		}
	}
	d.buf = b
	return b, true
}

// skip returns the token after the value at t: for a container, from the
// jump table; a scalar must still be one (not a stray delimiter).
func (d *decoder) skip(t uint32) (uint32, bool) {
	if t >= d.n {
		return 0, false
	}
	switch tokenClass[d.char(t)] {
	case classOpen:
		e, ok := d.p.after(t)
		if !ok || e > d.n {
			return 0, false
		}
		return e, true
	case classDelim:
		return 0, false
	}
	return t + 1, true
}

// tokenClass sorts a token's first byte for skip: a container's opening
// bracket, a delimiter (no value), or a scalar's first byte.
var tokenClass = [256]uint8{'{': classOpen, '[': classOpen, ',': classDelim, ':': classDelim, '}': classDelim, ']': classDelim}

const (
	classScalar = iota
	classOpen
	classDelim
)

// raw returns the text of the value at token t and the token after it.
func (d *decoder) raw(t uint32) ([]byte, uint32, bool) {
	e, ok := d.skip(t)
	if !ok {
		return nil, 0, false
	}
	switch d.char(t) {
	case '{', '[':
		return d.in[d.p.tokOff(t) : d.p.tokOff(e-1)+1], e, true
	}
	return d.scalar(t), e, true
}

// number returns the text of the number at token t (a view of the input),
// or "" (which strconv rejects) when it is no JSON number.
func (d *decoder) number(t uint32) string {
	s := d.scalar(t)
	if !text.IsNumber(s) {
		return ""
	}
	return unsafe.String(unsafe.SliceData(s), len(s))
}

// literal reports whether the scalar at t is exactly lit.
func (d *decoder) literal(t uint32, lit string) bool {
	return string(d.scalar(t)) == lit
}

// value decodes the value at token t into rv (settable) by plan pl and
// returns the token after it; ok is false when the fallback must decide.
func (d *decoder) value(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	if t < d.n {
		if c := d.char(t); c == '{' || c == '[' {
			// A container: one level deeper. (A pointer's target, or an
			// interface's walk, counts the same token again: past the
			// limit the fallback decides, so an overcount costs only
			// speed.)
			if d.depth++; d.depth > maxDecodeDepth {
				return 0, false
			}
			e, ok := d.valueIn(t, rv, pl)
			d.depth--
			return e, ok
		}
	}
	return d.valueIn(t, rv, pl)
}

// valueIn is value without the nesting count.
func (d *decoder) valueIn(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	if t >= d.n {
		return 0, false
	}
	c := d.char(t)
	if c == 'n' {
		if !d.literal(t, "null") {
			return 0, false
		}
		switch {
		case pl.kind == reflect.Pointer:
			rv.SetZero() // encoding/json stops at a settable pointer
			return t + 1, true
		case pl.unmarshaler:
			if !pl.named {
				return 0, false
			}
			if d.dry {
				return t + 1, true
			}
			if !d.method(rv.Addr(), d.scalar(t), false) {
				return 0, false
			}
			return t + 1, true
		case pl.text:
			return 0, false
		}
		switch pl.kind {
		case reflect.Interface:
			if !rv.IsNil() {
				if !d.exact || rv.Elem().Kind() == reflect.Pointer {
					return 0, false
				}
				// The exact pass finds a value it stored itself (a key
				// given twice, or two pointers to one struct): no
				// pointer, which encoding/json replaces.
				rv.SetZero()
			}
		case reflect.Pointer, reflect.Map, reflect.Slice:
			if !d.dry {
				rv.SetZero()
			}
		}
		return t + 1, true
	}
	if pl.slowMap {
		return 0, false
	}
	if pl.unmarshaler || pl.text {
		return d.custom(t, rv, pl)
	}
	switch pl.kind {
	case reflect.Pointer:
		if rv.IsNil() {
			if d.dry {
				return d.value(t, reflect.Zero(pl.typ.Elem()), pl.elem)
			}
			rv.Set(reflect.New(pl.typ.Elem()))
		}
		return d.value(t, rv.Elem(), pl.elem)
	case reflect.Struct, reflect.Map:
		if c != '{' {
			return 0, false
		}
		if pl.kind == reflect.Map {
			return d.mapValue(t, rv, pl)
		}
		return d.object(t, rv, pl)
	case reflect.Slice, reflect.Array:
		if c == '"' && pl.bytes {
			s, ok := d.str(t)
			if !ok {
				return 0, false
			}
			b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
			n, err := base64.StdEncoding.Decode(b, s)
			if err != nil {
				return 0, false
			}
			if !d.dry {
				rv.SetBytes(b[:n])
			}
			return t + 1, true
		}
		if c != '[' {
			return 0, false
		}
		return d.array(t, rv, pl)
	case reflect.Interface:
		if pl.typ.NumMethod() != 0 {
			return 0, false
		}
		if !rv.IsNil() && (!d.exact || rv.Elem().Kind() == reflect.Pointer) {
			// (The exact pass replaces a value it stored itself, as
			// encoding/json replaces a non-pointer: see the null case.)
			return 0, false
		}
		x, e, ok := d.any(t)
		if !ok {
			return 0, false
		}
		if !d.dry {
			if x != nil {
				rv.Set(reflect.ValueOf(x))
			} else {
				rv.SetZero()
			}
		}
		return e, true
	case reflect.String:
		if c == '"' {
			s, ok := d.str(t)
			if !ok || (pl.typ == numberType && !text.IsNumber(s)) {
				return 0, false
			}
			if !d.dry {
				rv.SetString(d.string(s))
			}
			return t + 1, true
		}
		if pl.typ == numberType && c != 't' && c != 'f' {
			s := d.scalar(t)
			if !text.IsNumber(s) {
				return 0, false
			}
			if !d.dry {
				rv.SetString(d.string(s))
			}
			return t + 1, true
		}
		return 0, false
	case reflect.Bool:
		switch {
		case c == 't' && d.literal(t, "true"):
			if !d.dry {
				rv.SetBool(true)
			}
		case c == 'f' && d.literal(t, "false"):
			if !d.dry {
				rv.SetBool(false)
			}
		default:
			return 0, false
		}
		return t + 1, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(d.number(t), 10, 64)
		if err != nil || rv.OverflowInt(n) {
			return 0, false
		}
		if !d.dry {
			rv.SetInt(n)
		}
		return t + 1, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(d.number(t), 10, 64)
		if err != nil || rv.OverflowUint(n) {
			return 0, false
		}
		if !d.dry {
			rv.SetUint(n)
		}
		return t + 1, true
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(d.number(t), pl.typ.Bits())
		if err != nil || rv.OverflowFloat(f) {
			return 0, false
		}
		if !d.dry {
			rv.SetFloat(f)
		}
		return t + 1, true
	}
	return 0, false
}

// custom decodes through the target's UnmarshalJSON (the value's bytes) or
// UnmarshalText (a string's contents).
func (d *decoder) custom(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	if pl.kind != reflect.Pointer && !pl.named {
		return 0, false
	}
	var raw []byte
	e := t + 1
	if pl.unmarshaler {
		var ok bool
		if raw, e, ok = d.raw(t); !ok {
			return 0, false
		}
	} else {
		var ok bool
		if d.char(t) != '"' {
			return 0, false
		}
		if raw, ok = d.str(t); !ok {
			return 0, false
		}
	}
	if d.dry {
		return e, true
	}
	target := rv
	if pl.kind == reflect.Pointer {
		if rv.IsNil() {
			rv.Set(reflect.New(pl.typ.Elem()))
		}
	} else {
		target = rv.Addr()
	}
	if !d.method(target, raw, pl.text) {
		return 0, false
	}
	return e, true
}

// method calls target's UnmarshalJSON (text: UnmarshalText) with b; false
// stops the walk. The fast pass calls none (a type with methods gets the
// dry and exact passes), unless its method is pure (pureMethods): then an
// error sends the value to the fallback, which calls it again to the same
// effect. The exact pass records the first error (with encoding/json's
// context) and goes on where encoding/json goes on.
func (d *decoder) method(target reflect.Value, b []byte, text bool) bool {
	if !d.exact {
		var err error
		if text {
			err = target.Interface().(encoding.TextUnmarshaler).UnmarshalText(b)
		} else {
			err = target.Interface().(json.Unmarshaler).UnmarshalJSON(b)
		}
		return err == nil
	}
	d.called, d.calling = true, true
	var err error
	if text {
		err = target.Interface().(encoding.TextUnmarshaler).UnmarshalText(b)
	} else {
		err = target.Interface().(json.Unmarshaler).UnmarshalJSON(b)
	}
	d.calling = false
	if err == nil {
		return true
	}
	if te, ok := err.(*json.UnmarshalTypeError); ok && d.context && d.strct != nil {
		// encoding/json (Go 1.26) names the field in the error, the
		// method's own Field after the path.
		fs := d.fields
		if te.Field != "" {
			fs = append(fs[:len(fs):len(fs)], te.Field)
		}
		te.Struct, te.Field = d.strct.Name(), strings.Join(fs, ".")
	}
	if d.err == nil {
		d.err = err
	}
	return !d.stops
}

// object decodes the object at t into the struct rv.
func (d *decoder) object(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	var ok bool
	t, empty := d.first(t, '}')
	if empty {
		return t, true
	}
	for {
		var f *planField
		exact := -1
		if pl.skipFast {
			var done bool
			if t, exact, done, ok = d.skipUnmatched(t, pl); !ok || done {
				return t, ok
			}
		}
		if exact >= 0 {
			// The key is this field's name, exactly (skipUnmatched
			// checked the member's key and colon).
			if f = &pl.fields[exact]; f.quoted {
				return 0, false
			}
		} else if !d.member(t) {
			return 0, false
		} else if f, ok = d.fieldFor(t, pl); !ok {
			return 0, false
		}
		var e uint32
		if f == nil {
			// A scalar (member checked t+2 < d.n) is one token; skip
			// steps over a container.
			if tokenClass[d.char(t+2)] == classScalar {
				e = t + 3
			} else if e, ok = d.skip(t + 2); !ok {
				return 0, false
			}
		} else {
			var fv reflect.Value
			if len(f.index) == 1 {
				fv = rv.Field(f.index[0])
			} else if fv, ok = d.fieldOf(rv, f.index); !ok {
				return 0, false
			}
			if d.exact {
				// encoding/json's error context: the field names from the
				// outermost struct, and the innermost struct (kept as
				// they are when the walk stops, as encoding/json does).
				n, st := len(d.fields), d.strct
				d.fields, d.strct = append(d.fields, f.name), pl.typ
				if e, ok = d.value(t+2, fv, f.plan); !ok {
					return 0, false
				}
				d.fields, d.strct = d.fields[:n], st
			} else if fp, c := f.plan, d.char(t+2); fp.direct == directStruct && c == '{' {
				// What value and valueIn do for a struct without
				// methods, without their dispatch.
				if d.depth++; d.depth > maxDecodeDepth {
					return 0, false
				}
				e, ok = d.object(t+2, fv, fp)
				if d.depth--; !ok {
					return 0, false
				}
			} else if fp.direct == directString && c == '"' {
				// ... and for a string.
				s, ok := d.str(t + 2)
				if !ok {
					return 0, false
				}
				if !d.dry {
					fv.SetString(d.string(s))
				}
				e = t + 3
			} else if e, ok = d.value(t+2, fv, fp); !ok {
				return 0, false
			}
		}
		var done bool
		if t, done, ok = d.next(e, '}'); !ok || done {
			return t, ok
		}
	}
}

// fieldFor finds the field of pl that the key of the member at t names:
// nil when none does; ok is false when the fallback must decide.
func (d *decoder) fieldFor(t uint32, pl *plan) (f *planField, ok bool) {
	// The key's bytes: at once when the colon follows its closing
	// quote (offsets from the index; s < e <= len(d.in) checked),
	// else by key().
	var key []byte
	quoted := false
	if s, e := d.p.tokOff(t), d.p.tokOff(t+1); e >= s+2 && int(e) <= len(d.in) &&
		*(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.in)), e-1)) == '"' {
		key, quoted = unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.in)), s+1)), e-s-2), true
	} else {
		key, quoted = d.key(t)
	}
	if quoted && len(pl.fields) <= 8 {
		// Compared raw: a name holds no '\\', '"', control or
		// non-ASCII byte (as fields are planned for this path), so a
		// raw key equal to one, exactly or by ASCII case, is that
		// name. A key with an escape or a non-ASCII byte may still
		// match once unescaped or folded, but only a shorter name.
		if n := uint(len(key)); n < 64 && pl.lens&(1<<n) == 0 {
			// No name of this length (fieldASCII's first test, here
			// without the call).
			if !pl.foldAll {
				return nil, false
			}
		} else if f, ok = pl.fieldASCII(key); !ok {
			return nil, false
		}
		if f == nil && len(key) > pl.minLen && pl.first[key[0]>>6]&(1<<(key[0]&63)) != 0 && !d.plainKey(key) {
			if key, ok = d.str(t); !ok {
				return nil, false
			}
			return pl.field(key)
		}
		return f, true
	}
	key, ok = d.str(t)
	if !ok {
		return nil, false
	}
	return pl.field(key)
}

// skipUnmatched steps over the members of the object at t (a member's
// token) whose key no field of pl can match, as object's loop would (pl
// has skipFast): a raw key with its closing quote right before the colon
// that is no name, exactly or by ASCII case (a key of a name's length is
// compared with the first eight bytes of each such name but for the bit
// that ASCII case folding flips), and that cannot be the escaped or
// Unicode-folded spelling of one either (plan.first and plainKey, for a
// key longer than the shortest name). It returns the token of the first
// member it leaves to object's loop, with the index of the field whose
// name that member's key is exactly (-1: object's loop looks the key up),
// or (done) the token after the object; ok is false where object's loop
// would fail. One loop, with the index, the input and the jump table in
// locals: most keys of a struct's object are not its fields (a GitHub
// event's repository object has about eighty keys).
//
// The checks are object's loop's; the 8-byte reads of a key stay in the
// input (s+9 <= len(d.in); the tail word ends where the key ends).
func (d *decoder) skipUnmatched(t uint32, pl *plan) (uint32, int, bool, bool) {
	in := unsafe.Pointer(unsafe.SliceData(d.in))
	nin := uint32(len(d.in))
	p := d.p
	idx := p.idx
	n := d.n
	// The jump table is read here as after() reads it, once after() has
	// marked the document's table as used (Parse's heuristic): until then
	// epoch matches no entry. (Few locals: the loop keeps them in
	// registers.)
	jump, epoch := p.jump, uint64(1)<<32
	if p.jumpSet && p.jumpGen == p.gen {
		epoch = uint64(p.epoch)
	}
	off := func(t uint32) uint32 { return *(*uint32)(unsafe.Add(idx, uintptr(t)*4)) }
	at := func(i uint32) byte { return *(*byte)(unsafe.Add(in, i)) }
	for {
		if t+2 >= n {
			return t, -1, false, true
		}
		// The key's quotes and the colon right after it ('"', then '"'
		// and ':' read as one little-endian pair).
		s, e := off(t), off(t+1)
		if e < s+2 || e >= nin || at(s) != '"' || *(*uint16)(unsafe.Add(in, e-1)) != '"'|':'<<8 {
			return t, -1, false, true
		}
		k := e - s - 2
		if k >= 64 {
			return t, -1, false, true
		}
		if pl.lens&(1<<k) != 0 {
			// A name has this length: the key's first eight bytes
			// against each such name's, but for the bit that ASCII case
			// folding flips. Equal there: the field when the key is its
			// name exactly (up to 16 bytes: also the last eight), else
			// object's loop decides.
			if s+9 > nin {
				return t, -1, false, true
			}
			w := *(*uint64)(unsafe.Add(in, s+1))
			for i := range pl.words {
				if nw := &pl.words[i]; nw.n == k && (w^nw.word)&nw.mask == 0 {
					if k <= 8 && (w^nw.word)&nw.full == 0 ||
						k <= 16 && w == nw.word && *(*uint64)(unsafe.Add(in, s+1+k-8)) == nw.tail {
						return t, i, false, true
					}
					return t, -1, false, true
				}
			}
		}
		if c := at(s + 1); int(k) > pl.minLen && pl.first[c>>6]&(1<<(c&63)) != 0 &&
			!d.plainKey(unsafe.Slice((*byte)(unsafe.Add(in, s+1)), k)) {
			return t, -1, false, true
		}
		v := t + 2
		switch tokenClass[at(off(v))] {
		case classScalar:
			e = v + 1
		case classOpen:
			if j := *(*uint64)(unsafe.Add(jump, uintptr(v)*8)); j>>32 == epoch {
				e = uint32(j) + 1
			} else {
				var ok bool
				if e, ok = d.p.after(v); !ok {
					return 0, -1, false, false
				}
				if d.p.jumpSet && d.p.jumpGen == d.p.gen {
					epoch = uint64(d.p.epoch)
				}
			}
			if e > n {
				return 0, -1, false, false
			}
		default:
			return 0, -1, false, false
		}
		if e >= n {
			return 0, -1, false, false
		}
		switch at(off(e)) {
		case ',':
			t = e + 1
		case '}':
			return e + 1, -1, true, true
		default:
			return 0, -1, false, false
		}
	}
}

// first returns the token of the first member of the container at t, or
// (empty) the token after the container when it closes at once.
func (d *decoder) first(t uint32, close byte) (uint32, bool) {
	t++
	if t < d.n && d.char(t) == close {
		return t + 1, true
	}
	return t, false
}

// member reports whether token t starts an object's member: a key and its
// colon.
func (d *decoder) member(t uint32) bool {
	return t+2 < d.n && d.char(t) == '"' && d.char(t+1) == ':'
}

// next steps over the delimiter at token e, after a member of a container
// that close closes: the next member's token, or (done) the token after
// the container; ok is false for anything but ',' or close.
func (d *decoder) next(e uint32, close byte) (t uint32, done, ok bool) {
	if e < d.n {
		switch d.char(e) {
		case ',':
			return e + 1, false, true
		case close:
			return e + 1, true, true
		}
	}
	return 0, false, false
}

// fieldOf returns the field at index path idx of struct rv, allocating
// embedded pointers on the way (ok false for a nil embedded pointer to an
// unexported struct, encoding/json's error; the dry pass walks a zero
// struct instead).
func (d *decoder) fieldOf(rv reflect.Value, idx []int) (reflect.Value, bool) {
	for i, k := range idx {
		if i > 0 && rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				// (CanInterface: not reached through an unexported
				// field, which is CanSet for an addressable rv, and
				// also answers for the dry pass's zero values.)
				if !rv.CanInterface() {
					return reflect.Value{}, false
				}
				if d.dry {
					rv = reflect.Zero(rv.Type().Elem()).Field(k)
					continue
				}
				rv.Set(reflect.New(rv.Type().Elem()))
			}
			rv = rv.Elem()
		}
		rv = rv.Field(k)
	}
	return rv, true
}

// mapValue decodes the object at t into the map rv (string keys).
func (d *decoder) mapValue(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	var elem reflect.Value
	if d.dry {
		elem = reflect.Zero(pl.elem.typ)
	} else {
		if rv.IsNil() {
			rv.Set(reflect.MakeMap(pl.typ))
		}
		elem = reflect.New(pl.elem.typ).Elem()
	}
	t, empty := d.first(t, '}')
	if empty {
		return t, true
	}
	for {
		if !d.member(t) {
			return 0, false
		}
		key, ok := d.str(t)
		if !ok {
			return 0, false
		}
		var e uint32
		if d.dry {
			if e, ok = d.value(t+2, elem, pl.elem); !ok {
				return 0, false
			}
		} else {
			k := reflect.ValueOf(d.string(key))
			if pl.key != k.Type() {
				k = k.Convert(pl.key)
			}
			elem.SetZero()
			if e, ok = d.value(t+2, elem, pl.elem); !ok {
				return 0, false
			}
			rv.SetMapIndex(k, elem)
		}
		var done bool
		if t, done, ok = d.next(e, '}'); !ok || done {
			return t, ok
		}
	}
}

// array decodes the array at t into the slice or array rv, as
// encoding/json does (a slice's elements are decoded in place).
func (d *decoder) array(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	if d.dry {
		return d.arrayDry(t, rv, pl)
	}
	i := 0
	slice := pl.kind == reflect.Slice
	t, empty := d.first(t, ']')
	if !empty {
		for {
			var e uint32
			var ok bool
			if slice {
				if i >= rv.Cap() {
					rv.Grow(1)
				}
				if i >= rv.Len() {
					rv.SetLen(i + 1)
				}
			}
			if i < rv.Len() {
				e, ok = d.value(t, rv.Index(i), pl.elem)
			} else {
				e, ok = d.skip(t)
			}
			if !ok {
				return 0, false
			}
			i++
			var done bool
			if t, done, ok = d.next(e, ']'); !ok {
				return 0, false
			} else if done {
				break
			}
		}
	}
	if i < rv.Len() {
		if slice {
			rv.SetLen(i)
		} else {
			for ; i < rv.Len(); i++ {
				rv.Index(i).SetZero()
			}
		}
	}
	if i == 0 && slice {
		rv.Set(reflect.MakeSlice(pl.typ, 0, 0))
	}
	return t, true
}

// arrayDry is array for the dry pass: the elements array would decode
// into are those rv holds (a slice's up to its capacity, which array
// exposes) and zero values past them.
func (d *decoder) arrayDry(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	i := 0
	slice := pl.kind == reflect.Slice
	if slice {
		rv = rv.Slice(0, rv.Cap())
	}
	t, empty := d.first(t, ']')
	if empty {
		return t, true
	}
	for {
		var e uint32
		var ok bool
		switch {
		case i < rv.Len():
			e, ok = d.value(t, rv.Index(i), pl.elem)
		case slice:
			e, ok = d.value(t, reflect.Zero(pl.elem.typ), pl.elem)
		default:
			e, ok = d.skip(t)
		}
		if !ok {
			return 0, false
		}
		i++
		var done bool
		if t, done, ok = d.next(e, ']'); !ok || done {
			return t, ok
		}
	}
}

// any decodes the value at t as encoding/json does into an empty interface.
func (d *decoder) any(t uint32) (any, uint32, bool) {
	if t < d.n {
		if c := d.char(t); c == '{' || c == '[' {
			if d.depth++; d.depth > maxDecodeDepth {
				return nil, 0, false
			}
			x, e, ok := d.anyIn(t)
			d.depth--
			return x, e, ok
		}
	}
	return d.anyIn(t)
}

// anyIn is any without the nesting count.
func (d *decoder) anyIn(t uint32) (any, uint32, bool) {
	if t >= d.n {
		return nil, 0, false
	}
	switch c := d.char(t); c {
	case '{':
		m := map[string]any{}
		t, empty := d.first(t, '}')
		if empty {
			return m, t, true
		}
		for {
			if !d.member(t) {
				return nil, 0, false
			}
			key, ok := d.str(t)
			if !ok {
				return nil, 0, false
			}
			k := d.string(key)
			x, e, ok := d.any(t + 2)
			if !ok {
				return nil, 0, false
			}
			m[k] = x
			var done bool
			if t, done, ok = d.next(e, '}'); !ok || done {
				return m, t, ok
			}
		}
	case '[':
		a := []any{}
		t, empty := d.first(t, ']')
		if empty {
			return a, t, true
		}
		for {
			x, e, ok := d.any(t)
			if !ok {
				return nil, 0, false
			}
			a = append(a, x)
			var done bool
			if t, done, ok = d.next(e, ']'); !ok || done {
				return a, t, ok
			}
		}
	case '"':
		s, ok := d.str(t)
		if !ok {
			return nil, 0, false
		}
		return d.string(s), t + 1, true
	case 't', 'f', 'n':
		switch string(d.scalar(t)) {
		case "true":
			return true, t + 1, true
		case "false":
			return false, t + 1, true
		case "null":
			return nil, t + 1, true
		}
		return nil, 0, false
	default:
		f, err := strconv.ParseFloat(d.number(t), 64)
		if err != nil {
			return nil, 0, false
		}
		return f, t + 1, true
	}
}

// plan is what the decoder needs to know of a type, built once per type.
type plan struct {
	typ         reflect.Type
	kind        reflect.Kind
	named       bool // a named type: encoding/json looks for methods on its address
	unmarshaler bool // *typ (or typ, a pointer) implements json.Unmarshaler
	text        bool // ... or encoding.TextUnmarshaler
	bytes       bool // a []byte (base64 from a string)
	methods     bool // a value of typ may reach a user's UnmarshalJSON or UnmarshalText (not a pureMethods one)
	slowMap     bool // a map whose keys are not strings (the fallback's)
	elem        *plan
	key         reflect.Type // a map's key type
	// direct: a struct or string type that valueIn decodes with no
	// method, Number or null case of its own once the value's first byte
	// is '{' or '"': object's loop calls object or str at once.
	direct uint8

	// A struct's fields, in index order.
	fields  []planField
	byName  map[string]int
	foldAll bool // every name is plain ASCII: keys compare by ASCII case folding
	// skipFast: object's loop steps over unmatched keys in skipUnmatched
	// (foldAll, and at most eight fields: the raw comparison's case).
	skipFast bool
	words    []nameWord // skipUnmatched's: each name's first eight bytes
	minLen   int        // the shortest name's length
	lens     uint64     // bit n: a name of n bytes (n < 64); bit 63 also for longer ones
	// first: the bytes a key that matches a name only once unescaped or
	// Unicode-folded can start with: a name's first byte in either ASCII
	// case, '\\', and every byte of 0x80 or more.
	first [4]uint64
}

const (
	directNone = iota
	directStruct
	directString
)

// nameWord is a field name's first eight bytes (as a little-endian word)
// for skipUnmatched: a key of n bytes whose first bytes differ from word
// under mask (the name's bytes but for 0x20, the bit ASCII case folding
// flips) is not that name, exactly or folded.
// full masks the name's bytes of word, and tail holds the last eight bytes
// of a name of 9 to 16 bytes: equal under full (and tail), the key is that
// name.
type nameWord struct {
	n                      uint32
	word, mask, full, tail uint64
}

type planField struct {
	name   string
	index  []int
	quoted bool
	plan   *plan
}

// field finds the field a key names: nil when none does; ok is false when
// the fallback must decide (a ",string" field, a key only Unicode case
// folding could match).
func (pl *plan) field(key []byte) (*planField, bool) {
	if i, ok := pl.byName[string(key)]; ok {
		f := &pl.fields[i]
		return f, !f.quoted
	}
	ascii := true
	for _, c := range key {
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii || !pl.foldAll {
		if len(pl.fields) == 0 {
			return nil, true
		}
		return nil, false
	}
	var fold *planField
	for i := range pl.fields {
		f := &pl.fields[i]
		if equalFoldASCII(f.name, key) {
			if fold != nil {
				return nil, false // two names match but for case: see fieldASCII
			}
			fold = f
		}
	}
	if fold != nil {
		return fold, !fold.quoted
	}
	return nil, true
}

// fieldASCII is field for a key of plain ASCII: an exact match, else the
// first field whose name matches by ASCII case folding.
func (pl *plan) fieldASCII(key []byte) (*planField, bool) {
	if n := uint(len(key)); n < 64 && pl.lens&(1<<n) == 0 {
		return nil, pl.foldAll // no name of this length
	}
	var fold *planField
	for i := range pl.fields {
		f := &pl.fields[i]
		if len(f.name) != len(key) {
			continue
		}
		if f.name == string(key) {
			return f, !f.quoted
		}
		if pl.foldAll && equalFoldASCII(f.name, key) {
			if fold != nil {
				// Two names match but for case: encoding/json's choice
				// differs between its versions (the first, or the v2
				// implementation's); the fallback makes it.
				return nil, false
			}
			fold = f
		}
	}
	if fold == nil {
		// A name not in ASCII may still match by Unicode folding.
		return nil, pl.foldAll
	}
	return fold, !fold.quoted
}

func equalFoldASCII(s string, b []byte) bool {
	if len(s) != len(b) {
		return false
	}
	for i := 0; i < len(b); i++ {
		x, y := s[i], b[i]
		if x == y {
			continue
		}
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// decodeFallbacks counts the values Decode sent to encoding/json (the
// tests check that the fast path decides the ordinary ones).
var decodeFallbacks atomic.Int64

var (
	plans   sync.Map // reflect.Type -> *plan
	plansMu sync.Mutex
)

// planFor returns the plan of type t.
func planFor(t reflect.Type) *plan {
	if pl, ok := plans.Load(t); ok {
		return pl.(*plan)
	}
	plansMu.Lock()
	defer plansMu.Unlock()
	building := map[reflect.Type]*plan{}
	pl := buildPlan(t, building)
	for _, bp := range building {
		bp.methods = reachesMethods(bp, map[*plan]bool{})
	}
	for bt, bp := range building {
		plans.LoadOrStore(bt, bp)
	}
	return pl
}

// pureMethods are the types of the standard library whose UnmarshalJSON
// or UnmarshalText only stores what its bytes say (or fails with no other
// effect): calling one twice is calling it once, so a type whose methods
// are all of these keeps the one-pass fast path.
var pureMethods = map[reflect.Type]bool{
	reflect.TypeFor[json.RawMessage](): true,
	reflect.TypeFor[time.Time]():       true,
	reflect.TypeFor[netip.Addr]():      true,
	reflect.TypeFor[netip.AddrPort]():  true,
	reflect.TypeFor[netip.Prefix]():    true,
}

// reachesMethods reports whether decoding into pl may call a method not
// in pureMethods (seen guards the cycles of recursive types).
func reachesMethods(pl *plan, seen map[*plan]bool) bool {
	if seen[pl] {
		return false
	}
	seen[pl] = true
	if pl.unmarshaler || pl.text {
		t := pl.typ
		if t.Kind() == reflect.Pointer && !pureMethods[t] {
			t = t.Elem()
		}
		return !pureMethods[t]
	}
	if pl.elem != nil && reachesMethods(pl.elem, seen) {
		return true
	}
	for i := range pl.fields {
		if reachesMethods(pl.fields[i].plan, seen) {
			return true
		}
	}
	return false
}

func buildPlan(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if pl, ok := plans.Load(t); ok {
		return pl.(*plan)
	}
	if pl, ok := building[t]; ok {
		return pl
	}
	pl := &plan{typ: t, kind: t.Kind(), named: t.Name() != ""}
	building[t] = pl
	if t.Kind() == reflect.Pointer {
		pl.unmarshaler = t.Implements(unmarshalerType)
		pl.text = !pl.unmarshaler && t.Implements(textUnmarshalerType)
	} else {
		pt := reflect.PointerTo(t)
		pl.unmarshaler = pt.Implements(unmarshalerType)
		pl.text = !pl.unmarshaler && pt.Implements(textUnmarshalerType)
	}
	if !pl.unmarshaler && !pl.text {
		switch {
		case t.Kind() == reflect.Struct:
			pl.direct = directStruct
		case t.Kind() == reflect.String && t != numberType:
			pl.direct = directString
		}
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		pl.elem = buildPlan(t.Elem(), building)
		pl.bytes = t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8 && !reflect.PointerTo(t.Elem()).Implements(unmarshalerType) && !reflect.PointerTo(t.Elem()).Implements(textUnmarshalerType)
	case reflect.Map:
		kt := t.Key()
		if kt.Kind() != reflect.String || reflect.PointerTo(kt).Implements(textUnmarshalerType) {
			pl.slowMap = true // the fallback decodes other keys
		}
		pl.key = kt
		pl.elem = buildPlan(t.Elem(), building)
	case reflect.Struct:
		fs := structfields.Fields(t)
		pl.fields = make([]planField, len(fs))
		pl.byName = make(map[string]int, len(fs))
		pl.foldAll = true
		pl.first[2], pl.first[3] = ^uint64(0), ^uint64(0) // 0x80 and above
		pl.first['\\'>>6] |= 1 << ('\\' & 63)
		for i, f := range fs {
			ft := t.FieldByIndex(f.Index).Type
			pl.fields[i] = planField{name: f.Name, index: f.Index, quoted: f.Quoted}
			pl.byName[f.Name] = i
			if plainPrefix([]byte(f.Name), true) != len(f.Name) {
				pl.foldAll = false
			}
			pl.lens |= 1 << min(len(f.Name), 63)
			if f.Name != "" {
				for _, c := range []byte{f.Name[0], byte(unicode.ToUpper(rune(f.Name[0]))), byte(unicode.ToLower(rune(f.Name[0])))} {
					pl.first[c>>6] |= 1 << (c & 63)
				}
			}
			if i == 0 || len(f.Name) < pl.minLen {
				pl.minLen = len(f.Name)
			}
			pl.fields[i].plan = buildPlan(ft, building)
		}
		pl.skipFast = pl.foldAll && len(pl.fields) <= 8
		if pl.skipFast {
			pl.words = make([]nameWord, len(fs))
			for i, f := range fs {
				nw := nameWord{n: uint32(len(f.Name))}
				for j := 0; j < len(f.Name) && j < 8; j++ {
					nw.word |= uint64(f.Name[j]) << (8 * j)
					nw.mask |= uint64(0xff&^0x20) << (8 * j)
					nw.full |= uint64(0xff) << (8 * j)
				}
				if n := len(f.Name); n > 8 && n <= 16 {
					for j := 0; j < 8; j++ {
						nw.tail |= uint64(f.Name[n-8+j]) << (8 * j)
					}
				}
				pl.words[i] = nw
			}
		}
	}
	return pl
}
