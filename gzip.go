package simdjson

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/inflate"
)

// Gzip decompression for File, Files and Gzip inputs: whole members with
// the vendored libdeflate (internal/inflate) while they fit in
// MaxGzipBuffer, else compress/gzip's streaming reader; every fault a
// *GzipError naming the file and the compressed offset. Which inputs are
// gzip is input.go's decision (openFile).

// gzipReader decompresses a gzip stream: whole members with libdeflate
// while the compressed input and each member's output fit in maxBuf bytes,
// else (and to locate a fault libdeflate reports) with compress/gzip's
// streaming reader from the member on.
type gzipReader struct {
	name   string
	src    io.Reader // the compressed input
	size   int64     // its size, or -1
	maxBuf int
	whole  bool // GzipWholeMembers: today's whole-member path, else z

	z       *gzStream // libdeflate streaming, once started
	started bool
	srcErr  error          // src's error after the buffered bytes (nil: io.EOF)
	inBuf   unsafe.Pointer // C memory holding in
	inCap   int
	in      []byte // the buffered compressed input
	pos     int    // offset in in of the next member
	dec     *inflate.Decompressor

	gzOut // the current member's output

	keep *gzipBufs // where buffers come from and go back to, or nil

	stream     *gzip.Reader // streaming fallback, once started
	cr         *countReader
	streamBase int64 // compressed offset where the fallback started
	err        error // sticky
}

// gzOut is a gzip reader's output buffer (gzipReader's whole members,
// gzStream's pieces): out[outPos:outN] is decompressed and not delivered
// yet.
type gzOut struct {
	out      unsafe.Pointer // C memory of outCap bytes
	outCap   int
	outN     int
	outPos   int
	produced int64 // uncompressed bytes delivered
}

// deliver copies undelivered output to p; false when there is none.
func (o *gzOut) deliver(p []byte) (int, bool) {
	if o.outPos >= o.outN {
		return 0, false
	}
	n := copy(p, unsafe.Slice((*byte)(o.out), o.outN)[o.outPos:])
	o.outPos += n
	o.produced += int64(n)
	return n, true
}

// gzipOpts are the options of a gzip reader.
type gzipOpts struct {
	maxBuf int  // MaxGzipBuffer
	whole  bool // GzipWholeMembers
}

func (c *streamConfig) gzipOpts() gzipOpts { return gzipOpts{maxBuf: c.gzipBuf, whole: c.gzipWhole} }

func newGzipReader(name string, src io.Reader, size int64, o gzipOpts) *gzipReader {
	maxBuf := o.maxBuf
	if maxBuf <= 0 {
		maxBuf = DefaultMaxGzipBuffer
	}
	return &gzipReader{name: name, src: src, size: size, maxBuf: maxBuf, whole: o.whole}
}

func (g *gzipReader) close() {
	if g.z != nil {
		g.z.close()
	}
	if g.inBuf != nil {
		g.keep.put(false, g.inBuf, g.inCap)
		g.inBuf, g.in = nil, nil
	}
	if g.out != nil {
		g.keep.put(true, g.out, g.outCap)
		g.out = nil
	}
	if g.dec != nil {
		g.dec.Close()
		g.dec = nil
	}
}

