//go:build cgo

// Package inflate decompresses gzip with the vendored libdeflate 1.25
// (libdeflate/, MIT): whole gzip members (Gzip: one cgo call per member, the
// member's compressed bytes and its whole output in memory), or raw DEFLATE
// streams in bounded pieces (Stream: the project's patch to libdeflate, see
// libdeflate/PROVENANCE). The root package's gzip readers are gzip.go
// (whole members) and gzstream.go (streaming) there.
package inflate

/*
#cgo CFLAGS: -O2 -g0
#include <stdlib.h>
#include "libdeflate/libdeflate.h"
#ifdef __linux__
#include <sys/mman.h>
#endif

// Buffers of 4 MiB and more are aligned to 2 MiB and, on Linux, marked for
// transparent huge pages: faulting in a fresh gigabyte of output 4 KiB at a
// time cost about a fifth of the decompression time (perf, this machine).
static void *sj_inflate_malloc(size_t n) {
	if (n < ((size_t)4 << 20)) return malloc(n);
	void *p = NULL;
	if (posix_memalign(&p, (size_t)2 << 20, n) != 0) return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	madvise(p, n, MADV_HUGEPAGE);
#endif
	return p;
}

#cgo noescape libdeflate_gzip_decompress_ex
#cgo nocallback libdeflate_gzip_decompress_ex
#cgo noescape libdeflate_deflate_decompress_stream
#cgo nocallback libdeflate_deflate_decompress_stream
#cgo noescape libdeflate_copy_decompressor_state
#cgo nocallback libdeflate_copy_decompressor_state
*/
import "C"

import "unsafe"

// Available reports whether libdeflate is compiled in (cgo builds).
const Available = true

// Results of Gzip.
const (
	OK      = C.LIBDEFLATE_SUCCESS
	BadData = C.LIBDEFLATE_BAD_DATA
	NoSpace = C.LIBDEFLATE_INSUFFICIENT_SPACE
)

// Decompressor is a libdeflate decompressor (about 32 KiB of C memory). It is
// not safe for concurrent use.
type Decompressor struct {
	d *C.struct_libdeflate_decompressor
}

// New returns a decompressor, or nil when out of memory.
func New() *Decompressor {
	d := C.libdeflate_alloc_decompressor()
	if d == nil {
		return nil
	}
	return &Decompressor{d: d}
}

// Close frees the decompressor.
func (d *Decompressor) Close() {
	if d.d != nil {
		C.libdeflate_free_decompressor(d.d)
		d.d = nil
	}
}

// Gzip decompresses the gzip member at the start of in into out (C memory
// of outCap bytes): it returns the member's compressed length, its output
// length and OK, or BadData (corrupt or truncated member, or a CRC or size
// mismatch) or NoSpace (the output is longer than outCap).
func (d *Decompressor) Gzip(in []byte, out unsafe.Pointer, outCap int) (inUsed, outN, rc int) {
	if len(in) == 0 {
		return 0, 0, BadData
	}
	var ni, no C.size_t
	r := C.libdeflate_gzip_decompress_ex(d.d, unsafe.Pointer(unsafe.SliceData(in)), C.size_t(len(in)),
		out, C.size_t(outCap), &ni, &no)
	return int(ni), int(no), int(r)
}

// StreamState is where a raw DEFLATE stream decoded by Stream stands
// between calls (libdeflate.h, struct libdeflate_stream: the project's
// addition to libdeflate). Its zero value starts a stream.
type StreamState struct {
	s C.struct_libdeflate_stream
}

// Constants of Stream.
const (
	// StreamInMargin: with more input to come, Stream suspends once fewer
	// compressed bytes than this are left after its position.
	StreamInMargin = C.LIBDEFLATE_STREAM_IN_MARGIN
	// StreamOutMargin: Stream suspends once fewer output bytes than this
	// are left.
	StreamOutMargin = 258
)

// InBit returns the bit offset in the last call's input where decoding
// resumes (after the stream, byte-aligned, once Done).
func (s *StreamState) InBit() int { return int(s.s.in_bitpos) }

// SetInBit moves the resume position, after the caller moved the input.
func (s *StreamState) SetInBit(n int) { s.s.in_bitpos = C.size_t(n) }

// OutPos returns the offset from the output base where the next byte goes.
func (s *StreamState) OutPos() int { return int(s.s.out_pos) }

// SetOutPos moves the output position, after the caller moved the history.
func (s *StreamState) SetOutPos(n int) { s.s.out_pos = C.size_t(n) }

// Done reports whether the stream's final block has ended.
func (s *StreamState) Done() bool { return s.s.mode == C.LIBDEFLATE_STREAM_DONE }

// Stream decodes the raw DEFLATE stream st stands in: from bit st.InBit()
// of in (C memory of n bytes; final: it ends the input), writing from
// out+st.OutPos() (C memory of outCap bytes, which holds the history: the
// preceding output back to the stream's start or 32 KiB at least). It
// returns OK (st updated: suspended short of input or output, or Done) or
// BadData (st unchanged). d must not be used for anything else until the
// stream is done.
func (d *Decompressor) Stream(st *StreamState, in unsafe.Pointer, n int, final bool, out unsafe.Pointer, outCap int) int {
	f := C.int(0)
	if final {
		f = 1
	}
	return int(C.libdeflate_deflate_decompress_stream(d.d, &st.s, in, C.size_t(n), f, out, C.size_t(outCap)))
}

// CopyFrom copies the state of s (the decode tables of the block a stream
// is inside) into d: a stream saved before a Stream call that failed
// resumes with the copy of a decompressor made before that call.
func (d *Decompressor) CopyFrom(s *Decompressor) {
	C.libdeflate_copy_decompressor_state(d.d, s.d)
}

// Malloc allocates n bytes of C memory (nil when out of memory).
func Malloc(n int) unsafe.Pointer { return C.sj_inflate_malloc(C.size_t(n)) }

// Free releases memory from Malloc.
func Free(p unsafe.Pointer) { C.free(p) }
