package json

import (
	"encoding"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// encFn writes the value at p. fl: flQuoted (a ",string" field) and flAddr
// (the value is addressable as encoding/json sees it: reached through a
// pointer or a slice, so that pointer-receiver methods apply).
type encFn func(e *encState, p unsafe.Pointer, fl uint8)

const (
	flQuoted uint8 = 1 << iota
	flAddr
)

// typeEnc is the cached encoder of one Go type.
type typeEnc struct {
	t      reflect.Type
	typ    unsafe.Pointer // the type word of an interface holding a t
	direct bool           // an interface holding a t holds the value itself
	fn     encFn
	// sl: for a struct type without methods that change its encoding,
	// its fields, which fn writes: callers write them directly, without
	// fn's call (set while fn is built: read it when writing, not when
	// building another encoder, which may be under way for a recursive
	// type).
	sl *structLists
}

var (
	encCache  sync.Map // reflect.Type → *typeEnc
	encByWord sync.Map // type word → *typeEnc, for the dynamic types of interfaces
	encMu     sync.Mutex
	// encBuilding holds the encoders under construction (encMu held), so
	// that recursive types refer to themselves.
	encBuilding = map[reflect.Type]*typeEnc{}
)

var (
	marshalerType     = reflect.TypeFor[Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
)

// encoderOf returns the encoder of x's dynamic type, whose type word is typ.
func encoderOf(typ unsafe.Pointer, x any) *typeEnc {
	if te, ok := encByWord.Load(typ); ok {
		return te.(*typeEnc)
	}
	te := typeEncoder(reflect.TypeOf(x))
	encByWord.Store(typ, te)
	return te
}

// typeEncoder returns t's encoder, building it once.
func typeEncoder(t reflect.Type) *typeEnc {
	if te, ok := encCache.Load(t); ok {
		return te.(*typeEnc)
	}
	encMu.Lock()
	defer encMu.Unlock()
	return typeEncoderLocked(t)
}

func typeEncoderLocked(t reflect.Type) *typeEnc {
	if te, ok := encCache.Load(t); ok {
		return te.(*typeEnc)
	}
	if te := encBuilding[t]; te != nil {
		return te
	}
	outer := len(encBuilding) == 0
	typ, direct := typeWord(t)
	te := &typeEnc{t: t, typ: typ, direct: direct}
	encBuilding[t] = te
	te.fn = newTypeEnc(t, true)
	if !outer {
		// Built inside another type's build: it may point at encoders
		// still unfinished (a recursive type's own, whose fn is not set
		// yet), so it stays in encBuilding, where the build finds it,
		// and is published with the outermost type, once every encoder
		// it reaches is complete. Published now, another goroutine could
		// take it from encCache and call a nil fn.
		return te
	}
	for bt, bte := range encBuilding {
		encCache.Store(bt, bte)
	}
	clear(encBuilding)
	return te
}

// newTypeEnc chooses the encoding of t as encoding/json's newTypeEncoder
// does: the Marshalers first (pointer receivers only where the value is
// addressable), then the kind.
func newTypeEnc(t reflect.Type, allowAddr bool) encFn {
	switch t {
	case rawMessageType:
		return encRawMessage
	case timeType:
		return encTime
	case ptrTimeType:
		return func(e *encState, p unsafe.Pointer, fl uint8) {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				e.add("null")
				return
			}
			e.time((*time.Time)(q), ptrTimeType)
		}
	}
	if encodeV2 {
		if t.Kind() == reflect.Interface {
			// v2 writes the value an interface holds by that value's
			// methods (a copy: not by pointer receivers), whatever the
			// interface's own: MarshalJSON before MarshalText.
			return interfaceEnc(t)
		}
		if fn := v2MethodEnc(t); fn != nil {
			return fn
		}
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(marshalerType) && !t.Implements(marshalerType) {
		return condAddr(addrMarshalerEnc(t), newTypeEnc(t, false))
	}
	if t.Implements(marshalerType) {
		return marshalerEnc(t)
	}
	if encodeV2 {
		if fn := v2AppenderEnc(t, allowAddr); fn != nil {
			return fn
		}
	}
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(textMarshalerType) && !t.Implements(textMarshalerType) {
		return condAddr(addrTextMarshalerEnc(t), newTypeEnc(t, false))
	}
	if t.Implements(textMarshalerType) {
		return textMarshalerEnc(t)
	}
	switch t.Kind() {
	case reflect.Bool:
		return encBool
	case reflect.Int:
		return encInt[int]
	case reflect.Int8:
		return encInt[int8]
	case reflect.Int16:
		return encInt[int16]
	case reflect.Int32:
		return encInt[int32]
	case reflect.Int64:
		return encInt[int64]
	case reflect.Uint:
		return encUint[uint]
	case reflect.Uint8:
		return encUint[uint8]
	case reflect.Uint16:
		return encUint[uint16]
	case reflect.Uint32:
		return encUint[uint32]
	case reflect.Uint64:
		return encUint[uint64]
	case reflect.Uintptr:
		return encUint[uintptr]
	case reflect.Float32:
		return func(e *encState, p unsafe.Pointer, fl uint8) {
			e.float32(*(*float32)(p), fl&flQuoted != 0, t, p)
		}
	case reflect.Float64:
		return func(e *encState, p unsafe.Pointer, fl uint8) {
			e.float64(*(*float64)(p), fl&flQuoted != 0, t, p)
		}
	case reflect.String:
		if t == numberType {
			return encNumber
		}
		return encStringFn
	case reflect.Interface:
		return interfaceEnc(t)
	case reflect.Struct:
		if encodeV2 && !v2PlainTags(t) {
			return fallbackEnc
		}
		sl := newStructLists(t)
		if te := encBuilding[t]; te != nil && allowAddr {
			te.sl = sl // fn is sl's encoder, nothing before it
		}
		return sl.encode
	case reflect.Map:
		return mapEnc(t)
	case reflect.Slice:
		return sliceEnc(t)
	case reflect.Array:
		return arrayEnc(t)
	case reflect.Pointer:
		return ptrEnc(t)
	}
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		e.fail(&UnsupportedTypeError{Type: t})
	}
}

func condAddr(addrFn, elseFn encFn) encFn {
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		if fl&flAddr != 0 {
			addrFn(e, p, fl)
		} else {
			elseFn(e, p, fl)
		}
	}
}

