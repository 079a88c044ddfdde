//go:build cgo

package simdjson_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// The kinds of file FuzzFiles makes, with the lines each holds.
const (
	fileLines     = iota // NDJSON lines
	fileEmpty            // no byte
	fileBOM              // a byte order mark alone
	fileBOMLines         // a byte order mark, then lines
	fileGzip             // lines, one gzip member
	fileGzipEmpty        // lines in gzip members among empty ones
	fileExact            // lines filling the chunk size exactly, some times over
	fileNoNewline        // lines, the last without its newline
	fileZeroGz           // a 0-byte .gz (a failed download): a *GzipError
	fileDir              // a directory: a read error
	fileKinds
)

// fuzzFileSet writes the files a recipe describes (two bytes a file: its
// kind and its number of lines) into dir, and returns their paths, the
// documents a plain read of each holds ({"f":file,"i":line}), and whether
// each fails.
func fuzzFileSet(t *testing.T, dir string, recipe []byte, chunk int) (paths []string, docs [][]string, fails []bool) {
	t.Helper()
	for f := 0; f+1 < len(recipe) && f < 24; f += 2 {
		kind, n := int(recipe[f])%fileKinds, int(recipe[f+1])
		idx := len(paths)
		var lines []string
		var b bytes.Buffer
		line := func(i int) {
			s := fmt.Sprintf(`{"f":%d,"i":%d}`, idx, i)
			lines = append(lines, s)
			b.WriteString(s + "\n")
		}
		name := fmt.Sprintf("f%02d.json", idx)
		var content []byte
		fail := false
		switch kind {
		case fileLines, fileBOMLines, fileGzip, fileGzipEmpty, fileNoNewline:
			if kind == fileBOMLines {
				b.WriteString("\xEF\xBB\xBF")
			}
			for i := range n {
				line(i)
				if i%7 == 3 {
					b.WriteString("\n  \n") // blank lines
				}
			}
			content = b.Bytes()
			if kind == fileNoNewline && len(content) > 0 {
				content = bytes.TrimRight(content, "\n \t")
			}
			if kind == fileGzip {
				name, content = name+".gz", gz(t, content)
			}
			if kind == fileGzipEmpty {
				var z bytes.Buffer
				z.Write(gz(t, nil))
				z.Write(gz(t, content, len(content)/2))
				z.Write(gz(t, nil))
				name, content = name+".gz", z.Bytes()
			}
		case fileBOM:
			content = []byte("\xEF\xBB\xBF")
		case fileExact:
			for range n%4 + 1 { // 1 to 4 chunks of lines, each exactly chunk bytes
				start := b.Len()
				for b.Len()-start < chunk-64 {
					line(len(lines))
				}
				pad := chunk - (b.Len() - start) - 1
				b.WriteString(string(bytes.Repeat([]byte(" "), pad)) + "\n")
			}
			content = b.Bytes()
		case fileZeroGz:
			name, fail = name+".gz", true
		case fileDir:
			fail = true
		}
		p := filepath.Join(dir, name)
		if kind == fileDir {
			require.NoError(t, os.Mkdir(p, 0o755))
		} else {
			require.NoError(t, os.WriteFile(p, content, 0o644))
		}
		paths, docs, fails = append(paths, p), append(docs, lines), append(fails, fail)
	}
	return paths, docs, fails
}

// FuzzFiles builds random sets of files (empty, a byte order mark alone,
// gzip with empty members, chunk-exact sizes, no final newline, a 0-byte
// .gz, a directory) and reads them with Map, MapFields and a Stream over
// Files, for 1 to 8 threads: each gives the documents of a plain read of
// the files (a map every good file's, a stream those before the first
// fault, in order), an error exactly when a file fails, and no hang: a
// deadline turns one into a failure.
func FuzzFiles(f *testing.F) {
	f.Add([]byte{fileEmpty, 0, fileEmpty, 0, fileEmpty, 0, fileLines, 20}, uint8(1))
	f.Add([]byte{fileBOM, 0, fileGzipEmpty, 30, fileExact, 2, fileZeroGz, 0, fileLines, 5}, uint8(2))
	f.Add([]byte{fileDir, 0, fileNoNewline, 9, fileBOMLines, 40, fileGzip, 100, fileExact, 0}, uint8(8))
	f.Add([]byte{fileExact, 1, fileExact, 3, fileEmpty, 0, fileGzipEmpty, 0, fileNoNewline, 1}, uint8(3))
	proj, err := simdjson.NewProjection("/f", "/i")
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, recipe []byte, threads uint8) {
		const chunk = 4096
		paths, docs, fails := fuzzFileSet(t, t.TempDir(), recipe, chunk)
		if len(paths) == 0 {
			return
		}
		var all []string
		anyFail := false
		for i := range paths {
			all = append(all, docs[i]...)
			anyFail = anyFail || fails[i]
		}
		slices.Sort(all)
		opts := []simdjson.StreamOption{simdjson.Threads(int(threads)%8 + 1), simdjson.ChunkSize(chunk), simdjson.BatchSize(chunk)}
		what := fmt.Sprintf("recipe %v, %d threads", recipe, int(threads)%8+1)

		var mu sync.Mutex
		var got []string
		withDeadline(t, 20*time.Second, "Map "+what, func() {
			_, err := simdjson.Map(simdjson.Files(paths...), func(int) int { return 0 }, func(_ int, d simdjson.Document) error {
				raw, err := d.RawJSON()
				if err != nil {
					return err
				}
				mu.Lock()
				got = append(got, string(bytes.TrimSpace(raw)))
				mu.Unlock()
				return nil
			}, opts...)
			require.Equal(t, anyFail, err != nil, "Map %s: %v", what, err)
		})
		slices.Sort(got)
		require.Equal(t, all, got, "Map "+what)

		got = nil
		withDeadline(t, 20*time.Second, "MapFields "+what, func() {
			_, err := simdjson.MapFields(simdjson.Files(paths...), proj, func(int) int { return 0 }, func(_ int, r simdjson.Row) error {
				f, _ := r.Int64(0)
				i, _ := r.Int64(1)
				mu.Lock()
				got = append(got, fmt.Sprintf(`{"f":%d,"i":%d}`, f, i))
				mu.Unlock()
				return nil
			}, opts...)
			require.Equal(t, anyFail, err != nil, "MapFields %s: %v", what, err)
		})
		slices.Sort(got)
		require.Equal(t, all, got, "MapFields "+what)

		// A stream reads the files in order and stops at the first fault.
		var want []string
		for i := range paths {
			if fails[i] {
				break
			}
			want = append(want, docs[i]...)
		}
		got = nil
		withDeadline(t, 20*time.Second, "Stream "+what, func() {
			p := simdjson.NewParser()
			defer p.Close()
			s := p.Stream(simdjson.Files(paths...), opts...)
			for _, d := range s.Documents() {
				raw, err := d.RawJSON()
				require.NoError(t, err)
				got = append(got, string(bytes.TrimSpace(raw)))
			}
			require.Equal(t, anyFail, s.Err() != nil, "Stream %s: %v", what, s.Err())
		})
		require.Equal(t, want, got, "Stream "+what)
	})
}
