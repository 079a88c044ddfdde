//go:build cgo && amd64 && amd64.v3

package shim

// With GOAMD64=v3 (or v4) Go itself requires an x86-64-v3 CPU (AVX2, BMI2,
// LZCNT, MOVBE) and refuses to start on a lesser one, so the C++ may assume
// the same level: simdjson's builtin kernel, which runs On-Demand stage 2,
// becomes haswell instead of fallback.

// #cgo CXXFLAGS: -march=x86-64-v3
import "C"
