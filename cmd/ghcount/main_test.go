package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const fixture = "../../testdata/events.ndjson"

// reference counts the task with encoding/json.
func reference(t *testing.T, data []byte) (types, langs map[string]int64) {
	types, langs = map[string]int64{}, map[string]int64{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var ev struct {
			Type    string
			Payload struct {
				Action      string
				PullRequest struct {
					Base struct {
						Repo struct{ Language *string }
					}
				} `json:"pull_request"`
			}
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev))
		types[ev.Type]++
		if ev.Type == "PullRequestEvent" && ev.Payload.Action == "opened" {
			if l := ev.Payload.PullRequest.Base.Repo.Language; l != nil {
				langs[*l]++
			} else {
				langs[noLanguage]++
			}
		}
	}
	require.NoError(t, sc.Err())
	return types, langs
}

// genFiles writes the fixture's events, shuffled and repeated, as n files:
// gzip with one member, gzip with several, and plain NDJSON. It returns the
// paths and all the bytes written (uncompressed).
func genFiles(t *testing.T, n int) ([]string, []byte) {
	raw, err := os.ReadFile(fixture)
	require.NoError(t, err)
	lines := strings.SplitAfter(strings.TrimRight(string(raw), "\n"), "\n")
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], "\n") + "\n"
	}
	rng := rand.New(rand.NewPCG(7, 8))
	dir := t.TempDir()
	var all bytes.Buffer
	var paths []string
	for f := range n {
		var b bytes.Buffer
		for range 3 {
			rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
			for _, l := range lines {
				b.WriteString(l)
			}
		}
		all.Write(b.Bytes())
		name := filepath.Join(dir, fmt.Sprintf("2024-03-13-%d.json", f))
		content := b.Bytes()
		if f%3 != 2 {
			name += ".gz"
			var z bytes.Buffer
			parts := 1 + f%3*2
			step := len(content)/parts + 1
			for off := 0; off < len(content); off += step {
				zw := gzip.NewWriter(&z)
				_, err := zw.Write(content[off:min(off+step, len(content))])
				require.NoError(t, err)
				require.NoError(t, zw.Close())
			}
			content = z.Bytes()
		}
		require.NoError(t, os.WriteFile(name, content, 0o644))
		paths = append(paths, name)
	}
	return paths, all.Bytes()
}

func runJSON(t *testing.T, args ...string) (Result, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	rc := run(append([]string{"-json"}, args...), &out, &errOut)
	require.Equal(t, 0, rc, errOut.String())
	var r Result
	require.NoError(t, json.Unmarshal(out.Bytes(), &r), out.String())
	return r, errOut.String()
}

// The counts over generated .json.gz (and .json) files equal encoding/json's,
// for one thread and several; -json carries files, bytes and seconds.
func TestCountMatchesEncodingJSON(t *testing.T) {
	paths, all := genFiles(t, 6)
	types, langs := reference(t, all)
	require.NotEmpty(t, langs)
	require.Contains(t, langs, noLanguage)
	for _, threads := range []string{"1", "3"} {
		r, stderr := runJSON(t, append([]string{"-threads", threads}, paths...)...)
		require.Equal(t, types, r.Types)
		require.Equal(t, langs, r.Languages)
		require.Equal(t, len(paths), r.Files)
		require.Equal(t, int64(len(all)), r.Bytes)
		require.Greater(t, r.Seconds, 0.0)
		require.Empty(t, stderr, "no progress line when stderr is not a terminal")
	}
	// The table: the same counts, with totals.
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run(paths, &out, &errOut), errOut.String())
	require.Contains(t, out.String(), fmt.Sprintf("%-28s %10d\n", "PushEvent", types["PushEvent"]))
	var events int64
	for _, v := range types {
		events += v
	}
	require.Contains(t, out.String(), fmt.Sprintf("%-28s %10d\n", "total", events))
}

// A bad line stops the count with its file and line; -skip-bad reports it
// and counts the rest.
func TestBadLines(t *testing.T) {
	paths, all := genFiles(t, 2)
	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\"type\":\"PushEvent\"}\n{\"type\": \"Push\xffEvent\"}\n"), 0o644))
	args := append(paths, bad)
	var out, errOut bytes.Buffer
	require.Equal(t, 1, run(args, &out, &errOut))
	require.Contains(t, errOut.String(), bad+": line 2")
	require.Empty(t, out.String())

	r, stderr := runJSON(t, append([]string{"-skip-bad"}, args...)...)
	require.Contains(t, stderr, "skipped "+bad+":2")
	require.Equal(t, 1, r.BadLines)
	types, _ := reference(t, all)
	types["PushEvent"]++
	require.Equal(t, types, r.Types)

	// A cut .json.gz file is an error naming it.
	data, err := os.ReadFile(paths[0])
	require.NoError(t, err)
	cut := filepath.Join(t.TempDir(), "cut.json.gz")
	require.NoError(t, os.WriteFile(cut, data[:len(data)/2], 0o644))
	out.Reset()
	errOut.Reset()
	require.Equal(t, 1, run([]string{cut}, &out, &errOut))
	require.Contains(t, errOut.String(), cut)
	require.Contains(t, errOut.String(), "unexpected EOF")
}

func TestUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 2, run(nil, &out, &errOut))
	require.Contains(t, errOut.String(), "usage: ghcount")
	require.Equal(t, 1, run([]string{"/nonexistent.json.gz"}, &out, &errOut))
}

// TestAddAllocatesOnlyNewKeys: counting a key seen before allocates
// nothing (m[string(b)]++ on a map[string]int64 allocated the key each
// time, one allocation per event).
func TestAddAllocatesOnlyNewKeys(t *testing.T) {
	m := map[string]*int64{}
	k := []byte("PushEvent")
	add(m, k)
	if n := testing.AllocsPerRun(1000, func() { add(m, k) }); n != 0 {
		t.Fatalf("add of a known key: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() { add(m, []byte(noLanguage)) }); n != 0 {
		t.Fatalf("add of noLanguage: %v allocations, want 0", n)
	}
	if got := *m["PushEvent"]; got != 1002 {
		t.Fatalf("PushEvent counted %d times, want 1002", got)
	}
}
