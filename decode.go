package simdjson

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"sync"
	"sync/atomic"
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
	p := v.p
	if p.idx != nil && p.jump != nil && !(p.deadSet && p.deadGen == p.gen) && v.tok < p.ntok {
		d := decoder{p: p, in: p.input, n: p.ntok}
		if d.decode(v.tok, rv.Elem(), planFor(rv.Type().Elem())) {
			return nil
		}
	}
	return v.decodeSlow(x)
}

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
}

// maxDecodeDepth is encoding/json's nesting limit: a value nested deeper
// goes to the fallback, whose error ("exceeded max depth") is Decode's.
const maxDecodeDepth = 10000

// decode runs the fast path; false sends the value to the fallback (a
// panic of reflect's included: it cannot escape).
func (d *decoder) decode(t uint32, rv reflect.Value, pl *plan) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_, ok = d.value(t, rv, pl)
	return ok
}

// char returns the first byte of token t (t < d.n).
func (d *decoder) char(t uint32) byte { return d.in[d.p.tokOff(t)] }

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

// key returns the raw bytes between the quotes of the key at token t
// (followed by the colon at t+1); ok is false when they are not quoted.
func (d *decoder) key(t uint32) ([]byte, bool) {
	s, e := d.p.tokOff(t), d.p.tokOff(t+1)
	in := d.in
	for e > s && text.IsSpace(in[e-1]) {
		e--
	}
	if e < s+2 || in[e-1] != '"' {
		return nil, false
	}
	return in[s+1 : e-1], true
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
	switch d.char(t) {
	case '{', '[':
		e, ok := d.p.after(t)
		if !ok || e > d.n {
			return 0, false
		}
		return e, true
	case ',', ':', '}', ']':
		return 0, false
	}
	return t + 1, true
}

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
			if err := rv.Addr().Interface().(json.Unmarshaler).UnmarshalJSON(d.scalar(t)); err != nil {
				return 0, false
			}
			return t + 1, true
		case pl.text:
			return 0, false
		}
		switch pl.kind {
		case reflect.Interface:
			if !rv.IsNil() {
				return 0, false
			}
		case reflect.Pointer, reflect.Map, reflect.Slice:
			rv.SetZero()
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
			rv.SetBytes(b[:n])
			return t + 1, true
		}
		if c != '[' {
			return 0, false
		}
		return d.array(t, rv, pl)
	case reflect.Interface:
		if pl.typ.NumMethod() != 0 || !rv.IsNil() {
			return 0, false
		}
		x, e, ok := d.any(t)
		if !ok {
			return 0, false
		}
		if x != nil {
			rv.Set(reflect.ValueOf(x))
		}
		return e, true
	case reflect.String:
		if c == '"' {
			s, ok := d.str(t)
			if !ok || (pl.typ == numberType && !text.IsNumber(s)) {
				return 0, false
			}
			rv.SetString(string(s))
			return t + 1, true
		}
		if pl.typ == numberType && c != 't' && c != 'f' {
			s := d.scalar(t)
			if !text.IsNumber(s) {
				return 0, false
			}
			rv.SetString(string(s))
			return t + 1, true
		}
		return 0, false
	case reflect.Bool:
		switch {
		case c == 't' && d.literal(t, "true"):
			rv.SetBool(true)
		case c == 'f' && d.literal(t, "false"):
			rv.SetBool(false)
		default:
			return 0, false
		}
		return t + 1, true
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(d.number(t), 10, 64)
		if err != nil || rv.OverflowInt(n) {
			return 0, false
		}
		rv.SetInt(n)
		return t + 1, true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n, err := strconv.ParseUint(d.number(t), 10, 64)
		if err != nil || rv.OverflowUint(n) {
			return 0, false
		}
		rv.SetUint(n)
		return t + 1, true
	case reflect.Float32, reflect.Float64:
		f, err := strconv.ParseFloat(d.number(t), pl.typ.Bits())
		if err != nil || rv.OverflowFloat(f) {
			return 0, false
		}
		rv.SetFloat(f)
		return t + 1, true
	}
	return 0, false
}

