package simdjson

import (
	"strconv"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// ErrorCode is one of simdjson's error codes (the values of simdjson 3.9.4's
// error_code enum) or one of this package's own codes (1000 and up). Each code
// is also an error, so the codes double as sentinels for errors.Is:
//
//	if errors.Is(err, simdjson.ErrNoSuchField) { ... }
type ErrorCode int

// simdjson's error codes, in the order of simdjson 3.9.4's error_code enum.
const (
	ErrCapacity                ErrorCode = 1  // the parser cannot hold a document that big
	ErrMemAlloc                ErrorCode = 2  // out of memory
	ErrTape                    ErrorCode = 3  // malformed JSON (generic)
	ErrDepth                   ErrorCode = 4  // nesting deeper than the parser's maximum depth
	ErrString                  ErrorCode = 5  // malformed string
	ErrTAtom                   ErrorCode = 6  // malformed literal starting with 't'
	ErrFAtom                   ErrorCode = 7  // malformed literal starting with 'f'
	ErrNAtom                   ErrorCode = 8  // malformed literal starting with 'n'
	ErrNumber                  ErrorCode = 9  // malformed number
	ErrBigInt                  ErrorCode = 10 // integer does not fit in 64 bits
	ErrUTF8                    ErrorCode = 11 // input is not valid UTF-8
	ErrUninitialized           ErrorCode = 12 // uninitialized document
	ErrEmpty                   ErrorCode = 13 // no JSON value found (empty or whitespace-only input)
	ErrUnescapedChars          ErrorCode = 14 // control character inside a string
	ErrUnclosedString          ErrorCode = 15 // string without its closing quote
	ErrUnsupportedArchitecture ErrorCode = 16 // no kernel for this CPU
	ErrIncorrectType           ErrorCode = 17 // the value has another type than asked for
	ErrNumberOutOfRange        ErrorCode = 18 // number does not fit the type asked for
	ErrIndexOutOfBounds        ErrorCode = 19 // array index past the end
	ErrNoSuchField             ErrorCode = 20 // object has no such key
	ErrIO                      ErrorCode = 21 // reading a file failed
	ErrInvalidJSONPointer      ErrorCode = 22 // malformed JSON pointer or path
	ErrInvalidURIFragment      ErrorCode = 23 // malformed URI fragment
	ErrUnexpected              ErrorCode = 24 // simdjson reports an internal error
	ErrParserInUse             ErrorCode = 25 // parser already in use
	ErrOutOfOrder              ErrorCode = 26 // out-of-order iteration (simdjson development checks)
	ErrInsufficientPadding     ErrorCode = 27 // input lacks the 64 bytes of padding
	ErrIncompleteArrayOrObject ErrorCode = 28 // document ends inside an array or object
	ErrScalarDocumentAsValue   ErrorCode = 29 // a scalar document used as a value
	ErrOutOfBounds             ErrorCode = 30 // access outside the document
	ErrTrailingContent         ErrorCode = 31 // content after the end of the document
)

// This package's own codes.
const (
	// ErrStaleHandle: the handle belongs to a document its parser has left
	// (the parser parsed another document since).
	ErrStaleHandle ErrorCode = 1001
	// ErrParserClosed: the parser was closed.
	ErrParserClosed ErrorCode = 1002
	// ErrInvalidHandle: a zero Value, Object, Array or Document.
	ErrInvalidHandle ErrorCode = 1003
	// ErrNoCGO: the package was built without cgo (CGO_ENABLED=0).
	ErrNoCGO ErrorCode = 1004
	// ErrInvalidOption: an option outside its documented range (the error
	// is an *OptionError naming it).
	ErrInvalidOption ErrorCode = 1005
	// ErrInvalidJSONPath: AtPath's argument is not in simdjson's JSONPath
	// subset. errors.Is also matches it with ErrInvalidJSONPointer, the
	// code AtPath returned before it had its own.
	ErrInvalidJSONPath ErrorCode = 1006
)

// Error returns simdjson's message for the code.
func (c ErrorCode) Error() string {
	switch c {
	case ErrStaleHandle:
		return "stale handle: its parser has moved to another document"
	case ErrParserClosed:
		return "parser closed"
	case ErrInvalidHandle:
		return "invalid (zero) handle"
	case ErrNoCGO:
		return "simdjson needs cgo: built with CGO_ENABLED=0"
	case ErrInvalidOption:
		return "option out of range"
	case ErrInvalidJSONPath:
		return "malformed JSONPath (simdjson's subset: an optional $, then .key, ['key'] or [index] steps)"
	case ErrParserInUse:
		return "parser in use by another goroutine (a Parser is not safe for concurrent use)"
	}
	if c > 0 && c < 1000 && shim.Available {
		return shim.ErrorMessage(int(c))
	}
	return "simdjson error " + strconv.Itoa(int(c))
}

// Is reports whether c matches target beyond equality: ErrInvalidJSONPath
// matches ErrInvalidJSONPointer.
func (c ErrorCode) Is(target error) bool {
	return c == ErrInvalidJSONPath && target == ErrInvalidJSONPointer
}

// Error is an error reported by the parser with the byte offset where it was
// found. Unwrap returns the ErrorCode, so errors.Is(err, ErrTape) and
// errors.As(err, &code) both work.
type Error struct {
	Code   ErrorCode // simdjson's code
	Offset int64     // byte offset in the input; -1 when unknown
}

// Error formats the code's message and the offset.
func (e *Error) Error() string {
	if e.Offset < 0 {
		return "simdjson: " + e.Code.Error()
	}
	return "simdjson: " + e.Code.Error() + " (at byte " + strconv.FormatInt(e.Offset, 10) + ")"
}

// Unwrap returns the ErrorCode.
func (e *Error) Unwrap() error { return e.Code }

// Codes returned bare (no *Error, no allocation): misses are ordinary
// outcomes of lookups, and misuse codes carry no offset.
func bareCode(c ErrorCode) bool {
	switch c {
	case ErrNoSuchField, ErrIndexOutOfBounds, ErrStaleHandle, ErrParserClosed, ErrInvalidHandle, ErrParserInUse:
		return true
	}
	return false
}
