package corpus

import (
	"runtime"
	"testing"
)

// EachString calls f with every string over the bytes of alphabet of up to
// maxLen bytes, the empty one first, in a buffer f must not keep (for the
// exhaustive checks of the byte rules: the number grammar and its users).
func EachString(alphabet string, maxLen int, f func(b []byte)) {
	b := make([]byte, 0, maxLen)
	var walk func()
	walk = func() {
		f(b)
		if len(b) == maxLen {
			return
		}
		b = b[:len(b)+1]
		for k := range len(alphabet) {
			b[len(b)-1] = alphabet[k]
			walk()
		}
		b = b[:len(b)-1]
	}
	walk()
}

// ExhaustiveLen is the longest string the exhaustive checks walk: six
// bytes on amd64; five in -short mode, under the race detector (which makes
// the walk five times slower, and has nothing to find in byte rules that
// one goroutine runs) and on other architectures (CI runs arm64 under
// qemu, twenty times slower; the rules are the same Go code there).
func ExhaustiveLen() int {
	if testing.Short() || raceEnabled || runtime.GOARCH != "amd64" {
		return 5
	}
	return 6
}