// typeWord returns the type word of an interface holding a t, and whether
// such an interface holds the value itself rather than a pointer to it.
func typeWord(t reflect.Type) (unsafe.Pointer, bool) {
	z := reflect.Zero(t).Interface()
	ez := (*eface)(unsafe.Pointer(&z))
	return ez.typ, ez.data == nil
}

// boxAt returns an interface holding the t at p, without copying it (the
// methods called through it receive a copy or p itself, as Go does).
func boxAt(typ unsafe.Pointer, direct bool, p unsafe.Pointer) any {
	var x any
	ex := (*eface)(unsafe.Pointer(&x))
	ex.typ = typ
	if direct {
		ex.data = *(*unsafe.Pointer)(p)
	} else {
		ex.data = p
	}
	return x
}

func marshalerEnc(t reflect.Type) encFn { return methodEnc(t, (*encState).callMarshalJSON) }

// methodEnc is the encoder of a type t that implements M (Marshaler or
// encoding.TextMarshaler) with a value receiver, or of an interface type:
// call writes the value through its method; a nil pointer, or an interface
// holding no M, is null.
func methodEnc[M any](t reflect.Type, call func(*encState, M, reflect.Type)) encFn {
	if t.Kind() == reflect.Interface {
		return func(e *encState, p unsafe.Pointer, fl uint8) {
			m, ok := reflect.NewAt(t, p).Elem().Interface().(M)
			if !ok {
				e.add("null")
				return
			}
			call(e, m, t)
		}
	}
	typ, direct := typeWord(t)
	isPtr := t.Kind() == reflect.Pointer
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		if isPtr && *(*unsafe.Pointer)(p) == nil {
			e.add("null")
			return
		}
		call(e, boxAt(typ, direct, p).(M), t)
	}
}

