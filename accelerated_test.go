//go:build cgo

package simdjson_test

import (
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// simdCPU reports whether this CPU has one of simdjson's SIMD kernels, read
// from the CPU's own description rather than from simdjson.
func simdCPU(t *testing.T) bool {
	switch runtime.GOARCH {
	case "arm64":
		return true // NEON is part of the architecture
	case "amd64":
		info, err := os.ReadFile("/proc/cpuinfo")
		if err != nil {
			t.Skipf("no /proc/cpuinfo: %v", err)
		}
		flags := " " + strings.ReplaceAll(string(info), "\t", " ") + " "
		// westmere, the least of the three x86 kernels.
		return strings.Contains(flags, " sse4_2 ") && strings.Contains(flags, " pclmulqdq ")
	}
	t.Skipf("no SIMD expectation for %s", runtime.GOARCH)
	return false
}

// With cgo, Accelerated is true exactly when the active kernel is a SIMD
// one: on a CPU that has one unless the fallback kernel is forced, and
// false while SetImplementation("fallback") is in force; each supported
// kernel in turn.
func TestAccelerated(t *testing.T) {
	active := simdjson.ActiveImplementation()
	require.NotEmpty(t, active, "ActiveImplementation in a cgo build")
	forced, isForced := os.LookupEnv("SIMDJSON_FORCE_IMPLEMENTATION")
	switch {
	case isForced && forced == "fallback":
		require.False(t, simdjson.Accelerated(), "the fallback kernel forced")
	case !isForced && simdCPU(t):
		require.Truef(t, simdjson.Accelerated(), "a SIMD CPU, kernel %q", active)
	}
	if active == "unsupported" {
		require.False(t, simdjson.Accelerated())
		return
	}

	t.Cleanup(func() { require.NoError(t, simdjson.SetImplementation(active)) })
	for _, impl := range simdjson.Implementations() {
		if !impl.Supported {
			continue
		}
		require.NoError(t, simdjson.SetImplementation(impl.Name))
		require.Equal(t, impl.Name, simdjson.ActiveImplementation())
		// fallback is compiled in only where a CPU may lack every SIMD
		// kernel (amd64, not arm64).
		require.Equalf(t, impl.Name != "fallback", simdjson.Accelerated(), "kernel %s", impl.Name)
	}
}
