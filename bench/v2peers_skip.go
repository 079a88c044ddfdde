//go:build !(goexperiment.jsonv2 && go1.27)

package main

import "io"

// Without Go 1.27's encoding/json/v2 the v2 drop-in rows are skipped.
var (
	simdV2Unmarshal  func([]byte, any) error
	simdV2Marshal    func(any) ([]byte, error)
	simdV2Decode     func(r io.Reader, v any) error
	simdV2Encode     func(w io.Writer, v any) error
	simdV2Read       func(r io.Reader, v any) error
	simdV2Write      func(w io.Writer, v any) error
	goccyV2Unmarshal func([]byte, any) error
	goccyV2Marshal   func(any) ([]byte, error)
	goccyV2Decode    func(r io.Reader, v any) error
	goccyV2Encode    func(w io.Writer, v any) error
)
