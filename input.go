package simdjson

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Inputs: where a stream or a map reads its documents (Bytes, Reader, File,
// Gzip, Files and Glob), how a file is opened (gzip recognised by its name
// or magic bytes), and the padded buffers Parse reads without a copy (Pad,
// MakePadded, ReadFile). Cutting a reader into lines is chunk.go's;
// decompressing gzip is gzip.go's.

// Input is where a stream or a parallel map reads its documents: a byte
// slice (Bytes), an io.Reader (Reader) or a file (File).
type Input struct {
	data    []byte
	r       io.Reader
	path    string
	isData  bool
	gzip    bool     // r is gzip (Gzip)
	files   []string // Files
	isFiles bool
}

// Bytes reads documents from b, in place: b must not be modified until the
// stream or map is done. Keep cap(b)-len(b) >= Padding to avoid one copy of
// the last batch.
func Bytes(b []byte) Input { return Input{data: b, isData: true} }

// Reader reads documents from r in chunks (ChunkSize), so memory stays
// bounded by the chunk size or the maximum document size (MaxDocumentSize),
// times the threads of a map, whatever the size of the input. Documents may
// straddle chunk boundaries.
//
// Only io.EOF ends the input cleanly. Any other error of r, io.ErrUnexpectedEOF
// included (what compress/gzip and net/http return for a cut stream), stops
// the stream or map after the complete lines before it and is returned as is.
// A reader that returns no bytes and no error 100 times in a row stops it
// with io.ErrNoProgress, as bufio does.
func Reader(r io.Reader) Input { return Input{r: r} }

// File reads documents from the named file in chunks, as Reader does. A
// gzip file (a name ending in .gz, or gzip's magic bytes) is decompressed as
// Gzip does; bad lines (*LineError) and gzip faults (*GzipError) name the
// file.
func File(path string) Input { return Input{path: path} }

// Gzip reads documents from the gzip stream r (one member or several
// concatenated, as gzip and GH Archive write them), decompressing it as it
// goes; otherwise as Reader. File and Files recognise gzip files by
// themselves (a name ending in .gz, or the magic bytes 1f 8b, which no JSON
// text starts with).
//
// Decompression uses the vendored libdeflate (about 3.5 times compress/gzip's
// speed here), patched to inflate in bounded pieces: 1 MiB of output at a
// time after a 32 KiB window, each piece handed on as it comes, so memory
// stays about 2 MiB per file read at once whatever the member size, and a
// map parses a file's lines on its worker threads while its producer
// inflates the next piece. Bytes are delivered before the member's CRC-32
// is checked at its end, as compress/gzip and zcat deliver them.
// GzipWholeMembers selects the earlier path instead: a whole member
// inflated into one buffer of at most MaxGzipBuffer bytes and delivered
// only once its CRC-32 and length check (a longer member or input through
// compress/gzip's streaming reader). Builds without cgo use compress/gzip
// alone.
//
// A corrupt, truncated or empty stream, a bad checksum or trailing bytes
// that are not a gzip member stop the stream or map after the complete lines before
// the fault with a *GzipError (errors.Is(err, io.ErrUnexpectedEOF) for a cut
// stream, gzip.ErrChecksum, gzip.ErrHeader); r's own errors are returned as
// Reader returns them.
func Gzip(r io.Reader) Input { return Input{r: r, gzip: true} }

// Files reads documents from the named files, each as File reads it (gzip
// files decompressed): a stream reads them one after the other, in order; a
// map reads up to Threads of them at once, each on a goroutine of its own
// that decompresses it and cuts it into chunks for the map's threads, so
// decompression runs beside parsing and on every core.
//
// Offsets and line numbers are those of each file's (uncompressed) bytes,
// and bad lines (*LineError) and gzip faults (*GzipError) name their file.
// A map's result does not depend on the number of threads or on the order of
// the files: the states see the same documents, bad lines skipped under
// SkipBadLines are reported in file order (the order of paths), then offset.
// A file that cannot be read or decompressed does not stop a map: its
// complete lines before the fault are counted, the other files are read
// through, and the map returns the faults joined (errors.Join) in file order.
// A bad line under the default policy stops the map: the bad line reported
// is the first, in file order, of those the threads had reached. Every path
// is checked to exist (os.Stat) before anything is read.
func Files(paths ...string) Input { return Input{files: slices.Clone(paths), isFiles: true} }

// Glob returns the files that match the patterns (filepath.Glob's syntax),
// sorted within each pattern and each listed once, for Files. A malformed
// pattern, or one that matches nothing, is an error.
func Glob(patterns ...string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, p := range patterns {
		m, err := filepath.Glob(p)
		if err != nil {
			return nil, fmt.Errorf("simdjson: glob %q: %w", p, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("simdjson: glob %q matches no file", p)
		}
		for _, f := range m {
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// open returns the reader of a Reader or File input and its closer. src,
// when not nil, wraps the input's source (the Reader, or the file), under
// any decompression.
func (in Input) open(c *streamConfig, src func(io.Reader) io.Reader) (io.Reader, func(), error) {
	if in.path != "" {
		return openFile(in.path, c.gzipOpts(), nil, src)
	}
	if in.r == nil {
		return nil, nil, errors.New("simdjson: empty Input (use Bytes, Reader, Gzip, File or Files)")
	}
	r := in.r
	if src != nil {
		r = src(r)
	}
	if in.gzip {
		g := newGzipReader("", r, -1, c.gzipOpts())
		return g, g.close, nil
	}
	return r, func() {}, nil
}

// openFile opens a file of a File or Files input, decompressing it when its
// name ends in .gz or it starts with gzip's magic bytes.
//
// keep, when not nil, lends its buffers to the decompressor and gets them
// back when the file is closed, for the next file (nil: buffers are freed).
// src, when not nil, wraps the file's reader, under any decompression.
func openFile(path string, gz gzipOpts, keep *gzipBufs, src func(io.Reader) io.Reader) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	var r io.Reader = f
	if src != nil {
		r = src(f)
	}
	var hdr [2]byte
	n, err := f.ReadAt(hdr[:], 0)
	size := int64(-1)
	if err != nil && err != io.EOF {
		// Not a regular file (a pipe): peek through a buffer.
		br := bufio.NewReaderSize(r, 64<<10)
		b, _ := br.Peek(2)
		n = copy(hdr[:], b)
		r = br
	} else if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	if strings.HasSuffix(path, ".gz") || gzipMagic(hdr[:n]) {
		g := newGzipReader(path, r, size, gz)
		g.keep = keep
		return g, func() { g.close(); f.Close() }, nil
	}
	return r, func() { f.Close() }, nil
}

// gzipMagic reports whether b starts with gzip's magic bytes.
func gzipMagic(b []byte) bool { return len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b }

// checkFiles stats each path of a Files input.
func checkFiles(paths []string) error {
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return err
		}
	}
	return nil
}

// Pad returns b with at least Padding bytes of spare capacity, copying only
// when b lacks them.
func Pad(b []byte) []byte {
	if cap(b)-len(b) >= Padding {
		return b
	}
	out := make([]byte, len(b), len(b)+Padding)
	copy(out, b)
	return out
}

// MakePadded returns a zero-length slice with room for n bytes plus padding:
// append up to n bytes to it and parse it without a copy.
func MakePadded(n int) []byte { return make([]byte, 0, n+Padding) }

// ReadFile reads a whole file into a padded buffer, ready for a zero-copy
// Parse.
func ReadFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := int(fi.Size())
	buf := make([]byte, 0, size+Padding+512)
	for {
		if cap(buf)-len(buf) < Padding+512 {
			nb := make([]byte, len(buf), 2*cap(buf)+Padding)
			copy(nb, buf)
			buf = nb
		}
		n, err := f.Read(buf[len(buf) : cap(buf)-Padding])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return buf, nil
		}
	}
}