func addrMarshalerEnc(t reflect.Type) encFn { return addrMethodEnc(t, (*encState).callMarshalJSON) }

// addrMethodEnc is the encoder of an addressable value of type t whose
// pointer implements M: call writes it through the method of &value.
func addrMethodEnc[M any](t reflect.Type, call func(*encState, M, reflect.Type)) encFn {
	typ, _ := typeWord(reflect.PointerTo(t))
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		var x any
		ex := (*eface)(unsafe.Pointer(&x))
		ex.typ, ex.data = typ, p
		call(e, x.(M), t)
	}
}

func (e *encState) callMarshalJSON(m Marshaler, t reflect.Type) {
	b, err := m.MarshalJSON()
	if err == nil {
		if e.buf, err = appendCompact(e.buf, b, e.html, e.compactRoom()); err == nil {
			return
		}
	}
	if encodeV2 {
		e.fail(errFallback)
	}
	e.fail(marshalerError(t, err, false))
}

func textMarshalerEnc(t reflect.Type) encFn { return methodEnc(t, (*encState).callMarshalText) }

func addrTextMarshalerEnc(t reflect.Type) encFn {
	return addrMethodEnc(t, (*encState).callMarshalText)
}

func (e *encState) callMarshalText(m encoding.TextMarshaler, t reflect.Type) {
	b, err := m.MarshalText()
	if err != nil {
		if encodeV2 {
			e.fail(errFallback)
		}
		e.fail(marshalerError(t, err, true))
	}
	e.buf = appendBytesString(e.buf, b, e.html)
}

// encRawMessage: RawMessage's MarshalJSON returns the message ("null" for
// nil), which is then compacted and validated.
func encRawMessage(e *encState, p unsafe.Pointer, fl uint8) {
	m := *(*RawMessage)(p)
	if m == nil {
		e.add("null")
		return
	}
	var err error
	if e.buf, err = appendCompact(e.buf, m, e.html, e.compactRoom()); err != nil {
		if encodeV2 {
			e.fail(errFallback)
		}
		e.fail(marshalerError(rawMessageType, err, false))
	}
}

// encTime writes a time.Time as its MarshalJSON does (RFC 3339 with
// nanoseconds, quoted), without the allocation of MarshalJSON's result;
// the times MarshalJSON refuses (a year outside [0,9999], a zone offset of
// 24 hours or more) get MarshalJSON's error.
func encTime(e *encState, p unsafe.Pointer, fl uint8) { e.time((*time.Time)(p), timeType) }

var ptrTimeType = reflect.PointerTo(timeType)

// time writes *t; errType is the type MarshalJSON's error names.
func (e *encState) time(t *time.Time, errType reflect.Type) {
	var tmp [64]byte
	if b, ok := appendTime(tmp[:0], t); ok {
		e.addBytes(b)
		return
	}
	e.callMarshalJSON(*t, errType)
}

