package simdjson

import "github.com/simdjson-cgo/simdjson/internal/shim"

// Accelerated reports whether parsing runs on simdjson's native code with a
// SIMD kernel: true when the module was built with cgo (CGO_ENABLED=1 and a
// C++17 compiler) and the stage-1 kernel that parsers created from now on
// use (ActiveImplementation) is one of the CPU's SIMD kernels (icelake,
// haswell, westmere, arm64, ...).
//
// It is false in a build without cgo, where Unmarshal, Valid and the Decoder
// (here and in package json) fall back to encoding/json and Parser, Stream,
// Map and the projections return ErrNoCGO; and false with cgo when the
// kernel is simdjson's portable "fallback" one (a CPU without a supported
// SIMD extension, or SIMDJSON_FORCE_IMPLEMENTATION or SetImplementation
// choosing it): results are the same, only slower. ActiveImplementation
// tells the two cases apart ("" without cgo). To make a build without cgo
// fail at compile time instead, build with -tags simdjson_cgo_required.
//
// A service can log it at start, or refuse to start without it:
//
//	if !simdjson.Accelerated() {
//		log.Printf("simdjson: not accelerated (kernel %q)", simdjson.ActiveImplementation())
//	}
func Accelerated() bool {
	if !shim.Available {
		return false
	}
	active := shim.ActiveImplementation()
	if active == "fallback" {
		return false
	}
	for _, impl := range shim.Implementations() {
		if impl.Name == active {
			return impl.Supported
		}
	}
	return false // "unsupported": SIMDJSON_FORCE_IMPLEMENTATION named no kernel
}
