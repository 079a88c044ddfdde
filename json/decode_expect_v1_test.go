//go:build !goexperiment.jsonv2

package json_test

// Expectations that depend on the encoding/json this build compares with:
// here the classic one (Go 1.26, or GOEXPERIMENT=nojsonv2).

// stdRecursesOnSelfPointer: encoding/json decoding into an interface that
// holds a pointer to itself overflows the stack (v2) rather than decoding
// into the interface (the classic rule, which this package keeps).
const stdRecursesOnSelfPointer = false
