//go:build !purego

package json

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestCPUAVX2 checks the CPUID test against the kernel's flags (Linux).
func TestCPUAVX2(t *testing.T) {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "flags" {
			want := false
			for _, fl := range strings.Fields(v) {
				want = want || fl == "avx2"
			}
			if got := cpuAVX2(); got != want {
				t.Fatalf("cpuAVX2() = %v, /proc/cpuinfo has avx2: %v", got, want)
			}
			return
		}
	}
	t.Skip("no flags line in /proc/cpuinfo")
}
