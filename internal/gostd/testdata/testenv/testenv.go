// Package testenv stands in for the standard library's internal/testenv in
// the copy of Go's encoding/json tests that internal/gostd builds (only
// Builder is used there, by a benchmark).
package testenv

// Builder reports the name of the Go builder running the tests: none here.
func Builder() string { return "" }
