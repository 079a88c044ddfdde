//go:build cgo

package simdjson_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// gz compresses data as one gzip member per part: data cut at the given
// offsets (anywhere, mid-line included).
func gz(t testing.TB, data []byte, cuts ...int) []byte {
	t.Helper()
	var z bytes.Buffer
	prev := 0
	for _, c := range append(cuts, len(data)) {
		zw := gzip.NewWriter(&z)
		_, err := zw.Write(data[prev:c])
		require.NoError(t, err)
		require.NoError(t, zw.Close())
		prev = c
	}
	return z.Bytes()
}

func writeFile(t testing.TB, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, data, 0o644))
	return p
}

// Whole, multi-member and concatenated gzip inputs deliver exactly the
// documents of the plain input, through File (by name and by magic bytes),
// Gzip and Files, in a stream and a map, and under a buffer bound small
// enough to force the streaming fallback.
func TestGzipInputs(t *testing.T) {
	data, offs := numbered(30000)
	dir := t.TempDir()
	one := gz(t, data)
	multi := gz(t, data, 1, 1000, 12345, len(data)/2, len(data)-1) // cuts mid-line, one-byte members
	// An empty member, and members written separately and concatenated
	// (as cat a.gz b.gz does).
	empty := gz(t, nil)
	concat := slices.Concat(empty, gz(t, data[:len(data)/3]), empty, gz(t, data[len(data)/3:]), empty)
	cases := map[string][]byte{"one": one, "multi": multi, "concat": concat}
	for name, z := range cases {
		gzPath := writeFile(t, dir, name+".json.gz", z)
		magicPath := writeFile(t, dir, name+".ndjson", z) // no .gz: recognised by its magic bytes
		// 64 KiB: the compressed input does not fit (streamed from the
		// start); 512 KiB: it fits, a member's output does not (streamed
		// from that member).
		require.Less(t, len(z), 512<<10)
		require.Greater(t, len(data), 512<<10)
		for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.MaxGzipBuffer(64 << 10)}, {simdjson.MaxGzipBuffer(512 << 10)}} {
			label := fmt.Sprintf("%s/opts=%d", name, len(opts))
			inputs := map[string]func() simdjson.Input{
				"File":      func() simdjson.Input { return simdjson.File(gzPath) },
				"FileMagic": func() simdjson.Input { return simdjson.File(magicPath) },
				"Gzip":      func() simdjson.Input { return simdjson.Gzip(bytes.NewReader(z)) },
				"Files":     func() simdjson.Input { return simdjson.Files(gzPath) },
			}
			for in, mk := range inputs {
				r := streamResult(t, mk(), opts...)
				require.NoError(t, r.Err, "%s %s stream", label, in)
				require.Equal(t, offs, r.Offs, "%s %s stream", label, in)
				r = mapResult(t, mk(), opts...)
				require.NoError(t, r.Err, "%s %s map", label, in)
				require.Equal(t, offs, r.Offs, "%s %s map", label, in)
			}
		}
	}
}

