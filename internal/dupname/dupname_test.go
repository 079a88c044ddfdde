package dupname

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Has agrees with a map for objects of 0 to 200 names, on both sides of
// the pairwise limit, with and without a duplicate (first, last, adjacent,
// far apart, empty names, names that share a hash bucket's start), one
// Finder reused across all of them.
func TestHasAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var f Finder
	for n := range 200 {
		for trial := range 20 {
			names := make([][]byte, n)
			for i := range names {
				names[i] = fmt.Appendf(nil, "k%d", i)
				if trial%5 == 0 {
					names[i] = names[i][:0:0]
					names[i] = append(names[i], make([]byte, i)...) // "", "\x00", "\x00\x00", ...
				}
			}
			if n >= 2 && trial%2 == 1 {
				a, b := rng.IntN(n), rng.IntN(n)
				if trial == 1 {
					a, b = 0, n-1
				} else if trial == 3 {
					a, b = n-2, n-1
				}
				if a != b {
					names[b] = append([]byte(nil), names[a]...)
				}
			}
			seen := map[string]bool{}
			want := false
			for _, k := range names {
				want = want || seen[string(k)]
				seen[string(k)] = true
			}
			if got := f.Has(names); got != want {
				t.Fatalf("%d names, trial %d: Has %v, want %v (%q)", n, trial, got, want, names)
			}
		}
	}
}

// After the largest object, Has allocates nothing.
func TestHasNoAllocs(t *testing.T) {
	names := make([][]byte, 1000)
	for i := range names {
		names[i] = fmt.Appendf(nil, "name-%d", i)
	}
	var f Finder
	f.Has(names)
	if n := testing.AllocsPerRun(100, func() { f.Has(names); f.Has(names[:10]) }); n != 0 {
		t.Fatalf("%v allocations per run", n)
	}
}
