//go:build !goexperiment.jsonv2

package main

import "io"

// requestV2Decode and requestV2Encode are nil without GOEXPERIMENT=jsonv2:
// the request suites skip json/v2.
var (
	requestV2Decode func(r io.Reader, v any) error
	requestV2Encode func(w io.Writer, v any) error
)