// custom decodes through the target's UnmarshalJSON (the value's bytes) or
// UnmarshalText (a string's contents).
func (d *decoder) custom(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	target := rv
	if pl.kind == reflect.Pointer {
		if rv.IsNil() {
			rv.Set(reflect.New(pl.typ.Elem()))
		}
	} else {
		if !pl.named {
			return 0, false
		}
		target = rv.Addr()
	}
	if pl.unmarshaler {
		raw, e, ok := d.raw(t)
		if !ok || target.Interface().(json.Unmarshaler).UnmarshalJSON(raw) != nil {
			return 0, false
		}
		return e, true
	}
	if d.char(t) != '"' {
		return 0, false
	}
	s, ok := d.str(t)
	if !ok || target.Interface().(encoding.TextUnmarshaler).UnmarshalText(s) != nil {
		return 0, false
	}
	return t + 1, true
}

// object decodes the object at t into the struct rv.
func (d *decoder) object(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
	var ok bool
	t, empty := d.first(t, '}')
	if empty {
		return t, true
	}
	for {
		if !d.member(t) {
			return 0, false
		}
		var f *planField
		if key, quoted := d.key(t); quoted && len(pl.fields) <= 8 {
			// Compared raw: a name holds no '\\', '"', control or
			// non-ASCII byte (as fields are planned for this path), so a
			// raw key equal to one, exactly or by ASCII case, is that
			// name. A key with an escape or a non-ASCII byte may still
			// match once unescaped or folded, but only a shorter name.
			if f, ok = pl.fieldASCII(key); !ok {
				return 0, false
			}
			if f == nil && len(key) > pl.minLen && plainPrefix(key, true) != len(key) {
				if key, ok = d.str(t); !ok {
					return 0, false
				}
				if f, ok = pl.field(key); !ok {
					return 0, false
				}
			}
		} else {
			key, ok := d.str(t)
			if !ok {
				return 0, false
			}
			if f, ok = pl.field(key); !ok {
				return 0, false
			}
		}
		var e uint32
		if f == nil {
			if e, ok = d.skip(t + 2); !ok {
				return 0, false
			}
		} else {
			fv, ok := fieldOf(rv, f.index)
			if !ok {
				return 0, false
			}
			if e, ok = d.value(t+2, fv, f.plan); !ok {
				return 0, false
			}
		}
		var done bool
		if t, done, ok = d.next(e, '}'); !ok || done {
			return t, ok
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
// unexported struct, encoding/json's error).
func fieldOf(rv reflect.Value, idx []int) (reflect.Value, bool) {
	for i, k := range idx {
		if i > 0 && rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				if !rv.CanSet() {
					return reflect.Value{}, false
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
	if rv.IsNil() {
		rv.Set(reflect.MakeMap(pl.typ))
	}
	elem := reflect.New(pl.elem.typ).Elem()
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
		k := reflect.ValueOf(string(key))
		if pl.key != k.Type() {
			k = k.Convert(pl.key)
		}
		elem.SetZero()
		e, ok := d.value(t+2, elem, pl.elem)
		if !ok {
			return 0, false
		}
		rv.SetMapIndex(k, elem)
		var done bool
		if t, done, ok = d.next(e, '}'); !ok || done {
			return t, ok
		}
	}
}

// array decodes the array at t into the slice or array rv, as
// encoding/json does (a slice's elements are decoded in place).
func (d *decoder) array(t uint32, rv reflect.Value, pl *plan) (uint32, bool) {
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
			k := string(key)
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
		return string(s), t + 1, true
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
	slowMap     bool // a map whose keys are not strings (the fallback's)
	elem        *plan
	key         reflect.Type // a map's key type

	// A struct's fields, in index order.
	fields  []planField
	byName  map[string]int
	foldAll bool // every name is plain ASCII: keys compare by ASCII case folding
	minLen  int  // the shortest name's length
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
	for bt, bp := range building {
		plans.LoadOrStore(bt, bp)
	}
	return pl
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
		for i, f := range fs {
			ft := t.FieldByIndex(f.Index).Type
			pl.fields[i] = planField{name: f.Name, index: f.Index, quoted: f.Quoted}
			pl.byName[f.Name] = i
			if plainPrefix([]byte(f.Name), true) != len(f.Name) {
				pl.foldAll = false
			}
			if i == 0 || len(f.Name) < pl.minLen {
				pl.minLen = len(f.Name)
			}
			pl.fields[i].plan = buildPlan(ft, building)
		}
	}
	return pl
}
