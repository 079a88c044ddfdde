package json

import (
	"encoding"
	"encoding/base64"
	stdjson "encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"sync"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// decFn decodes the tape value at i into the Go value at p, whose type the
// function was built for. It returns only errors that stop decoding (those
// of UnmarshalJSON and UnmarshalText, and a few of encoding/json's own);
// type errors are saved in d and decoding goes on, as in encoding/json.
type decFn func(d *decodeState, i uint32, p unsafe.Pointer) error

// typeDecoder holds the decoders of one Go type, built once and cached.
//
// encoding/json looks for UnmarshalJSON and UnmarshalText on the address of
// a named non-pointer value, but not again on a value it reached through a
// pointer (whose methods it has checked already): direct is the decoder of
// a value found in a struct field, a slice or a map; plain skips the method
// check.
type typeDecoder struct {
	t      reflect.Type
	plain  decFn
	direct decFn

	ptrNoMethods bool // *T has no methods
	ptrPlain     bool // T is not an interface: a *T root goes to plain

	sd *structDecoder // a struct's plain decoder (set as plain is built)
}

var (
	decoderCache sync.Map // reflect.Type -> *typeDecoder
	decoderMu    sync.Mutex

	unmarshalerType     = reflect.TypeFor[stdjson.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
	numberType          = reflect.TypeFor[stdjson.Number]()
	anyType             = reflect.TypeFor[any]()
	float64Type         = reflect.TypeFor[float64]()
)

// decoderFor returns the cached decoders of t, building them (and those of
// the types t contains) on first use.
func decoderFor(t reflect.Type) *typeDecoder {
	if td, ok := decoderCache.Load(t); ok {
		return td.(*typeDecoder)
	}
	decoderMu.Lock()
	defer decoderMu.Unlock()
	if td, ok := decoderCache.Load(t); ok {
		return td.(*typeDecoder)
	}
	b := &decoderBuilder{building: map[reflect.Type]*typeDecoder{}}
	td := b.get(t)
	for bt, btd := range b.building {
		decoderCache.Store(bt, btd)
	}
	return td
}

// decoderBuilder builds the decoders of a type graph; recursive types refer
// to the typeDecoder being built, whose functions are filled in before use.
type decoderBuilder struct {
	building map[reflect.Type]*typeDecoder
}

func (b *decoderBuilder) get(t reflect.Type) *typeDecoder {
	if td, ok := decoderCache.Load(t); ok {
		return td.(*typeDecoder)
	}
	if td, ok := b.building[t]; ok {
		return td
	}
	td := &typeDecoder{t: t}
	td.ptrNoMethods = reflect.PointerTo(t).NumMethod() == 0
	td.ptrPlain = t.Kind() != reflect.Interface
	b.building[t] = td
	if stdOnly(t) {
		td.plain, td.direct = decodeUseStd, decodeUseStd
		return td
	}
	td.plain = b.plain(t)
	td.direct = td.plain
	if t.Kind() != reflect.Pointer && t.Name() != "" {
		pt := reflect.PointerTo(t)
		if pt.Implements(unmarshalerType) {
			td.direct = unmarshalerDecoder(t)
		} else if pt.Implements(textUnmarshalerType) {
			td.direct = textDecoder(t, td.plain)
		}
	}
	return td
}

// plain builds the decoder of t without the method check on its address.
func (b *decoderBuilder) plain(t reflect.Type) decFn {
	if t == numberType {
		return decodeNumberType
	}
	switch t.Kind() {
	case reflect.Bool:
		return boolDecoder(t)
	case reflect.String:
		return stringDecoder(t)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return intDecoder(t)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return uintDecoder(t)
	case reflect.Float32:
		return float32Decoder(t)
	case reflect.Float64:
		return float64Decoder(t)
	case reflect.Interface:
		if t.NumMethod() == 0 {
			return emptyInterfaceDecoder(t)
		}
		return interfaceDecoder(t)
	case reflect.Pointer:
		return b.pointerDecoder(t)
	case reflect.Struct:
		return b.structDecoder(t)
	case reflect.Slice:
		return b.sliceDecoder(t)
	case reflect.Array:
		return b.arrayDecoder(t)
	case reflect.Map:
		return b.mapDecoder(t)
	}
	return otherDecoder(t)
}

// decodeUseStd is the decoder of a stdOnly type: encoding/json decodes
// the document (see errUseStd).
func decodeUseStd(d *decodeState, i uint32, p unsafe.Pointer) error {
	d.saveError(errUseStd)
	return nil
}

// kindWord names a tape value as encoding/json's type errors do.
func (d *decodeState) kindWord(i uint32) string {
	switch tagOf(d.tape[i]) {
	case tagObject:
		return "object"
	case tagArray:
		return "array"
	case tagString:
		return "string"
	case tagTrue, tagFalse:
		return "bool"
	case tagNull:
		return "null"
	}
	return "number"
}

// mismatch saves the type error of a value that t cannot hold; null is
// ignored, as encoding/json ignores it for such types.
func (d *decodeState) mismatch(i uint32, t reflect.Type) {
	if tagOf(d.tape[i]) == tagNull {
		return
	}
	d.typeError(i, d.kindWord(i), t)
}

func boolDecoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		switch tagOf(d.tape[i]) {
		case tagTrue:
			*(*bool)(p) = true
		case tagFalse:
			*(*bool)(p) = false
		default:
			d.mismatch(i, t)
		}
		return nil
	}
}

func stringDecoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		if tagOf(d.tape[i]) == tagString {
			*(*string)(p) = d.str(i)
			return nil
		}
		d.mismatch(i, t)
		return nil
	}
}

// decodeNumberType fills a json.Number with a number's text, or with a
// string that holds a valid number.
func decodeNumberType(d *decodeState, i uint32, p unsafe.Pointer) error {
	switch tagOf(d.tape[i]) {
	case tagInt64, tagUint64, tagFloat64:
		*(*stdjson.Number)(p) = stdjson.Number(d.numberText(i))
	case tagString:
		s := d.strBytes(i)
		if !text.IsNumber(s) {
			return errors.New("json: invalid number literal, trying to unmarshal " + quoteRaw(d.raw(i)) + " into Number")
		}
		*(*stdjson.Number)(p) = stdjson.Number(s)
	default:
		d.mismatch(i, numberType)
	}
	return nil
}

func intDecoder(t reflect.Type) decFn {
	bits := t.Bits()
	lo, hi := int64(math.MinInt64)>>(64-bits), int64(math.MaxInt64)>>(64-bits)
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		var n int64
		switch tagOf(d.tape[i]) {
		case tagInt64:
			n = d.int64At(i)
			if n < lo || n > hi {
				d.numberError(i, t)
				return nil
			}
		case tagUint64, tagFloat64:
			d.numberError(i, t)
			return nil
		default:
			d.mismatch(i, t)
			return nil
		}
		switch bits {
		case 8:
			*(*int8)(p) = int8(n)
		case 16:
			*(*int16)(p) = int16(n)
		case 32:
			*(*int32)(p) = int32(n)
		default:
			*(*int64)(p) = n
		}
		return nil
	}
}

func uintDecoder(t reflect.Type) decFn {
	bits := t.Bits()
	hi := uint64(math.MaxUint64) >> (64 - bits)
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		var n uint64
		switch tagOf(d.tape[i]) {
		case tagInt64:
			v := d.int64At(i)
			// strconv.ParseUint rejects a sign, "-0" included.
			if v < 0 || v == 0 && d.isNegZero(i) {
				d.numberError(i, t)
				return nil
			}
			n = uint64(v)
		case tagUint64:
			n = d.uint64At(i)
		case tagFloat64:
			d.numberError(i, t)
			return nil
		default:
			d.mismatch(i, t)
			return nil
		}
		if n > hi {
			d.numberError(i, t)
			return nil
		}
		switch bits {
		case 8:
			*(*uint8)(p) = uint8(n)
		case 16:
			*(*uint16)(p) = uint16(n)
		case 32:
			*(*uint32)(p) = uint32(n)
		default:
			*(*uint64)(p) = n
		}
		return nil
	}
}

func float64Decoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		switch tagOf(d.tape[i]) {
		case tagFloat64:
			*(*float64)(p) = d.float64At(i)
		case tagInt64, tagUint64:
			*(*float64)(p) = d.float(i)
		default:
			d.mismatch(i, t)
		}
		return nil
	}
}

