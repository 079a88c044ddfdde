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
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	simdjson "github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/inflate"
)

// Adversarial review (2026-12-05): hostile gzip inputs and readers against
// the streaming path, each compared with compress/gzip.

// hostileReader misbehaves in one of several ways.
type hostileReader struct {
	b    []byte
	mode int // 0 one byte, 1 data+EOF together, 2 alternate (0,nil) and data, 3 random sizes
	tick int
	rng  *rand.Rand
}

func (r *hostileReader) Read(p []byte) (int, error) {
	r.tick++
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	k := len(p)
	switch r.mode {
	case 0:
		k = 1
	case 2:
		if r.tick%2 == 0 {
			return 0, nil
		}
		k = 1 + r.tick%7
	case 3:
		k = 1 + r.rng.IntN(70000)
	}
	k = min(k, len(p), len(r.b))
	n := copy(p, r.b[:k])
	r.b = r.b[n:]
	if len(r.b) == 0 && r.mode == 1 {
		return n, io.EOF
	}
	return n, nil
}

var hostileDiffs []string

// hostileSame checks the streaming output against compress/gzip's.
func hostileSame(t *testing.T, name string, z []byte) {
	t.Helper()
	want, werr := gunzip(t, z)
	for mode := range 7 {
		src := &hostileReader{b: z, mode: mode % 4, rng: rand.New(rand.NewPCG(1, uint64(mode)))}
		var got []byte
		var err error
		switch mode {
		case 4, 5, 6:
			// GzipWholeMembers: whole members within 64 KiB, 1 MiB or
			// 64 MiB, else compress/gzip
			got, err = simdjson.InflateAll(src, []int{64 << 10, 1 << 20, 64 << 20}[mode-4])
		default:
			got, err = simdjson.InflateStream(src)
		}
		if werr == nil {
			require.NoError(t, err, "%s mode %d", name, mode)
			require.True(t, bytes.Equal(want, got), "%s mode %d: %d bytes, want %d", name, mode, len(got), len(want))
			continue
		}
		require.Error(t, err, "%s mode %d: compress/gzip %v", name, mode, werr)
		require.True(t, bytes.HasPrefix(want, got) || bytes.HasPrefix(got, want), "%s mode %d", name, mode)
		if errors.Is(werr, io.ErrUnexpectedEOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			hostileDiffs = append(hostileDiffs, fmt.Sprintf("%s mode %d: %v, compress/gzip %v", name, mode, err, werr))
		}
		var ge *simdjson.GzipError
		require.ErrorAs(t, err, &ge, "%s mode %d", name, mode)
		require.Equal(t, int64(len(got)), ge.Output, "%s mode %d", name, mode)
		require.LessOrEqual(t, ge.Offset, int64(len(z)), "%s mode %d", name, mode)
	}
}

// storedMember frames data as one gzip member of stored blocks of at most
// 65535 bytes (RFC 1951 3.2.4), the last one final. It writes the framing
// itself rather than through compress/gzip: the refill-boundary test builds
// hundreds of 1-2 MiB members, which took minutes under the race detector.
func storedMember(data []byte) []byte {
	trailer := binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(data))
	trailer = binary.LittleEndian.AppendUint32(trailer, uint32(len(data)))
	out := make([]byte, 0, storedMemberLen(len(data)))
	out = append(out, 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255)
	for first := true; first || len(data) > 0; first = false {
		k := min(len(data), 65535)
		final := byte(0)
		if k == len(data) {
			final = 1
		}
		out = append(out, final, byte(k), byte(k>>8), ^byte(k), ^byte(k>>8))
		out = append(out, data[:k]...)
		data = data[k:]
	}
	return append(out, trailer...)
}

// storedMemberLen is len(storedMember(data)) for n bytes of data.
func storedMemberLen(n int) int {
	return 10 + n + 5*max(1, (n+65534)/65535) + 8
}

func TestGzipHostileStoredMemberFraming(t *testing.T) {
	for _, n := range []int{0, 1, 65534, 65535, 65536, 3*65535 + 7} {
		plain := bytes.Repeat([]byte{'x'}, n)
		z := storedMember(plain)
		require.Len(t, z, storedMemberLen(n))
		got, err := gunzip(t, z)
		require.NoError(t, err, "n %d", n)
		require.True(t, bytes.Equal(plain, got), "n %d", n)
	}
}

// A second member whose header, body, trailer fall at each byte around the
// 1 MiB input refill boundary (and twice that).
func TestGzipHostileRefillBoundary(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	data, _ := numbered(40000)
	second := gz(t, data[:5000])
	tail := slices.Concat(second, gz(t, data[5000:6000]))
	// span: the member ends up to span bytes either side of each edge. 40
	// took 70 s under the race detector; -short takes 12.
	span := 40
	if testing.Short() {
		span = 12
	}
	hits := 0
	defer func() {
		t.Logf("%d members ending at 1 or 2 MiB +-%d bytes", hits, span)
		require.Greater(t, hits, 2*(2*span+1)*6/10)
	}()
	for _, edge := range []int{1 << 20, 2 << 20} {
		for d := -span; d <= span; d++ {
			// the largest stored member of n bytes not past edge+d
			n := edge + d - storedMemberLen(0)
			for n > 0 && storedMemberLen(n) > edge+d {
				n--
			}
			if storedMemberLen(n) != edge+d {
				continue
			}
			hits++
			plain := bytes.Repeat([]byte("a\n"), n/2+1)[:n]
			first := storedMember(plain)
			require.Len(t, first, edge+d)
			got, err := simdjson.InflateStream(bytes.NewReader(slices.Concat(first, tail)))
			require.NoError(t, err, "edge %d d %d", edge, d)
			require.True(t, bytes.Equal(slices.Concat(plain, data[:6000]), got), "edge %d d %d", edge, d)
		}
	}
}