// start buffers the compressed input, when libdeflate is there and the
// input fits in maxBuf; otherwise it starts the streaming reader.
func (g *gzipReader) start() error {
	g.started = true
	if inflate.Available && !g.whole {
		z, err := newGzStream(g.name, markReader{g.src}, g.keep)
		if err != nil {
			return err
		}
		g.z = z
		return nil
	}
	if !inflate.Available || g.size > int64(g.maxBuf) {
		return g.startStream(nil)
	}
	capacity := 1 << 20
	if g.size >= 0 {
		capacity = int(g.size) + 1 // one more byte to see the end
	}
	capacity = min(capacity, g.maxBuf)
	buf, capacity := g.keep.get(capacity)
	if buf == nil {
		return &Error{Code: ErrMemAlloc, Offset: -1}
	}
	// Owned by g from here, so that close frees it even when src's Read
	// panics (a map recovers that panic and closes the input).
	g.inBuf, g.inCap = buf, capacity
	n := 0
	var err error
	for {
		b := unsafe.Slice((*byte)(buf), capacity)
		var k int
		k, err = readFull(g.src, b[n:])
		n += k
		if err != nil || capacity == g.maxBuf {
			break
		}
		// Full: grow, up to maxBuf.
		nc := min(2*capacity, g.maxBuf)
		nb := inflate.Malloc(nc)
		if nb == nil {
			return &Error{Code: ErrMemAlloc, Offset: -1}
		}
		copy(unsafe.Slice((*byte)(nb), nc), b[:n])
		inflate.Free(buf)
		buf, capacity = nb, nc
		g.inBuf, g.inCap = buf, capacity
	}
	g.in = unsafe.Slice((*byte)(buf), n)
	if err == nil {
		// maxBuf bytes and more to come: stream it all.
		return g.startStream(g.in)
	}
	if err != io.EOF {
		g.srcErr = err
	} else if n == 0 {
		// No byte at all is not a gzip stream (a download that failed
		// leaves such a file): an error, not an empty input.
		return g.fault(io.ErrUnexpectedEOF)
	}
	if g.dec = inflate.New(); g.dec == nil {
		return &Error{Code: ErrMemAlloc, Offset: -1}
	}
	return nil
}

// startStream switches to compress/gzip from offset g.pos of the buffered
// input (buffered: those bytes, or nil), followed by the rest of src.
func (g *gzipReader) startStream(buffered []byte) error {
	if g.out != nil { // the member buffer is not needed any more
		inflate.Free(g.out)
		g.out, g.outCap, g.outN, g.outPos = nil, 0, 0, 0
	}
	var r io.Reader = markReader{g.src}
	if buffered != nil {
		rest := buffered[g.pos:]
		if g.srcErr != nil || len(g.in) < g.maxBuf {
			// src is done: its error comes after the buffered bytes.
			r = &errAfter{r: rest, err: g.srcErr}
		} else {
			r = io.MultiReader(&errAfter{r: rest}, markReader{g.src})
		}
	}
	g.streamBase = int64(g.pos)
	g.cr = &countReader{r: bufio.NewReaderSize(r, 256<<10)}
	zr, err := gzip.NewReader(g.cr)
	if err == io.EOF && g.pos == 0 {
		err = io.ErrUnexpectedEOF // empty: see start
	}
	if err != nil {
		return g.fault(err)
	}
	g.stream = zr
	return nil
}

// fault wraps a decompression error; src's own errors pass as they are.
func (g *gzipReader) fault(err error) error {
	if err == io.EOF {
		return io.EOF
	}
	if srcErr, ok := err.(srcError); ok {
		return srcErr.err
	}
	off := g.streamBase
	if g.cr != nil {
		off += g.cr.n
	}
	return &GzipError{File: g.name, Offset: off, Output: g.produced, Err: err}
}

func (g *gzipReader) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	if !g.started {
		if err := g.start(); err != nil {
			g.err = err
			return 0, err
		}
	}
	if g.z != nil {
		n, err := g.z.Read(p)
		if err != nil {
			if se, ok := err.(srcError); ok {
				err = se.err
			}
			g.err = err
		}
		return n, err
	}
	for {
		if n, ok := g.deliver(p); ok {
			return n, nil
		}
		if g.stream != nil {
			n, err := g.stream.Read(p)
			g.produced += int64(n)
			if err != nil {
				g.err = g.fault(err)
				if n > 0 {
					return n, nil
				}
				return 0, g.err
			}
			return n, nil
		}
		if g.pos == len(g.in) {
			g.err = io.EOF
			if g.srcErr != nil {
				g.err = g.srcErr
			}
			return 0, g.err
		}
		if err := g.member(); err != nil {
			g.err = err
			return 0, err
		}
	}
}