// A cut, corrupt or padded gzip file is an error that names the file and the
// compressed offset, after the complete lines before the fault: never a
// clean end with fewer documents.
func TestGzipFaults(t *testing.T) {
	data, offs := numbered(40000)
	z := gz(t, data)
	dir := t.TempDir()
	type fault struct {
		name string
		z    []byte
		is   error // errors.Is the cause, when fixed
	}
	corrupt := slices.Clone(z)
	corrupt[len(z)/2] ^= 0x55
	badCRC := slices.Clone(z)
	badCRC[len(z)-6] ^= 1 // CRC-32 of the trailer
	faults := []fault{
		{"cut-middle", z[:len(z)/2], io.ErrUnexpectedEOF},
		{"cut-trailer", z[:len(z)-3], io.ErrUnexpectedEOF},
		{"cut-header", z[:5], io.ErrUnexpectedEOF},
		{"empty", nil, io.ErrUnexpectedEOF},
		{"corrupt", corrupt, nil},
		{"crc", badCRC, gzip.ErrChecksum},
		{"garbage", append(slices.Clone(z), "trailing garbage\n"...), gzip.ErrHeader},
		{"plain.gz", data[:1000], gzip.ErrHeader},
	}
	for _, f := range faults {
		path := writeFile(t, dir, f.name+".json.gz", f.z)
		// Whole members (GzipWholeMembers), streamed with libdeflate (the
		// default), streamed with compress/gzip (whole members over
		// MaxGzipBuffer).
		for mode, opts := range [][]simdjson.StreamOption{{simdjson.GzipWholeMembers()}, nil, {simdjson.GzipWholeMembers(), simdjson.MaxGzipBuffer(64 << 10)}} {
			whole := mode == 0
			for kind, run := range map[string]func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result{"stream": streamResult, "map": mapResult} {
				for _, in := range []simdjson.Input{simdjson.File(path), simdjson.Files(path)} {
					r := run(t, in, opts...)
					var ge *simdjson.GzipError
					var le *simdjson.LineError
					if f.name == "corrupt" && !whole && errors.As(r.Err, &le) {
						// Streamed, the corrupt member's output comes
						// before its CRC: the byte flipped may break a
						// line first (it does with Go 1.27's
						// compress/gzip output, not with Go 1.26's).
						require.Equal(t, path, le.File, f.name)
						require.Contains(t, r.Err.Error(), path)
						continue
					}
					require.ErrorAs(t, r.Err, &ge, "%s %s mode %d", f.name, kind, mode)
					require.Equal(t, path, ge.File, f.name)
					require.Contains(t, r.Err.Error(), path)
					require.LessOrEqual(t, ge.Offset, int64(len(f.z)), f.name)
					if f.is != nil {
						require.ErrorIs(t, r.Err, f.is, "%s %s mode %d", f.name, kind, mode)
					}
					// Complete lines only, each the plain input's.
					require.LessOrEqual(t, len(r.Offs), len(offs))
					if len(r.Offs) > 0 && (f.name != "corrupt" || whole) {
						require.Equal(t, offs[:len(r.Offs)], r.Offs, "%s %s mode %d", f.name, kind, mode)
					}
					switch {
					case f.name == "garbage" || f.name == "crc" && !whole:
						// The data itself was whole (streamed, a
						// member's output comes before its CRC).
						require.Equal(t, offs, r.Offs, "%s %s mode %d", f.name, kind, mode)
					case whole && f.name != "plain.gz":
						// Whole-member decompression delivers no byte
						// of a member that does not check.
						require.Empty(t, r.Offs, "%s %s mode %d", f.name, kind, mode)
					}
				}
			}
		}
	}
	// A Gzip reader: the same, without a file name.
	r := streamResult(t, simdjson.Gzip(bytes.NewReader(z[:len(z)/2])))
	var ge *simdjson.GzipError
	require.ErrorAs(t, r.Err, &ge)
	require.Empty(t, ge.File)
	require.ErrorIs(t, r.Err, io.ErrUnexpectedEOF)
}

// The reader of a Gzip input keeps Reader's rules: its own errors are
// returned as they are, and a panic in a map is a *PanicError.
func TestGzipReaderFaults(t *testing.T) {
	data, _ := numbered(5000)
	z := gz(t, data)
	boom := errors.New("boom")
	r := streamResult(t, simdjson.Gzip(io.MultiReader(bytes.NewReader(z[:len(z)/2]), iotestErr(boom))))
	require.ErrorIs(t, r.Err, boom)
	r = mapResult(t, simdjson.Gzip(&stuckReader{}))
	require.ErrorIs(t, r.Err, io.ErrNoProgress)
	_, err := simdjson.Map(simdjson.Gzip(&panicReader{}), func(int) int { return 0 }, func(int, simdjson.Document) error { return nil })
	var pe *simdjson.PanicError
	require.ErrorAs(t, err, &pe)
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func iotestErr(err error) io.Reader { return errReader{err} }

// eventsFixture writes a set of files for the Files tests: gzip (one and
// several members) and plain, some with bad lines, and returns their paths
// and the total of the "i" fields over the good lines.
func filesFixture(t testing.TB, dir string, bad bool) (paths []string, docs int, sum int64) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for f := range 7 {
		var b bytes.Buffer
		n := 2000 + rng.IntN(9000)
		for i := range n {
			if bad && i%997 == 5 {
				b.WriteString("{\"i\": \"\xff\"}\n")
				continue
			}
			v := int64(f*100000 + i)
			fmt.Fprintf(&b, "{\"i\":%d,\"s\":\"%s\"}\n", v, strings.Repeat("y", rng.IntN(300)))
			docs++
			sum += v
		}
		name := fmt.Sprintf("f%d.json", f)
		content := b.Bytes()
		switch f % 3 {
		case 0:
			name, content = name+".gz", gz(t, content)
		case 1:
			name, content = name+".gz", gz(t, content, len(content)/3, 2*len(content)/3)
		}
		paths = append(paths, writeFile(t, dir, name, content))
	}
	return paths, docs, sum
}

