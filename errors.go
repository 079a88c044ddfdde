package simdjson

// Errors: simdjson's codes and this package's (ErrorCode, each one also a
// sentinel for errors.Is), and every error type the package returns:
// *Error, *NoSuchFieldError, *OptionError, *LineError, *FuncError,
// *GzipError, *PanicError.

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// ErrorCode is one of simdjson's error codes (the values of simdjson's
// error_code enum, the same in 3.9.4 and 4.6.7) or one of this package's own
// codes (1000 and up). Each code
// is also an error, so the codes double as sentinels for errors.Is:
//
//	if errors.Is(err, simdjson.ErrNoSuchField) { ... }
type ErrorCode int

// simdjson's error codes, in the order of simdjson's error_code enum. (4.x
// adds OUT_OF_CAPACITY, 32, which only its string builder returns: this
// package never does.)
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
	ErrNoSuchField             ErrorCode = 20 // object has no such key (lookups return a *NoSuchFieldError that matches it)
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
	// ErrInvalidJSONPath: AtPath's or AtPathAll's argument is not in
	// simdjson's JSONPath subset (a wildcard is, for AtPathAll only).
	// errors.Is also matches it with ErrInvalidJSONPointer, the code AtPath
	// returned before it had its own.
	ErrInvalidJSONPath ErrorCode = 1006
	// ErrNotJSON: the document (a Parse, a line or document of a stream or
	// map) is not JSON at all: its first byte starts no JSON value, or it
	// starts with a word that is no literal ("not json", "True", "NaN",
	// "<html>"). The error's offset is that first byte. errors.Is also
	// matches it with ErrTape, simdjson's code for malformed JSON.
	ErrNotJSON ErrorCode = 1007
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
		return "malformed JSONPath (simdjson's subset: an optional $, then .key, ['key'] or [index] steps; AtPathAll also takes the wildcards .* and [*])"
	case ErrNotJSON:
		return "not JSON: the text does not start with a JSON value"
	case ErrParserInUse:
		return "parser in use by another goroutine (a Parser is not safe for concurrent use)"
	}
	if c > 0 && c < 1000 && shim.Available {
		return shim.ErrorMessage(int(c))
	}
	return "simdjson error " + strconv.Itoa(int(c))
}

