//go:build !goexperiment.jsonv2

package json_test

// Expectations that depend on the encoding/json this build compares with:
// here the classic one (Go 1.26, or GOEXPERIMENT=nojsonv2).

// stdRecursesOnSelfPointer: encoding/json decoding into an interface that
// holds a pointer to itself overflows the stack (v2) rather than decoding
// into the interface (the classic rule, which this package keeps).
const stdRecursesOnSelfPointer = false

// stdJSONv2 reports whether encoding/json is encoding/json/v2 with v1's
// options (GOEXPERIMENT=jsonv2): tests that spell out its behaviour pick
// that build's expectations.
const stdJSONv2 = false

// stdFirstRead is the size of encoding/json's Decoder's first read (a
// reader returning more per read is read differently by this Decoder).
const stdFirstRead = 512
