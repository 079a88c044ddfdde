//go:build cgo

package simdjson_test

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	simdjson "github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/inflate"
)

// Tests of the streaming libdeflate path (gzstream.go), the default gzip
// decompression: differential against compress/gzip, generated members
// (one giant deflate block, a bomb, many and empty members), faults.

// bitWriter writes a deflate bit stream, least significant bit first.
type bitWriter struct {
	b    []byte
	acc  uint64
	nacc uint
}

func (w *bitWriter) bits(v uint64, n uint) {
	w.acc |= v << w.nacc
	w.nacc += n
	for w.nacc >= 8 {
		w.b = append(w.b, byte(w.acc))
		w.acc >>= 8
		w.nacc -= 8
	}
}

// code writes a Huffman code of n bits (most significant bit first).
func (w *bitWriter) code(c uint64, n uint) {
	r := uint64(0)
	for i := range n {
		r |= (c >> i & 1) << (n - 1 - i)
	}
	w.bits(r, n)
}

func (w *bitWriter) flush() []byte {
	if w.nacc > 0 {
		w.b = append(w.b, byte(w.acc))
	}
	w.acc, w.nacc = 0, 0
	return w.b
}

// fixedLiteral writes literal b with the fixed Huffman code.
func (w *bitWriter) fixedLiteral(b byte) {
	if b < 144 {
		w.code(0x30+uint64(b), 8)
	} else {
		w.code(0x190+uint64(b-144), 9)
	}
}

// oneBlockMember returns a gzip member whose deflate stream is ONE fixed
// Huffman block of data's bytes as literals, with matches of the line
// before where a line repeats it (what a fast encoder writing a single
// block gives).
func oneBlockMember(data []byte) []byte {
	w := &bitWriter{b: []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}}
	w.bits(1, 1) // BFINAL
	w.bits(1, 2) // fixed Huffman
	for _, c := range data {
		w.fixedLiteral(c)
	}
	w.code(0, 7) // end of block: symbol 256
	out := w.flush()
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(data))
	return binary.LittleEndian.AppendUint32(out, uint32(len(data)))
}

// bombMember returns a gzip member of n zero bytes (n-1 a multiple of 258)
// in one fixed Huffman block: a literal 0, then matches of 258 at distance
// 1 (13 bits each: about 1/160 of the output).
func bombMember(n int) []byte {
	w := &bitWriter{b: []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}}
	w.bits(1, 1)
	w.bits(1, 2)
	w.fixedLiteral(0)
	for range (n - 1) / 258 {
		w.code(0xc5, 8) // length symbol 285: 258
		w.code(0, 5)    // distance symbol 0: 1
	}
	w.code(0, 7)
	out := w.flush()
	crc := crc32.Update(0, crc32.IEEETable, make([]byte, n))
	out = binary.LittleEndian.AppendUint32(out, crc)
	return binary.LittleEndian.AppendUint32(out, uint32(n))
}

func gunzip(t testing.TB, z []byte) ([]byte, error) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

func TestGzipStreamGenerated(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	data, _ := numbered(60000) // a few MB: several output pieces
	one := oneBlockMember(data)
	want, err := gunzip(t, one)
	require.NoError(t, err)
	require.Equal(t, data, want, "the generator is compress/gzip's reading")
	bomb := bombMember(1 + 258*40000)
	cases := map[string][]byte{
		"normal":        gz(t, data),
		"one-block":     one,
		"bomb":          bomb,
		"many-members":  gz(t, data, 1, 2, 3, 100, 5000, len(data)/2, len(data)-1),
		"empty-members": slices.Concat(gz(t, nil), gz(t, data[:1000]), gz(t, nil), gz(t, nil), gz(t, data[1000:]), gz(t, nil)),
		"only-empty":    slices.Concat(gz(t, nil), gz(t, nil)),
		"stored": func() []byte {
			var b bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&b, gzip.NoCompression)
			zw.Write(data)
			zw.Close()
			return b.Bytes()
		}(),
	}
	for name, z := range cases {
		want, err := gunzip(t, z)
		require.NoError(t, err, name)
		got, err := simdjson.InflateStream(bytes.NewReader(z))
		require.NoError(t, err, name)
		require.True(t, bytes.Equal(want, got), name)
		// A reader returning one byte at a time.
		got, err = simdjson.InflateStream(&oneByteReader{z})
		require.NoError(t, err, name)
		require.True(t, bytes.Equal(want, got), name)
	}
}

type oneByteReader struct{ b []byte }

func (r *oneByteReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.b[0]
	r.b = r.b[1:]
	return 1, nil
}

