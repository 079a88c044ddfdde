//go:build goexperiment.jsonv2

// Routing file of the copy of Go's encoding/json that internal/gostd builds
// at test time, for the jsonv2 build only (the harness copies it when go
// list selects encoding/json's v2_*.go files): the names that build adds.
// Options is package json's (encoding/json's, whose values
// encoding/json/v2 accepts); the copy's own Options, an alias of its copy
// of internal/jsonopts, was renamed stdOptions, and its constructors std*.

package json

import sjson "github.com/simdjson-cgo/simdjson/json"

type Options = sjson.Options

func DefaultOptionsV1() Options {
	hit("DefaultOptionsV1")
	return sjson.DefaultOptionsV1()
}

func CallMethodsWithLegacySemantics(v bool) Options {
	hit("CallMethodsWithLegacySemantics")
	return sjson.CallMethodsWithLegacySemantics(v)
}

func FormatByteArrayAsArray(v bool) Options {
	hit("FormatByteArrayAsArray")
	return sjson.FormatByteArrayAsArray(v)
}

func FormatBytesWithLegacySemantics(v bool) Options {
	hit("FormatBytesWithLegacySemantics")
	return sjson.FormatBytesWithLegacySemantics(v)
}

func FormatDurationAsNano(v bool) Options {
	hit("FormatDurationAsNano")
	return sjson.FormatDurationAsNano(v)
}

func MatchCaseSensitiveDelimiter(v bool) Options {
	hit("MatchCaseSensitiveDelimiter")
	return sjson.MatchCaseSensitiveDelimiter(v)
}

func MergeWithLegacySemantics(v bool) Options {
	hit("MergeWithLegacySemantics")
	return sjson.MergeWithLegacySemantics(v)
}

func OmitEmptyWithLegacySemantics(v bool) Options {
	hit("OmitEmptyWithLegacySemantics")
	return sjson.OmitEmptyWithLegacySemantics(v)
}

func ParseBytesWithLooseRFC4648(v bool) Options {
	hit("ParseBytesWithLooseRFC4648")
	return sjson.ParseBytesWithLooseRFC4648(v)
}

func ParseTimeWithLooseRFC3339(v bool) Options {
	hit("ParseTimeWithLooseRFC3339")
	return sjson.ParseTimeWithLooseRFC3339(v)
}

func ReportErrorsWithLegacySemantics(v bool) Options {
	hit("ReportErrorsWithLegacySemantics")
	return sjson.ReportErrorsWithLegacySemantics(v)
}

func StringifyWithLegacySemantics(v bool) Options {
	hit("StringifyWithLegacySemantics")
	return sjson.StringifyWithLegacySemantics(v)
}

func UnmarshalArrayFromAnyLength(v bool) Options {
	hit("UnmarshalArrayFromAnyLength")
	return sjson.UnmarshalArrayFromAnyLength(v)
}
