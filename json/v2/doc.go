// Package json is a drop-in for Go 1.27's encoding/json/v2: the same
// exported names with the same signatures, where the Decoder and Encoder in
// them are this module's json/jsontext's. Switching a program is a change
// of its import lines:
//
//	import (
//		"github.com/simdjson-cgo/simdjson/json/jsontext"
//		json "github.com/simdjson-cgo/simdjson/json/v2"
//	)
//
//	var v any
//	err := json.Unmarshal(data, &v)
//
// Results, bytes and errors are encoding/json/v2's. Types that carry no
// behaviour are aliases of the standard ones (Options, SemanticError,
// Marshalers, Unmarshalers, Marshaler, Unmarshaler), so values, options and
// errors pass between the two packages; MarshalerTo and UnmarshalerFrom are
// this package's, since their methods take this module's jsontext types.
//
// Fast paths: Unmarshal and UnmarshalRead into a nil any (default options)
// run on simdjson; Unmarshal, UnmarshalRead, Marshal and MarshalWrite with
// exactly the option set that Go 1.27's encoding/json uses
// (encoding/json's DefaultOptionsV1()) run on package json of this module,
// which gives encoding/json's results. Everything else, and every document
// or value the fast paths do not take exactly, is handed to
// encoding/json/v2, which decides.
//
// The package needs Go 1.27 with encoding/json/v2 (the build tags are
// go1.27 && goexperiment.jsonv2, as json/jsontext's; Go 1.26's experimental
// encoding/json/v2 is not used: its API differs). Elsewhere it is empty but
// for this comment, so the module builds and tests on Go 1.26.
package json