// Is reports whether c matches target beyond equality: ErrInvalidJSONPath
// matches ErrInvalidJSONPointer, ErrNotJSON matches ErrTape.
func (c ErrorCode) Is(target error) bool {
	return c == ErrInvalidJSONPath && target == ErrInvalidJSONPointer ||
		c == ErrNotJSON && target == ErrTape
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

// NoSuchFieldError is the error of a lookup that found no such field: it names
// the key, JSON pointer or JSONPath asked for. It unwraps to
// ErrNoSuchField, so errors.Is(err, ErrNoSuchField) tells a miss from
// other errors:
//
//	v, err := doc.Get("payload", "action")
//	if errors.Is(err, simdjson.ErrNoSuchField) { ... } // err.Error(): simdjson: no such field "action" (path /payload/action)
//
// A parser keeps the errors of its recent misses and returns the same
// *NoSuchFieldError again for the same lookup, so a miss does not allocate on a
// hot path; the error is immutable and may be kept.
type NoSuchFieldError struct {
	// Key is the key that was not found (Field, FindField, Get), or ""
	// for AtPointer and AtPath (simdjson does not say which step failed).
	Key string
	// Path is the lookup as asked: for Field, FindField and Get the keys
	// up to the missing one as a JSON pointer relative to the value looked
	// in ("/payload/action"); AtPointer's pointer; AtPath's path.
	Path string
	// Kind is how the lookup was written: "key", "JSON pointer" or
	// "JSONPath".
	Kind string
}

// Error names what was not found.
func (e *NoSuchFieldError) Error() string {
	switch e.Kind {
	case missKindPointer, missKindPath:
		return "simdjson: no such field at " + e.Kind + " " + strconv.Quote(e.Path)
	}
	if e.Path == "/"+escapePointerKey(e.Key) {
		return "simdjson: no such field " + strconv.Quote(e.Key)
	}
	return "simdjson: no such field " + strconv.Quote(e.Key) + " (path " + e.Path + ")"
}

// Unwrap returns ErrNoSuchField.
func (e *NoSuchFieldError) Unwrap() error { return ErrNoSuchField }

// Is reports whether target is ErrNoSuchField (errors.Is then stops at the
// first step, without unwrapping).
func (e *NoSuchFieldError) Is(target error) bool { return target == ErrNoSuchField }

// OptionError reports an option outside its documented range. NewParser
// keeps the first one; every method of that parser (Parse, Stream, ...)
// then returns it. errors.Is(err, ErrInvalidOption) holds.
type OptionError struct {
	Option   string // e.g. "MaxDepth"
	Value    int64  // the value given
	Min, Max int64  // the accepted range
}

func (e *OptionError) Error() string {
	return "simdjson: " + e.Option + "(" + strconv.FormatInt(e.Value, 10) + ") out of range [" +
		strconv.FormatInt(e.Min, 10) + ", " + strconv.FormatInt(e.Max, 10) + "]"
}

// Unwrap returns ErrInvalidOption.
func (e *OptionError) Unwrap() error { return ErrInvalidOption }

// optionError returns an *OptionError when n is outside [lo, hi].
func optionError(name string, n, lo, hi int64) error {
	if n < lo || n > hi {
		return &OptionError{Option: name, Value: n, Min: lo, Max: hi}
	}
	return nil
}

// PanicError is returned by Map and MapFields when the caller's function,
// or the Read method of a Reader input, panicked: the panic stopped every
// worker and is reported as an error.
type PanicError struct {
	Value any    // the value passed to panic
	Stack []byte // the panicking goroutine's stack

	reader bool // the reader panicked, not the map function
}

func (e *PanicError) Error() string {
	if e.reader {
		return fmt.Sprintf("simdjson: reader panicked: %v", e.Value)
	}
	return fmt.Sprintf("simdjson: map function panicked: %v", e.Value)
}

// Unwrap returns the panic value when it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}

// ErrGoexit is returned by Map and MapFields when the map function called
// runtime.Goexit (what t.Fatal, t.FailNow and testify's require do) on a
// worker other than the calling goroutine's: that worker's goroutine ended,
// the map stopped, and the test (if it was one) is marked failed. When the
// function runs on the caller's own goroutine (worker 0), the map stops and
// the Goexit goes on: the caller's goroutine ends as t.Fatal intends. The
// error returned when the Read method of a Reader input (which runs on a
// goroutine of the map's) calls runtime.Goexit wraps ErrGoexit.
var ErrGoexit = errors.New("simdjson: map function called runtime.Goexit (t.Fatal, t.FailNow or require in a map callback?)")

// ErrBadLine, wrapped in the error a map function returns (Map, MapFields,
// MapDecode), says that the document is a bad line: under SkipBadLines the
// map skips it and goes on, and reports it with the bad lines that are not
// JSON, as a *LineError with its file, line and offset whose Err is the
// function's error. Without SkipBadLines the map stops with a *FuncError,
// as for any error of the function. A program that counts records of a
// kind (events with a string "type", say) returns it for the JSON lines
// that are not such a record.
var ErrBadLine = errors.New("simdjson: bad line")

// errReaderGoexit is returned by Map and MapFields when the Read method of a
// Reader input called runtime.Goexit: the map stops (the rest of the input
// is not read) and errors.Is(err, ErrGoexit) holds.
var errReaderGoexit = fmt.Errorf("simdjson: the reader's Read called runtime.Goexit (t.Fatal, t.FailNow or require in a Read?): %w", ErrGoexit)

// LineError reports a bad line of an NDJSON input (or a bad document of a
// concatenated one): its 1-based line number, the byte offset where it
// starts, and why it is bad (an *Error with the offset of the error).
type LineError struct {
	File   string // the file of a File or Files input, else empty
	Line   int
	Offset int64 // in the file's (uncompressed) bytes for File and Files
	Err    error

	file int // the index of File in a Files input
}

func (e *LineError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("simdjson: %s: line %d (byte %d): %v", e.File, e.Line, e.Offset, e.Err)
	}
	return fmt.Sprintf("simdjson: line %d (byte %d): %v", e.Line, e.Offset, e.Err)
}

