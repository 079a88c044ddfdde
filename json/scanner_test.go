package json

import (
	"math/rand/v2"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// numScanEnd runs numScan over s as the Decoder's scan does when s is all
// the input: the index of the byte where the number ends, the input's end
// when the number is complete there, or -1.
func numScanEnd(s []byte) int {
	var n numScan
	for k, c := range s {
		switch n.step(c) {
		case numEnd:
			return k
		case numError:
			return -1
		}
	}
	if n.complete() {
		return len(s)
	}
	return -1
}

// TestNumScanGrammar checks that numScan, the Decoder's resumable form of
// the number grammar, ends numbers where text.NumberEnd does: every string
// of up to six bytes over the bytes of numbers and two others (five in
// -short mode and under the race detector), and random longer ones.
func TestNumScanGrammar(t *testing.T) {
	const alphabet = "-+.eE0123456789x "
	check := func(b []byte) {
		if got, want := numScanEnd(b), text.NumberEnd(b, 0); got != want {
			t.Fatalf("numScan ends %q at %d, text.NumberEnd at %d", b, got, want)
		}
	}
	corpus.EachString(alphabet, corpus.ExhaustiveLen(), check)
	r := rand.New(rand.NewPCG(3, 4))
	const digitHeavy = "0123456789012345678901234567890123456789-.e+E"
	for range 100_000 {
		b := make([]byte, 7+r.IntN(24))
		for k := range b {
			b[k] = digitHeavy[r.IntN(len(digitHeavy))]
		}
		check(b)
	}
}
