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
