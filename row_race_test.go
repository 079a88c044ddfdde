//go:build cgo && !race

package simdjson_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// Not under the race detector: reading a Row from another goroutine is a
// data race (on the parser's generation), which it rightly reports.

// TestRowReadFromAnotherGoroutine: a Row read from another goroutine while
// the worker moves on returns the document's value or nothing (stale, or
// the parser in use), never a string the next batch is overwriting (the
// accessors read without holding the parser: mixed strings came back).
func TestRowReadFromAnotherGoroutine(t *testing.T) {
	var sb strings.Builder
	for i := range 400 {
		c := byte('a' + i%26)
		// Escaped: the shim unescapes it into the parser's memory. Longest
		// first: each batch (one line) then fits the string buffer the
		// first one sized, which later batches overwrite in place. (Growing
		// lines would make each batch reallocate that buffer, and a reader
		// copying from it in another goroutine would read freed memory,
		// which AddressSanitizer reports: README, Limits.)
		fmt.Fprintf(&sb, "{\"s\":\"%s\"}\n", strings.Repeat(string([]byte{'\\', 'n', c}), 2000+(399-i)*10))
	}
	data := []byte(sb.String())
	proj, err := simdjson.NewProjection("/s")
	require.NoError(t, err)
	defer proj.Close()
	var cur atomic.Pointer[simdjson.Row]
	stop := make(chan struct{})
	var damaged, good, missed atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			r := cur.Load()
			if r == nil {
				continue
			}
			s, ok := r.String(0)
			if !ok {
				missed.Add(1)
				continue
			}
			for k := range len(s) { // "\nc\nc...": one letter throughout
				if (k%2 == 0 && s[k] != '\n') || (k%2 == 1 && s[k] != s[1]) {
					damaged.Add(1)
					break
				}
			}
			good.Add(1)
		}
	}()
	for range 5 {
		_, err = simdjson.MapFields(simdjson.Bytes(data), proj, func(int) *int { return new(int) }, func(n *int, r simdjson.Row) error {
			cur.Store(&r)
			for k := 0; k < 2000; k++ {
				*n += k
			}
			return nil
		}, simdjson.Threads(1), simdjson.BatchSize(4096), simdjson.ChunkSize(4096))
		require.NoError(t, err)
	}
	close(stop)
	<-done
	t.Logf("good %d, missed %d, damaged %d", good.Load(), missed.Load(), damaged.Load())
	require.Zero(t, damaged.Load())
}
