package json

import (
	"bytes"
	"encoding"
	stdjson "encoding/json"
	"errors"
	"reflect"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/structfields"
)

// The rules of encoding/json implemented on encoding/json/v2 (encodeV2:
// goexperiment.jsonv2, Go 1.27's default), where they differ from the
// classic ones, and what this package leaves to encoding/json there.
//
// Written here as the v2 encoder writes them:
//   - invalid UTF-8 in a string as the replacement character itself
//     (invalidUTF8), not \ufffd;
//   - U+2028 and U+2029 in a RawMessage or a MarshalJSON's output escaped
//     with or without HTML escaping (jsontext's EscapeForJS is always on);
//   - encoding.TextAppender's AppendText called before MarshalText, for
//     values and map keys, with MarshalText's rule for pointer receivers;
//   - the keys of a map whose key type has methods sorted as written
//     (invalid UTF-8 replaced), not as Go strings;
//   - the value an interface holds written by its own methods (a copy's:
//     MarshalJSON before the interface's MarshalText), not the interface's;
//     a nil pointer held by an interface of type exactly Marshaler,
//     encoding.TextMarshaler or encoding.TextAppender by its method
//     (v2NilReceiver);
//   - nesting counted (enter, leave): past maxDepth levels, see below;
//   - json.Number, which has a MarshalJSONTo there, written as before;
//   - Indent's trailing space after a newline overwritten with prefix and
//     indent (indent.go: indentTail).
//
// Handed to encoding/json (errFallback: Marshal, MarshalIndent and Encode
// then return what encoding/json's return for the same value):
//   - every error: v2 reports them with other types, texts and values
//     (a MarshalerError names *T, and the method it called; a cycle's
//     UnsupportedValueError holds no Value; syntax errors in a
//     MarshalJSON's output have v2's texts), and fails where the classic
//     encoder does not (nesting deeper than maxDepth) or succeeds where
//     it failed (map keys of other kinds). A method of the value may then
//     be called twice: once here, once by encoding/json.
//   - values whose type has a MarshalJSONTo method (v2's Marshaler),
//     other than json.Number;
//   - structs whose json tags v2 may read otherwise than the classic
//     rules (options other than omitempty, omitzero and string; names
//     the classic rules reject), and maps with interface keys.
// Under the classic encoding/json (encodeV2 false) none of this applies.

// errFallback fails an encoding that encoding/json is to do instead.
var errFallback = errors.New("json: encoding left to encoding/json")

// maxDepth is jsontext's limit on nesting: the v2 encoder fails on a
// container deeper than this, the classic one does not.
const maxDepth = 10000

// fallbackEnc is the encoder of a type encoding/json encodes (encodeV2).
func fallbackEnc(e *encState, p unsafe.Pointer, fl uint8) { e.fail(errFallback) }

// enter notes that a container is opened, one level deeper: past maxDepth
// the encoding is encoding/json's (encodeV2 only; a no-op otherwise).
func (e *encState) enter() {
	if encodeV2 {
		if e.depth++; e.depth > maxDepth {
			e.fail(errFallback)
		}
	}
}

// leave notes that a container is closed.
func (e *encState) leave() {
	if encodeV2 {
		e.depth--
	}
}

// empty writes s, an empty container ("{}" or "[]"), one level deeper.
func (e *encState) empty(s string) {
	if encodeV2 && e.depth >= maxDepth {
		e.fail(errFallback)
	}
	e.add(s)
}

// compactRoom is how many levels a RawMessage or a MarshalJSON's output
// may nest at the current depth.
func (e *encState) compactRoom() int {
	if encodeV2 {
		return min(maxCompactDepth, maxDepth-e.depth)
	}
	return maxCompactDepth
}

var textAppenderType = reflect.TypeFor[encoding.TextAppender]()

// hasMarshalJSONTo reports whether t has encoding/json/v2's MarshalerTo
// method, MarshalJSONTo(*jsontext.Encoder) error.
func hasMarshalJSONTo(t reflect.Type) bool { return hasJSONTextMethod(t, "MarshalJSONTo", "Encoder") }

// hasJSONTextMethod reports whether t has the method name with the
// signature of encoding/json/v2's MarshalerTo or UnmarshalerFrom,
// func(*jsontext.param) error, told by names (naming jsontext's types here
// would need Go 1.27 or GOEXPERIMENT=jsonv2, and the module's go version is
// 1.26).
func hasJSONTextMethod(t reflect.Type, name, param string) bool {
	m, ok := t.MethodByName(name)
	if !ok {
		return false
	}
	mt := m.Type
	in := 1 // the receiver, for a method of a concrete type
	if t.Kind() == reflect.Interface {
		in = 0
	}
	if mt.NumIn() != in+1 || mt.NumOut() != 1 || mt.Out(0) != errorType {
		return false
	}
	p := mt.In(in)
	return p.Kind() == reflect.Pointer && p.Elem().Name() == param && p.Elem().PkgPath() == "encoding/json/jsontext"
}

var errorType = reflect.TypeFor[error]()

// encMethods reports whether values of type t have a method that decides
// their encoding (for a pointer type: whether the pointer has one):
// MarshalJSON, MarshalText, and under encodeV2 AppendText and
// MarshalJSONTo.
func encMethods(t reflect.Type) bool {
	return t.Implements(marshalerType) || t.Implements(textMarshalerType) ||
		encodeV2 && (t.Implements(textAppenderType) || hasMarshalJSONTo(t))
}

