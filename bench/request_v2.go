//go:build goexperiment.jsonv2

package main

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
)

// json/v2 for the request suites (this build has GOEXPERIMENT=jsonv2): the
// streaming equivalents of a v1 Decoder and Encoder, jsontext's Decoder and
// Encoder with UnmarshalDecode and MarshalEncode (one value each; unlike
// UnmarshalRead, nothing after the value is read or checked).
var (
	requestV2Decode = func(r io.Reader, v any) error { return jsonv2.UnmarshalDecode(jsontext.NewDecoder(r), v) }
	requestV2Encode = func(w io.Writer, v any) error { return jsonv2.MarshalEncode(jsontext.NewEncoder(w), v) }
)
