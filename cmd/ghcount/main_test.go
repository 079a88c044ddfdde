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

	"github.com/simdjson-cgo/simdjson/internal/ghtable"
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

// ghcount says what a file is when it is plainly no NDJSON: a JSON array
// (on one line or many, plain or gzip), binary data (at the byte of its
// first control character), an empty or whitespace-only file (plain or
// gzip), zstd data. It stops before counting (status 1, nothing on
// standard output), naming every such file; -skip-bad skips them and
// counts the rest. Before, a one-line array was "event at byte 0, /type:
// a missing, not a string" without the file, a many-line one an
// INCOMPLETE_ARRAY_OR_OBJECT bad line, binary data a UTF8_ERROR at a later
// byte, and an empty file an empty table with status 0.
func TestSaysWhatTheInputIs(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	gzipped := func(data []byte) []byte {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		_, err := zw.Write(data)
		require.NoError(t, err)
		require.NoError(t, zw.Close())
		return z.Bytes()
	}
	events := []byte("{\"type\":\"PushEvent\"}\n{\"type\":\"WatchEvent\"}\n")
	array := []byte(`[{"type":"PushEvent"},{"type":"WatchEvent"}]`)
	arrayLines := []byte("\xef\xbb\xbf\n  [\n  {\"type\":\"PushEvent\"},\n  {\"type\":\"WatchEvent\"}\n]\n")
	binary := append(append([]byte{}, events...), 0x7f, 'E', 'L', 'F', 2, 1, 1, 0)
	cases := []struct{ path, what string }{
		{write("array.json", array), "a JSON array, not NDJSON (one document per line)"},
		{write("array-lines.json", arrayLines), "a JSON array, not NDJSON (one document per line)"},
		{write("array.json.gz", gzipped(arrayLines)), "a JSON array, not NDJSON (one document per line)"},
		{write("binary.bin", binary), fmt.Sprintf("binary data at byte %d, not JSON", len(events)+4)},
		{write("binary.json.gz", gzipped(binary)), fmt.Sprintf("binary data at byte %d (decompressed), not JSON", len(events)+4)},
		{write("empty.json", nil), "empty"},
		{write("empty.json.gz", gzipped(nil)), "empty"},
		{write("blank.json", []byte("\n \r\n\t\n")), "empty (only whitespace)"},
		{write("utf16.json", []byte("\xff\xfe{\x00\"\x00")), "UTF-16 text (byte order mark FFFE), not UTF-8 JSON"},
		{write("events.json.zst", []byte("\x28\xb5\x2f\xfd\x00\x58")), "zstd-compressed data, not JSON (ghcount reads NDJSON, plain or gzip)"},
	}
	good := write("good.json.gz", gzipped(events))
	args := []string{good}
	var want, wantSkip strings.Builder
	for _, c := range cases {
		var out, errOut bytes.Buffer
		require.Equal(t, 1, run([]string{c.path}, &out, &errOut), c.path)
		require.Equal(t, "ghcount: file "+c.path+": "+c.what+"\n", errOut.String())
		require.Empty(t, out.String())
		args = append(args, c.path)
		fmt.Fprintf(&want, "ghcount: file %s: %s\n", c.path, c.what)
		fmt.Fprintf(&wantSkip, "ghcount: skipped file %s: %s\n", c.path, c.what)
	}
	var out, errOut bytes.Buffer
	require.Equal(t, 1, run(args, &out, &errOut))
	require.Equal(t, want.String(), errOut.String(), "every such file named, in order")
	require.Empty(t, out.String())

	r, stderr := runJSON(t, append([]string{"-skip-bad"}, args...)...)
	require.Equal(t, wantSkip.String(), stderr)
	require.Equal(t, map[string]int64{"PushEvent": 1, "WatchEvent": 1}, r.Types)
	require.Equal(t, 1, r.Files)
	require.Equal(t, len(cases), r.SkippedFiles)
}

// Every error names the file and the line: a bad event (a field of the
// wrong type, an event without a type) in a .json.gz file among others,
// and a bad line; the byte is the event's own, in the decompressed file.
// Before, an event's error said "event at byte N" with neither file nor
// line.
func TestErrorsSayWhere(t *testing.T) {
	paths, _ := genFiles(t, 3)
	dir := t.TempDir()
	head := "{\"type\":\"PushEvent\"}\n\n{\"type\":\"WatchEvent\"}\n"
	for _, c := range []struct{ line, msg string }{
		{`{"type":7}`, "/type is an int64, not a string"},
		{`{"id":"1"}`, "no /type: not a GH Archive event"},
		{`{"type":"PullRequestEvent","payload":{"action":["opened"]}}`, "/payload/action is an array, not a string"},
		{`{"type":"PullRequestEvent","payload":{"action":"opened","pull_request":{"base":{"repo":{"language":{}}}}}}`,
			"/payload/pull_request/base/repo/language is an object, not a string"},
		{`{"type":"Push`, "simdjson: UNCLOSED_STRING"},
	} {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		_, err := zw.Write([]byte(head + c.line + "\n" + head))
		require.NoError(t, err)
		require.NoError(t, zw.Close())
		bad := filepath.Join(dir, "bad.json.gz")
		require.NoError(t, os.WriteFile(bad, z.Bytes(), 0o644))
		var out, errOut bytes.Buffer
		require.Equal(t, 1, run(append(append([]string{"-threads", "2"}, paths...), bad), &out, &errOut))
		require.Contains(t, errOut.String(), fmt.Sprintf("%s: line 4 (byte %d): %s", bad, len(head), c.msg))
		require.Empty(t, out.String())
	}
	var out, errOut bytes.Buffer
	missing := filepath.Join(dir, "missing.json.gz")
	require.Equal(t, 1, run([]string{missing}, &out, &errOut))
	require.Contains(t, errOut.String(), missing)
}

