package json

import (
	"encoding"
	"encoding/base64"
	stdjson "encoding/json"
	"errors"
	"reflect"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// The reflection path: encoding/json's rules applied with reflect.Value,
// for the cases the typed decoders hand over (the root value, interfaces
// holding pointers, maps with integer or TextUnmarshaler keys, []byte,
// ",string" fields). It reads the same tape.

// indirect walks v down through pointers (allocating nil ones) and through
// interfaces holding non-nil pointers, until it reaches a value to decode
// into or a value with UnmarshalJSON or UnmarshalText. This is encoding/json's
// rule, restated: with decodingNull it stops at the first settable pointer,
// so that null can set it to nil, and ignores UnmarshalText.
func indirect(v reflect.Value, decodingNull bool) (stdjson.Unmarshaler, encoding.TextUnmarshaler, reflect.Value) {
	orig := v
	viaAddr := false
	if v.Kind() != reflect.Pointer && v.Type().Name() != "" && v.CanAddr() {
		viaAddr = true
		v = v.Addr()
	}
	for {
		if v.Kind() == reflect.Interface && !v.IsNil() {
			e := v.Elem()
			if e.Kind() == reflect.Pointer && !e.IsNil() && (!decodingNull || e.Elem().Kind() == reflect.Pointer) {
				viaAddr = false
				v = e
				continue
			}
		}
		if v.Kind() != reflect.Pointer {
			return nil, nil, v
		}
		if decodingNull && v.CanSet() {
			return nil, nil, v
		}
		// A pointer to an interface holding that same pointer: decode into
		// the interface (otherwise this would loop forever).
		if v.Elem().Kind() == reflect.Interface && v.Elem().Elem().Equal(v) {
			return nil, nil, v.Elem()
		}
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		if v.Type().NumMethod() > 0 && v.CanInterface() {
			if u, ok := reflect.TypeAssert[stdjson.Unmarshaler](v); ok {
				return u, nil, reflect.Value{}
			}
			if !decodingNull {
				if u, ok := reflect.TypeAssert[encoding.TextUnmarshaler](v); ok {
					return nil, u, reflect.Value{}
				}
			}
		}
		if viaAddr {
			v = orig
			viaAddr = false
		} else {
			v = v.Elem()
		}
	}
}

// valueReflect decodes the tape value at i into v.
func (d *decodeState) valueReflect(i uint32, v reflect.Value) error {
	tag := tagOf(d.tape[i])
	u, ut, pv := indirect(v, tag == tagNull)
	if stdV2 && (u != nil && stdOnly(reflect.TypeOf(u)) || ut != nil && stdOnly(reflect.TypeOf(ut))) {
		d.saveError(errUseStd) // an UnmarshalJSONFrom method comes first
		return nil
	}
	if u != nil {
		return u.UnmarshalJSON(d.raw(i))
	}
	if ut != nil {
		if tag == tagString {
			return ut.UnmarshalText([]byte(d.str(i)))
		}
		d.typeError(i, d.kindWord(i), v.Type())
		return nil
	}
	if pv.Kind() == reflect.Interface {
		switch {
		case tag == tagNull:
			pv.SetZero()
		case pv.NumMethod() == 0:
			pv.Set(reflect.ValueOf(d.anyValue(i)))
		default:
			d.typeError(i, d.kindWord(i), pv.Type())
		}
		return nil
	}
	if pv.Kind() == reflect.Pointer {
		// Only null stops at a pointer.
		pv.SetZero()
		return nil
	}
	if !pv.CanAddr() {
		panic("simdjson: decoding into an unaddressable value")
	}
	return decoderFor(pv.Type()).plain(d, i, pv.Addr().UnsafePointer())
}

// sliceReflect decodes into a slice of bytes (a base64 string or an array)
// or of zero-size elements.
func (d *decodeState) sliceReflect(i uint32, v reflect.Value) error {
	w := d.tape[i]
	switch tagOf(w) {
	case tagArray:
	case tagNull:
		v.SetZero()
		return nil
	case tagString:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			d.base64Value(i, v)
			return nil
		}
		fallthrough
	default:
		d.typeError(i, d.kindWord(i), v.Type())
		return nil
	}
	n := d.count(i)
	if n == 0 {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		return nil
	}
	elem := decoderFor(v.Type().Elem())
	k := 0
	for j := i + 1; k < n; j = d.next(j) {
		if k >= v.Cap() {
			v.Grow(1)
		}
		if k >= v.Len() {
			v.SetLen(k + 1)
		}
		if err := elem.direct(d, j, v.Index(k).Addr().UnsafePointer()); err != nil {
			return err
		}
		k++
	}
	v.SetLen(n)
	return nil
}