// member inflates the member at g.pos into g.out, or starts the streaming
// reader there (a member over maxBuf, or one libdeflate rejects: the
// streaming reader finds and locates the fault, after delivering the bytes
// before it).
func (g *gzipReader) member() error {
	rest := g.in[g.pos:]
	if !gzipMagic(rest) { // not a member (after the first: trailing bytes)
		g.streamBase, g.cr = int64(g.pos), nil
		if len(rest) == 1 && rest[0] == 0x1f { // cut after the first magic byte
			return g.fault(io.ErrUnexpectedEOF)
		}
		return g.fault(gzip.ErrHeader)
	}
	if gzipHeaderRejected(rest) {
		return g.locate() // compress/gzip's answer, as for a streamed member
	}
	if g.out == nil {
		g.out, g.outCap = g.keep.take()
	}
	if g.pos == 0 || g.out == nil { // the first member, or after a fallback
		guess := 1 << 20
		if g.pos == 0 && len(g.in) >= 18 {
			// ISIZE of the last member: the whole output of a one-member
			// file under 4 GiB. Only a guess: it is mod 2^32, and other
			// members may come before.
			guess = max(guess, int(binary.LittleEndian.Uint32(g.in[len(g.in)-4:]))+1)
		}
		if guess = min(guess, g.maxBuf); g.outCap < guess {
			if err := g.grow(guess); err != nil {
				return err
			}
		}
	}
	for {
		used, n, rc := g.dec.Gzip(rest, g.out, g.outCap)
		switch rc {
		case inflate.OK:
			g.pos += used
			g.outN, g.outPos = n, 0
			if g.pos == len(g.in) && g.srcErr == nil {
				// The last member: the compressed bytes are not needed
				// any more (peak memory: input and output of one member).
				g.keep.put(false, g.inBuf, g.inCap)
				g.inBuf, g.in, g.pos = nil, nil, 0
			}
			return nil
		case inflate.NoSpace:
			if g.outCap < g.maxBuf {
				if err := g.grow(min(2*g.outCap, g.maxBuf)); err != nil {
					return err
				}
				continue
			}
		}
		if rc == inflate.NoSpace { // larger than maxBuf: stream it
			return g.startStream(g.in)
		}
		// Corrupt, cut, or not gzip: nothing of the member is delivered
		// (its CRC did not check). compress/gzip locates the fault.
		return g.locate()
	}
}

// gzipHeaderRejected reports whether compress/gzip rejects the header of
// the member that starts b where libdeflate accepts it: libdeflate skips the
// header's CRC (FHCRC) and takes a name or comment of any length, while
// compress/gzip checks the CRC and rejects a name or comment of 512 bytes or
// more. Both paths must give one answer, compress/gzip's (it decides every
// member libdeflate rejects). A header cut short is left to libdeflate,
// which rejects it.
func gzipHeaderRejected(b []byte) bool {
	const fhcrc, fextra, fname, fcomment = 1 << 1, 1 << 2, 1 << 3, 1 << 4
	if len(b) < 10 {
		return false
	}
	flg, i := b[3], 10
	if flg&fextra != 0 {
		if len(b) < i+2 {
			return false
		}
		i += 2 + int(binary.LittleEndian.Uint16(b[i:]))
	}
	for _, f := range []byte{fname, fcomment} {
		if flg&f == 0 {
			continue
		}
		n := bytes.IndexByte(b[min(i, len(b)):min(i+512, len(b))], 0)
		if n < 0 {
			return len(b) >= i+512 // no NUL in 512 bytes
		}
		i += n + 1
	}
	if flg&fhcrc == 0 || len(b) < i+2 {
		return false
	}
	return uint16(crc32.ChecksumIEEE(b[:i])) != binary.LittleEndian.Uint16(b[i:])
}

