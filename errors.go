package simdjson

import (
	"strconv"
	"strings"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
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
	// ErrInvalidJSONPath: AtPath's argument is not in simdjson's JSONPath
	// subset. errors.Is also matches it with ErrInvalidJSONPointer, the
	// code AtPath returned before it had its own.
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
		return "malformed JSONPath (simdjson's subset: an optional $, then .key, ['key'] or [index] steps)"
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

const (
	missKindKey     = "key"
	missKindPointer = "JSON pointer"
	missKindPath    = "JSONPath"
)

// The kinds of missEntry.
const (
	missKey uint8 = 1 + iota
	missPointer
	missPath
)

// missSlots is the number of recent misses a parser remembers: pairs of
// slots chosen by a cheap hash of the lookup (a 2-way cache, so that two
// lookups missed in turn do not evict each other).
const missSlots = 16

type missEntry struct {
	kind uint8    // 1 + the index of the kind in missKinds
	keys []string // kind key: the keys up to and including the missing one
	text string   // kind pointer or path: the pointer or path
	err  *NoSuchFieldError
}

// missSlot returns the first slot of the pair for a lookup of n keys, or
// of text when n is 0, whose last key (or text) is s.
func missSlot(n int, s string) uint32 {
	h := uint32(n)*0x9e3779b1 ^ uint32(len(s))*0x85ebca6b
	if len(s) > 0 {
		h ^= uint32(s[0])<<5 ^ uint32(s[len(s)-1])<<11 ^ uint32(s[len(s)/2])<<17
	}
	return (h ^ h>>15) % missSlots &^ 1
}

// missStore puts a new miss in one slot of the pair at i, the two slots
// taken in turn.
func (p *Parser) missStore(i uint32, e missEntry) {
	p.miss[i+uint32(p.missNext&1)] = e
	p.missNext++
}

// missKeys returns the *NoSuchFieldError of Field, FindField or Get whose
// keys are keys, up to and including the missing one: the cached one when
// the same keys missed recently (no allocation), else a new one, with
// copies of the keys (a key may live in memory the caller reuses).
func (p *Parser) missKeys(keys ...string) error {
	last := keys[len(keys)-1]
	i := missSlot(len(keys), last)
	for j := i; j < i+2; j++ {
		if e := &p.miss[j]; e.kind == missKey && equalKeys(e.keys, keys) {
			return e.err
		}
	}
	ks := make([]string, len(keys))
	var ptr []byte
	for j, k := range keys {
		ks[j] = strings.Clone(k)
		ptr = append(ptr, '/')
		ptr = appendPointerKey(ptr, k)
	}
	fe := &NoSuchFieldError{Key: ks[len(ks)-1], Path: string(ptr), Kind: missKindKey}
	p.missStore(i, missEntry{kind: missKey, keys: ks, err: fe})
	return fe
}

// missText is missKeys for AtPointer (kind pointer) and AtPath (kind
// path): text is the pointer or path as asked.
func (p *Parser) missText(kind uint8, text string) error {
	i := missSlot(0, text)
	for j := i; j < i+2; j++ {
		if e := &p.miss[j]; e.kind == kind && e.text == text {
			return e.err
		}
	}
	t := strings.Clone(text)
	fe := &NoSuchFieldError{Path: t, Kind: missKindPointer}
	if kind == missPath {
		fe.Kind = missKindPath
	}
	p.missStore(i, missEntry{kind: kind, text: t, err: fe})
	return fe
}

func equalKeys(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 1 {
		return a[0] == b[0]
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// escapePointerKey escapes a key as a JSON pointer segment (~0, ~1).
func escapePointerKey(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return string(appendPointerKey(nil, k))
}

// notJSONCode reports whether a document simdjson rejected with code may
// be reported as ErrNotJSON instead: codes of its structure or values, not
// those of stage 1 (UTF-8, control characters, unclosed strings) or of
// limits, which say more.
func notJSONCode(c ErrorCode) bool {
	switch c {
	case ErrTape, ErrTAtom, ErrFAtom, ErrNAtom, ErrNumber, ErrIncorrectType, ErrTrailingContent:
		return true
	}
	return false
}

// notJSON reports whether the document whose first byte (not whitespace)
// starts b is not JSON at all: that byte starts no JSON value, or the word
// there (its ASCII letters) is no literal. A word that is a literal cut
// short or followed by more letters ("nul", "truex") is left to simdjson,
// which reports it as a malformed literal when the value is read.
func notJSON(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	var lit string
	switch c := b[0]; {
	case c == '{' || c == '[' || c == '"' || c == '-' || c >= '0' && c <= '9' || c == '+' || c == '.':
		return false // '+' and '.': a malformed number, simdjson's NUMBER_ERROR when read
	case c == 't':
		lit = "true"
	case c == 'f':
		lit = "false"
	case c == 'n':
		lit = "null"
	default:
		return true
	}
	n := 1
	for n < len(b) && (b[n]|0x20 >= 'a' && b[n]|0x20 <= 'z') {
		n++
	}
	if n < len(lit) {
		return string(b[:n]) != lit[:n]
	}
	return string(b[:len(lit)]) != lit
}

// notJSONDoc is notJSON for the document at byte off of b, whitespace
// before it skipped; it returns the offset of the document's first byte.
func notJSONDoc(b []byte, off int) (int, bool) {
	for off < len(b) && text.IsSpace(b[off]) {
		off++
	}
	if off >= len(b) {
		return off, false
	}
	return off, notJSON(b[off:])
}