// appendTime appends *t quoted, in RFC 3339 with nanoseconds, as its
// MarshalJSON and encoding/json/v2 write it; false for the times both
// refuse, checked on the same text: a year of other than four digits, a
// zone hour of 24 or more (what was appended is then to be dropped).
func appendTime(dst []byte, t *time.Time) ([]byte, bool) {
	n0 := len(dst)
	b := append(dst, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	n := len(b)
	ok := b[n0+1+4] == '-'
	if ok && b[n-1] != 'Z' {
		c := b[n-6]
		ok = !('0' <= c && c <= '9') && 10*(b[n-5]-'0')+(b[n-4]-'0') < 24
	}
	return append(b, '"'), ok
}

func encBool(e *encState, p unsafe.Pointer, fl uint8) {
	q := fl&flQuoted != 0
	if q {
		e.buf = append(e.buf, '"')
	}
	if *(*bool)(p) {
		e.add("true")
	} else {
		e.add("false")
	}
	if q {
		e.buf = append(e.buf, '"')
	}
}

func encInt[T int | int8 | int16 | int32 | int64](e *encState, p unsafe.Pointer, fl uint8) {
	if fl&flQuoted != 0 {
		e.buf = append(e.buf, '"')
		e.writeInt(int64(*(*T)(p)))
		e.buf = append(e.buf, '"')
		return
	}
	e.writeInt(int64(*(*T)(p)))
}

func encUint[T uint | uint8 | uint16 | uint32 | uint64 | uintptr](e *encState, p unsafe.Pointer, fl uint8) {
	if fl&flQuoted != 0 {
		e.buf = append(e.buf, '"')
		e.writeUint(uint64(*(*T)(p)))
		e.buf = append(e.buf, '"')
		return
	}
	e.writeUint(uint64(*(*T)(p)))
}

// writeInt and writeUint append to e.buf in place (add): assigning a
// function's result to e.buf would store its pointer, with a write
// barrier while the garbage collector marks.
func (e *encState) writeInt(v int64) {
	if uint64(v) < 10 {
		e.buf = append(e.buf, byte('0'+v))
		return
	}
	if v < 0 {
		e.buf = append(e.buf, '-')
		e.writeUint(uint64(-v)) // -MinInt64 is MinInt64: 1<<63 as a uint64
		return
	}
	e.writeUint(uint64(v))
}

// writeUint writes u's digits straight into e.buf's spare capacity
// (putDigits).
func (e *encState) writeUint(u uint64) {
	if u < 10 {
		e.buf = append(e.buf, byte('0'+u))
		return
	}
	n := len(e.buf)
	if cap(e.buf)-n < 24 {
		e.buf = slices.Grow(e.buf, 24)
	}
	k := putDigits(e.buf[n:n+24], u)
	e.buf = e.buf[:n+k]
}

// putDigits writes u's digits at the start of d (24 bytes, of which those
// past the digits are overwritten) and returns how many there are: in
// words of eight digits (digits8, all eight at once, not one after
// another from the end; a leading word of one or two digits by
// digitsLead), the leading word shifted to drop its leading zeros, each
// word stored whole, the next one overwriting what lies past the digits.
func putDigits(d []byte, u uint64) int {
	_ = d[23]
	k := decimalLen(max(u, 1))
	switch {
	case k <= 8:
		binary.LittleEndian.PutUint64(d, digitsLead(uint32(u))>>(64-8*k))
	case k <= 16:
		hi, lo := u/1e8, u%1e8
		binary.LittleEndian.PutUint64(d, digitsLead(uint32(hi))>>(128-8*k))
		binary.LittleEndian.PutUint64(d[k-8:], digits8(uint32(lo)))
	default:
		hi, lo := u/1e16, u%1e16
		binary.LittleEndian.PutUint64(d, digitsLead(uint32(hi))>>(192-8*k))
		binary.LittleEndian.PutUint64(d[k-16:], digits8(uint32(lo/1e8)))
		binary.LittleEndian.PutUint64(d[k-8:], digits8(uint32(lo%1e8)))
	}
	return k
}

// putInt writes v's decimal digits (with its sign) at d, which has room
// for 25 bytes, and returns how many it wrote.
func putInt(d unsafe.Pointer, v int64) int {
	u, neg := uint64(v), 0
	if v < 0 {
		*(*byte)(d) = '-'
		u, neg = -u, 1 // -MinInt64 is MinInt64: 1<<63 as a uint64
	}
	return neg + putDigits(unsafe.Slice((*byte)(unsafe.Add(d, neg)), 24), u)
}

// digitsLead is digits8 for the leading word of putDigits, whose value is
// often one or two digits (the 1 of a nine-digit id): those are one
// lookup.
func digitsLead(r uint32) uint64 {
	if r < 100 {
		return uint64(digitPairs[r]) << 48
	}
	return digits8(r)
}

// writeString appends s as a JSON string (appendString), in place: the
// bytes nextEscape passes over are not looked at again.
func (e *encState) writeString(s string) {
	if len(s) > shortString || !e.writeShort(s) {
		e.writeLong(s)
	}
}

// writeLong is writeString without writeShort's attempt.
func (e *encState) writeLong(s string) {
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	if i := nextEscape(b, 0, e.html); i < len(s) {
		e.setBuf(appendEscaped(e.buf, b, i, e.html))
		return
	}
	// In place (see add): one capacity check for the quotes and s.
	n := len(e.buf)
	if cap(e.buf)-n < len(s)+2 {
		e.buf = append(e.buf, '"')
		e.buf = append(e.buf, s...)
		e.buf = append(e.buf, '"')
		return
	}
	e.buf = e.buf[:n+len(s)+2]
	e.buf[n] = '"'
	copy(e.buf[n+1:], s)
	e.buf[n+1+len(s)] = '"'
}

// shortString: strings up to this long are tried by writeShort first
// (and by the struct loops' inline string paths). 64 takes URLs and ids,
// which at 33-64 bytes cost about 190 instructions through nextEscape and
// a copy against about 40 here (a 36-byte URL in bench/'s small-200B).
const shortString = 64

// writeShort writes s, at most shortString bytes, as a JSON string when
// none of its bytes needs escaping, and reports whether it did (else
// nothing is written): putShortString, after the check of the room.
func (e *encState) writeShort(s string) bool {
	n := len(e.buf)
	if cap(e.buf)-n < shortString+2 {
		return false
	}
	m := putShortString(unsafe.Add(unsafe.Pointer(unsafe.SliceData(e.buf)), n), s, e.html)
	if m < 0 {
		return false
	}
	e.buf = e.buf[:n+m]
	return true
}

// appendInt is strconv.AppendInt for base 10 (putDigits).
func appendInt(b []byte, v int64) []byte {
	if uint64(v) < 10 {
		return append(b, byte('0'+v))
	}
	u := uint64(v)
	if v < 0 {
		b = append(b, '-')
		u = -u // -MinInt64 is MinInt64: 1<<63 as a uint64
	}
	if cap(b)-len(b) < 24 {
		b = slices.Grow(b, 24)
	}
	n := len(b)
	return b[:n+putDigits(b[n:n+24], u)]
}

// floatError fails for a NaN or infinity, of type t at p (nil t: a
// float64 held by an interface), as encoding/json does.
func (e *encState) floatError(f float64, bits int, t reflect.Type, p unsafe.Pointer) {
	v := reflect.ValueOf(f)
	if t != nil {
		v = reflect.NewAt(t, p).Elem()
	}
	e.fail(&UnsupportedValueError{Value: v, Str: strconv.FormatFloat(f, 'g', -1, bits)})
}

// finite64 reports whether f is neither NaN nor an infinity: one test of
// the exponent bits.
func finite64(f float64) bool { return math.Float64bits(f)&(0x7ff<<52) != 0x7ff<<52 }

func (e *encState) float64(f float64, quoted bool, t reflect.Type, p unsafe.Pointer) {
	if !finite64(f) {
		e.floatError(f, 64, t, p)
	}
	if !quoted {
		if n := len(e.buf); cap(e.buf)-n >= putFloatRoom {
			if k := putFloat64(unsafe.Add(unsafe.Pointer(unsafe.SliceData(e.buf)), n), f); k != 0 {
				e.buf = e.buf[:n+k]
				return
			}
		}
	}
	if quoted {
		e.buf = append(e.buf, '"')
	}
	e.setBuf(appendFloat(e.buf, f, 64))
	if quoted {
		e.buf = append(e.buf, '"')
	}
}

func (e *encState) float32(f float32, quoted bool, t reflect.Type, p unsafe.Pointer) {
	if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
		e.floatError(float64(f), 32, t, p)
	}
	if quoted {
		e.buf = append(e.buf, '"')
	}
	e.setBuf(appendFloat(e.buf, float64(f), 32))
	if quoted {
		e.buf = append(e.buf, '"')
	}
}

