//go:build go1.27 && goexperiment.jsonv2

package jsontext

import "encoding/json/jsontext"

// The behaviour-free types are the standard ones.
type (
	// Value is encoding/json/jsontext's Value.
	Value = jsontext.Value
	// Token is encoding/json/jsontext's Token.
	Token = jsontext.Token
	// Kind is encoding/json/jsontext's Kind.
	Kind = jsontext.Kind
	// Options is encoding/json/jsontext's Options.
	Options = jsontext.Options
	// Pointer is encoding/json/jsontext's Pointer.
	Pointer = jsontext.Pointer
	// SyntacticError is encoding/json/jsontext's SyntacticError.
	SyntacticError = jsontext.SyntacticError
)

// The kinds of tokens and values (see [Kind]).
const (
	KindInvalid     Kind = jsontext.KindInvalid
	KindNull        Kind = jsontext.KindNull
	KindFalse       Kind = jsontext.KindFalse
	KindTrue        Kind = jsontext.KindTrue
	KindString      Kind = jsontext.KindString
	KindNumber      Kind = jsontext.KindNumber
	KindBeginObject Kind = jsontext.KindBeginObject
	KindEndObject   Kind = jsontext.KindEndObject
	KindBeginArray  Kind = jsontext.KindBeginArray
	KindEndArray    Kind = jsontext.KindEndArray
)

// The literal and delimiter tokens: the standard values.
var (
	Null  Token = jsontext.Null
	False Token = jsontext.False
	True  Token = jsontext.True

	BeginObject Token = jsontext.BeginObject
	EndObject   Token = jsontext.EndObject
	BeginArray  Token = jsontext.BeginArray
	EndArray    Token = jsontext.EndArray
)

// The error variables are the standard ones, so errors.Is matches errors of
// either package.
var (
	// ErrDuplicateName is encoding/json/jsontext's ErrDuplicateName.
	ErrDuplicateName = jsontext.ErrDuplicateName
	// ErrNonStringName is encoding/json/jsontext's ErrNonStringName.
	ErrNonStringName = jsontext.ErrNonStringName
)

// Bool constructs a Token representing a JSON boolean.
func Bool(b bool) Token { return jsontext.Bool(b) }

// String constructs a Token representing a JSON string.
func String(s string) Token { return jsontext.String(s) }

// Float constructs a Token representing a JSON number (see
// encoding/json/jsontext.Float).
func Float(n float64) Token { return jsontext.Float(n) }

// Float32 constructs a Token representing a JSON number of 32-bit precision.
func Float32(n float32) Token { return jsontext.Float32(n) }

// Int constructs a Token representing a JSON number from an int64.
func Int(n int64) Token { return jsontext.Int(n) }

// Uint constructs a Token representing a JSON number from a uint64.
func Uint(n uint64) Token { return jsontext.Uint(n) }

// AppendFloat appends src formatted as a JSON number to dst (see
// encoding/json/jsontext.AppendFloat).
func AppendFloat(dst []byte, src float64, bits int) []byte {
	return jsontext.AppendFloat(dst, src, bits)
}

// AppendFormat formats the JSON value in src and appends it to dst according
// to the options (see encoding/json/jsontext.AppendFormat).
func AppendFormat[Bytes ~[]byte | ~string](dst []byte, src Bytes, opts ...Options) ([]byte, error) {
	return jsontext.AppendFormat(dst, src, opts...)
}

// AppendQuote appends a double-quoted JSON string literal representing src
// to dst (see encoding/json/jsontext.AppendQuote).
func AppendQuote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	return jsontext.AppendQuote(dst, src)
}

// AppendUnquote appends the decoded interpretation of src as a double-quoted
// JSON string literal to dst (see encoding/json/jsontext.AppendUnquote).
func AppendUnquote[Bytes ~[]byte | ~string](dst []byte, src Bytes) ([]byte, error) {
	return jsontext.AppendUnquote(dst, src)
}

// The options: each returns the standard option.

// AllowDuplicateNames specifies that JSON objects may contain duplicate
// member names.
func AllowDuplicateNames(v bool) Options { return jsontext.AllowDuplicateNames(v) }

// AllowInvalidUTF8 specifies that JSON strings may contain invalid UTF-8.
func AllowInvalidUTF8(v bool) Options { return jsontext.AllowInvalidUTF8(v) }

// CanonicalizeRawFloats specifies that JSON floats are canonicalized
// (RFC 8785) when encoded raw.
func CanonicalizeRawFloats(v bool) Options { return jsontext.CanonicalizeRawFloats(v) }

// CanonicalizeRawInts specifies that JSON integers are canonicalized
// (RFC 8785) when encoded raw.
func CanonicalizeRawInts(v bool) Options { return jsontext.CanonicalizeRawInts(v) }

// EscapeForHTML specifies that '<', '>' and '&' are escaped in strings.
func EscapeForHTML(v bool) Options { return jsontext.EscapeForHTML(v) }

// EscapeForJS specifies that U+2028 and U+2029 are escaped in strings.
func EscapeForJS(v bool) Options { return jsontext.EscapeForJS(v) }

// Multiline specifies that the output is expanded over multiple lines.
func Multiline(v bool) Options { return jsontext.Multiline(v) }

// PreserveRawStrings specifies that raw strings are encoded as given.
func PreserveRawStrings(v bool) Options { return jsontext.PreserveRawStrings(v) }

// ReorderRawObjects specifies that raw object members are sorted.
func ReorderRawObjects(v bool) Options { return jsontext.ReorderRawObjects(v) }

// SpaceAfterColon specifies that a space follows each colon.
func SpaceAfterColon(v bool) Options { return jsontext.SpaceAfterColon(v) }

// SpaceAfterComma specifies that a space follows each comma on one line.
func SpaceAfterComma(v bool) Options { return jsontext.SpaceAfterComma(v) }

// WithIndent specifies the indentation of multiline output.
func WithIndent(indent string) Options { return jsontext.WithIndent(indent) }

// WithIndentPrefix specifies the prefix of each line after the first.
func WithIndentPrefix(prefix string) Options { return jsontext.WithIndentPrefix(prefix) }
