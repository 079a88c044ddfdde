package json

import (
	"reflect"
	"slices"
	"strings"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/structfields"
)

// encField is one field a struct encoder writes, in encoding/json's order.
type encField struct {
	name string // `,"name":` (HTML-escaped in the HTML list)
	// The name in a block of nameBlock bytes, when it fits (nameLen > 0):
	// copied as one block (or its first 16 bytes), without a call of
	// memmove.
	nameLen uint8
	nameBlk [nameBlock]byte
	// cond: the field may be left out (omitempty, omitzero, or reached
	// through an embedded pointer that may be nil).
	cond bool
	kind encKind
	// pkind: for a pointer to a kind writeScalar writes (of type pt),
	// that kind (the pointer's encoder not called).
	pkind  encKind
	pt     reflect.Type
	quoted bool
	omit   omitKind
	derefs []uintptr
	off    uintptr
	te     *typeEnc
	isZero func(p unsafe.Pointer, fl uint8) bool // omitzero
}

// encKind: the kinds the struct and element loops write themselves
// (scalarKind, writeScalar) instead of calling the type's encoder.
type encKind uint8

const (
	ekNone encKind = iota
	ekString
	ekInt
	ekInt64
	ekInt32
	ekUint64
	ekBool
	ekFloat64
	ekRaw
)

// scalarKind returns the kind the encoder writes values of type t as
// (without calling their encoder), or ekNone: the kinds of ekString to
// ekFloat64 without methods that change their encoding, and RawMessage.
func scalarKind(t reflect.Type) encKind {
	if t == rawMessageType {
		return ekRaw
	}
	if encMethods(reflect.PointerTo(t)) {
		return ekNone
	}
	switch t.Kind() {
	case reflect.String:
		if t != numberType {
			return ekString
		}
	case reflect.Int:
		return ekInt
	case reflect.Int64:
		return ekInt64
	case reflect.Int32:
		return ekInt32
	case reflect.Uint64:
		return ekUint64
	case reflect.Bool:
		return ekBool
	case reflect.Float64:
		return ekFloat64
	}
	return ekNone
}

// plainPointer reports whether the pointer type t is written as its
// element is, by ptrEnc (t has no methods of its own that change that).
func plainPointer(t reflect.Type) bool {
	return t != ptrTimeType && !encMethods(t)
}

// writeScalar writes the value of kind (scalarKind) and type t at p.
func (e *encState) writeScalar(kind encKind, p unsafe.Pointer, t reflect.Type) {
	switch kind {
	case ekString:
		e.writeString(*(*string)(p))
	case ekInt:
		e.writeInt(int64(*(*int)(p)))
	case ekInt64:
		e.writeInt(*(*int64)(p))
	case ekInt32:
		e.writeInt(int64(*(*int32)(p)))
	case ekUint64:
		e.writeUint(*(*uint64)(p))
	case ekBool:
		if *(*bool)(p) {
			e.add("true")
		} else {
			e.add("false")
		}
	case ekFloat64:
		e.float64(*(*float64)(p), false, t, p)
	case ekRaw:
		encRawMessage(e, p, 0)
	}
}

// omitKind: how omitempty tests the field (encoding/json's isEmptyValue).
type omitKind uint8

const (
	omitNever omitKind = iota
	omitLen            // string: len 0
	omitSliceLen
	omitMapLen
	omitAlways // zero-length array
	omitBool
	omitZero1
	omitZero2
	omitZero4
	omitZero8
	omitFloat32
	omitFloat64
	omitPtr   // pointer, func, chan: nil
	omitIface // interface: nil
)

// nameBlock: field names (with their quotes and colon) up to this long
// are copied as one block.
const nameBlock = 32

// structLists holds a struct type's fields as written, with their names
// plain and HTML-escaped.
type structLists struct{ plain, html []encField }

// fields returns the list e writes.
func (sl *structLists) fields(e *encState) []encField {
	if e.html {
		return sl.html
	}
	return sl.plain
}

func (sl *structLists) encode(e *encState, p unsafe.Pointer, fl uint8) {
	e.structFields(sl.fields(e), p, fl)
}