// Header fields of hostile lengths, cut at each byte, with each reader.
func TestGzipHostileHeaderCuts(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	data, _ := numbered(200)
	// The full sweep (about 30 s) with SIMDJSON_HOSTILE_GZIP=1; by default every
	// field at once.
	flgs, exs, names := []byte{30, 0xfe}, [][]byte{make([]byte, 600)}, []string{"", string(bytes.Repeat([]byte("x"), 511))}
	if os.Getenv("SIMDJSON_HOSTILE_GZIP") != "" {
		flgs, exs = []byte{0, 2, 4, 24, 30, 0xfe}, [][]byte{nil, make([]byte, 1), make([]byte, 600)}
		names = append(names, string(bytes.Repeat([]byte("x"), 512)))
	}
	for _, flg := range flgs {
		for _, ex := range exs {
			for _, name := range names {
				m := gzipMember(t, data, flg, ex, name, name, false)
				hdr := len(m) - 8
				for cut := 0; cut < hdr+3; cut++ {
					if cut > 24 && cut < hdr-3 && cut%127 != 0 && (cut-12-len(ex))%511 > 2 {
						continue
					}
					hostileSame(t, "cut", m[:cut])
					hostileSame(t, "cut2", slices.Concat(gz(t, data[:10]), m[:cut]))
				}
				hostileSame(t, "whole", m)
				hostileSame(t, "twice", slices.Concat(m, m))
			}
		}
	}
	// FEXTRA claiming more than there is.
	m := gzipMember(t, data, 4, make([]byte, 10), "", "", false)
	binary.LittleEndian.PutUint16(m[10:], 65535)
	hostileSame(t, "xlen", m)
}

// Trailers that lie, trailing garbage, many tiny members.
func TestGzipHostileMembers(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	data, _ := numbered(3000)
	m := gz(t, data)
	for i := 1; i <= 8; i++ {
		bad := slices.Clone(m)
		bad[len(m)-i] ^= 0x80
		hostileSame(t, "trailer", bad)
		hostileSame(t, "trailer2", slices.Concat(bad, m))
	}
	for _, tail := range [][]byte{{0}, {0x1f}, {0x1f, 0x8b}, {0x1f, 0x8b, 8}, make([]byte, 20), []byte("garbage after\n")} {
		hostileSame(t, fmt.Sprintf("tail %x", tail), slices.Concat(m, tail))
	}
	// one writer, Reset per member: 5000 gzip.NewWriter calls took most
	// of a minute under the race detector
	var mb bytes.Buffer
	zw := gzip.NewWriter(&mb)
	for i := range 5000 {
		zw.Reset(&mb)
		_, err := zw.Write(data[i%100 : i%100+i%3])
		require.NoError(t, err)
		require.NoError(t, zw.Close())
	}
	many := mb.Bytes()
	hostileSame(t, "many", many)
	// Stored blocks whose NLEN does not match LEN, and a distance past the
	// window in a fixed-Huffman block.
	var b bytes.Buffer
	fw, _ := flate.NewWriter(&b, flate.NoCompression)
	fw.Write(data[:1000])
	fw.Close()
	st := b.Bytes()
	for i := 1; i < 5; i++ {
		s := slices.Clone(st)
		s[i] ^= 1
		z := slices.Concat([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}, s, make([]byte, 8))
		hostileSame(t, "stored", z)
	}
	// fixed block: literal 'a', then match len 3 distance 32768+ (code 29 + extra) at start
	w := &bitWriter{}
	w.bits(1, 1) // final
	w.bits(1, 2) // fixed
	w.fixedLiteral('a')
	w.code(0b0000001, 7) // length 257: 3
	w.code(29, 5)        // distance code 29
	w.bits(8191, 13)
	w.code(0, 7)
	z := slices.Concat([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}, w.flush(), make([]byte, 8))
	hostileSame(t, "far", z)
}

// A reader that claims more bytes than it was given.
type hostileLiar struct{ b []byte }

func (r *hostileLiar) Read(p []byte) (int, error) {
	n := copy(p, r.b)
	r.b = r.b[n:]
	return len(p) + 10, nil
}

func TestGzipHostileLiar(t *testing.T) {
	data, _ := numbered(3000)
	_, err := simdjson.InflateStream(&hostileLiar{gz(t, data)})
	require.Error(t, err)
	_, err = simdjson.InflateAll(&hostileLiar{gz(t, data)}, 1<<20)
	require.Error(t, err)
}