// Faults: every cut of a member, corrupt bytes and a bad CRC give a
// *GzipError after output that is a prefix of the data; a cut is
// io.ErrUnexpectedEOF.
func TestGzipStreamFaults(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	data, _ := numbered(30000)
	for name, z := range map[string][]byte{"normal": gz(t, data, len(data)/3), "one-block": oneBlockMember(data), "bomb": bombMember(1 + 258*20000)} {
		want, err := gunzip(t, z)
		require.NoError(t, err)
		for _, cut := range []int{0, 1, 5, 10, 11, 100, len(z) / 3, len(z) / 2, len(z) - 9, len(z) - 8, len(z) - 4, len(z) - 1} {
			got, err := simdjson.InflateStream(bytes.NewReader(z[:cut]))
			var ge *simdjson.GzipError
			require.ErrorAs(t, err, &ge, "%s cut %d", name, cut)
			require.ErrorIs(t, err, io.ErrUnexpectedEOF, "%s cut %d", name, cut)
			require.True(t, bytes.HasPrefix(want, got), "%s cut %d", name, cut)
			require.Equal(t, int64(len(got)), ge.Output)
			require.LessOrEqual(t, ge.Offset, int64(cut))
			if cut > len(z)/2 && name != "bomb" {
				// The bytes before the cut are delivered, up to a few KiB.
				require.Greater(t, len(got), len(want)/3, "%s cut %d", name, cut)
			}
		}
		bad := slices.Clone(z)
		bad[len(z)-6] ^= 1
		got, err := simdjson.InflateStream(bytes.NewReader(bad))
		require.ErrorIs(t, err, gzip.ErrChecksum, name)
		require.Equal(t, want, got, name) // all of it, then the fault
		rng := rand.New(rand.NewPCG(3, uint64(len(z))))
		for range 40 {
			bad := slices.Clone(z)
			i := 10 + rng.IntN(len(z)-18)
			bad[i] ^= byte(1 + rng.IntN(255))
			got, err := simdjson.InflateStream(bytes.NewReader(bad))
			wantBad, werr := gunzip(t, bad) // what compress/gzip delivers before failing
			if werr == nil {
				require.NoError(t, err)
				continue
			}
			require.Error(t, err, "%s flip at %d: compress/gzip %v", name, i, werr)
			var ge *simdjson.GzipError
			require.ErrorAs(t, err, &ge)
			// Both decode the same bytes up to the fault; each delivers
			// them up to where it stops.
			require.True(t, bytes.HasPrefix(wantBad, got) || bytes.HasPrefix(got, wantBad),
				"%s flip at %d: %d bytes (%v), compress/gzip %d (%v)", name, i, len(got), err, len(wantBad), werr)
		}
	}
}

// The reader's own errors pass as they are, after the bytes inflated.
func TestGzipStreamSourceError(t *testing.T) {
	data, _ := numbered(30000)
	z := gz(t, data)
	boom := errors.New("boom")
	got, err := simdjson.InflateStream(io.MultiReader(bytes.NewReader(z[:len(z)/2]), iotestErr(boom)))
	require.ErrorIs(t, err, boom)
	var ge *simdjson.GzipError
	require.False(t, errors.As(err, &ge))
	require.True(t, bytes.HasPrefix(data, got))
}

// Linear time, whatever the shape of the member: one giant block of S bytes
// inflates within a small factor of a member of many blocks of the same
// size, and a bomb of 1 GB runs through (SIMDJSON_BIG_GZIP=1: 100 MB and 1
// GB; by default 16 MB and 64 MB).
func TestGzipStreamLinear(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	size, bombN := 16<<20, 64<<20
	if os.Getenv("SIMDJSON_BIG_GZIP") != "" {
		size, bombN = 100<<20, 1<<30
	} else if testing.Short() {
		t.Skip("-short")
	}
	chunk, _ := numbered(100000)
	var data []byte
	for len(data) < size {
		data = append(data, chunk...)
	}
	timeIt := func(z []byte, n int) time.Duration {
		best := time.Duration(1 << 62)
		for range 5 {
			t0 := time.Now()
			k, err := io.Copy(io.Discard, mustStream(t, z))
			require.NoError(t, err)
			require.Equal(t, int64(n), k)
			best = min(best, time.Since(t0))
		}
		return best
	}
	// One block of all the data, against four times a block of a quarter.
	quarter := data[:len(data)/4]
	tq, to := timeIt(oneBlockMember(quarter), len(quarter)), timeIt(oneBlockMember(data), len(data))
	t.Logf("one block: %d MB in %v, a quarter in %v (ratio to 4 quarters %.2f)", len(data)>>20, to, tq, float64(to)/float64(4*tq))
	require.Less(t, float64(to), 4*float64(4*tq), "not linear (block-boundary streaming would be about %d times)", len(data)>>21)
	// Against a member of the same bytes in many blocks, literals only too
	// (compress/flate's HuffmanOnly: dynamic codes, a block per 64 KiB or
	// so): the giant block costs what its codes cost, not its size.
	var hb bytes.Buffer
	zw, err := gzip.NewWriterLevel(&hb, gzip.HuffmanOnly)
	require.NoError(t, err)
	_, err = zw.Write(data)
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	th := timeIt(hb.Bytes(), len(data))
	t.Logf("one block %v, the same bytes in Huffman-only blocks %v (%.2fx); %d and %d KB compressed", to, th, float64(to)/float64(th), len(oneBlockMember(data))>>10, hb.Len()>>10)
	require.Less(t, float64(to), 3*float64(th))
	bomb := bombMember(1 + 258*((bombN-1)/258))
	t0 := time.Now()
	n, err := io.Copy(io.Discard, mustStream(t, bomb))
	require.NoError(t, err)
	t.Logf("bomb: %d MB from %d KB in %v", n>>20, len(bomb)>>10, time.Since(t0))
}