func newStructLists(t reflect.Type) *structLists {
	var fields []encField
	jfs := jsonFields(t)
	for _, jf := range jfs {
		var f encField
		typ := t
		for k, i := range jf.index {
			if typ.Kind() == reflect.Pointer {
				f.derefs = append(f.derefs, f.off)
				f.off = 0
				typ = typ.Elem()
			}
			sf := typ.Field(i)
			f.off += sf.Offset
			typ = sf.Type
			if k == len(jf.index)-1 {
				_, opts := parseTagOpts(sf.Tag.Get("json"))
				if structfields.HasOption(opts, "omitempty") {
					f.omit = omitKindOf(typ)
				}
				if structfields.HasOption(opts, "omitzero") {
					f.isZero = isZeroFn(typ)
				}
			}
		}
		// Each name is written with the comma before it; the first
		// field's comma is then made the opening brace (structFields).
		f.name = string(append(appendString([]byte{','}, jf.name, false), ':'))
		f.cond = len(f.derefs) > 0 || f.omit != omitNever || f.isZero != nil
		f.quoted = jf.quoted
		f.te = typeEncoderLocked(typ)
		if !f.quoted { // never a RawMessage: ",string" applies to scalars only
			f.kind = scalarKind(typ)
			if typ.Kind() == reflect.Pointer && f.kind == ekNone && plainPointer(typ) {
				f.pkind, f.pt = scalarKind(typ.Elem()), typ.Elem()
			}
		}
		fields = append(fields, f)
	}
	// The same fields with HTML-escaped names.
	htmlFields := slices.Clone(fields)
	for i := range htmlFields {
		htmlFields[i].name = string(append(appendString([]byte{','}, jfs[i].name, true), ':'))
	}
	for _, fs := range [][]encField{fields, htmlFields} {
		for i := range fs {
			if f := &fs[i]; len(f.name) <= nameBlock {
				f.nameLen = uint8(len(f.name))
				copy(f.nameBlk[:], f.name)
			}
		}
	}
	return &structLists{fields, htmlFields}
}

func (e *encState) structFields(fields []encField, p unsafe.Pointer, fl uint8) {
	// Every field is written with a comma before its name; the first
	// one's is overwritten with the opening brace at the end.
	e.enter()
	start := len(e.buf)
	baseFl := fl &^ flQuoted
fieldLoop:
	for i := range fields {
		f := &fields[i]
		var fp unsafe.Pointer
		ffl := baseFl
		// A field reached through embedded pointers (derefs, which
		// imply cond) has its offset in the pointee: p + off may point
		// past p's object, which checkptr (-race) rejects even unused, so
		// it is added to p only for the others.
		if !f.cond {
			fp = unsafe.Add(p, f.off)
		} else {
			if len(f.derefs) == 0 {
				fp = unsafe.Add(p, f.off)
			} else {
				fp = p
				for _, d := range f.derefs {
					fp = *(*unsafe.Pointer)(unsafe.Add(fp, d))
					if fp == nil {
						continue fieldLoop
					}
				}
				ffl |= flAddr
				fp = unsafe.Add(fp, f.off)
			}
			// The commonest kinds of omitempty without isEmpty's call.
			switch k := f.omit; k {
			case omitNever:
			case omitLen:
				if len(*(*string)(fp)) == 0 {
					continue
				}
			case omitPtr:
				if *(*unsafe.Pointer)(fp) == nil {
					continue
				}
			case omitSliceLen:
				if (*sliceHeader)(fp).len == 0 {
					continue
				}
			default:
				if isEmpty(k, fp) {
					continue
				}
			}
			if f.isZero != nil && f.isZero(fp, ffl) {
				continue
			}
		}
		if n := len(e.buf); f.nameLen > 0 && cap(e.buf)-n >= nameBlock+shortString+2 {
			// The block (or its first half) is written past the length
			// (within the capacity), the length then moved by the name's.
			dst := unsafe.Add(unsafe.Pointer(unsafe.SliceData(e.buf)), n)
			if f.nameLen <= nameBlock/2 {
				*(*[nameBlock / 2]byte)(dst) = *(*[nameBlock / 2]byte)(f.nameBlk[:])
			} else {
				*(*[nameBlock]byte)(dst) = f.nameBlk
			}
			n += int(f.nameLen)
			// The commonest scalars are written here too, after the name
			// and within the room checked for both, without a call to
			// an encoder's method that loads and stores e.buf again.
			dst = unsafe.Add(dst, f.nameLen)
			switch f.kind {
			case ekString: // when short and with nothing to escape
				s := *(*string)(fp)
				if m := putShortString(dst, s, e.html); m >= 0 {
					e.buf = e.buf[:n+m]
				} else {
					// putShortString's check is writeShort's: not
					// made again.
					e.buf = e.buf[:n]
					e.writeLong(s)
				}
				continue
			case ekInt64, ekInt:
				var v int64
				if f.kind == ekInt {
					v = int64(*(*int)(fp))
				} else {
					v = *(*int64)(fp)
				}
				// Up to nine digits (most integers) without a call.
				if u := uint64(v); u < 10 {
					*(*byte)(dst) = byte('0' + v)
					e.buf = e.buf[:n+1]
				} else if u < 1e8 {
					// As in inlineElems.
					k := decimalLen(u)
					*(*uint64)(dst) = digits8(uint32(u)) >> (64 - 8*k)
					e.buf = e.buf[:n+k]
				} else if u < 1e9 {
					hi := u / 1e8
					*(*byte)(dst) = byte('0' + hi)
					*(*uint64)(unsafe.Add(dst, 1)) = digits8(uint32(u - hi*1e8))
					e.buf = e.buf[:n+9]
				} else {
					e.buf = e.buf[:n+putInt(dst, v)]
				}
				continue
			}
			e.buf = e.buf[:n]
		} else {
			e.add(f.name)
		}
		switch f.kind {
		case ekNone:
		case ekString: // the commonest kinds without writeScalar's call
			e.writeString(*(*string)(fp))
			continue
		case ekInt64:
			e.writeInt(*(*int64)(fp))
			continue
		case ekInt:
			e.writeInt(int64(*(*int)(fp)))
			continue
		default:
			e.writeScalar(f.kind, fp, f.te.t)
			continue
		}
		if sl := f.te.sl; sl != nil {
			e.structFields(sl.fields(e), fp, ffl)
			continue
		}
		if f.pkind != ekNone {
			// A pointer to a scalar: no cycle can pass through it, so
			// encoding/json's pointer count does not matter.
			if q := *(*unsafe.Pointer)(fp); q != nil {
				e.writeScalar(f.pkind, q, f.pt)
			} else {
				e.add("null")
			}
			continue
		}
		if f.quoted {
			ffl |= flQuoted
		}
		f.te.fn(e, fp, ffl)
	}
	e.leave()
	if len(e.buf) == start {
		e.add("{}")
		return
	}
	e.buf[start] = '{'
	e.buf = append(e.buf, '}')
}

