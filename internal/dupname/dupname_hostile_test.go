package dupname

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// hasWant is Has by a map.
func hasWant(names [][]byte) bool {
	seen := map[string]bool{}
	for _, k := range names {
		if seen[string(k)] {
			return true
		}
		seen[string(k)] = true
	}
	return false
}

// One Finder through a sequence of object sizes that grows the table, then
// shrinks and grows again (a later call sees the slots an earlier, larger
// call left beyond its size), with names that share long prefixes, differ
// only in their last byte or by a NUL, and duplicates placed after the
// table has grown; and Finders on 8 goroutines at once, one each.
func TestHasAdversarialSequences(t *testing.T) {
	mk := func(rng *rand.Rand, n int) ([][]byte, bool) {
		names := make([][]byte, n)
		prefix := bytes.Repeat([]byte("p"), rng.IntN(40))
		for i := range names {
			switch i % 4 {
			case 0:
				names[i] = fmt.Appendf(bytes.Clone(prefix), "%d", i)
			case 1:
				names[i] = fmt.Appendf(bytes.Clone(prefix), "%d\x00", i)
			case 2:
				names[i] = append(fmt.Appendf(nil, "%d", i), prefix...)
			default:
				names[i] = fmt.Appendf(nil, "\xff%d\xfe", i)
			}
		}
		dup := n >= 2 && rng.IntN(2) == 0
		if dup {
			a, b := rng.IntN(n), rng.IntN(n)
			if a == b {
				b = (a + 1) % n
			}
			names[b] = bytes.Clone(names[a])
		}
		return names, dup
	}
	sizes := []int{17, 2000, 17, 18, 16, 33, 1000, 0, 1, 64, 65, 4096, 3, 2047, 2049}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 7))
			var f Finder
			for round := range 20 {
				for _, n := range sizes {
					names, _ := mk(rng, n+round%3)
					if got, want := f.Has(names), hasWant(names); got != want {
						errs <- fmt.Sprintf("goroutine %d round %d, %d names: Has %v, want %v", g, round, len(names), got, want)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
