//go:build !goexperiment.jsonv2 || !go1.27

package json_test

// edgeValuesBuild: the edge values only this build's encoding/json has
// (classic: none beyond edgeValues).
func edgeValuesBuild() map[string]any { return nil }