// The table is internal/ghtable's, the same the Beam pipeline prints: its
// columns line up for every name (PullRequestReviewCommentEvent, 29
// characters, pushed its count one column right of the others before, and
// a longer unknown type further).
func TestTableGolden(t *testing.T) {
	golden, err := os.ReadFile("../../internal/ghtable/testdata/table.golden")
	require.NoError(t, err)
	types, langs, err := ghtable.Parse(string(golden))
	require.NoError(t, err)
	require.Contains(t, types, "PullRequestReviewCommentEvent")
	var out bytes.Buffer
	printTable(&out, &Result{Types: types, Languages: langs, Files: 1, Bytes: 1000, Seconds: 1}, 2)
	table, summary, ok := strings.Cut(out.String(), "\n\n1 files,")
	require.True(t, ok, out.String())
	require.Equal(t, string(golden), table+"\n")
	require.Contains(t, summary, "1000 bytes (uncompressed)")
}

// Binary data past the start sniff reads stops the count at its line,
// which ghcount then names as binary data at its byte (plain and gzip).
func TestBinaryPastTheStart(t *testing.T) {
	dir := t.TempDir()
	head := strings.Repeat("{\"type\":\"PushEvent\"}\n", 2*sniffSize/21)
	data := []byte(head + "{\"type\":\"Push\x01\x02\"}\n{\"type\":\"PushEvent\"}\n")
	plain := filepath.Join(dir, "late.json")
	require.NoError(t, os.WriteFile(plain, data, 0o644))
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	_, err := zw.Write(data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	zipped := filepath.Join(dir, "late.json.gz")
	require.NoError(t, os.WriteFile(zipped, z.Bytes(), 0o644))
	line := strings.Count(head, "\n") + 1
	for path, where := range map[string]string{plain: "", zipped: ", decompressed"} {
		var out, errOut bytes.Buffer
		require.Equal(t, 1, run([]string{path}, &out, &errOut))
		require.Contains(t, errOut.String(), fmt.Sprintf("ghcount: file %s: binary data at byte %d (line %d%s), not JSON\n",
			path, len(head)+len(`{"type":"Push`), line, where))
		require.Contains(t, errOut.String(), fmt.Sprintf("%s: line %d (byte %d)", path, line, len(head)))
		require.Empty(t, out.String())
	}
}

// Under -skip-bad a JSON line that is no event (no string type, a pull
// request event whose action or language has the wrong type) is a bad
// line: reported with its file, line and byte, counted in bad_lines, and
// nothing of it counted (not even its type), as the Beam pipeline skips
// it; the count goes on. Without -skip-bad it stops the count, naming the
// file and line, with the hint. Before, -skip-bad stopped at such a line.
func TestSkipBadEvents(t *testing.T) {
	paths, all := genFiles(t, 2)
	dir := t.TempDir()
	head := "{\"type\":\"PushEvent\"}\n\n{\"type\":\"WatchEvent\"}\n"
	opened := `{"type":"PullRequestEvent","payload":{"action":"opened","pull_request":{"base":{"repo":{"language":"Go"}}}}}` + "\n"
	for _, c := range []struct{ line, msg string }{
		{`{"type":7}`, "/type is an int64, not a string"},
		{`{"type":null,"payload":{}}`, "/type is a null, not a string"},
		{`{"id":"1"}`, "no /type: not a GH Archive event"},
		{`[1,2]`, "no /type: not a GH Archive event"},
		{`"PushEvent"`, "no /type: not a GH Archive event"},
		{`{"type":"PullRequestEvent","payload":{"action":["opened"]}}`, "/payload/action is an array, not a string"},
		{`{"type":"PullRequestEvent"}`, "no /payload/action: not a GH Archive event"},
		{`{"type":"PullRequestEvent","payload":{"action":"opened","pull_request":{"base":{"repo":{"language":{}}}}}}`,
			"/payload/pull_request/base/repo/language is an object, not a string"},
	} {
		for _, gz := range []bool{false, true} {
			content := []byte(head + c.line + "\n" + opened + "{\"type\":\"Push\n" + head)
			bad := filepath.Join(dir, "bad.json")
			if gz {
				var z bytes.Buffer
				zw := gzip.NewWriter(&z)
				_, err := zw.Write(content)
				require.NoError(t, err)
				require.NoError(t, zw.Close())
				content, bad = z.Bytes(), bad+".gz"
			}
			require.NoError(t, os.WriteFile(bad, content, 0o644))
			args := append(append([]string{"-threads", "2"}, paths...), bad)

			var out, errOut bytes.Buffer
			require.Equal(t, 1, run(args, &out, &errOut), c.line)
			require.Contains(t, errOut.String(), fmt.Sprintf("%s: line 4 (byte %d): %s (-skip-bad skips bad lines)", bad, len(head), c.msg))
			require.Empty(t, out.String())

			r, stderr := runJSON(t, append([]string{"-skip-bad"}, args...)...)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			require.Equal(t, []string{
				fmt.Sprintf("ghcount: skipped %s:4 (byte %d): %s", bad, len(head), c.msg),
				fmt.Sprintf("ghcount: skipped %s:6 (byte %d): simdjson: UNCLOSED_STRING: A string is opened, but never closed. (at byte %[2]d)",
					bad, len(head)+len(c.line)+1+len(opened)),
			}, lines, c.line)
			require.Equal(t, 2, r.BadLines)
			types, langs := reference(t, all)
			types["PushEvent"] += 2
			types["WatchEvent"] += 2
			types["PullRequestEvent"]++
			langs["Go"]++
			require.Equal(t, types, r.Types, c.line)
			require.Equal(t, langs, r.Languages, c.line)
		}
	}
}