type fileTally struct {
	docs int
	sum  int64
}

// A map over Files gives the same counts, bad lines and errors for any
// number of threads and any order of the files; MapFields too.
func TestFilesThreadsAndOrder(t *testing.T) {
	dir := t.TempDir()
	paths, wantDocs, wantSum := filesFixture(t, dir, true)
	proj, err := simdjson.NewProjection("/i")
	require.NoError(t, err)
	defer proj.Close()
	type outcome struct {
		docs int
		sum  int64
		bad  []string
	}
	run := func(paths []string, threads int, fields bool) outcome {
		var bad []*simdjson.LineError
		opts := []simdjson.StreamOption{simdjson.Threads(threads), withBad(&bad), simdjson.ChunkSize(64 << 10)}
		var states []*fileTally
		var err error
		if fields {
			states, err = simdjson.MapFields(simdjson.Files(paths...), proj, func(int) *fileTally { return &fileTally{} }, func(s *fileTally, row simdjson.Row) error {
				v, ok := row.Int64(0)
				if !ok {
					return errors.New("no /i")
				}
				s.docs++
				s.sum += v
				return nil
			}, opts...)
		} else {
			states, err = simdjson.Map(simdjson.Files(paths...), func(int) *fileTally { return &fileTally{} }, func(s *fileTally, doc simdjson.Document) error {
				v, err := doc.Get("i")
				if err != nil {
					return err
				}
				x, err := v.Int64()
				s.docs++
				s.sum += x
				return err
			}, opts...)
		}
		require.NoError(t, err)
		var o outcome
		for _, s := range states {
			o.docs += s.docs
			o.sum += s.sum
		}
		for _, le := range bad {
			require.NotEmpty(t, le.File)
			o.bad = append(o.bad, fmt.Sprintf("%s:%d:%d", filepath.Base(le.File), le.Line, le.Offset))
		}
		return o
	}
	want := run(paths, 1, false)
	require.Equal(t, wantDocs, want.docs)
	require.Equal(t, wantSum, want.sum)
	require.NotEmpty(t, want.bad)
	// The bad lines are where the fixture put them: line i+1 for i%997 == 5.
	require.Contains(t, want.bad[0], ":6:")
	rng := rand.New(rand.NewPCG(3, 4))
	for _, threads := range []int{1, 2, 3, 8} {
		for _, fields := range []bool{false, true} {
			shuffled := slices.Clone(paths)
			rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
			got := run(shuffled, threads, fields)
			require.Equal(t, want.docs, got.docs, "threads %d", threads)
			require.Equal(t, want.sum, got.sum, "threads %d", threads)
			// Bad lines in the order of the files given, then offset.
			order := map[string]int{}
			for i, p := range shuffled {
				order[filepath.Base(p)] = i
			}
			wantBad := slices.Clone(want.bad)
			slices.SortStableFunc(wantBad, func(a, b string) int {
				return order[strings.Split(a, ":")[0]] - order[strings.Split(b, ":")[0]]
			})
			require.Equal(t, wantBad, got.bad, "threads %d", threads)
		}
	}
	// A stream reads the files in order: the same documents and bad lines.
	p := simdjson.NewParser()
	defer p.Close()
	var bad []*simdjson.LineError
	s := p.Stream(simdjson.Files(paths...), withBad(&bad))
	var st fileTally
	for _, doc := range s.Documents() {
		v, err := doc.Get("i")
		require.NoError(t, err)
		x, err := v.Int64()
		require.NoError(t, err)
		require.Equal(t, x/100000, int64(slices.Index(paths, s.File())))
		st.docs++
		st.sum += x
	}
	require.NoError(t, s.Err())
	require.Equal(t, fileTally{wantDocs, wantSum}, st)
	var sb []string
	for _, le := range bad {
		sb = append(sb, fmt.Sprintf("%s:%d:%d", filepath.Base(le.File), le.Line, le.Offset))
	}
	require.Equal(t, want.bad, sb)
}