// lineBefore orders bad lines: by file (of a Files input), then offset.
func lineBefore(a, b *LineError) bool {
	if a.file != b.file {
		return a.file < b.file
	}
	return a.Offset < b.Offset
}

// Unwrap returns the cause, so errors.Is(err, ErrTape) and the like work.
func (e *LineError) Unwrap() error { return e.Err }

// FuncError is the error Map, MapFields and MapDecode return when the
// caller's function returned an error: it says which document the function
// was called with, and Unwrap returns the function's error, so errors.Is
// and errors.As see it. Line is the 1-based line of that document (for
// MapFields, the row's line; for MapDecode, the line decoded into the *T),
// Offset the byte offset of its first byte (Row.Offset), in the file's
// uncompressed bytes for File and Files, and File the file of a File or
// Files input (empty otherwise). Which error is returned when functions on
// several workers fail is as Map says: the first one reported, not
// necessarily the earliest in the input; with Threads(1) it is the
// earliest.
type FuncError struct {
	File   string
	Line   int
	Offset int64
	Err    error
}

func (e *FuncError) Error() string {
	if e.File != "" {
		return fmt.Sprintf("simdjson: %s: line %d (byte %d): %v", e.File, e.Line, e.Offset, e.Err)
	}
	return fmt.Sprintf("simdjson: line %d (byte %d): %v", e.Line, e.Offset, e.Err)
}

// Unwrap returns the function's error.
func (e *FuncError) Unwrap() error { return e.Err }

// GzipError reports gzip input that cannot be decompressed: the file (empty
// for a Gzip reader), the offset in the compressed input where decompression
// failed (or, for a member libdeflate rejected, where compress/gzip found the
// fault), the uncompressed bytes delivered before it, and the cause
// (io.ErrUnexpectedEOF when the input is cut, gzip.ErrChecksum,
// gzip.ErrHeader, a flate.CorruptInputError).
type GzipError struct {
	File   string
	Offset int64 // compressed bytes read when the fault was found
	Output int64 // uncompressed bytes delivered before it
	Err    error
}

func (e *GzipError) Error() string {
	name := e.File
	if name == "" {
		name = "input"
	}
	return fmt.Sprintf("simdjson: gzip %s: compressed byte %d (after %d bytes of output): %v", name, e.Offset, e.Output, e.Err)
}

// Unwrap returns the cause.
func (e *GzipError) Unwrap() error { return e.Err }

// The error codes are written as numbers (so that go doc shows their values)
// and must equal the shim's: a negative array length fails the build.
var (
	_ [ErrTape - shim.CodeTape]struct{}
	_ [shim.CodeTape - ErrTape]struct{}
	_ [ErrTAtom - shim.CodeTAtom]struct{}
	_ [shim.CodeTAtom - ErrTAtom]struct{}
	_ [ErrFAtom - shim.CodeFAtom]struct{}
	_ [shim.CodeFAtom - ErrFAtom]struct{}
	_ [ErrNAtom - shim.CodeNAtom]struct{}
	_ [shim.CodeNAtom - ErrNAtom]struct{}
	_ [ErrEmpty - shim.CodeEmpty]struct{}
	_ [shim.CodeEmpty - ErrEmpty]struct{}
	_ [ErrUnescapedChars - shim.CodeUnescapedChars]struct{}
	_ [shim.CodeUnescapedChars - ErrUnescapedChars]struct{}
	_ [ErrUnclosedString - shim.CodeUnclosedString]struct{}
	_ [shim.CodeUnclosedString - ErrUnclosedString]struct{}
	_ [ErrIncompleteArrayOrObject - shim.CodeIncompleteArrayOrObject]struct{}
	_ [shim.CodeIncompleteArrayOrObject - ErrIncompleteArrayOrObject]struct{}
	_ [ErrTrailingContent - shim.CodeTrailingContent]struct{}
	_ [shim.CodeTrailingContent - ErrTrailingContent]struct{}
)