// locate runs compress/gzip over the member at g.pos, which libdeflate
// rejected, discarding its output, to report where and why it fails.
func (g *gzipReader) locate() error {
	g.streamBase = int64(g.pos)
	var r io.Reader = &errAfter{r: g.in[g.pos:], err: g.srcErr}
	g.cr = &countReader{r: bufio.NewReaderSize(r, 256<<10)}
	zr, err := gzip.NewReader(g.cr)
	if err == nil {
		zr.Multistream(false)
		_, err = io.Copy(io.Discard, zr)
	}
	if err == nil {
		// compress/gzip takes what libdeflate does not: deliver it.
		return g.startStream(g.in)
	}
	if err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return g.fault(err)
}

func (g *gzipReader) grow(n int) error {
	if g.out != nil {
		inflate.Free(g.out)
	}
	g.out = inflate.Malloc(n)
	if g.out == nil {
		g.outCap = 0
		return &Error{Code: ErrMemAlloc, Offset: -1}
	}
	g.outCap = n
	return nil
}

// gzipBufs keeps the buffers of one file's decompression for the next
// file, read by the same goroutine (a Stream, a producer of a map over
// Files): fresh memory is faulted in page by page, which cost more than a
// fifth of the decompression time of a file. A nil *gzipBufs keeps nothing.
type gzipBufs struct {
	in, out       unsafe.Pointer
	inCap, outCap int
}

// get returns an input buffer of at least n bytes (the one kept, or a new
// one) and its capacity.
func (k *gzipBufs) get(n int) (unsafe.Pointer, int) {
	if k != nil && k.in != nil {
		p, c := k.in, k.inCap
		k.in, k.inCap = nil, 0
		if c >= n {
			return p, c
		}
		inflate.Free(p)
	}
	return inflate.Malloc(n), n
}

// take returns the output buffer kept (nil if none) and its capacity.
func (k *gzipBufs) take() (unsafe.Pointer, int) {
	if k == nil {
		return nil, 0
	}
	p, c := k.out, k.outCap
	k.out, k.outCap = nil, 0
	return p, c
}

// put keeps buffer p (an output buffer if out, else an input buffer) of
// capacity c for the next file, or frees it (nil k, or a larger one kept).
func (k *gzipBufs) put(out bool, p unsafe.Pointer, c int) {
	if p == nil {
		return
	}
	if k == nil {
		inflate.Free(p)
		return
	}
	slot, slotCap := &k.in, &k.inCap
	if out {
		slot, slotCap = &k.out, &k.outCap
	}
	if *slot != nil {
		if *slotCap >= c {
			inflate.Free(p)
			return
		}
		inflate.Free(*slot)
	}
	*slot, *slotCap = p, c
}

// free frees the buffers kept.
func (k *gzipBufs) free() {
	for _, p := range []unsafe.Pointer{k.in, k.out} {
		if p != nil {
			inflate.Free(p)
		}
	}
	*k = gzipBufs{}
}

// countReader counts the bytes compress/gzip consumes (it reads a
// ByteReader byte by byte, with no buffer of its own).
type countReader struct {
	r *bufio.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// srcError marks an error of the compressed input's own reader, which
// passes through the gzip reader as it is.
type srcError struct{ err error }

func (e srcError) Error() string { return e.err.Error() }

// markReader marks the errors of r but io.EOF as srcErrors.
type markReader struct{ r io.Reader }

func (m markReader) Read(p []byte) (int, error) {
	n, err := m.r.Read(p)
	if err != nil && err != io.EOF {
		err = srcError{err}
	}
	return n, err
}

// errAfter reads r, then fails with err (io.EOF when nil, as the end of
// the input).
type errAfter struct {
	r   []byte
	err error
}

func (e *errAfter) Read(p []byte) (int, error) {
	if len(e.r) == 0 {
		if e.err != nil {
			return 0, srcError{e.err}
		}
		return 0, io.EOF
	}
	n := copy(p, e.r)
	e.r = e.r[n:]
	return n, nil
}

var _ io.Reader = (*gzipReader)(nil)
