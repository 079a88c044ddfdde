// Package json is a drop-in replacement for encoding/json backed by
// simdjson: a program switches by changing its import line,
//
//	import "github.com/simdjson-cgo/simdjson/json"
//
// and builds unchanged. Every exported name of encoding/json (v1) is here
// with the same signature and behaviour. Unmarshal, Valid, Compact and the
// Decoder parse with simdjson; results and errors are encoding/json's,
// byte for byte, including where simdjson alone would differ (those inputs
// are handed to encoding/json). Marshal, MarshalIndent and the Encoder
// are this package's own encoder, in Go (no cgo): encoding/json's bytes and
// errors, from encoders built once per type. The names that carry no
// behaviour (Number,
// RawMessage, Marshaler, Unmarshaler, Token, Delim and the error types) are
// aliases of encoding/json's own, so values and errors pass freely between
// code using either package and errors.As keeps working.
//
// Built without cgo (CGO_ENABLED=0), the decoding side is encoding/json
// underneath; the encoder is the same in both builds.
package json

import (
	// Imported by its own name here, as stdjson elsewhere in the package:
	// go doc and pkg.go.dev print the aliases below with this name
	// (type Number = json.Number).
	"encoding/json"
)

// Types that carry no behaviour of their own: encoding/json's.
type (
	// Number is encoding/json's Number: a JSON number literal.
	Number = json.Number
	// RawMessage is encoding/json's RawMessage: a raw encoded JSON value.
	RawMessage = json.RawMessage
	// Marshaler is encoding/json's Marshaler.
	Marshaler = json.Marshaler
	// Unmarshaler is encoding/json's Unmarshaler.
	Unmarshaler = json.Unmarshaler
	// Token is encoding/json's Token: Delim, bool, float64, Number, string
	// or nil.
	Token = json.Token
	// Delim is encoding/json's Delim: one of [ ] { }.
	Delim = json.Delim
)

// Errors: encoding/json's types, so that errors.As with either package's
// names matches errors from both.
type (
	// SyntaxError is encoding/json's SyntaxError.
	SyntaxError = json.SyntaxError
	// UnmarshalTypeError is encoding/json's UnmarshalTypeError.
	UnmarshalTypeError = json.UnmarshalTypeError
	// InvalidUnmarshalError is encoding/json's InvalidUnmarshalError.
	InvalidUnmarshalError = json.InvalidUnmarshalError
	// UnsupportedTypeError is encoding/json's UnsupportedTypeError.
	UnsupportedTypeError = json.UnsupportedTypeError
	// UnsupportedValueError is encoding/json's UnsupportedValueError.
	UnsupportedValueError = json.UnsupportedValueError
	// MarshalerError is encoding/json's MarshalerError.
	MarshalerError = json.MarshalerError
	// UnmarshalFieldError is encoding/json's UnmarshalFieldError.
	//
	// Deprecated: No longer used; kept for compatibility.
	UnmarshalFieldError = json.UnmarshalFieldError
	// InvalidUTF8Error is encoding/json's InvalidUTF8Error.
	//
	// Deprecated: No longer used; kept for compatibility.
	InvalidUTF8Error = json.InvalidUTF8Error
)