// A bad line stops a map or stream over Files with a *LineError naming its
// file and line; a file that cannot be read or decompressed is reported
// after the other files are read through.
func TestFilesErrors(t *testing.T) {
	dir := t.TempDir()
	paths, _, _ := filesFixture(t, dir, true)
	_, err := simdjson.Map(simdjson.Files(paths...), func(int) int { return 0 }, func(int, simdjson.Document) error { return nil }, simdjson.Threads(2))
	var le *simdjson.LineError
	require.ErrorAs(t, err, &le)
	require.Contains(t, paths, le.File)
	require.Equal(t, 6, le.Line)
	require.Contains(t, err.Error(), le.File+": line 6")

	good, docs, _ := filesFixture(t, t.TempDir(), false)
	data, _ := numbered(3000)
	z := gz(t, data)
	cut := writeFile(t, dir, "cut.json.gz", z[:len(z)/2])
	all := slices.Concat(good[:3], []string{cut}, good[3:])
	for _, threads := range []int{1, 3} {
		states, err := simdjson.Map(simdjson.Files(all...), func(int) *fileTally { return &fileTally{} }, func(s *fileTally, doc simdjson.Document) error {
			s.docs++
			return nil
		}, simdjson.Threads(threads))
		var ge *simdjson.GzipError
		require.ErrorAs(t, err, &ge)
		require.Equal(t, cut, ge.File)
		require.ErrorIs(t, err, io.ErrUnexpectedEOF)
		n := 0
		for _, s := range states {
			n += s.docs
		}
		// Every good file, and the complete lines of the cut one.
		require.GreaterOrEqual(t, n, docs)
		require.Less(t, n, docs+3000)
	}
	_, err = simdjson.Map(simdjson.Files(good[0], filepath.Join(dir, "missing.json")), func(int) int { return 0 }, func(int, simdjson.Document) error { return nil })
	require.ErrorIs(t, err, os.ErrNotExist)

	got, err := simdjson.Glob(filepath.Join(filepath.Dir(good[0]), "*.json.gz"), filepath.Join(filepath.Dir(good[0]), "f*"))
	require.NoError(t, err)
	require.Len(t, got, len(good))
	_, err = simdjson.Glob(filepath.Join(dir, "nothing-*.json"))
	require.Error(t, err)
}

// FuzzGzip: the gzip reader against compress/gzip (multistream) over any
// bytes, whole-member (libdeflate) and streamed: where compress/gzip reads
// the input cleanly, the same bytes and no error; where it fails, an error,
// after a prefix of what compress/gzip delivered (members that checked).
// Never a panic.
func FuzzGzip(f *testing.F) {
	data, _ := numbered(300)
	f.Add(gz(f, data), uint16(0))
	f.Add(gz(f, data, 100, 2000), uint16(0))
	f.Add(gz(f, data, 100, 2000), uint16(1))
	f.Add(slices.Concat(gz(f, nil), gz(f, data)), uint16(0))
	f.Add(gz(f, data)[:200], uint16(0))
	f.Fuzz(func(t *testing.T, in []byte, small uint16) {
		if len(in) == 0 {
			return
		}
		maxBuf := 0
		if small != 0 {
			maxBuf = int(small) // streamed, or partly
		}
		got, err := simdjson.InflateAll(bytes.NewReader(in), maxBuf)
		var want []byte
		zr, werr := gzip.NewReader(bytes.NewReader(in))
		if werr == nil {
			want, werr = io.ReadAll(zr)
		}
		if werr == nil {
			require.NoError(t, err)
			require.Equal(t, want, got)
			return
		}
		require.Error(t, err, "compress/gzip: %v", werr)
		require.True(t, bytes.HasPrefix(want, got), "output is not a prefix of compress/gzip's")
	})
}

