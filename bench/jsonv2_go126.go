//go:build goexperiment.jsonv2 && !go1.27

package main

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
)

// json/v2's functions for the suites. The module's go version is 1.26:
// Go 1.27 lets a file name encoding/json/v2 only when its build line says
// go1.27 (this file's twin, jsonv2_go127.go, is the other half).
// requestV2Decode and requestV2Encode are the streaming equivalents of a
// v1 Decoder and Encoder: jsontext's with UnmarshalDecode and
// MarshalEncode (one value each; unlike UnmarshalRead, nothing after the
// value is read or checked).
var (
	jsonV2Unmarshal = func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }
	jsonV2Marshal   = func(v any) ([]byte, error) { return jsonv2.Marshal(v) }
	requestV2Decode = func(r io.Reader, v any) error { return jsonv2.UnmarshalDecode(jsontext.NewDecoder(r), v) }
	requestV2Encode = func(w io.Writer, v any) error { return jsonv2.MarshalEncode(jsontext.NewEncoder(w), v) }
)