func omitKindOf(t reflect.Type) omitKind {
	switch t.Kind() {
	case reflect.String:
		return omitLen
	case reflect.Slice:
		return omitSliceLen
	case reflect.Map:
		return omitMapLen
	case reflect.Array:
		if t.Len() == 0 {
			return omitAlways
		}
	case reflect.Bool:
		return omitBool
	case reflect.Int8, reflect.Uint8:
		return omitZero1
	case reflect.Int16, reflect.Uint16:
		return omitZero2
	case reflect.Int32, reflect.Uint32:
		return omitZero4
	case reflect.Int, reflect.Int64, reflect.Uint, reflect.Uint64, reflect.Uintptr:
		if t.Size() == 4 {
			return omitZero4
		}
		return omitZero8
	case reflect.Float32:
		return omitFloat32
	case reflect.Float64:
		return omitFloat64
	case reflect.Pointer:
		return omitPtr
	case reflect.Interface:
		return omitIface
	}
	return omitNever
}

func isEmpty(k omitKind, p unsafe.Pointer) bool {
	switch k {
	case omitLen:
		return len(*(*string)(p)) == 0
	case omitSliceLen:
		return (*sliceHeader)(p).len == 0
	case omitMapLen:
		m := *(*unsafe.Pointer)(p)
		// A map's header starts with its count (runtime maps keep it first).
		return m == nil || maplen(m) == 0
	case omitAlways:
		return true
	case omitBool:
		return !*(*bool)(p)
	case omitZero1:
		return *(*uint8)(p) == 0
	case omitZero2:
		return *(*uint16)(p) == 0
	case omitZero4:
		return *(*uint32)(p) == 0
	case omitZero8:
		return *(*uint64)(p) == 0
	case omitFloat32:
		return *(*float32)(p) == 0 // -0 too, as reflect.Value.IsZero says
	case omitFloat64:
		return *(*float64)(p) == 0
	case omitPtr:
		return *(*unsafe.Pointer)(p) == nil
	case omitIface:
		return (*eface)(p).typ == nil
	}
	return false
}

// maplen returns the number of entries of the map whose header is m.
func maplen(m unsafe.Pointer) int {
	var x map[struct{}]struct{}
	*(*unsafe.Pointer)(unsafe.Pointer(&x)) = m
	return len(x)
}

// isZeroFn returns omitzero's test for a field of type t, as encoding/json
// makes it: the type's IsZero method where it has one, else reflect's
// IsZero.
func isZeroFn(t reflect.Type) func(unsafe.Pointer, uint8) bool {
	type isZeroer = interface{ IsZero() bool }
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(p unsafe.Pointer, _ uint8) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() ||
				(v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) ||
				v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(p unsafe.Pointer, _ uint8) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() || v.Interface().(isZeroer).IsZero()
		}
	case t.Implements(isZeroerType):
		return func(p unsafe.Pointer, _ uint8) bool {
			return reflect.NewAt(t, p).Elem().Interface().(isZeroer).IsZero()
		}
	case reflect.PointerTo(t).Implements(isZeroerType):
		return func(p unsafe.Pointer, fl uint8) bool {
			if fl&flAddr == 0 {
				v2 := reflect.New(t)
				v2.Elem().Set(reflect.NewAt(t, p).Elem())
				return v2.Interface().(isZeroer).IsZero()
			}
			return reflect.NewAt(t, p).Interface().(isZeroer).IsZero()
		}
	}
	return func(p unsafe.Pointer, _ uint8) bool { return reflect.NewAt(t, p).Elem().IsZero() }
}

func parseTagOpts(tag string) (name, opts string) {
	name, opts, _ = strings.Cut(tag, ",")
	return name, opts
}
