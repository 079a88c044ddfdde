package simdjson

import (
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"io"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/inflate"
)

// Streaming gzip decompression with the vendored libdeflate's resumable
// decoder (inflate.Decompressor.Stream, the project's addition to
// libdeflate: see internal/inflate/libdeflate/PROVENANCE): the compressed
// input is read gzStreamIn bytes at a time and inflated gzStreamOut bytes
// at a time after a 32 KiB window, each piece handed to the reader's
// caller as it comes. The decoder suspends at block boundaries and inside
// blocks (at a symbol boundary), so a member that is one giant deflate
// block, or a gzip bomb, runs in linear time in the same memory:
// gzStreamIn + gzStreamOut + 32 KiB of C memory and a decompressor,
// whatever the member size. The gzip framing (header, CRC-32, ISIZE, the
// members one after the other) is read here, with compress/gzip's rules.

const (
	gzWindow    = 32 << 10 // deflate's history
	gzStreamIn  = 1 << 20  // compressed bytes read at once
	gzStreamOut = 1 << 20  // bytes inflated at once, after the window
	gzCareful   = 4 << 10  // after a fault: bytes inflated at once, to deliver those before it
)

// gzStream states: where the next bytes of the input belong.
const (
	gzHeader = iota
	gzBody
	gzTrailer
)

type gzStream struct {
	name  string
	src   io.Reader
	keep  *gzipBufs
	dec   *inflate.Decompressor
	spare *inflate.Decompressor // dec's state before the last Stream call
	st    inflate.StreamState
	state int

	in      unsafe.Pointer // C memory: compressed bytes in[:inN]
	inCap   int
	inN     int
	ip      int   // next byte of in (header and trailer states; the body's is st.InBit()/8)
	inBase  int64 // compressed offset of in[0]
	srcDone bool  // src returned an error (srcErr, nil for io.EOF)
	srcErr  error

	gzOut   // the window, then the output
	crc     uint32
	size    uint32 // ISIZE: the member's length mod 2^32
	members int
	careful bool // a fault was found: inflate in small pieces up to it
	err     error
}

func newGzStream(name string, src io.Reader, keep *gzipBufs) (*gzStream, error) {
	z := &gzStream{name: name, src: src, keep: keep}
	z.in, z.inCap = keep.get(gzStreamIn)
	if z.in == nil {
		return nil, &Error{Code: ErrMemAlloc, Offset: -1}
	}
	z.out, z.outCap = keep.take()
	if z.out == nil || z.outCap < gzWindow+gzStreamOut {
		if z.out != nil {
			inflate.Free(z.out)
		}
		z.outCap = gzWindow + gzStreamOut
		z.out = inflate.Malloc(z.outCap)
	}
	z.dec, z.spare = inflate.New(), inflate.New()
	if z.out == nil || z.dec == nil || z.spare == nil {
		z.close()
		return nil, &Error{Code: ErrMemAlloc, Offset: -1}
	}
	return z, nil
}

func (z *gzStream) close() {
	if z.in != nil {
		z.keep.put(false, z.in, z.inCap)
		z.in = nil
	}
	if z.out != nil {
		z.keep.put(true, z.out, z.outCap)
		z.out = nil
	}
	for _, d := range []**inflate.Decompressor{&z.dec, &z.spare} {
		if *d != nil {
			(*d).Close()
			*d = nil
		}
	}
}

func (z *gzStream) Read(p []byte) (int, error) {
	for {
		if n, ok := z.deliver(p); ok {
			return n, nil
		}
		if z.err != nil {
			return 0, z.err
		}
		if z.in == nil {
			return 0, io.ErrClosedPipe
		}
		var err error
		switch z.state {
		case gzHeader:
			err = z.header()
		case gzBody:
			err = z.body()
		default:
			err = z.trailer()
		}
		if err != nil {
			z.err = err
		}
	}
}

