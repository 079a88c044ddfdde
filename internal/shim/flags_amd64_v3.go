//go:build cgo && amd64 && amd64.v3

package shim

// With GOAMD64=v3 (or v4) Go itself requires an x86-64-v3 CPU (AVX2, BMI1/2,
// LZCNT, MOVBE, FMA, F16C) and refuses to start on a lesser one, so the C++
// may assume the same level, and simdjson's builtin kernel, which runs the
// On-Demand stage 2, becomes haswell instead of fallback.
//
// simdjson's haswell kernel also needs PCLMULQDQ, which x86-64-v3 does not
// name (every AVX2 CPU has it) and cgo does not accept as -mpclmul; the C++
// is therefore compiled with -march=haswell: x86-64-v3 plus PCLMULQDQ and
// extensions (AES, RDRAND, FSGSBASE, XSAVEOPT) that the compiler emits only
// for explicit intrinsics, which simdjson does not use outside its
// runtime-dispatched kernels. init checks PCLMULQDQ before any simdjson code
// runs, so the binary never executes an instruction the CPU lacks.

/*
#cgo CXXFLAGS: -march=haswell -mtune=generic
static int sj_cpu_has_pclmul(void) {
	__builtin_cpu_init();
	return __builtin_cpu_supports("pclmul");
}
*/
import "C"

func init() {
	if C.sj_cpu_has_pclmul() == 0 {
		panic("simdjson: built with GOAMD64=v3, for which the simdjson binding also needs PCLMULQDQ; this CPU lacks it: rebuild with GOAMD64=v1 or v2")
	}
}