func encStringFn(e *encState, p unsafe.Pointer, fl uint8) {
	s := *(*string)(p)
	if fl&flQuoted != 0 {
		e.quotedString(s)
		return
	}
	e.writeString(s)
}

// quotedString writes a ",string" string field: the string's JSON encoding,
// encoded again as a string.
func (e *encState) quotedString(s string) {
	var tmp [64]byte
	inner := appendString(tmp[:0], s, e.html)
	if i := nextEscape(inner, 0, false); i < len(inner) {
		e.setBuf(appendEscaped(e.buf, inner, i, false))
		return
	}
	e.buf = append(e.buf, '"')
	e.buf = append(e.buf, inner...)
	e.buf = append(e.buf, '"')
}

func encNumber(e *encState, p unsafe.Pointer, fl uint8) {
	s := *(*string)(p)
	if s == "" {
		s = "0"
	}
	if !text.IsNumber(s) {
		e.fail(fmt.Errorf("json: invalid number literal %q", s))
	}
	q := fl&flQuoted != 0
	if q {
		e.buf = append(e.buf, '"')
	}
	e.add(s)
	if q {
		e.buf = append(e.buf, '"')
	}
}

func interfaceEnc(t reflect.Type) encFn {
	if t.NumMethod() == 0 {
		return func(e *encState, p unsafe.Pointer, fl uint8) {
			e.encodeAny(*(*any)(p))
		}
	}
	if encodeV2 {
		if wrap := v2NilReceiver(t); wrap != nil {
			return func(e *encState, p unsafe.Pointer, fl uint8) {
				x := reflect.NewAt(t, p).Elem().Interface()
				if v := reflect.ValueOf(x); v.Kind() == reflect.Pointer && v.IsNil() {
					x = wrap(x)
				}
				e.encodeAny(x)
			}
		}
	}
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		e.encodeAny(reflect.NewAt(t, p).Elem().Interface())
	}
}

