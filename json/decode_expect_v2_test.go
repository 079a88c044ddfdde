//go:build goexperiment.jsonv2

package json_test

// Expectations that depend on the encoding/json this build compares with:
// here encoding/json on encoding/json/v2 (GOEXPERIMENT=jsonv2, the default
// from Go 1.27).

// stdRecursesOnSelfPointer: encoding/json/v2 decoding into an interface
// that holds a pointer to itself recurses until the stack overflows (a
// fatal error, measured with go1.27.3); this package keeps the classic
// rule (it decodes into the interface), which the test checks instead.
const stdRecursesOnSelfPointer = true

// stdJSONv2 reports whether encoding/json is encoding/json/v2 with v1's
// options (GOEXPERIMENT=jsonv2): tests that spell out its behaviour pick
// that build's expectations.
const stdJSONv2 = true

// stdFirstRead is the size of encoding/json's Decoder's first read
// (jsontext's first buffer: 64 bytes).
const stdFirstRead = 64