func TestGzipHostileDiffsLogged(t *testing.T) {
	for _, d := range hostileDiffs {
		t.Log(d)
	}
}

// Streams and maps over gzip members whose lines straddle the 1 MiB output
// pieces and the member boundaries, bad lines among them, give the plain
// input's documents and bad lines, under both policies; cut, they give a
// prefix of them and a *GzipError.
func TestGzipHostileConsumers(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	var plain bytes.Buffer
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 1; plain.Len() < 5<<20; i++ {
		switch {
		case i%997 == 0:
			plain.WriteString("{\"i\":1,\n") // a bad line
		case i%311 == 0:
			fmt.Fprintf(&plain, "{\"i\":%d,\"pad\":\"%s\"}\n", i, bytes.Repeat([]byte("p"), 50000+rng.IntN(150000)))
		default:
			fmt.Fprintf(&plain, "{\"i\":%d}\n", i)
		}
	}
	data := plain.Bytes()
	var cuts []int
	for c := 1 << 20; c < len(data); c += 1<<20 + 17 {
		cuts = append(cuts, c-1, c, c+1)
	}
	for name, z := range map[string][]byte{"one": gz(t, data), "members": gz(t, data, cuts...), "stored": storedMember(data)} {
		for _, opts := range [][]simdjson.StreamOption{nil, {simdjson.SkipBadLines(nil)}} {
			for kind, run := range map[string]func(*testing.T, simdjson.Input, ...simdjson.StreamOption) result{"stream": streamResult, "map": mapResult} {
				want := run(t, simdjson.Reader(bytes.NewReader(data)), opts...)
				got := run(t, simdjson.Gzip(&hostileReader{b: z, mode: 3, rng: rand.New(rand.NewPCG(7, 8))}), opts...)
				if kind == "map" && opts == nil {
					// other workers may have processed documents after
					// the first bad line (Map's documentation): only those
					// before it are compared
					firstBad := int64(bytes.Index(data, []byte("{\"i\":1,\n")))
					before := func(o []int64) []int64 {
						return slices.DeleteFunc(slices.Clone(o), func(x int64) bool { return x > firstBad })
					}
					want.Offs, got.Offs = before(want.Offs), before(got.Offs)
				}
				require.Equal(t, want.Offs, got.Offs, "%s %s", name, kind)
				require.Equal(t, fmt.Sprint(want.Err), fmt.Sprint(got.Err), "%s %s", name, kind)
				require.Equal(t, len(want.Bad), len(got.Bad), "%s %s", name, kind)
				for _, cut := range []int{len(z) / 3, len(z) - 9} {
					if opts == nil {
						break // the first bad line stops it before the cut
					}
					got := run(t, simdjson.Gzip(bytes.NewReader(z[:cut])), opts...)
					var ge *simdjson.GzipError
					require.ErrorAs(t, got.Err, &ge, "%s %s cut %d", name, kind, cut)
					require.Equal(t, want.Offs[:len(got.Offs)], got.Offs, "%s %s cut %d", name, kind, cut)
					prefix, _ := gunzip(t, z[:cut])
					whole := bytes.LastIndexByte(prefix, '\n') + 1
					n := 0
					for _, o := range want.Offs {
						if o < int64(whole) {
							n++
						}
					}
					// the complete lines before the fault, but for the
					// last few KiB of output
					require.LessOrEqual(t, len(got.Offs), n, "%s %s cut %d", name, kind, cut)
					require.GreaterOrEqual(t, len(got.Offs)+300, n, "%s %s cut %d: %d of %d complete lines", name, kind, cut, len(got.Offs), n)
				}
			}
		}
	}
}

// Failed at 4827481 (main): under GzipWholeMembers a stream cut after the
// first byte of a member (0x1f, the first magic byte) fails with
// gzip.ErrHeader, where the documentation (Gzip: errors.Is(err,
// io.ErrUnexpectedEOF) for a cut stream), the default streaming path and
// compress/gzip all say io.ErrUnexpectedEOF.
func TestGzipHostileWholeCutAfterMagicByte(t *testing.T) {
	if !inflate.Available {
		t.Skip("no libdeflate without cgo")
	}
	data, _ := numbered(100)
	m := gz(t, data)
	for _, z := range [][]byte{{0x1f}, slices.Concat(m, []byte{0x1f})} {
		_, werr := gunzip(t, z)
		require.ErrorIs(t, werr, io.ErrUnexpectedEOF)
		_, err := simdjson.InflateStream(bytes.NewReader(z))
		require.ErrorIs(t, err, io.ErrUnexpectedEOF, "streaming, %d bytes", len(z))
		for _, maxBuf := range []int{64 << 10, 64 << 20} {
			got, err := simdjson.InflateAll(bytes.NewReader(z), maxBuf)
			require.ErrorIs(t, err, io.ErrUnexpectedEOF, "whole members within %d, %d bytes", maxBuf, len(z))
			var ge *simdjson.GzipError
			require.ErrorAs(t, err, &ge)
			require.Equal(t, int64(len(got)), ge.Output)
		}
	}
}