func ptrEnc(t reflect.Type) encFn {
	elem := typeEncoderLocked(t.Elem())
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		q := *(*unsafe.Pointer)(p)
		if q == nil {
			e.add("null")
			return
		}
		if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
			e.ptrCycle(elem, t, p, fl)
		} else if sl := elem.sl; sl != nil {
			e.structFields(sl.fields(e), q, fl|flAddr)
		} else {
			elem.fn(e, q, fl|flAddr)
		}
		e.ptrLevel--
	}
}

// ptrCycle writes the non-nil pointer of type t at p past
// startDetectingCyclesAfter nested values, remembering it while its
// element is written (a cycle through it fails as encoding/json's does).
func (e *encState) ptrCycle(elem *typeEnc, t reflect.Type, p unsafe.Pointer, fl uint8) {
	key := reflect.NewAt(t, p).Elem().Interface()
	e.enterCycle(key, func() reflect.Value { return cycleValue(t, p, fl) })
	defer delete(e.ptrSeen, key)
	elem.fn(e, *(*unsafe.Pointer)(p), fl|flAddr)
}

// cycleValue is the Value of a cycle's *UnsupportedValueError: the value of
// type t at p, addressable where encoding/json's is (fl has flAddr), else a
// copy, as p may be a slot of the pooled working state (a value an
// interface holds directly), which later calls reuse.
func cycleValue(t reflect.Type, p unsafe.Pointer, fl uint8) reflect.Value {
	v := reflect.NewAt(t, p).Elem()
	if fl&flAddr == 0 {
		return reflect.ValueOf(v.Interface())
	}
	return v
}

func sliceEnc(t reflect.Type) encFn {
	et := t.Elem()
	if et.Kind() == reflect.Uint8 && !encMethods(reflect.PointerTo(et)) {
		return encBytes
	}
	se := newSliceElems(et)
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		sh := (*sliceHeader)(p)
		if sh.data == nil {
			e.add("null")
			return
		}
		if sh.len == 0 { // no cycle passes through an empty slice
			e.empty("[]")
			return
		}
		if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
			e.sliceCycle(se, t, p, fl|flAddr)
		} else {
			e.elems(se, sh.data, sh.len, fl|flAddr)
		}
		e.ptrLevel--
	}
}

// sliceElems is how a slice or array type's elements are written.
type sliceElems struct {
	elem *typeEnc
	et   reflect.Type
	size uintptr
	kind encKind
	// arr: for elements that are arrays of scalars (scalarKind) without
	// methods of their own, how the arrays' arrLen elements are written:
	// elems writes them in place of the arrays' encoder.
	arr    *sliceElems
	arrLen int
}

