//go:build cgo

package simdjson

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestMapKeepsReplacedBuffersUntilItEnds: while a map runs, the memory a
// Row pointed into is not freed when a later batch needs larger buffers,
// so a reader that passed the Row's first generation check (a misuse: a
// Row read from another goroutine) copies bytes that are still allocated
// and unchanged, and the seqlock's second check then reports the Row as
// stale. Here the callback plays that reader: it reads the field memory
// of every earlier Row, without checks, after each batch. Without the
// retention, the buffers of earlier batches were freed (simdjson's
// parser.allocate) and these reads returned damaged bytes, or under
// AddressSanitizer a heap-use-after-free. The retained bytes stay below
// the live ones (buffers at least double) and are freed when the map
// ends.
func TestMapKeepsReplacedBuffersUntilItEnds(t *testing.T) {
	// Parsers of earlier maps (this test's earlier runs under -count,
	// other tests) are pooled with buffers already grown: start from a
	// fresh one, or no buffer is replaced and the test checks nothing.
	DrainMapParserPool()
	var sb strings.Builder
	for i := range 300 {
		c := byte('a' + i%26)
		// Escaped, so the string is unescaped into the parser's string
		// buffer; growing, so that batches need ever larger buffers.
		fmt.Fprintf(&sb, "{\"s\":\"%s\"}\n", strings.Repeat(string([]byte{'\\', 'n', c}), 100+i*40))
	}
	proj, err := NewProjection("/s")
	require.NoError(t, err)
	defer proj.Close()
	type kept struct {
		at   unsafe.Pointer
		want string
	}
	var prev *kept
	var retired []kept // the last Row of each buffer replaced
	rows, checks, damaged, retiredMax := 0, 0, 0, uint64(0)
	same := func(k kept) bool {
		for j := range len(k.want) {
			if *(*byte)(unsafe.Add(k.at, j)) != k.want[j] {
				return false
			}
		}
		return true
	}
	_, err = MapFields(Bytes([]byte(sb.String())), proj, func(int) *int { return new(int) }, func(_ *int, r Row) error {
		rows++
		s, ok := r.String(0)
		require.True(t, ok)
		live := RowParserStat(r, StatStringBuf)
		liveN := RowParserStat(r, StatStringBufBytes)
		retainedNow := RowParserStat(r, StatRetiredBytes)
		retiredMax = max(retiredMax, retainedNow)
		require.LessOrEqual(t, retainedNow, liveN+RowParserStat(r, StatRowBytes), "retained memory beyond the live buffers")
		// The previous Row's bytes were final when its batch ended; if
		// this batch replaced the buffer holding them, nothing may have
		// changed them since (nor later).
		if prev != nil {
			if a := uint64(uintptr(prev.at)); a < live || a >= live+liveN {
				retired = append(retired, *prev)
			}
		}
		for _, k := range retired {
			checks++
			if !same(k) {
				damaged++
			}
		}
		prev = &kept{RowFieldMemoryForTest(r, 0), s}
		return nil
	}, Threads(1), BatchSize(4096), ChunkSize(1<<20))
	require.NoError(t, err)
	t.Logf("rows %d, buffers replaced %d, checks %d, damaged %d, most retained %d bytes", rows, len(retired), checks, damaged, retiredMax)
	require.GreaterOrEqual(t, len(retired), 3, "few batches replaced the string buffer: the test checks little")
	require.Zero(t, damaged)
	sum, _ := MapParsersStat(StatRetiredBytes)
	require.Zero(t, sum, "retained buffers outlive the map")
}
