//go:build !goexperiment.jsonv2

package main

import "io"

// jsonV2Engine: encoding/json is the classic implementation in this build.
const jsonV2Engine = false

// Without GOEXPERIMENT=jsonv2 (Go 1.26's default, or Go 1.27 with
// nojsonv2) the suites skip json/v2: its functions are nil.
var (
	jsonV2Unmarshal func([]byte, any) error
	jsonV2Marshal   func(any) ([]byte, error)
	requestV2Decode func(r io.Reader, v any) error
	requestV2Encode func(w io.Writer, v any) error
)

func init() {
	register("seed", Method{Name: "json/v2",
		Skip: "json/v2: encoding/json/v2 needs GOEXPERIMENT=jsonv2 at build time (make bench sets it)"})
}