// newSliceElems returns how elements of type et are written.
func newSliceElems(et reflect.Type) *sliceElems {
	se := &sliceElems{elem: typeEncoderLocked(et), et: et, size: et.Size(), kind: scalarKind(et)}
	if et.Kind() == reflect.Array {
		pt := reflect.PointerTo(et) // its method set holds et's too
		in := et.Elem()
		if k := scalarKind(in); k != ekNone && !encMethods(pt) {
			se.arr = &sliceElems{et: in, size: in.Size(), kind: k}
			se.arrLen = et.Len()
		}
	}
	return se
}

// elems writes n elements from p, in brackets, with the flags fl (a
// slice's callers add flAddr: its elements are always addressable).
func (e *encState) elems(se *sliceElems, p unsafe.Pointer, n int, fl uint8) {
	e.enter()
	e.buf = append(e.buf, '[')
	if se.kind != ekNone {
		e.inlineElems(se.kind, se.et, p, n, se.size)
	} else if in := se.arr; in != nil {
		for i := 0; i < n; i++ {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.enter()
			e.buf = append(e.buf, '[')
			e.inlineElems(in.kind, in.et, unsafe.Add(p, uintptr(i)*se.size), se.arrLen, in.size)
			e.buf = append(e.buf, ']')
			e.leave()
		}
	} else if sl := se.elem.sl; sl != nil {
		fields := sl.fields(e)
		for i := 0; i < n; i++ {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			e.structFields(fields, unsafe.Add(p, uintptr(i)*se.size), fl)
		}
	} else {
		for i := 0; i < n; i++ {
			if i > 0 {
				e.buf = append(e.buf, ',')
			}
			se.elem.fn(e, unsafe.Add(p, uintptr(i)*se.size), fl)
		}
	}
	e.buf = append(e.buf, ']')
	e.leave()
}

// sliceCycle writes the slice of type t at p past
// startDetectingCyclesAfter nested values, remembering it while its
// elements are written (a cycle through it fails as encoding/json's does).
func (e *encState) sliceCycle(se *sliceElems, t reflect.Type, p unsafe.Pointer, fl uint8) {
	sh := (*sliceHeader)(p)
	key := sliceKey{sh.data, sh.len}
	e.enterCycle(key, func() reflect.Value { return cycleValue(t, p, fl) })
	defer delete(e.ptrSeen, key)
	e.elems(se, sh.data, sh.len, fl)
}

func encBytes(e *encState, p unsafe.Pointer, fl uint8) {
	s := *(*[]byte)(p)
	if s == nil {
		e.add("null")
		return
	}
	e.buf = append(e.buf, '"')
	e.buf = base64.StdEncoding.AppendEncode(e.buf, s)
	e.buf = append(e.buf, '"')
}

func arrayEnc(t reflect.Type) encFn {
	et := t.Elem()
	se := newSliceElems(et)
	n := t.Len()
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		e.elems(se, p, n, fl) // an array's elements are addressable where it is
	}
}