func float32Decoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		switch tagOf(d.tape[i]) {
		case tagFloat64, tagInt64, tagUint64:
			f, ok := d.float32(i)
			if !ok {
				d.numberError(i, t)
				return nil
			}
			*(*float32)(p) = f
		default:
			d.mismatch(i, t)
		}
		return nil
	}
}

// float32 returns the number at i as strconv.ParseFloat(text, 32) would:
// rounding the float64 again is exact unless it fell on a midpoint between
// two float32 values, where the text decides.
func (d *decodeState) float32(i uint32) (float32, bool) {
	f := d.float(i)
	g := float32(f)
	if float64(g) != f && !math.IsInf(f, 0) {
		var other float32
		if float64(g) < f {
			other = math.Nextafter32(g, float32(math.Inf(1)))
		} else {
			other = math.Nextafter32(g, float32(math.Inf(-1)))
		}
		if mid := (float64(g) + float64(other)) / 2; mid == f || math.IsInf(float64(g), 0) {
			x, err := strconv.ParseFloat(string(d.raw(i)), 32)
			if err != nil {
				return 0, false
			}
			return float32(x), true
		}
	}
	if math.IsInf(float64(g), 0) {
		return 0, false
	}
	return g, true
}

// otherDecoder serves kinds JSON cannot fill (channels, functions, complex
// numbers, unsafe pointers): every value is a type error, null is ignored.
func otherDecoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		d.mismatch(i, t)
		return nil
	}
}

// unmarshalerDecoder calls (*T).UnmarshalJSON with the raw value, null
// included.
func unmarshalerDecoder(t reflect.Type) decFn {
	raw := t == rawMessageType
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		if raw && d.v2 && !v2RawOK(d, i) {
			return errV2Decline
		}
		u := reflect.NewAt(t, p).Interface().(stdjson.Unmarshaler)
		return u.UnmarshalJSON(d.raw(i))
	}
}

// textDecoder calls (*T).UnmarshalText with a string's unquoted bytes;
// null goes to plain, other values are type errors.
func textDecoder(t reflect.Type, plain decFn) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		switch tagOf(d.tape[i]) {
		case tagString:
			u := reflect.NewAt(t, p).Interface().(encoding.TextUnmarshaler)
			return u.UnmarshalText([]byte(d.str(i)))
		case tagNull:
			return plain(d, i, p)
		}
		d.typeError(i, d.kindWord(i), t)
		return nil
	}
}

// pointerDecoder sets the pointer to nil on null; otherwise it allocates
// the pointee if needed and decodes into it, through the pointer's
// UnmarshalJSON or UnmarshalText when it has them.
func (b *decoderBuilder) pointerDecoder(t reflect.Type) decFn {
	et := t.Elem()
	elem := b.get(et)
	var viaMethod decFn
	if t.NumMethod() > 0 {
		if t.Implements(unmarshalerType) {
			viaMethod = func(d *decodeState, i uint32, p unsafe.Pointer) error {
				u := reflect.NewAt(t, p).Elem().Interface().(stdjson.Unmarshaler)
				return u.UnmarshalJSON(d.raw(i))
			}
		} else if t.Implements(textUnmarshalerType) {
			viaMethod = func(d *decodeState, i uint32, p unsafe.Pointer) error {
				if tagOf(d.tape[i]) == tagString {
					u := reflect.NewAt(t, p).Elem().Interface().(encoding.TextUnmarshaler)
					return u.UnmarshalText([]byte(d.str(i)))
				}
				d.typeError(i, d.kindWord(i), t)
				return nil
			}
		}
	}
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		pp := (*unsafe.Pointer)(p)
		if tagOf(d.tape[i]) == tagNull {
			*pp = nil
			return nil
		}
		if *pp == nil {
			*pp = reflect.New(et).UnsafePointer()
		}
		if viaMethod != nil {
			return viaMethod(d, i, p)
		}
		if et.Kind() == reflect.Interface {
			// encoding/json stops at a pointer to an interface that holds
			// that very pointer, and decodes into the interface.
			return d.valueReflect(i, reflect.NewAt(t, p).Elem())
		}
		return elem.plain(d, i, *pp)
	}
}

