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
	page := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*page, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	require.NoError(t, err)
	defer syscall.Munmap(mem)
	require.NoError(t, syscall.Mprotect(mem[:page], syscall.PROT_NONE))
	for _, src := range []string{"{\"a\":[1,2\n{\"b\":1}\n", "{\"a\":1\n[2]\n", "[\n[3]\n", "{\"a\":[Y\n"} {
		buf := mem[page:]
		n := copy(buf, src)
		clear(buf[n:])
		data := buf[:n]
		for _, batch := range []int{1, 1 << 20} {
			got := runStream(t, simdjson.Bytes(data), simdjson.SkipBadLines(nil), simdjson.BatchSize(batch))
			checkNDJSON(t, bytes.Clone(data), got)
			require.NotEmpty(t, got.Bad, "%q", src)
			require.Equal(t, int64(0), got.Bad[0].Offset, "%q", src)
			nbad := 0
			_, err := simdjson.Map(simdjson.Bytes(data), func(int) *int { return new(int) },
				func(*int, simdjson.Document) error { return nil }, simdjson.Threads(1), simdjson.BatchSize(batch),
				simdjson.SkipBadLines(func(*simdjson.LineError) { nbad++ }))
			require.NoError(t, err)
			require.Equal(t, len(got.Bad), nbad, "%q", src)
		}
	}
}
