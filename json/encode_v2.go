//go:build goexperiment.jsonv2

package json

// The encoder's constants for encoding/json implemented on
// encoding/json/v2 (goexperiment.jsonv2: Go 1.27's default, or
// GOEXPERIMENT=jsonv2 on Go 1.26). encode_v1.go has the classic ones.

// encodeV2: encoding/json is the v1 API implemented on encoding/json/v2,
// whose rules encode_fallback.go holds: every error, and every type whose
// v2 rules this package does not reproduce, is handed to encoding/json.
const encodeV2 = true

// invalidUTF8 is what a byte of invalid UTF-8 in a string is written as:
// the replacement character itself (jsontext's AppendQuote), not its
// escape.
const invalidUTF8 = "\ufffd"