// inlineElems writes the n elements of kind (scalarKind) and type et,
// each size bytes, at data, comma-separated. Floats and 64-bit integers,
// the long arrays of numbers, get loops of their own: no choice of the
// kind per element.
func (e *encState) inlineElems(kind encKind, et reflect.Type, data unsafe.Pointer, n int, size uintptr) {
	if kind == ekInt && size == 8 {
		kind = ekInt64
	}
	if kind == ekFloat64 {
		// The buffer stays in a register from one number to the next.
		b := e.buf
		for i := range n {
			p := unsafe.Add(data, uintptr(i)*size)
			f := *(*float64)(p)
			if !finite64(f) {
				e.setBuf(b)
				e.floatError(f, 64, et, p)
			}
			if n := len(b); cap(b)-n > putFloatRoom {
				q := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), n)
				c := 0
				if i > 0 {
					*(*byte)(q) = ','
					c = 1
				}
				if k := putFloat64(unsafe.Add(q, c), f); k != 0 {
					b = b[:n+c+k]
					continue
				}
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = appendFloat(b, f, 64)
		}
		e.setBuf(b)
		return
	}
	if kind == ekInt64 {
		// As floats: the buffer in a register, a comma and a number of
		// up to nine digits written in one room check, without a call.
		b := e.buf
		for i := range n {
			v := *(*int64)(unsafe.Add(data, uintptr(i)*size))
			if m := len(b); cap(b)-m >= 10 {
				q := unsafe.Add(unsafe.Pointer(unsafe.SliceData(b)), m)
				if i > 0 {
					*(*byte)(q) = ','
					q = unsafe.Add(q, 1)
					m++
				}
				if u := uint64(v); u < 10 {
					*(*byte)(q) = byte('0' + u)
					b = b[:m+1]
					continue
				} else if u < 1e8 {
					// digits8's word shifted to drop its leading zeros
					// (putDigits; too large a function to be inlined).
					k := decimalLen(u)
					*(*uint64)(q) = digits8(uint32(u)) >> (64 - 8*k)
					b = b[:m+k]
					continue
				} else if u < 1e9 {
					hi := u / 1e8
					*(*byte)(q) = byte('0' + hi)
					*(*uint64)(unsafe.Add(q, 1)) = digits8(uint32(u - hi*1e8))
					b = b[:m+9]
					continue
				}
				b = b[:m]
			} else if i > 0 {
				b = append(b, ',')
			}
			b = appendInt(b, v)
		}
		e.setBuf(b)
		return
	}
	for i := range n {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		e.writeScalar(kind, unsafe.Add(data, uintptr(i)*size), et)
	}
}

// putShortString writes s as a JSON string at d, which has room for
// shortString+2 bytes, when s is at most shortString bytes long and none
// of its bytes needs escaping, and returns the length written; else it
// returns -1 (what it wrote at d is then garbage past the buffer's
// length). Eight bytes at a time, each word checked (needsEscape8) and
// stored as it is loaded, the last one overlapping the one before,
// without the calls of nextEscape and memmove that cost more than the
// copy of a short string. The words are loaded and stored unaligned:
// single instructions on amd64 and arm64, emulated (correct, slower) by
// the kernel where the hardware traps.
func putShortString(d unsafe.Pointer, s string, html bool) int {
	l := len(s)
	p := unsafe.Pointer(unsafe.StringData(s))
	switch {
	case l > shortString:
		return -1
	case l >= 8:
		var m uint64
		for i := 0; i < l-8; i += 8 {
			w := *(*uint64)(unsafe.Add(p, i))
			m |= needsEscape8(w, html)
			*(*uint64)(unsafe.Add(d, 1+i)) = w
		}
		w := *(*uint64)(unsafe.Add(p, l-8))
		*(*uint64)(unsafe.Add(d, l-7)) = w
		if m|needsEscape8(w, html) != 0 {
			return -1
		}
	case l >= 4:
		lo, hi := *(*uint32)(p), *(*uint32)(unsafe.Add(p, l-4))
		if needsEscape8(uint64(lo)|uint64(hi)<<32, html) != 0 {
			return -1
		}
		*(*uint32)(unsafe.Add(d, 1)) = lo
		*(*uint32)(unsafe.Add(d, l-3)) = hi
	case l > 0:
		// The first, middle and last bytes (some the same), in a word
		// padded with a byte that needs no escaping.
		b0, b1, b2 := *(*byte)(p), *(*byte)(unsafe.Add(p, l>>1)), *(*byte)(unsafe.Add(p, l-1))
		if needsEscape8(uint64(b0)|uint64(b1)<<8|uint64(b2)<<16|(lsb*'a')&^0xFFFFFF, html) != 0 {
			return -1
		}
		*(*byte)(unsafe.Add(d, 1)) = b0
		*(*byte)(unsafe.Add(d, 1+l>>1)) = b1
		*(*byte)(unsafe.Add(d, l)) = b2
	}
	*(*byte)(d) = '"'
	*(*byte)(unsafe.Add(d, l+1)) = '"'
	return l + 2
}