// v2MethodEnc returns, under encodeV2, the encoder of a type with a
// MarshalJSONTo method (its own or its pointer's): encoding/json's; nil
// for other types and json.Number (written by encNumber: the literal,
// checked as v2 checks it).
func v2MethodEnc(t reflect.Type) encFn {
	if t == numberType {
		return nil
	}
	if hasMarshalJSONTo(t) || t.Kind() != reflect.Pointer && t.Kind() != reflect.Interface && hasMarshalJSONTo(reflect.PointerTo(t)) {
		return fallbackEnc
	}
	return nil
}

// v2NilReceiver returns, for an interface type t that is exactly one of
// v2's marshaler interfaces, how v2 wraps a nil pointer such an interface
// holds so that its method is called (v2's makeInterfaceArshaler: the
// nil pointer in a struct that embeds the interface, whose value-receiver
// method the pointer's answers); nil for other interface types, whose
// nil pointers are null. (For any other interface type with those
// methods holding a nil pointer, v2 panics, Go 1.26's experiment and
// Go 1.27.3 alike: reflect's "call of reflect.Value.Type on zero Value";
// this package writes null there, TestEncodeNilReceiverOtherInterface.)
func v2NilReceiver(t reflect.Type) func(any) any {
	switch {
	case t == marshalerType:
		return func(x any) any { return struct{ Marshaler }{x.(Marshaler)} }
	case t == textAppenderType:
		return func(x any) any { return struct{ encoding.TextAppender }{x.(encoding.TextAppender)} }
	case t == textMarshalerType:
		return func(x any) any { return struct{ encoding.TextMarshaler }{x.(encoding.TextMarshaler)} }
	case t.Name() == "MarshalerTo" && t.PkgPath() == "encoding/json/v2":
		return func(x any) any { return x } // a MarshalJSONTo: encoding/json's (v2MethodEnc)
	}
	return nil
}

// v2AppenderEnc returns, under encodeV2, the encoder of a type whose
// values (or, addressable, their pointers) have an AppendText method,
// which v2 calls before MarshalText (and after MarshalJSON); else nil.
func v2AppenderEnc(t reflect.Type, allowAddr bool) encFn {
	if t.Kind() != reflect.Pointer && allowAddr && reflect.PointerTo(t).Implements(textAppenderType) && !t.Implements(textAppenderType) {
		return condAddr(addrMethodEnc(t, (*encState).callAppendText), newTypeEnc(t, false))
	}
	if t.Implements(textAppenderType) {
		return methodEnc(t, (*encState).callAppendText)
	}
	return nil
}

// callAppendText writes what m's AppendText appends, as a string.
func (e *encState) callAppendText(m encoding.TextAppender, t reflect.Type) {
	b, err := m.AppendText(e.text[:0])
	if err != nil {
		e.fail(errFallback)
	}
	e.buf = appendBytesString(e.buf, b, e.html)
	if cap(b) <= 4096 {
		e.text = b[:0]
	}
}

// appendKeyText returns the text of the map key k (a non-nil value of a
// type with MarshalText or AppendText) as v2 writes it: AppendText's
// when it has one.
func (e *encState) appendKeyText(k reflect.Value) (string, error) {
	if encodeV2 {
		if ta, ok := k.Interface().(encoding.TextAppender); ok {
			b, err := ta.AppendText(nil)
			return string(b), err
		}
	}
	b, err := k.Interface().(encoding.TextMarshaler).MarshalText()
	return string(b), err
}

// v2PlainTags reports whether the v2 rules read the json tags of struct
// type t, and of the structs it embeds, as the classic ones do: names the
// classic rules accept (others fall back to the field's name there, but
// are names in v2), and no options but omitempty, omitzero and string
// (v2 reads format, case, embed, and rejects or ignores others).
func v2PlainTags(t reflect.Type) bool {
	seen := map[reflect.Type]bool{}
	var plain func(t reflect.Type) bool
	plain = func(t reflect.Type) bool {
		if seen[t] {
			return true
		}
		seen[t] = true
		for i := range t.NumField() {
			sf := t.Field(i)
			tag, ok := sf.Tag.Lookup("json")
			if ok && tag != "-" {
				name, opts, _ := strings.Cut(tag, ",")
				if name != "" && !structfields.ValidTagName(name) {
					return false
				}
				for _, o := range strings.Split(opts, ",") {
					if opts != "" && o != "omitempty" && o != "omitzero" && o != "string" {
						return false
					}
				}
			}
			if sf.Anonymous {
				et := sf.Type
				if et.Kind() == reflect.Pointer {
					et = et.Elem()
				}
				if et.Kind() == reflect.Struct && !plain(et) {
					return false
				}
			}
		}
		return true
	}
	return plain(t)
}

// v2SortsWritten reports whether v2 sorts the keys of maps with key type
// kt as written (the names with invalid UTF-8 replaced) rather than as Go
// strings: when kt has methods (its arshaler is not the default one) or
// is not a string.
func v2SortsWritten(kt reflect.Type) bool {
	return kt.Kind() != reflect.String || encMethods(reflect.PointerTo(kt))
}

// validKey returns s with each byte of invalid UTF-8 replaced by U+FFFD,
// as v2 writes it (s itself when it is valid).
func validKey(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteString("\ufffd")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// encodeStd is Encode by encoding/json's Encoder with enc's settings, for
// a value left to it (encodeV2).
func (enc *Encoder) encodeStd(v any) error {
	var buf bytes.Buffer
	std := stdjson.NewEncoder(&buf)
	std.SetEscapeHTML(enc.escapeHTML)
	if in := enc.indent; in != nil {
		std.SetIndent(in.prefix, in.value)
	}
	if err := std.Encode(v); err != nil {
		return err
	}
	if _, err := enc.w.Write(buf.Bytes()); err != nil {
		enc.err = err
		return err
	}
	return nil
}