// mapReflect decodes an object into a map with integer or TextUnmarshaler
// keys (or reports a map type JSON objects cannot fill).
func (d *decodeState) mapReflect(i uint32, v reflect.Value) error {
	t := v.Type()
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject:
	case tagNull:
		v.SetZero()
		return nil
	default:
		d.typeError(i, d.kindWord(i), t)
		return nil
	}
	kt := t.Key()
	textKey := reflect.PointerTo(kt).Implements(textUnmarshalerType)
	if !textKey {
		switch kt.Kind() {
		case reflect.String,
			reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		default:
			d.typeError(i, "object", t)
			return nil
		}
	}
	if v.IsNil() {
		v.Set(reflect.MakeMapWithSize(t, d.mapHint(i)))
	}
	elem := decoderFor(t.Elem())
	ev := reflect.New(t.Elem()).Elem()
	end := uint32(w) - 1
	for j := i + 1; j < end; j = d.next(j + 1) {
		ev.SetZero()
		if err := elem.direct(d, j+1, ev.Addr().UnsafePointer()); err != nil {
			return err
		}
		var kv reflect.Value
		if textKey {
			kv = reflect.New(kt)
			// encoding/json stores the key as a quoted literal: through
			// UnmarshalJSON when the key type has one, else UnmarshalText.
			u, ut, _ := indirect(kv, false)
			if stdV2 {
				// v2 calls UnmarshalText, even where UnmarshalJSON exists.
				u, ut = nil, kv.Interface().(encoding.TextUnmarshaler)
			}
			if u != nil {
				if err := u.UnmarshalJSON(d.raw(j)); err != nil {
					return err
				}
			} else if ut != nil {
				if err := ut.UnmarshalText([]byte(d.str(j))); err != nil {
					return err
				}
			}
			kv = kv.Elem()
		} else {
			key := d.str(j)
			switch kt.Kind() {
			case reflect.String:
				kv = reflect.New(kt).Elem()
				kv.SetString(key)
			case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
				n, err := strconv.ParseInt(key, 10, 64)
				if err != nil || kt.OverflowInt(n) {
					d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + key, Type: kt, Offset: int64(d.start(j) + 1)})
					continue
				}
				kv = reflect.New(kt).Elem()
				kv.SetInt(n)
			default:
				n, err := strconv.ParseUint(key, 10, 64)
				if err != nil || kt.OverflowUint(n) {
					d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + key, Type: kt, Offset: int64(d.start(j) + 1)})
					continue
				}
				kv = reflect.New(kt).Elem()
				kv.SetUint(n)
			}
		}
		v.SetMapIndex(kv, ev)
	}
	return nil
}

// quotedField decodes a field tagged ",string": its value must be a string
// holding a literal (or null).
func (d *decodeState) quotedField(i uint32, v reflect.Value) error {
	switch tagOf(d.tape[i]) {
	case tagNull:
		return d.valueReflect(i, v)
	case tagString:
		item := d.strBytes(i)
		if stdV2 && (string(item) == "null" && string(d.raw(i)) != `"null"` || quotedLeftToStd(item, v.Type())) {
			d.saveError(errUseStd)
			return nil
		}
		return d.literalQuoted(i, item, v)
	}
	d.saveError(errors.New("json: invalid use of ,string struct tag, trying to unmarshal unquoted value into " + v.Type().String()))
	return nil
}

func invalidQuoted(item []byte, t reflect.Type) error {
	return errors.New("json: invalid use of ,string struct tag, trying to unmarshal " + strconv.Quote(string(item)) + " into " + t.String())
}

