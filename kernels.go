package simdjson

// Kernels: which of simdjson's SIMD implementations runs (stage 1 is chosen
// at run time, stage 2 at build time), choosing one for tests and
// benchmarks, and whether the native code is in at all (Accelerated). The
// shim's side is internal/shim's kernels.go.

import "github.com/simdjson-cgo/simdjson/internal/shim"

// Accelerated reports whether parsing runs on simdjson's native code with a
// SIMD kernel: true when the module was built with cgo (CGO_ENABLED=1 and a
// C++17 compiler) and the stage-1 kernel that parsers created from now on
// use (ActiveImplementation) is one of the CPU's SIMD kernels (icelake,
// haswell, westmere, arm64, ...).
//
// It is false in a build without cgo, where package json's Unmarshal, Valid
// and Decoder fall back to encoding/json and Parser, Stream, Map and the
// projections return ErrNoCGO; and false with cgo when the
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

// ActiveImplementation names the stage-1 kernel that parsers created from
// now on use: icelake (AVX-512), haswell (AVX2), westmere (SSE4.2), arm64,
// or fallback. simdjson picks the best one the CPU supports at run time; the
// environment variable SIMDJSON_FORCE_IMPLEMENTATION (read at the first use)
// or SetImplementation overrides the choice. A name that the variable gives
// but no kernel has makes it "unsupported" (every parse then fails with
// ErrUnsupportedArchitecture). In a build without cgo it returns "", as
// BuiltinImplementation does, and Implementations returns nil: Accelerated
// answers whether the fast path is in.
func ActiveImplementation() string {
	if !shim.Available {
		return ""
	}
	return shim.ActiveImplementation()
}

// BuiltinImplementation names the kernel the On-Demand stage 2 (value
// parsing and navigation) is compiled for. It is chosen at build time:
// "fallback" on amd64 by default, "haswell" when built with GOAMD64=v3 or v4.
func BuiltinImplementation() string {
	if !shim.Available {
		return ""
	}
	return shim.BuiltinImplementation()
}

// Implementation describes a stage-1 kernel compiled into the library.
type Implementation struct {
	Name        string // e.g. "haswell"
	Description string // e.g. "Intel/AMD AVX2"
	Supported   bool   // whether this CPU can run it
}

// Implementations lists the stage-1 kernels compiled in.
func Implementations() []Implementation {
	if !shim.Available {
		return nil
	}
	var out []Implementation
	for _, i := range shim.Implementations() {
		out = append(out, Implementation{Name: i.Name, Description: i.Description, Supported: i.Supported})
	}
	return out
}

// SetImplementation makes the named kernel the stage-1 kernel of parsers
// created (or first used) from now on; existing parsers keep theirs. It
// fails with ErrUnsupportedArchitecture for an unknown name or a kernel this
// CPU cannot run. Meant for tests and benchmarks; results are identical
// whichever kernel runs.
func SetImplementation(name string) error {
	if !shim.Available {
		return ErrNoCGO
	}
	if rc := shim.SetImplementation(name); rc != 0 {
		return ErrorCode(rc)
	}
	return nil
}
