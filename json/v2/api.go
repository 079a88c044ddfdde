//go:build go1.27 && goexperiment.jsonv2

package json

import (
	jsonv2 "encoding/json/v2"
)

// Options configure Marshal, MarshalWrite, MarshalEncode, Unmarshal,
// UnmarshalRead and UnmarshalDecode: encoding/json/v2's Options.
type Options = jsonv2.Options

// SemanticError describes an error determining the meaning of JSON data as
// Go data or vice-versa: encoding/json/v2's SemanticError.
type SemanticError = jsonv2.SemanticError

// Marshalers is a list of functions that may override the marshal behavior
// of specific types: encoding/json/v2's Marshalers.
type Marshalers = jsonv2.Marshalers

// Unmarshalers is a list of functions that may override the unmarshal
// behavior of specific types: encoding/json/v2's Unmarshalers.
type Unmarshalers = jsonv2.Unmarshalers

// Marshaler is implemented by types that can marshal themselves into valid
// JSON: encoding/json/v2's Marshaler.
type Marshaler = jsonv2.Marshaler

// Unmarshaler is implemented by types that can unmarshal a JSON description
// of themselves: encoding/json/v2's Unmarshaler.
type Unmarshaler = jsonv2.Unmarshaler

// ErrUnknownName indicates that a JSON object member could not be unmarshaled
// because the name is not known to the target Go struct: encoding/json/v2's
// ErrUnknownName (the same variable's value).
var ErrUnknownName = jsonv2.ErrUnknownName

// GetOption returns the value stored in opts with the provided setter,
// reporting whether the value is present: encoding/json/v2's GetOption.
func GetOption[T any](opts Options, setter func(T) Options) (T, bool) {
	return jsonv2.GetOption(opts, setter)
}

// DefaultOptionsV2 is encoding/json/v2's DefaultOptionsV2: the full set of
// all options that define v2 semantics.
func DefaultOptionsV2() Options { return jsonv2.DefaultOptionsV2() }

// Deterministic is encoding/json/v2's Deterministic: the same input value
// produces the same output bytes (map entries sorted by name).
func Deterministic(v bool) Options { return jsonv2.Deterministic(v) }

// FormatNilMapAsNull is encoding/json/v2's FormatNilMapAsNull: a nil Go
// map marshals as a JSON null instead of an empty object.
func FormatNilMapAsNull(v bool) Options { return jsonv2.FormatNilMapAsNull(v) }

// FormatNilSliceAsNull is encoding/json/v2's FormatNilSliceAsNull: a nil Go
// slice marshals as a JSON null instead of an empty array.
func FormatNilSliceAsNull(v bool) Options { return jsonv2.FormatNilSliceAsNull(v) }

// JoinOptions is encoding/json/v2's JoinOptions: it coalesces the options,
// later ones taking precedence.
func JoinOptions(srcs ...Options) Options { return jsonv2.JoinOptions(srcs...) }

// MatchCaseInsensitiveNames is encoding/json/v2's MatchCaseInsensitiveNames:
// JSON object names match Go struct fields case-insensitively.
func MatchCaseInsensitiveNames(v bool) Options { return jsonv2.MatchCaseInsensitiveNames(v) }

// OmitZeroStructFields is encoding/json/v2's OmitZeroStructFields: struct
// fields holding a zero value are omitted, as if tagged omitzero.
func OmitZeroStructFields(v bool) Options { return jsonv2.OmitZeroStructFields(v) }

// RejectUnknownMembers is encoding/json/v2's RejectUnknownMembers: unknown
// JSON object members are an error when unmarshaling.
func RejectUnknownMembers(v bool) Options { return jsonv2.RejectUnknownMembers(v) }

// StringifyNumbers is encoding/json/v2's StringifyNumbers: numeric Go types
// are represented as JSON numbers within JSON strings.
func StringifyNumbers(v bool) Options { return jsonv2.StringifyNumbers(v) }

// WithMarshalers is encoding/json/v2's WithMarshalers: it overrides the
// marshal behavior of specific types. The caller's functions take
// precedence over this package's bridge of MarshalerTo methods.
func WithMarshalers(v *Marshalers) Options { return jsonv2.WithMarshalers(v) }

// WithUnmarshalers is encoding/json/v2's WithUnmarshalers: it overrides the
// unmarshal behavior of specific types.
func WithUnmarshalers(v *Unmarshalers) Options { return jsonv2.WithUnmarshalers(v) }

// JoinMarshalers is encoding/json/v2's JoinMarshalers: a flattened list of
// marshal functions, earlier ones taking precedence.
func JoinMarshalers(ms ...*Marshalers) *Marshalers { return jsonv2.JoinMarshalers(ms...) }

// JoinUnmarshalers is encoding/json/v2's JoinUnmarshalers: a flattened
// list of unmarshal functions, earlier ones taking precedence.
func JoinUnmarshalers(us ...*Unmarshalers) *Unmarshalers { return jsonv2.JoinUnmarshalers(us...) }

// MarshalFunc is encoding/json/v2's MarshalFunc: a type-specific marshaler
// for values of type T.
func MarshalFunc[T any](fn func(T) ([]byte, error)) *Marshalers { return jsonv2.MarshalFunc(fn) }

// UnmarshalFunc is encoding/json/v2's UnmarshalFunc: a type-specific
// unmarshaler for values of type T (an unnamed pointer or an interface).
func UnmarshalFunc[T any](fn func([]byte, T) error) *Unmarshalers { return jsonv2.UnmarshalFunc(fn) }