// fault wraps a decompression fault at compressed offset off of in; src's
// own errors pass as they are.
func (z *gzStream) fault(err error, off int) error {
	if err == io.EOF {
		return io.EOF
	}
	if err == io.ErrUnexpectedEOF && z.srcErr != nil {
		return z.srcErr // short because src failed
	}
	return &GzipError{File: z.name, Offset: z.inBase + int64(off), Output: z.produced, Err: err}
}

// fill moves the unread bytes from off on to the start of in and reads src
// after them, until in is full or src ends.
func (z *gzStream) fill(off int) {
	if z.srcDone {
		return
	}
	if off > 0 {
		in := unsafe.Slice((*byte)(z.in), z.inCap)
		copy(in, in[off:z.inN])
		z.inN -= off
		z.inBase += int64(off)
		z.ip -= off
		if z.state == gzBody {
			z.st.SetInBit(z.st.InBit() - 8*off)
		}
	}
	// A buffer kept from the whole-member path may be larger: read at most
	// gzStreamIn bytes ahead all the same.
	n, err := readFull(z.src, unsafe.Slice((*byte)(z.in), min(z.inCap, gzStreamIn))[z.inN:])
	z.inN += n
	if err != nil {
		z.srcDone = true
		if err != io.EOF {
			z.srcErr = err
		}
	}
}

// need makes n bytes from z.ip on available, if src has them, and reports
// whether it did.
func (z *gzStream) need(n int) bool {
	if z.inN-z.ip < n {
		z.fill(z.ip)
	}
	return z.inN-z.ip >= n
}

// header reads the header of the next member (compress/gzip's checks: magic,
// method 8, extra field, a name and comment under 512 bytes each, header
// CRC-16), or ends the input cleanly after a member.
func (z *gzStream) header() error {
	if !z.need(10) {
		rest := unsafe.Slice((*byte)(z.in), z.inN)[z.ip:]
		switch {
		case len(rest) == 0 && z.srcErr != nil:
			return z.srcErr
		case len(rest) == 0 && z.members > 0:
			return io.EOF
		case len(rest) > 0 && rest[0] != 0x1f, len(rest) > 1 && rest[1] != 0x8b:
			return z.fault(gzip.ErrHeader, z.ip)
		}
		return z.fault(io.ErrUnexpectedEOF, z.inN)
	}
	b := unsafe.Slice((*byte)(z.in), z.inN)[z.ip:]
	if b[0] != 0x1f || b[1] != 0x8b || b[2] != 8 {
		return z.fault(gzip.ErrHeader, z.ip)
	}
	const fhcrc, fextra, fname, fcomment = 1 << 1, 1 << 2, 1 << 3, 1 << 4
	flg, i := b[3], 10
	short := func() error { return z.fault(io.ErrUnexpectedEOF, z.inN) }
	if flg&fextra != 0 {
		if !z.need(i + 2) {
			return short()
		}
		b = unsafe.Slice((*byte)(z.in), z.inN)[z.ip:]
		i += 2 + int(binary.LittleEndian.Uint16(b[i:]))
		if !z.need(i) {
			return short()
		}
	}
	for _, f := range []byte{fname, fcomment} {
		if flg&f == 0 {
			continue
		}
		z.need(i + 512)
		b = unsafe.Slice((*byte)(z.in), z.inN)[z.ip:]
		s := b[i:min(i+512, len(b))]
		n := -1
		for j, c := range s {
			if c == 0 {
				n = j
				break
			}
		}
		if n < 0 {
			if len(s) == 512 {
				return z.fault(gzip.ErrHeader, z.ip+i)
			}
			return short()
		}
		i += n + 1
	}
	if flg&fhcrc != 0 {
		if !z.need(i + 2) {
			return short()
		}
		b = unsafe.Slice((*byte)(z.in), z.inN)[z.ip:]
		if uint16(crc32.ChecksumIEEE(b[:i])) != binary.LittleEndian.Uint16(b[i:]) {
			return z.fault(gzip.ErrHeader, z.ip+i)
		}
		i += 2
	}
	z.ip += i
	z.members++
	z.state = gzBody
	z.st = inflate.StreamState{}
	z.st.SetInBit(8 * z.ip)
	z.outN, z.outPos = 0, 0 // a new member refers to none of the last one's bytes
	z.crc, z.size = 0, 0
	z.careful = false
	return nil
}

