package simdjson

import (
	"io"

	"github.com/simdjson-cgo/simdjson/json"
)

// The encoding/json API lives in package json
// (github.com/simdjson-cgo/simdjson/json), which is a drop-in replacement
// for encoding/json; this package keeps simdjson's own API (parsers,
// handles, streams, Map). The names below forward to package json, for
// programs written before it existed.

// Unmarshal is json.Unmarshal: encoding/json's Unmarshal at simdjson's speed.
func Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

// Valid is json.Valid: encoding/json's Valid, validated by simdjson.
func Valid(data []byte) bool { return json.Valid(data) }

// A Decoder is json.Decoder.
type Decoder = json.Decoder

// NewDecoder is json.NewDecoder.
func NewDecoder(r io.Reader) *Decoder { return json.NewDecoder(r) }