// gzipMember compresses data as one gzip member whose header has the flags
// flg (RFC 1952: FTEXT 1, FHCRC 2, FEXTRA 4, FNAME 8, FCOMMENT 16, the
// reserved bits 32-128) with the given extra field, name and comment; with
// FHCRC, the header's CRC-16 is right unless badHCRC.
func gzipMember(t testing.TB, data []byte, flg byte, extra []byte, name, comment string, badHCRC bool) []byte {
	t.Helper()
	h := []byte{0x1f, 0x8b, 8, flg, 0, 0, 0, 0, 0, 255}
	if flg&4 != 0 {
		h = binary.LittleEndian.AppendUint16(h, uint16(len(extra)))
		h = append(h, extra...)
	}
	if flg&8 != 0 {
		h = append(append(h, name...), 0)
	}
	if flg&16 != 0 {
		h = append(append(h, comment...), 0)
	}
	if flg&2 != 0 {
		crc := uint16(crc32.ChecksumIEEE(h))
		if badHCRC {
			crc ^= 0x0101
		}
		h = binary.LittleEndian.AppendUint16(h, crc)
	}
	var body bytes.Buffer
	fw, err := flate.NewWriter(&body, flate.DefaultCompression)
	require.NoError(t, err)
	_, err = fw.Write(data)
	require.NoError(t, err)
	require.NoError(t, fw.Close())
	out := append(h, body.Bytes()...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(data))
	return binary.LittleEndian.AppendUint32(out, uint32(len(data)))
}

// Both decompression paths (whole members with libdeflate, and
// compress/gzip's streaming reader past MaxGzipBuffer) give compress/gzip's
// answer for every header field: a wrong header CRC, a name or comment of
// 512 bytes or more (compress/gzip rejects them; libdeflate would take
// them), reserved flag bits (libdeflate rejects them; compress/gzip takes
// them), an extra field. The complete lines before a rejected member are
// delivered, and the error is a *GzipError wrapping gzip.ErrHeader.
func TestGzipHeaderFields(t *testing.T) {
	data, offs := numbered(3000)
	half := int(offs[1500])
	long := strings.Repeat("n", 511)
	cases := []struct {
		name string
		z    []byte
	}{
		{"plain", gzipMember(t, data, 0, nil, "", "", false)},
		{"fhcrc", gzipMember(t, data, 2, nil, "", "", false)},
		{"fhcrc-wrong", gzipMember(t, data, 2, nil, "", "", true)},
		{"all-fields", gzipMember(t, data, 2|4|8|16, []byte("extra field"), "events.json", "a comment", false)},
		{"all-fields-wrong", gzipMember(t, data, 2|4|8|16, []byte("extra field"), "events.json", "a comment", true)},
		{"name-511", gzipMember(t, data, 8, nil, long, "", false)},
		{"name-512", gzipMember(t, data, 8, nil, long+"n", "", false)},
		{"comment-600", gzipMember(t, data, 16, nil, "", strings.Repeat("c", 600), false)},
		{"reserved-bits", gzipMember(t, data, 0x20|0x80, nil, "", "", false)},
		{"second-member-fhcrc-wrong", append(gzipMember(t, data[:half], 0, nil, "", "", false), gzipMember(t, data[half:], 2|8, nil, "b.json", "", true)...)},
	}
	dir := t.TempDir()
	for _, c := range cases {
		// compress/gzip's answer: the bytes it delivers, and its error.
		zr, err := gzip.NewReader(bytes.NewReader(c.z))
		var ref []byte
		if err == nil {
			ref, err = io.ReadAll(zr)
		}
		refErr := err
		var want []int64 // the lines complete in compress/gzip's output
		for i, off := range offs {
			end := int64(len(data))
			if i+1 < len(offs) {
				end = offs[i+1]
			}
			if end <= int64(len(ref)) {
				want = append(want, off)
			}
		}
		path := writeFile(t, dir, c.name+".json.gz", c.z)
		for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.MaxGzipBuffer(4096)}} {
			for kind, run := range map[string]func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result{"stream": streamResult, "map": mapResult} {
				r := run(t, simdjson.File(path), opts...)
				what := fmt.Sprintf("%s, %s, MaxGzipBuffer set: %v", c.name, kind, opts != nil)
				if refErr == nil {
					require.NoError(t, r.Err, what)
					require.Equal(t, offs, r.Offs, what)
					continue
				}
				require.ErrorIs(t, refErr, gzip.ErrHeader, what)
				var ge *simdjson.GzipError
				require.ErrorAs(t, r.Err, &ge, what)
				require.ErrorIs(t, r.Err, gzip.ErrHeader, what)
				require.Equal(t, want, r.Offs, what)
			}
		}
	}
}
