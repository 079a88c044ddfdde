//go:build cgo && linux

package simdjson_test

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// An input that starts at the start of a page whose previous page cannot be
// read: the walk never reads a byte before its input, even for a first line
// that stays open to the end of its batch (the one-line scan reads the byte
// before each token, its stop token included).
func TestInputAfterGuardPage(t *testing.T) {
	checkAfterGuardPage(t, true, "{\"a\":[1,2\n{\"b\":1}\n", "{\"a\":1\n[2]\n", "[\n[3]\n", "{\"a\":[Y\n")
}

// As TestInputAfterGuardPage, with whitespace before the first line's
// bracket: the one-line scan's stop token is that bracket, the byte before
// it is whitespace, and the search for a newline in the whitespace before a
// token ran off the start of the input (found by make test-asan's fuzzing:
// a read 1 byte before the batch's buffer in newline_before).
func TestLeadingWhitespaceAfterGuardPage(t *testing.T) {
	checkAfterGuardPage(t, false, " {", "  [1", " {\"a\":[1,2\n{\"b\":1}\n", "\t\r {\"a\":1\n[2]\n", " [\n[3]\n", " {\"0\":\n\":{\"\"\n}")
}

// checkAfterGuardPage streams and maps each source placed right after a
// page that cannot be read, in one batch and in batches of one line: the
// lines are those the reference finds, and some are bad (the first one at
// byte 0 when firstBadAtStart).
func checkAfterGuardPage(t *testing.T, firstBadAtStart bool, srcs ...string) {
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	require.NoError(t, err)
	defer syscall.Munmap(mem)
	require.NoError(t, syscall.Mprotect(mem[:page], syscall.PROT_NONE))
	for _, src := range srcs {
		buf := mem[page:]
		n := copy(buf, src)
		clear(buf[n:])
		data := buf[:n]
		for _, batch := range []int{1, 1 << 20} {
			got := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil), simdjson.BatchSize(batch))
			checkNDJSON(t, bytes.Clone(data), got)
			require.NotEmpty(t, got.Bad, "%q", src)
			if firstBadAtStart {
				require.Equal(t, int64(0), got.Bad[0].Offset, "%q", src)
			}
			nbad := 0
			_, err := simdjson.Map(simdjson.Bytes(data), func(int) *int { return new(int) },
				func(*int, simdjson.Document) error { return nil }, simdjson.Threads(1), simdjson.BatchSize(batch),
				simdjson.SkipBadLines(func(*simdjson.LineError) { nbad++ }))
			require.NoError(t, err)
			require.Equal(t, len(got.Bad), nbad, "%q", src)
		}
	}
}