// Interfaces.

// emptyInterfaceDecoder replaces an interface{} with map[string]any, []any,
// float64 (or json.Number), string, bool or nil. An interface holding a
// non-nil pointer is decoded through the pointer, as encoding/json does.
func emptyInterfaceDecoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		e := (*eface)(p)
		if e.data != nil && e.typ != nil {
			if cur := *(*any)(p); reflect.TypeOf(cur).Kind() == reflect.Pointer {
				return d.valueReflect(i, reflect.NewAt(t, p).Elem())
			}
		}
		if d.v2 {
			v, ok := v2AnyValue(d, i)
			if !ok {
				return errV2Decline
			}
			*(*any)(p) = v
			return nil
		}
		*(*any)(p) = d.anyValue(i)
		return nil
	}
}

// eface is the layout of an interface{} value.
type eface struct {
	typ  unsafe.Pointer
	data unsafe.Pointer
}

// valueAt is reflect.NewAt(t, p).Elem() for pt = reflect.PointerTo(t),
// looked up once by the caller: NewAt looks the pointer type up on every
// call, and for a type the compiler did not link to its pointer type (an
// unnamed one, such as []T) that is a sync.Map lookup (about 150
// instructions, once per slice an Unmarshal grows).
func valueAt(pt reflect.Type, p unsafe.Pointer) reflect.Value {
	x := eface{typ: (*eface)(unsafe.Pointer(&pt)).data, data: p}
	return reflect.ValueOf(*(*any)(unsafe.Pointer(&x))).Elem()
}

// interfaceDecoder serves non-empty interfaces: only null (which sets nil)
// and values of an interface holding a non-nil pointer can be decoded.
func interfaceDecoder(t reflect.Type) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		return d.valueReflect(i, reflect.NewAt(t, p).Elem())
	}
}

// anyValue builds what encoding/json stores in an interface{}.
func (d *decodeState) anyValue(i uint32) any {
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject:
		end := uint32(w) - 1
		if m := d.smallAnyMap(i); m != nil {
			return m
		}
		if m := d.bigAnyMap(i); m != nil {
			return m
		}
		m := make(map[string]any, d.mapHint(i))
		for j := i + 1; j < end; {
			k := d.keyStr(j)
			m[k] = d.anyValue(j + 1)
			j = d.next(j + 1)
		}
		return m
	case tagArray:
		end := uint32(w) - 1
		a := d.anySlice(d.count(i))
		n := 0
		for j := i + 1; j < end; n++ {
			// Numbers (canada.json's coordinates) without a call each.
			if isNumberTag(tagOf(d.tape[j])) && !d.useNumber {
				a[n] = d.boxFloat(d.float(j))
				j += 2
				continue
			}
			a[n] = d.anyValue(j)
			j = d.next(j)
		}
		return d.boxSlice(a)
	case tagString:
		return d.boxString(d.str(i))
	case tagTrue:
		return true
	case tagFalse:
		return false
	case tagNull:
		return nil
	}
	if d.useNumber {
		return stdjson.Number(d.numberText(i))
	}
	return d.boxFloat(d.float(i))
}

// Slices and arrays.

// emptySliceBase is the array of the empty slices Unmarshal makes.
var emptySliceBase uint64

type sliceHeader struct {
	data unsafe.Pointer
	len  int
	cap  int
}

