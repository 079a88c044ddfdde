//go:build goexperiment.jsonv2

package json_test

// classicEncoding: false, the toolchain's encoding/json is the one on
// encoding/json/v2 (encode_v1_test.go: the classic one).
const classicEncoding = false

// edgeValuesBuild: the edge values only this build's encoding/json has:
// types with v2's MarshalJSONTo (encode_v2_go127_test.go, Go 1.27: the
// jsontext names need it).
func edgeValuesBuild() map[string]any { return edgeValuesTo() }
