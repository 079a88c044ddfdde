//go:build amd64 && amd64.v3

package main

// With GOAMD64=v3 the library compiles its C++ with -march=haswell
// (internal/shim/flags_amd64_v3.go, which also checks PCLMULQDQ at init);
// native-cpp follows, so both run the same On-Demand kernel.

// #cgo CXXFLAGS: -march=haswell -mtune=generic
import "C"