func (b *decoderBuilder) sliceDecoder(t reflect.Type) decFn {
	et := t.Elem()
	es := et.Size()
	if et.Kind() == reflect.Uint8 || es == 0 {
		// []byte (base64 strings) and slices of zero-size elements go
		// through reflection.
		return func(d *decodeState, i uint32, p unsafe.Pointer) error {
			return d.sliceReflect(i, reflect.NewAt(t, p).Elem())
		}
	}
	elem := b.get(et)
	pt := reflect.PointerTo(t) // for valueAt
	floats := plainFloat64(et) // new elements stored from the tape
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		w := d.tape[i]
		switch tagOf(w) {
		case tagArray:
		case tagNull:
			*(*sliceHeader)(p) = sliceHeader{}
			return nil
		default:
			d.typeError(i, d.kindWord(i), t)
			return nil
		}
		h := (*sliceHeader)(p)
		n := d.count(i)
		if n == 0 {
			// A new empty slice, not nil (no allocation: any non-nil
			// pointer serves a slice of capacity 0).
			*h = sliceHeader{data: unsafe.Pointer(&emptySliceBase)}
			return nil
		}
		// As encoding/json: elements within the old capacity are decoded
		// into the old backing array, over what it holds; then the array
		// grows (keeping those elements) and the others start from zero
		// values.
		j := i + 1
		k := 0
		if h.data != nil {
			for ; k < n && k < h.cap; k++ {
				h.len = k + 1
				if err := elem.direct(d, j, unsafe.Add(h.data, uintptr(k)*es)); err != nil {
					return err
				}
				j = d.next(j)
			}
		}
		if k < n {
			// Grow writes the new header in place: no allocation beyond
			// the array (reflect.MakeSlice would allocate a header too).
			valueAt(pt, p).Grow(n - k)
			for ; k < n; k++ {
				q := unsafe.Add(h.data, uintptr(k)*es)
				if floats && tagOf(d.tape[j]) == tagFloat64 {
					*(*float64)(q) = d.float64At(j)
					j += 2
					continue
				}
				h.len = k + 1
				if err := elem.direct(d, j, q); err != nil {
					return err
				}
				j = d.next(j)
			}
		}
		h.len = n
		return nil
	}
}

// plainFloat64 reports whether t is a float64 type whose pointer has no
// methods: arrays and slices of it (a coordinate, a vector) store a
// double's bits from the tape without a call per element; other elements
// (integers, type errors) go to float64Decoder.
func plainFloat64(t reflect.Type) bool {
	return t.Kind() == reflect.Float64 && reflect.PointerTo(t).NumMethod() == 0
}

func (b *decoderBuilder) arrayDecoder(t reflect.Type) decFn {
	et := t.Elem()
	es := et.Size()
	alen := t.Len()
	elem := b.get(et)
	floats := plainFloat64(et)
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		w := d.tape[i]
		if tagOf(w) != tagArray {
			d.mismatch(i, t)
			return nil
		}
		if d.v2 && d.count(i) != alen {
			return errV2Decline // encoding/json/v2 rejects another length
		}
		end := uint32(w) - 1
		k := 0
		for j := i + 1; j < end && k < alen; k++ {
			q := unsafe.Add(p, uintptr(k)*es)
			if floats && tagOf(d.tape[j]) == tagFloat64 {
				*(*float64)(q) = d.float64At(j)
				j += 2
				continue
			}
			if err := elem.direct(d, j, q); err != nil {
				return err
			}
			j = d.next(j)
		}
		if k < alen {
			a := reflect.NewAt(t, p).Elem()
			for ; k < alen; k++ {
				a.Index(k).SetZero()
			}
		}
		return nil
	}
}

// Maps.

func (b *decoderBuilder) mapDecoder(t reflect.Type) decFn {
	kt := t.Key()
	switch {
	case reflect.PointerTo(kt).Implements(textUnmarshalerType):
	case kt.Kind() == reflect.String:
		if t == reflect.TypeFor[map[string]any]() {
			return decodeMapStringAny
		}
		elem := b.get(t.Elem())
		if kt == reflect.TypeFor[string]() {
			if dec := stringKeyMapDecoder(t, elem); dec != nil {
				return dec
			}
		}
		return func(d *decodeState, i uint32, p unsafe.Pointer) error {
			return d.stringMap(i, t, elem, p)
		}
	}
	// Integer and TextUnmarshaler keys, and invalid key types.
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		return d.mapReflect(i, reflect.NewAt(t, p).Elem())
	}
}

