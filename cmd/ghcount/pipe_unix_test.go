//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A named pipe (ghcount <(zcat ...)) is not sniffed, which would take the
// start of its data from the count: all its events are counted.
func TestPipeNotSniffed(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "events.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	line := "{\"type\":\"PushEvent\"}\n"
	n := 2 * sniffSize / len(line)
	t.Cleanup(func() { // unblock a count still waiting to open the pipe
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		f.WriteString(strings.Repeat(line, n))
	}()
	// A sniffed pipe loses its first 64 KiB, or hangs the count (the
	// writer fails once the sniff closes it, and the count's open waits
	// for another writer).
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- run([]string{"-json", fifo}, &out, &errOut) }()
	select {
	case rc := <-done:
		require.Equal(t, 0, rc, errOut.String())
	case <-time.After(time.Minute):
		t.Fatal("ghcount over a named pipe did not end")
	}
	var r Result
	require.NoError(t, json.Unmarshal(out.Bytes(), &r), out.String())
	require.Equal(t, map[string]int64{"PushEvent": int64(n)}, r.Types)
}
