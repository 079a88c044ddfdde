//go:build goexperiment.jsonv2 && go1.27

package main

import (
	"io"

	goccyjt "github.com/goccy/go-json/jsontext"
	goccyv2 "github.com/goccy/go-json/v2"
	sjt "github.com/simdjson-cgo/simdjson/json/jsontext"
	sjv2 "github.com/simdjson-cgo/simdjson/json/v2"
)

// The v2 drop-ins (issue 47): this module's json/v2 and goccy/go-json's v2,
// with default options, as the standard json/v2 rows (jsonv2_go127.go).
// v2peers_skip.go is the other half (nil: skipped).
var (
	simdV2Unmarshal  = func(b []byte, v any) error { return sjv2.Unmarshal(b, v) }
	simdV2Marshal    = func(v any) ([]byte, error) { return sjv2.Marshal(v) }
	simdV2Decode     = func(r io.Reader, v any) error { return sjv2.UnmarshalDecode(sjt.NewDecoder(r), v) }
	simdV2Encode     = func(w io.Writer, v any) error { return sjv2.MarshalEncode(sjt.NewEncoder(w), v) }
	simdV2Read       = func(r io.Reader, v any) error { return sjv2.UnmarshalRead(r, v) }
	simdV2Write      = func(w io.Writer, v any) error { return sjv2.MarshalWrite(w, v) }
	goccyV2Unmarshal = func(b []byte, v any) error { return goccyv2.Unmarshal(b, v) }
	goccyV2Marshal   = func(v any) ([]byte, error) { return goccyv2.Marshal(v) }
	goccyV2Decode    = func(r io.Reader, v any) error { return goccyv2.UnmarshalDecode(goccyjt.NewDecoder(r), v) }
	goccyV2Encode    = func(w io.Writer, v any) error { return goccyv2.MarshalEncode(goccyjt.NewEncoder(w), v) }
)