func decodeMapStringAny(d *decodeState, i uint32, p unsafe.Pointer) error {
	w := d.tape[i]
	mp := (*map[string]any)(p)
	switch tagOf(w) {
	case tagObject:
	case tagNull:
		*mp = nil
		return nil
	default:
		d.typeError(i, d.kindWord(i), reflect.TypeFor[map[string]any]())
		return nil
	}
	m := *mp
	if d.v2 {
		// encoding/json/v2 rejects a duplicate name; the map is new (the
		// value json/v2 decodes into is).
		v, ok := v2AnyValue(d, i)
		if !ok || m != nil {
			return errV2Decline
		}
		*mp = v.(map[string]any)
		return nil
	}
	if m == nil {
		if m = d.smallAnyMap(i); m != nil {
			*mp = m
			return nil
		}
		if m = d.bigAnyMap(i); m != nil {
			*mp = m
			return nil
		}
		m = make(map[string]any, d.mapHint(i))
		*mp = m
	}
	end := uint32(w) - 1
	for j := i + 1; j < end; {
		m[d.keyStr(j)] = d.anyValue(j + 1)
		j = d.next(j + 1)
	}
	return nil
}

// stringMap decodes an object into a map whose keys are strings: each value
// is decoded into a zeroed element, then stored.
func (d *decodeState) stringMap(i uint32, t reflect.Type, elem *typeDecoder, p unsafe.Pointer) error {
	end, ok := d.mapObject(i, t, p)
	if !ok {
		return nil
	}
	m := reflect.NewAt(t, p).Elem()
	if m.IsNil() {
		m.Set(reflect.MakeMapWithSize(t, d.mapHint(i)))
	}
	ev := reflect.New(t.Elem()).Elem()
	ep := ev.Addr().UnsafePointer()
	kv := reflect.New(t.Key()).Elem()
	first := true
	n, n0 := 0, 0
	if d.v2 {
		n0 = m.Len()
	}
	for j := i + 1; j < end; n++ {
		if !first {
			ev.SetZero()
		}
		first = false
		if err := elem.direct(d, j+1, ep); err != nil {
			return err
		}
		kv.SetString(d.str(j))
		m.SetMapIndex(kv, ev)
		j = d.next(j + 1)
	}
	if d.v2 && m.Len() != n0+n {
		return errV2Decline // a duplicate name (or a key already there)
	}
	return nil
}

// mapObject starts decoding the value at tape index i into the map of type
// t at p: for an object, the tape index of its end and ok; for null, the
// map set to nil; else the type error recorded.
func (d *decodeState) mapObject(i uint32, t reflect.Type, p unsafe.Pointer) (end uint32, ok bool) {
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject:
		return uint32(w) - 1, true
	case tagNull:
		*(*unsafe.Pointer)(p) = nil
	default:
		d.typeError(i, d.kindWord(i), t)
	}
	return 0, false
}

// stringKeyMapDecoder returns the decoder of t, a map by string of a
// string or a scalar (or a type defined on one of those maps), that
// stringKeyMap runs without reflection; nil for other maps. A service's
// metadata and options, counters and flags: reflect.Value.SetMapIndex was
// 7 % of a server's time on the load test's 35 kB orders.
func stringKeyMapDecoder(t reflect.Type, elem *typeDecoder) decFn {
	switch t.Elem() {
	case reflect.TypeFor[string]():
		return stringKeyMapOf[string](t, elem, (*decodeState).smallStrMap)
	case reflect.TypeFor[bool]():
		return scalarMapOf[bool](t, elem)
	case reflect.TypeFor[int]():
		return scalarMapOf[int](t, elem)
	case reflect.TypeFor[int8]():
		return scalarMapOf[int8](t, elem)
	case reflect.TypeFor[int16]():
		return scalarMapOf[int16](t, elem)
	case reflect.TypeFor[int32]():
		return scalarMapOf[int32](t, elem)
	case reflect.TypeFor[int64]():
		return scalarMapOf[int64](t, elem)
	case reflect.TypeFor[uint]():
		return scalarMapOf[uint](t, elem)
	case reflect.TypeFor[uint8]():
		return scalarMapOf[uint8](t, elem)
	case reflect.TypeFor[uint16]():
		return scalarMapOf[uint16](t, elem)
	case reflect.TypeFor[uint32]():
		return scalarMapOf[uint32](t, elem)
	case reflect.TypeFor[uint64]():
		return scalarMapOf[uint64](t, elem)
	case reflect.TypeFor[float32]():
		return scalarMapOf[float32](t, elem)
	case reflect.TypeFor[float64]():
		return scalarMapOf[float64](t, elem)
	}
	return nil
}

