//go:build goexperiment.jsonv2

package main

// json/v2: encoding/json/v2 exists only with GOEXPERIMENT=jsonv2 at build
// time (make bench sets it; Go 1.27's default); without it jsonv2_skip.go
// reports the method as skipped. Its functions are named in
// jsonv2_go126.go and jsonv2_go127.go.

// jsonV2Engine: in this build encoding/json (the v1 API) runs on the v2
// implementation, as Go does under GOEXPERIMENT=jsonv2, so its figure is not
// the classic encoding/json's.
const jsonV2Engine = true

func init() {
	register("seed", Method{Name: "json/v2",
		Run:  seedMethod(structMethod(jsonV2Unmarshal)),
		Note: "encoding/json/v2 Unmarshal per line into a typed struct"})
}
