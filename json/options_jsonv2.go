//go:build goexperiment.jsonv2 && go1.27

// The go1.27 term sets this file's Go version (go.mod says go 1.26): these
// names are Go 1.27's API. Go 1.26 with GOEXPERIMENT=jsonv2 builds
// options_jsonv2_go126.go, the same declarations.

package json

import (
	// Imported by its own name, as in json.go: go doc prints the alias as
	// type Options = json.Options.
	"encoding/json"
)

// The names encoding/json exports when it is built on encoding/json/v2
// (GOEXPERIMENT=jsonv2; Go 1.27's default): options that make the v2
// package (encoding/json/v2) run with v1 semantics. They carry no behaviour
// of this package's own: Options is encoding/json's type and each function
// returns encoding/json's value, so they can be passed to encoding/json/v2's
// Marshal and Unmarshal as a program switching its import expects.

// Options is encoding/json's Options: options that configure
// encoding/json/v2 to run with v1 semantics for particular features.
type Options = json.Options

// DefaultOptionsV1 is encoding/json's DefaultOptionsV1: the full set of all
// options that define v1 semantics.
func DefaultOptionsV1() Options { return json.DefaultOptionsV1() }

// CallMethodsWithLegacySemantics is encoding/json's
// CallMethodsWithLegacySemantics: calling of type-provided marshal and
// unmarshal methods follows legacy semantics.
func CallMethodsWithLegacySemantics(v bool) Options { return json.CallMethodsWithLegacySemantics(v) }

// FormatByteArrayAsArray is encoding/json's FormatByteArrayAsArray: a Go
// [N]byte is formatted as a normal Go array, not as binary data.
func FormatByteArrayAsArray(v bool) Options { return json.FormatByteArrayAsArray(v) }

// FormatBytesWithLegacySemantics is encoding/json's
// FormatBytesWithLegacySemantics: handling of []~byte and [N]~byte types
// follows legacy semantics.
func FormatBytesWithLegacySemantics(v bool) Options { return json.FormatBytesWithLegacySemantics(v) }

// FormatDurationAsNano is encoding/json's FormatDurationAsNano: a
// time.Duration is formatted as a JSON number of nanoseconds.
func FormatDurationAsNano(v bool) Options { return json.FormatDurationAsNano(v) }

// MatchCaseSensitiveDelimiter is encoding/json's
// MatchCaseSensitiveDelimiter: underscores and dashes are not ignored when
// names are matched case-insensitively.
func MatchCaseSensitiveDelimiter(v bool) Options { return json.MatchCaseSensitiveDelimiter(v) }

// MergeWithLegacySemantics is encoding/json's MergeWithLegacySemantics:
// unmarshaling into a non-zero Go value follows legacy semantics.
func MergeWithLegacySemantics(v bool) Options { return json.MergeWithLegacySemantics(v) }

// OmitEmptyWithLegacySemantics is encoding/json's
// OmitEmptyWithLegacySemantics: the `omitempty` tag option follows v1's
// definition of empty.
func OmitEmptyWithLegacySemantics(v bool) Options { return json.OmitEmptyWithLegacySemantics(v) }

// ParseBytesWithLooseRFC4648 is encoding/json's ParseBytesWithLooseRFC4648:
// '\r' and '\n' are ignored in binary data encoded as "base32" or "base64".
func ParseBytesWithLooseRFC4648(v bool) Options { return json.ParseBytesWithLooseRFC4648(v) }

// ParseTimeWithLooseRFC3339 is encoding/json's ParseTimeWithLooseRFC3339: a
// time.Time parses with loose adherence to RFC 3339.
func ParseTimeWithLooseRFC3339(v bool) Options { return json.ParseTimeWithLooseRFC3339(v) }

// ReportErrorsWithLegacySemantics is encoding/json's
// ReportErrorsWithLegacySemantics: Marshal and Unmarshal report errors with
// legacy semantics.
func ReportErrorsWithLegacySemantics(v bool) Options {
	return json.ReportErrorsWithLegacySemantics(v)
}

// StringifyWithLegacySemantics is encoding/json's
// StringifyWithLegacySemantics: the `string` tag option may stringify bools
// and strings.
func StringifyWithLegacySemantics(v bool) Options { return json.StringifyWithLegacySemantics(v) }

// UnmarshalArrayFromAnyLength is encoding/json's
// UnmarshalArrayFromAnyLength: Go arrays unmarshal from JSON arrays of any
// length.
func UnmarshalArrayFromAnyLength(v bool) Options { return json.UnmarshalArrayFromAnyLength(v) }