func scalarMapOf[V comparable](t reflect.Type, elem *typeDecoder) decFn {
	var small func(*decodeState, uint32, *typeDecoder) unsafe.Pointer
	switch smallOn, bigOn := scalarMapInPlace[V](); {
	case bigOn:
		small = (*decodeState).inPlaceScalarMap
	case smallOn:
		small = (*decodeState).smallScalarMap
	}
	return stringKeyMapOf[V](t, elem, small)
}

func stringKeyMapOf[V any](t reflect.Type, elem *typeDecoder, small func(*decodeState, uint32, *typeDecoder) unsafe.Pointer) decFn {
	return func(d *decodeState, i uint32, p unsafe.Pointer) error {
		return stringKeyMap[V](d, i, t, elem, p, small)
	}
}

// stringKeyMap is stringMap for a map of V by strings at p (of type t), V's
// decoder elem: a new map of at most 896 entries built in place by small
// (nil: never; anymap.go and bigmap.go), else made and assigned directly.
func stringKeyMap[V any](d *decodeState, i uint32, t reflect.Type, elem *typeDecoder, p unsafe.Pointer,
	small func(*decodeState, uint32, *typeDecoder) unsafe.Pointer) error {
	end, ok := d.mapObject(i, t, p)
	if !ok {
		return nil
	}
	mp := (*map[string]V)(p)
	if *mp == nil {
		if small != nil {
			if m := small(d, i, elem); m != nil {
				*(*unsafe.Pointer)(p) = m
				return nil
			}
		}
		*mp = make(map[string]V, d.mapHint(i))
	}
	m := *mp
	var ev V
	n, n0 := 0, len(m)
	for j := i + 1; j < end; n++ {
		var zero V
		ev = zero
		if err := elem.direct(d, j+1, unsafe.Pointer(&ev)); err != nil {
			return err
		}
		m[d.keyStr(j)] = ev
		j = d.next(j + 1)
	}
	if d.v2 && len(m) != n0+n {
		return errV2Decline // a duplicate name (or a key already there)
	}
	return nil
}

// base64Value decodes a string into a []byte-kind value as encoding/json does.
func (d *decodeState) base64Value(i uint32, v reflect.Value) {
	s := d.strBytes(i)
	buf := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Decode(buf, s)
	if err != nil {
		d.saveError(err)
		return
	}
	v.SetBytes(buf[:n])
}

// Types that read no number.
//
// A document decoded into such a type needs its numbers checked (their
// grammar) but never converted: the parse skips the conversion (dom.cpp's
// parse_lazy), which is most of simdjson's time on number-heavy documents
// such as canada.json. A type reads no number when nothing reachable from it
// is a number kind, an interface, json.Number, a type with an UnmarshalJSON
// or UnmarshalText method, a map with non-string keys, or a field with the
// ",string" option; it may hold strings, bools, structs, and pointers,
// slices, arrays and maps of those. A number met where such a type expects
// something else is a type error that names no value ("number"), as in
// encoding/json.

var noNumberTypes sync.Map // reflect.Type (a pointer's) -> bool

// readsNoNumber reports whether decoding into the pointer type pt reads no
// number.
func readsNoNumber(pt reflect.Type) bool {
	ok, found := noNumberTypes.Load(pt)
	if !found {
		ok = noNumbers(pt.Elem(), map[reflect.Type]bool{})
		noNumberTypes.Store(pt, ok)
	}
	return ok.(bool)
}

// noNumbers is readsNoNumber's walk over the types reachable from t; seen
// holds the types on the way (a recursive type reads what its other parts
// read).
func noNumbers(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	if t == numberType || hasUnmarshalMethod(t) {
		return false
	}
	if t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && hasUnmarshalMethod(reflect.PointerTo(t)) {
		return false
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return noNumbers(t.Elem(), seen)
	case reflect.Map:
		return t.Key().Kind() == reflect.String && noNumbers(t.Key(), seen) && noNumbers(t.Elem(), seen)
	case reflect.Struct:
		for _, f := range jsonFields(t) {
			if f.quoted {
				return false
			}
			ft := t
			for _, x := range f.index {
				if ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				ft = ft.Field(x).Type
			}
			if !noNumbers(ft, seen) {
				return false
			}
		}
		return true
	}
	return false
}
