//go:build !goexperiment.jsonv2

package json

import "reflect"

// stdV2 reports whether encoding/json in this build is implemented on
// encoding/json/v2 (GOEXPERIMENT=jsonv2, the default from Go 1.27): see
// decode_v2.go. Here it is the classic encoding/json, whose behaviour the
// decoders reproduce themselves, errors included.
const stdV2 = false

// stdOnly reports whether values of type t are left to encoding/json
// (decode_v2.go); the classic rules are all reproduced.
func stdOnly(t reflect.Type) bool { return false }

// reachesStdOnly reports whether a type reachable from t is stdOnly.
func reachesStdOnly(t reflect.Type) bool { return false }

// quotedLeftToStd reports whether a ",string" field's string is left to
// encoding/json (decode_v2.go); the classic rules are all reproduced.
func quotedLeftToStd(item []byte, t reflect.Type) bool { return false }
