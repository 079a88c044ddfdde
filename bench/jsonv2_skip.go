//go:build !goexperiment.jsonv2

package main

// jsonV2Engine: encoding/json is the classic implementation in this build.
const jsonV2Engine = false

func init() {
	register("seed", Method{Name: "json/v2",
		Skip: "json/v2: encoding/json/v2 needs GOEXPERIMENT=jsonv2 at build time (make bench sets it)"})
}
