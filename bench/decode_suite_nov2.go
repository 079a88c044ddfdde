//go:build !goexperiment.jsonv2

package main

// jsonV2Unmarshal is nil without GOEXPERIMENT=jsonv2: the decode suite
// skips json/v2.
var jsonV2Unmarshal func([]byte, any) error

// jsonV2Marshal is nil without GOEXPERIMENT=jsonv2: the encode suite skips
// json/v2.
var jsonV2Marshal func(any) ([]byte, error)
