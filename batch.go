package simdjson

// What the documents of a batch are, for streams and maps alike: the shim
// (internal/shim's batch.go and batch.h) cuts a batch of NDJSON or
// concatenated text into documents; badLine turns a bad one into a
// *LineError, notJSON tells text that is no JSON value at all from
// malformed JSON, lineStart and docLen find a document's extent.

import (
	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

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

// badLine describes bad document d of a batch (batch: its bytes; base:
// their offset in the input), without its line number. Invalid UTF-8 is
// located exactly.
func badLine(batch []byte, base int64, d *shim.Doc) *LineError {
	errOff := int64(d.ErrOff)
	code := ErrorCode(d.Err)
	end := int(d.End)
	if end <= int(d.Off) || end > len(batch) {
		end = len(batch)
	}
	if at, bad := notJSONDoc(batch[:end], int(d.Off)); bad && (code == 0 || notJSONCode(code)) {
		code, errOff = ErrNotJSON, int64(at)
	} else if code == ErrUTF8 && int(d.End) <= len(batch) {
		if i := invalidUTF8(batch[d.Off:d.End]); i >= 0 {
			errOff = int64(d.Off) + int64(i)
		}
	}
	return &LineError{
		Offset: base + int64(d.Off),
		Err:    &Error{Code: code, Offset: base + errOff},
	}
}

// lineStart steps back from byte off of b over the spaces, tabs and
// carriage returns before it: the start of the line of a document whose
// first byte is at off.
func lineStart(b []byte, off uint32) uint32 {
	for off > 0 && (b[off-1] == ' ' || b[off-1] == '\t' || b[off-1] == '\r') {
		off--
	}
	return off
}

// docLen is the length of document d of a concatenated batch, without the
// whitespace that follows it.
func docLen(batch []byte, d *shim.Doc) int {
	e := min(int(d.End), len(batch))
	for e > int(d.Off) && text.IsSpace(batch[e-1]) {
		e--
	}
	return e - int(d.Off)
}
