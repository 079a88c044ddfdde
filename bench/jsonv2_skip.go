//go:build !goexperiment.jsonv2

package main

func init() {
	register("seed", Method{Name: "json/v2",
		Skip: "json/v2: encoding/json/v2 needs GOEXPERIMENT=jsonv2 at build time (make bench sets it)"})
}
