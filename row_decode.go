package simdjson

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"sync"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Decode stores field i into x, which must be a non-nil pointer, as
// Value.Decode stores the value the field's pointer selects (encoding/json's
// Unmarshal semantics: struct tags, Number, RawMessage, Unmarshaler, ...).
// It copies the field's text (an object or array as the document spells
// it) and decodes the copy, so x may keep nothing of the Row's memory and
// Decode may be called during the map function only, like the other
// accessors.
//
// A missing field is ErrNoSuchField, a malformed one its error (Err), a
// stale Row ErrStaleHandle; x is then left as it is. Offsets in errors are
// counted in the field's text, not in the document. A string or number
// field is decoded from its value, which the projection keeps instead of
// its text: an UnmarshalJSON method, a Number or a RawMessage sees it
// spelled as encoding/json would write it (escapes, and a float in the
// shortest form that reads back the same, with ".0" when it has no
// fraction or exponent, so that it still does not decode into an integer),
// which may differ from the document's spelling; the values stored are
// the same.
func (r Row) Decode(i int, x any) error {
	if rv := reflect.ValueOf(x); rv.Kind() != reflect.Pointer || rv.IsNil() {
		return &json.InvalidUnmarshalError{Type: reflect.TypeOf(x)}
	}
	f := &r.f[i]
	if !r.live() {
		return ErrStaleHandle
	}
	k, u, fl, s, n := f.Kind, f.U, f.F, f.Str, f.Len
	if !r.still() {
		return ErrStaleHandle
	}
	rd := rowDecoders.Get().(*rowDecoder)
	defer rowDecoders.Put(rd)
	b := rd.buf[:0]
	switch k {
	case shim.FMissing:
		return ErrNoSuchField
	case shim.FError:
		return ErrorCode(u)
	case shim.FNull:
		b = append(b, "null"...)
	case shim.FBool:
		b = strconv.AppendBool(b, u != 0)
	case shim.FInt64:
		b = strconv.AppendInt(b, int64(u), 10)
	case shim.FUint64:
		b = strconv.AppendUint(b, u, 10)
	case shim.FDouble:
		if math.IsInf(fl, 0) || math.IsNaN(fl) {
			return ErrNumber
		}
		b = appendFloat(b, fl)
	case shim.FString:
		b = appendQuoted(b, unsafe.Slice((*byte)(s), n))
	case shim.FObject, shim.FArray, shim.FBigInt:
		b = append(b, unsafe.Slice((*byte)(s), n)...)
	default:
		return ErrStaleHandle
	}
	if !r.still() { // the bytes may have changed under the copy
		rd.buf = b
		return ErrStaleHandle
	}
	b = append(b, make([]byte, Padding)...)[:len(b)]
	rd.buf = b
	doc, err := rd.p.Parse(b)
	if err != nil {
		return err
	}
	return doc.Decode(x)
}

// rowDecoder is a parser and a buffer for Row.Decode, which may run on
// every worker of a map at once.
type rowDecoder struct {
	p   *Parser
	buf []byte
}

var rowDecoders = sync.Pool{New: func() any { return &rowDecoder{p: NewParser()} }}

// appendFloat appends f as encoding/json writes a float64, with ".0" when
// that has no fraction or exponent (the projection read a float, so the
// document spelled one).
func appendFloat(b []byte, f float64) []byte {
	start := len(b)
	b = strconv.AppendFloat(b, f, 'g', -1, 64)
	for _, c := range b[start:] {
		if c == '.' || c == 'e' || c == 'E' {
			return b
		}
	}
	return append(b, ".0"...)
}

// appendQuoted appends s as a JSON string: '"', '\\' and control
// characters escaped, everything else (valid UTF-8, as simdjson checked)
// as it is.
func appendQuoted(b, s []byte) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c == '\t':
			b = append(b, '\\', 't')
		case c < ' ':
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
