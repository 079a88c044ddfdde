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

// TestIndexUTF8Short: below 32 bytes the index functions pass over
// nothing (and read nothing).
func TestIndexUTF8Short(t *testing.T) {
	if !utf8ScanSupported {
		t.Skip("no AVX2")
	}
	for n := 0; n < 32; n++ {
		s := []byte(strings.Repeat("a", n))
		if got := indexUTF8(s); got != 0 {
			t.Fatalf("indexUTF8(%d bytes) = %d, want 0", n, got)
		}
		if got := indexUTF8HTML(s); got != 0 {
			t.Fatalf("indexUTF8HTML(%d bytes) = %d, want 0", n, got)
		}
	}
}
