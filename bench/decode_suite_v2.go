//go:build goexperiment.jsonv2

package main

import jsonv2 "encoding/json/v2"

// jsonV2Unmarshal is json/v2's Unmarshal for the decode suite (this build
// has GOEXPERIMENT=jsonv2).
var jsonV2Unmarshal = func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }

// jsonV2Marshal is json/v2's Marshal for the encode suite.
var jsonV2Marshal = func(v any) ([]byte, error) { return jsonv2.Marshal(v) }
