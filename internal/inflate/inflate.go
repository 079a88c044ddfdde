//go:build cgo

// Package inflate decompresses whole gzip members with the vendored
// libdeflate 1.25 (libdeflate/, MIT): one cgo call per member, the member's
// compressed bytes and its whole output in memory. The root package's gzip
// reader bounds both and falls back to compress/gzip's streaming reader
// beyond that bound (see gzip.go there).
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

// Malloc allocates n bytes of C memory (nil when out of memory).
func Malloc(n int) unsafe.Pointer { return C.sj_inflate_malloc(C.size_t(n)) }

// Free releases memory from Malloc.
func Free(p unsafe.Pointer) { C.free(p) }