// body inflates the next piece of the member.
func (z *gzStream) body() error {
	pos := z.st.InBit() / 8
	if !z.srcDone && z.inN-pos < 2*inflate.StreamInMargin+8 {
		z.fill(pos)
	}
	if z.outN > gzWindow {
		// Everything was delivered: keep the window only.
		out := unsafe.Slice((*byte)(z.out), z.outCap)
		copy(out, out[z.outN-gzWindow:z.outN])
		z.outN, z.outPos = gzWindow, gzWindow
		z.st.SetOutPos(gzWindow)
	}
	// A buffer kept from the whole-member path may be larger: inflate at
	// most gzStreamOut bytes at once all the same.
	limit := min(z.outCap, gzWindow+gzStreamOut)
	if z.careful {
		limit = min(limit, z.outN+gzCareful+inflate.StreamOutMargin)
	}
	final := z.srcDone && z.srcErr == nil
	bit := z.st.InBit()
	saved := z.st
	// A failed call may have overwritten the decode tables of the block
	// the stream was inside: keep them, to resume from saved (about 12 KB
	// copied per MiB inflated).
	z.spare.CopyFrom(z.dec)
	rc := z.dec.Stream(&z.st, z.in, z.inN, final, z.out, limit)
	if rc != inflate.OK {
		z.dec.CopyFrom(z.spare)
		if !z.careful {
			// Inflate again from the last suspension, a few KiB at a
			// time, to deliver the bytes before the fault.
			z.careful = true
			return nil
		}
		off := bit / 8
		if !final {
			return z.fault(flate.CorruptInputError(z.inBase+int64(off)), off)
		}
		// Cut short, or corrupt? Cut if the decoder, told that more input
		// follows, waits for it instead of failing.
		probe := saved
		rc := z.dec.Stream(&probe, z.in, z.inN, false, z.out, min(z.outCap, gzWindow+gzStreamOut))
		z.dec.CopyFrom(z.spare)
		if rc == inflate.OK && !probe.Done() {
			return z.fault(io.ErrUnexpectedEOF, z.inN)
		}
		return z.fault(flate.CorruptInputError(z.inBase+int64(off)), off)
	}
	n := z.st.OutPos() - z.outN
	if n > 0 {
		z.crc = crc32.Update(z.crc, crc32.IEEETable, unsafe.Slice((*byte)(z.out), z.st.OutPos())[z.outN:])
		z.size += uint32(n)
		z.outN += n
	}
	if z.st.Done() {
		z.ip = z.st.InBit() / 8
		z.state = gzTrailer
		return nil
	}
	if n == 0 && z.st.InBit() == bit {
		// Suspended for want of input.
		if z.srcErr != nil {
			return z.srcErr
		}
		if z.srcDone {
			return z.fault(io.ErrUnexpectedEOF, z.inN) // not expected: final input ends or fails
		}
		z.fill(z.st.InBit() / 8)
	}
	return nil
}

// trailer checks the member's CRC-32 and length.
func (z *gzStream) trailer() error {
	if !z.need(8) {
		return z.fault(io.ErrUnexpectedEOF, z.inN)
	}
	b := unsafe.Slice((*byte)(z.in), z.inN)[z.ip:]
	if binary.LittleEndian.Uint32(b) != z.crc || binary.LittleEndian.Uint32(b[4:]) != z.size {
		return z.fault(gzip.ErrChecksum, z.ip)
	}
	z.ip += 8
	z.state = gzHeader
	return nil
}
