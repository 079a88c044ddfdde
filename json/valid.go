package json

import (
	stdjson "encoding/json"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Valid reports whether data is one valid JSON value, as encoding/json's
// Valid does: RFC 8259, with strings checked for escapes and control
// characters but not for UTF-8 (encoding/json accepts invalid UTF-8 and
// unpaired surrogates, replacing them with U+FFFD when decoding), nesting
// up to 10000 levels.
//
// simdjson validates the document in one pass. When it rejects something
// encoding/json may accept (invalid UTF-8, an escaped lone surrogate, a
// number beyond float64's range, nesting deeper than 1024), encoding/json
// decides.
func Valid(data []byte) bool {
	if !shim.Available || len(data) == 0 || text.HasBOM(data) {
		return stdjson.Valid(data)
	}
	dp := getDomParser()
	if dp == nil {
		return stdjson.Valid(data)
	}
	rc := dp.parse(data, true)
	putDomParser(dp)
	switch rc {
	case 0:
		return true
	case shim.CodeTape, shim.CodeTAtom, shim.CodeFAtom, shim.CodeNAtom, shim.CodeEmpty,
		shim.CodeUnescapedChars, shim.CodeUnclosedString, shim.CodeIncompleteArrayOrObject,
		shim.CodeTrailingContent:
		// Malformed for encoding/json too.
		return false
	}
	return stdjson.Valid(data)
}