// literalQuoted stores the literal item, found inside the string at i, into
// v: encoding/json's literalStore for ",string" fields.
func (d *decodeState) literalQuoted(i uint32, item []byte, v reflect.Value) error {
	if len(item) == 0 {
		d.saveError(invalidQuoted(item, v.Type()))
		return nil
	}
	item = append([]byte(nil), item...) // the tape's bytes die with the parser
	u, ut, pv := indirect(v, item[0] == 'n')
	if u != nil {
		return u.UnmarshalJSON(item)
	}
	if ut != nil {
		if item[0] != '"' {
			d.saveError(invalidQuoted(item, v.Type()))
			return nil
		}
		s, ok := unquoteBytes(item)
		if !ok {
			return invalidQuoted(item, v.Type())
		}
		return ut.UnmarshalText(s)
	}
	v = pv
	end := int64(d.end(i))
	switch c := item[0]; c {
	case 'n':
		if string(item) != "null" {
			d.saveError(invalidQuoted(item, v.Type()))
			break
		}
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice:
			v.SetZero()
		}
	case 't', 'f':
		if string(item) != "true" && string(item) != "false" {
			d.saveError(invalidQuoted(item, v.Type()))
			break
		}
		value := c == 't'
		switch v.Kind() {
		default:
			d.saveError(invalidQuoted(item, v.Type()))
		case reflect.Bool:
			v.SetBool(value)
		case reflect.Interface:
			if v.NumMethod() == 0 {
				v.Set(reflect.ValueOf(value))
			} else {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "bool", Type: v.Type(), Offset: end})
			}
		}
	case '"':
		s, ok := unquoteBytes(item)
		if !ok {
			return invalidQuoted(item, v.Type())
		}
		switch v.Kind() {
		default:
			d.saveError(&stdjson.UnmarshalTypeError{Value: "string", Type: v.Type(), Offset: end})
		case reflect.Slice:
			if v.Type().Elem().Kind() != reflect.Uint8 {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "string", Type: v.Type(), Offset: end})
				break
			}
			b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
			n, err := base64.StdEncoding.Decode(b, s)
			if err != nil {
				d.saveError(err)
				break
			}
			v.SetBytes(b[:n])
		case reflect.String:
			t := string(s)
			if v.Type() == numberType && !text.IsNumber(s) {
				return errors.New("json: invalid number literal, trying to unmarshal " + strconv.Quote(string(item)) + " into Number")
			}
			v.SetString(t)
		case reflect.Interface:
			if v.NumMethod() == 0 {
				v.Set(reflect.ValueOf(string(s)))
			} else {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "string", Type: v.Type(), Offset: end})
			}
		}
	default:
		if c != '-' && (c < '0' || c > '9') {
			return invalidQuoted(item, v.Type())
		}
		s := string(item)
		switch v.Kind() {
		default:
			if v.Kind() == reflect.String && v.Type() == numberType {
				v.SetString(s)
				break
			}
			return invalidQuoted(item, v.Type())
		case reflect.Interface:
			var n any
			if d.useNumber {
				n = stdjson.Number(s)
			} else {
				f, err := strconv.ParseFloat(s, 64)
				if err != nil {
					d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + s, Type: float64Type, Offset: end + 1})
					break
				}
				n = f
			}
			if v.NumMethod() != 0 {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "number", Type: v.Type(), Offset: end})
				break
			}
			v.Set(reflect.ValueOf(n))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v.OverflowInt(n) {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + s, Type: v.Type(), Offset: end})
				break
			}
			v.SetInt(n)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil || v.OverflowUint(n) {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + s, Type: v.Type(), Offset: end})
				break
			}
			v.SetUint(n)
		case reflect.Float32, reflect.Float64:
			n, err := strconv.ParseFloat(s, v.Type().Bits())
			if err != nil || v.OverflowFloat(n) {
				d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + s, Type: v.Type(), Offset: end})
				break
			}
			v.SetFloat(n)
		}
	}
	return nil
}

// unquoteBytes unquotes a JSON string literal as leniently as encoding/json:
// invalid UTF-8 and unpaired surrogates become U+FFFD, and \' is accepted.
func unquoteBytes(s []byte) ([]byte, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return nil, false
	}
	s = s[1 : len(s)-1]
	out := make([]byte, 0, len(s))
	for r := 0; r < len(s); {
		c := s[r]
		switch {
		case c == '\\':
			if r+1 >= len(s) {
				return nil, false
			}
			switch e := s[r+1]; e {
			case '"', '\\', '/', '\'':
				out = append(out, e)
				r += 2
			case 'b':
				out = append(out, '\b')
				r += 2
			case 'f':
				out = append(out, '\f')
				r += 2
			case 'n':
				out = append(out, '\n')
				r += 2
			case 'r':
				out = append(out, '\r')
				r += 2
			case 't':
				out = append(out, '\t')
				r += 2
			case 'u':
				c1, ok := text.Hex4(s[r:])
				if !ok {
					return nil, false
				}
				r += 6
				if utf16.IsSurrogate(c1) {
					if c2, ok := text.Hex4(s[r:]); ok {
						if dec := utf16.DecodeRune(c1, c2); dec != unicode.ReplacementChar {
							out = utf8.AppendRune(out, dec)
							r += 6
							break
						}
					}
					c1 = unicode.ReplacementChar
				}
				out = utf8.AppendRune(out, c1)
			default:
				return nil, false
			}
		case c == '"' || c < ' ':
			return nil, false
		case c < utf8.RuneSelf:
			out = append(out, c)
			r++
		default:
			x, n := utf8.DecodeRune(s[r:])
			out = utf8.AppendRune(out, x)
			r += n
		}
	}
	return out, true
}

// foldName appends the case-folded form of name to dst: two names match
// case-insensitively (encoding/json's rule, bytes.EqualFold) when their
// folded forms are equal. Each rune becomes the smallest rune of its
// Unicode simple-folding orbit (ASCII letters become upper case).
func foldName(dst, name []byte) []byte {
	for k := 0; k < len(name); {
		c := name[k]
		if c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			dst = append(dst, c)
			k++
			continue
		}
		r, n := utf8.DecodeRune(name[k:])
		min := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < min {
				min = f
			}
		}
		dst = utf8.AppendRune(dst, min)
		k += n
	}
	return dst
}
