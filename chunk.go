package simdjson

import (
	"bytes"
	"errors"
	"io"
	"sync/atomic"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// A chunker cuts a reader into windows of whole lines (or, for a
// Concatenated stream, whole documents): ONE cutter for the package's two
// readers of an io.Reader, a Stream (readAll), which parses each window in
// place, and a map's producers (produce), which hand each window's lines to
// the worker threads. A window lies in a padded C buffer its driver
// provides (want and minCap say how large): first the bytes the driver left
// unconsumed in the last window, then the reader's next bytes, up to the
// buffer's size. The driver consumes a prefix of the window (its complete
// lines or documents) and gives the chunker the rest (keep). When a window
// was full and nothing of it could be consumed, the next one grows, doubling
// up to the maximum document size; an unfinished line already longer than
// that is reported by the driver (keep says so) and read through without
// being buffered (the next fill skips it). A byte order mark at the start of
// the input is dropped. The chunker counts the bytes the reader returned
// (FileDone's count).
type chunker struct {
	r      io.Reader
	size   int // ChunkSize: the usual window
	maxDoc int // MaxDocumentSize

	base  int64  // input offset of the next window's first byte
	read  int64  // bytes the reader returned
	tail  []byte // the unconsumed end of the last window (a view of it, or a copy: detach)
	own   []byte // detach's copy of tail
	limit int    // the last window's buffer size, Padding excluded
	grow  int    // when not 0, the least size (Padding excluded) of the next window's buffer
	begun bool   // a window was read (a byte order mark is looked for before that)
	skip  bool   // the next fill first reads through a line longer than maxDoc
	err   error  // the reader's error once it returned one (io.EOF: its clean end)
}

// window is what one fill read.
type window struct {
	data    []byte // the bytes: carried ones, then the reader's (Padding bytes of room follow)
	base    int64  // input offset of data[0]
	bom     bool   // a byte order mark was dropped before data (the first window)
	skipped bool   // a line longer than the limit was read through before data (base is after it)
	nl      bool   // that line ended with a newline (it did unless the input ended or failed)
	err     error  // the reader's error (io.EOF: data ends the input); nil: more may follow
}

func newChunker(r io.Reader, c *streamConfig) *chunker {
	return &chunker{r: r, size: c.chunk, maxDoc: c.maxDoc}
}

// minCap is the least buffer size, Padding included, that the next fill
// can use: one that holds the carried bytes and at least one more, or the
// grown size a full window asked for.
func (c *chunker) minCap() int { return max(c.grow, len(c.tail)+1) + Padding }

// want is the size, Padding included, of a new buffer for the next fill:
// the grown size a full window asked for, else a chunk beside the carried
// bytes, within a line of the maximum document size.
func (c *chunker) want() int {
	return max(c.grow, c.size, min(len(c.tail)+c.size, c.maxDoc+1)) + Padding
}

// fill reads the next window into b (len(b) >= minCap()): the carried
// bytes, moved to its start, then the reader's, up to len(b)-Padding.
// Once the reader returned an error, nothing more is read.
func (c *chunker) fill(b []byte) window {
	c.limit = len(b) - Padding
	have := copy(b[:c.limit], c.tail)
	c.tail = nil
	w := window{}
	if c.skip {
		c.skip = false
		var skipped int64
		have, skipped, w.nl, c.err = skipLine(c.r, b[:c.limit])
		c.read += skipped + int64(have)
		c.base += skipped
		w.skipped = true
	}
	if c.err == nil {
		n, err := readFull(c.r, b[have:c.limit])
		c.read += int64(n)
		have += n
		c.err = err
	}
	w.data = b[:have]
	if !c.begun {
		c.begun = true
		if text.HasBOM(w.data) {
			w.data = text.DropBOM(w.data)
			c.base += 3
			w.bom = true
		}
	}
	w.base, w.err = c.base, c.err
	return w
}

// keep takes the window back after its driver consumed used bytes of it:
// the rest is carried over to the next window (as a view: detach copies it
// when the buffer leaves the driver). It reports whether the rest is a line
// longer than the maximum document size, which the driver reports as a bad
// line at w.base+used; then it is not carried, and the next fill reads
// through it.
func (c *chunker) keep(w window, used int) (over bool) {
	rest := w.data[used:]
	c.base = w.base + int64(used)
	c.grow = 0
	if len(rest) > c.maxDoc {
		c.base += int64(len(rest))
		c.skip = c.err == nil
		return true
	}
	c.tail = rest
	if used == 0 && c.err == nil {
		// A full window and nothing of it complete: grow.
		c.grow = min(2*c.limit, c.maxDoc+1)
	}
	return false
}

// detach copies the carried bytes out of the last window's buffer, which
// its driver is about to give away or free.
func (c *chunker) detach() {
	c.own = append(c.own[:0], c.tail...)
	c.tail = c.own
}

// maxEmptyReads is how many reads in a row may return neither bytes nor an
// error before a stream or map stops with io.ErrNoProgress (bufio's figure).
const maxEmptyReads = shim.MaxEmptyReads

var errReadCount = errors.New("simdjson: reader returned an invalid byte count")

// readFull reads r into b until b is full (nil error) or r returns an error:
// io.EOF at its clean end, any other error (io.ErrUnexpectedEOF included) as
// returned, io.ErrNoProgress after maxEmptyReads empty reads in a row, or
// errReadCount for a count outside [0, len].
func readFull(r io.Reader, b []byte) (int, error) {
	n, empty := 0, 0
	for n < len(b) {
		k, err := r.Read(b[n:])
		if k < 0 || k > len(b)-n {
			return n, errReadCount
		}
		n += k
		if err != nil {
			return n, err
		}
		if k > 0 {
			empty = 0
		} else if empty++; empty >= maxEmptyReads {
			return n, io.ErrNoProgress
		}
	}
	return n, nil
}

// skipLine reads r through its next newline, with b as scratch space: the
// have bytes read after the newline are left at the start of b; skipped
// counts the bytes up to and including it; nl tells whether there was one
// (otherwise r ended or failed: err).
func skipLine(r io.Reader, b []byte) (have int, skipped int64, nl bool, err error) {
	for {
		n, err := readFull(r, b)
		if i := bytes.IndexByte(b[:n], '\n'); i >= 0 {
			return copy(b, b[i+1:n]), skipped + int64(i) + 1, true, err
		}
		skipped += int64(n)
		if err != nil {
			return 0, skipped, false, err
		}
	}
}

// testMalloc, when a test sets it, is told the size of each input buffer a
// stream or map allocates.
var testMalloc atomic.Pointer[func(n int)]

// mallocBuf allocates an input buffer of n bytes in C memory.
func mallocBuf(n int) unsafe.Pointer {
	if f := testMalloc.Load(); f != nil {
		(*f)(n)
	}
	return shim.Malloc(uint64(n))
}