func mustStream(t testing.TB, z []byte) io.Reader {
	r, closeFn := simdjson.GzipStreamReader(bytes.NewReader(z))
	t.Cleanup(closeFn)
	return r
}

// FuzzGzipStream: the streaming path gives compress/gzip's output, or an
// error with a prefix of it where compress/gzip fails.
func FuzzGzipStream(f *testing.F) {
	data, _ := numbered(300)
	f.Add(gz(f, data))
	f.Add(gz(f, data, 100, 2000))
	f.Add(slices.Concat(gz(f, nil), gz(f, data)))
	f.Add(gz(f, data)[:200])
	f.Add(oneBlockMember(data))
	f.Add(bombMember(1 + 258*100))
	var b bytes.Buffer
	fw, _ := flate.NewWriter(&b, flate.NoCompression)
	fw.Write(data)
	fw.Close()
	f.Add(slices.Concat([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}, b.Bytes(),
		binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(data)), uint32(len(data)))))
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) == 0 {
			return
		}
		got, err := simdjson.InflateStream(bytes.NewReader(in))
		want, werr := gunzip(t, in)
		if werr == nil {
			require.NoError(t, err)
			require.Equal(t, want, got)
			return
		}
		// Both fail; up to where each stops they give the same bytes. Each
		// may stop first: libdeflate takes some deflate streams that
		// compress/flate rejects (then the member's CRC-32 or its end
		// fails), and delivers a piece once decoded (testdata seed
		// 7127d3c9822e8dcf: compress/flate stops after 27 bytes,
		// libdeflate after 285, at the end of the input).
		require.Error(t, err, "compress/gzip: %v", werr)
		require.True(t, bytes.HasPrefix(want, got) || bytes.HasPrefix(got, want), "output and compress/gzip's differ before either stops")
	})
}

// A cut, corrupt or bad-CRC member read by a map or stream: the complete
// lines before the fault first (all but the last few KiB of good output at
// most), then a *GzipError naming the file whose Output counts the good
// bytes, under both bad-line policies.
func TestGzipStreamFaultPolicies(t *testing.T) {
	data, offs := numbered(80000)
	z := gz(t, data)
	bad := slices.Clone(z)
	bad[len(z)-6] ^= 1
	dir := t.TempDir()
	for name, c := range map[string]struct {
		z    []byte
		is   error
		most int // lines delivered at least
	}{
		"cut": {z[:len(z)*3/4], io.ErrUnexpectedEOF, len(offs) / 2},
		"crc": {bad, gzip.ErrChecksum, len(offs)},
	} {
		path := writeFile(t, dir, name+".json.gz", c.z)
		for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.SkipBadLines(nil)}} {
			for _, in := range []simdjson.Input{simdjson.File(path), simdjson.Files(path)} {
				for kind, run := range map[string]func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result{"stream": streamResult, "map": mapResult} {
					r := run(t, in, opts...)
					var ge *simdjson.GzipError
					require.ErrorAs(t, r.Err, &ge, "%s %s", name, kind)
					require.ErrorIs(t, r.Err, c.is, "%s %s", name, kind)
					require.Equal(t, path, ge.File)
					require.GreaterOrEqual(t, len(r.Offs), c.most, "%s %s", name, kind)
					require.Equal(t, offs[:len(r.Offs)], r.Offs, "%s %s", name, kind)
					require.Less(t, r.Offs[len(r.Offs)-1], ge.Output, "%s %s", name, kind)
					require.LessOrEqual(t, ge.Offset, int64(len(c.z)))
				}
			}
		}
	}
}
