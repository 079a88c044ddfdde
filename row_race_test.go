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
	for _, order := range []string{"longest first", "shortest first"} {
		t.Run(order, func(t *testing.T) { rowReadFromAnotherGoroutine(t, order == "longest first") })
	}
}

// rowReadFromAnotherGoroutine: longest first, each batch (one line) fits
// the string buffer the first one sized, which later batches overwrite in
// place: without the seqlock's second check the reader returns damaged
// strings. Shortest first, each batch needs a larger buffer: the reader
// copies from buffers the worker has replaced, which the map keeps until
// it ends (AddressSanitizer reported a heap-use-after-free before).
func rowReadFromAnotherGoroutine(t *testing.T, longestFirst bool) {
	var sb strings.Builder
	for i := range 400 {
		c := byte('a' + i%26)
		// Escaped: the shim unescapes it into the parser's memory.
		n := 2000 + i*10
		if longestFirst {
			n = 2000 + (399-i)*10
		}
		fmt.Fprintf(&sb, "{\"s\":\"%s\"}\n", strings.Repeat(string([]byte{'\\', 'n', c}), n))
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
