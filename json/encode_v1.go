//go:build !goexperiment.jsonv2

package json

// The encoder's constants for the classic encoding/json: Go 1.26 as it
// comes, or any toolchain with GOEXPERIMENT=nojsonv2. encode_v2.go has the
// same names for encoding/json on encoding/json/v2; every branch on
// encodeV2 compiles away.

// encodeV2: encoding/json is the v1 API implemented on encoding/json/v2,
// whose rules encode_fallback.go holds.
const encodeV2 = false

// invalidUTF8 is what a byte of invalid UTF-8 in a string is written as.
const invalidUTF8 = `\ufffd`
