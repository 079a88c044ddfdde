//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	"io"
	"runtime"
	"sync"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/bufpool"
	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// The fast path of Decoder: top-level values read from the Decoder's own
// buffer and validated by simdjson.

const (
	// minRead is the least room the buffer offers a read of a reader
	// without Len.
	minRead = 32 << 10
	// maxLenRead caps the room asked for a reader with Len: a Decoder
	// reading values from a large bytes.Reader keeps a buffer of about
	// this size (or the largest value's), not a copy of the whole input.
	maxLenRead = 1 << 20
)

// isSpace reports whether c is JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// fill returns the index in d.buf of the next non-whitespace byte at or
// after d.pos, reading as needed; false when the input ends or fails first
// (the standard Decoder then reports it).
func (d *Decoder) fill() (int, bool) {
	i := d.pos
	for {
		for i < len(d.buf) && isSpace(d.buf[i]) {
			i++
		}
		if i < len(d.buf) {
			return i, true
		}
		rel := i - d.pos
		if !d.more() {
			if d.rerr == io.EOF && d.held != nil && len(d.buf)-d.pos <= len(d.tail) {
				// The input ended (whitespace at most left, which the
				// standard Decoder reads next): the buffer goes back to
				// its pool for the next Decoder, as nothing handed out
				// from it is valid past this call.
				n := copy(d.tail[:], d.buf[d.pos:])
				d.setBuf(d.tail[:n:n], nil)
				d.pos = 0
			}
			return 0, false
		}
		i = d.pos + rel
	}
}

// more reads into the buffer (moving the unread bytes to its front, or
// growing it); false when nothing was read because r failed or ended (the
// error waits in d.rerr for the standard Decoder), or returned (0, nil) 100
// times in a row.
func (d *Decoder) more() bool {
	if d.rerr != nil {
		if d.rerr != io.EOF {
			return false
		}
		// As the standard Decoder does, the reader is asked again after
		// an EOF: a terminal, or a file being appended to, may have more.
		d.rerr = nil
	}
	if d.pos > 0 && (d.pos >= len(d.buf)/2 || cap(d.buf)-len(d.buf)-shim.Padding < minRead) {
		n := copy(d.buf, d.buf[d.pos:])
		d.buf, d.pos = d.buf[:n], 0
	}
	if room := cap(d.buf) - len(d.buf) - shim.Padding; room < minRead {
		// A reader that tells what it holds (a bytes.Reader, a
		// strings.Reader: a request body read from memory) needs room for
		// that and one byte more (to see its end), so that a small value
		// costs no 32 KiB buffer; other readers get minRead.
		want := minRead
		if n := d.readerLen(); n >= maxLenRead {
			want = maxLenRead // (n+1 would overflow at math.MaxInt)
		} else if n >= 0 {
			want = n + 1
		}
		if room < want {
			nb, h := bufpool.Get(max(2*(cap(d.buf)-shim.Padding), len(d.buf)+want))
			d.setBuf(append(nb, d.buf...), h)
		}
	}
	for range 100 {
		room := cap(d.buf) - shim.Padding - len(d.buf)
		n, err := d.r.Read(d.buf[len(d.buf) : len(d.buf)+room])
		switch {
		case n < 0 || n > room:
			// A broken reader: its result is replayed to the standard
			// Decoder, which fails on it as it does.
			if n > 0 {
				n -= room
			}
			d.rerr = &badRead{n, err}
			return false
		case n > 0:
			// As the standard Decoder, an error that comes with bytes is
			// not kept (the next read tells again).
			d.buf = d.buf[:len(d.buf)+n]
			return true
		case err != nil:
			d.rerr = err
			return false
		}
	}
	return false // r keeps returning (0, nil): the standard Decoder reads on, as it does
}

// badRead is a reader's result out of range (a negative count, or more
// than the room it was given: n is then the excess), kept in d.rerr for the
// feed to hand the standard Decoder.
type badRead struct {
	n   int
	err error
}

func (*badRead) Error() string { return "jsontext: reader returned an invalid count" }

// readerLen returns what the reader tells it holds (the Len of a
// bytes.Reader, a strings.Reader, a bytes.Buffer), or -1.
func (d *Decoder) readerLen() int {
	if l, ok := d.r.(interface{ Len() int }); ok {
		return max(l.Len(), -1)
	}
	return -1
}

// setBuf replaces the buffer by nb (from the pool when h is its holder),
// giving the old one back to its pool: the values and unread bytes handed
// out from it were valid only until this call of the Decoder's. (So a
// Value kept past that may show another Decoder's input, where the
// standard's shows its own later bytes: ReadValue's documentation says to
// copy it. Not pooling buffers that ReadValue handed out cost a Decoder
// reading 793 NDJSON lines from a bytes.Reader 3 times its time, a fresh
// buffer of the reader's Len each time; bench/RESULTS.md, "#jsontext-review".)
func (d *Decoder) setBuf(nb []byte, h *[]byte) {
	old := d.held
	d.buf, d.held = nb, h
	if old != h {
		bufpool.Put(old)
	}
}

// readFast reads the next top-level value from the buffer: false when the
// standard Decoder must (the input ends first, simdjson does not accept
// the value, or it is not a value the fast path reads).
func (d *Decoder) readFast() (Value, bool) {
	return d.readFastWith(nil, nil)
}

// readFastWith is readFast with take deciding in place of d.valid, when
// not nil: take(v, out) is called with a candidate value v (the bytes of
// the buffer, with shim.Padding readable bytes after it) and reports
// whether it took v (then v is a whole, valid value). Nothing is read past
// when it does not.
func (d *Decoder) readFastWith(take func(v []byte, out any) bool, out any) (Value, bool) {
	i, ok := d.fill()
	if !ok {
		return nil, false
	}
	check := func(b []byte, i, e int) bool {
		if take == nil {
			return d.valid(b, i, e)
		}
		return cap(b)-e >= shim.Padding && take(b[i:e], out)
	}
	rel := i - d.pos
	guess := true
	seen := 0                // bytes from the value's start searched for a newline
	tried1, tried2 := -1, -1 // the ends of the guesses tried, relative to the value's start
	// try checks the guess b[i:e] (trailing whitespace cut) unless a guess
	// ending there failed before (*failed: its input offset): a guess that
	// failed is not tried again for the next value of the same line or
	// input (linear, not quadratic, in the values on one line).
	try := func(b []byte, i, e int, failed *int64, tried *int) bool {
		for e > i && isSpace(b[e-1]) {
			e--
		}
		end := d.off + int64(e-d.pos)
		if e <= i || end == *failed {
			return false
		}
		if check(b, i, e) {
			d.accept(i, e)
			return true
		}
		*failed, *tried = end, e-i
		return false
	}
	var sc scan
	probed := false
	for {
		i = d.pos + rel
		b := d.buf
		if guess {
			// NDJSON: the rest of the line, once (searched once, and
			// from where an earlier search stopped: linear in the input
			// however small the reads and however many values a line
			// holds). Then, when the input's end is in the buffer (a
			// request body, a document), the rest of the input: simdjson
			// finds a value's end faster than the scan below.
			line := -1
			at := d.off + int64(i-d.pos) // the value's input offset
			if d.nlAt >= at && d.nlAt-at < int64(len(b)-i) {
				line = i + int(d.nlAt-at)
			} else {
				from := i + min(max(seen, int(d.nlSeen-at)), len(b)-i)
				d.searched += int64(len(b) - from)
				if j := bytes.IndexByte(b[from:], '\n'); j >= 0 {
					line = from + j
					d.nlAt = at + int64(line-i)
				} else {
					seen = len(b) - i
					d.nlSeen = at + int64(seen)
				}
			}
			if line < 0 && d.rerr == nil && !probed && d.readerLen() == 0 {
				// The reader says it is at its end: one read makes sure
				// (a Len that is not the unread bytes is not trusted).
				// The buffer may have moved: start over.
				probed = true
				d.more()
				continue
			}
			atEnd := d.rerr == io.EOF
			if line >= 0 || atEnd {
				guess = false
				if line >= 0 && try(b, i, line, &d.guessFailed, &tried1) {
					return Value(b[i:d.pos:d.pos]), true
				}
				if !atEnd && d.rerr == nil && !probed && d.readerLen() == 0 {
					// The line was not the value (a pretty-printed
					// document's first line): the reader may be at its
					// end, as above; if it is, the rest is tried whole.
					probed = true
					d.more()
					b, i = d.buf, d.pos+rel
					atEnd = d.rerr == io.EOF
				}
				if atEnd && try(b, i, len(b), &d.restFailed, &tried2) {
					return Value(b[i:d.pos:d.pos]), true
				}
			}
		}
		d.scans++
		e, st := sc.extent(b, i)
		switch st {
		case scanDone:
			if e-i != tried1 && e-i != tried2 && check(b, i, e) {
				return d.accept(i, e), true
			}
			return nil, false
		case scanNo:
			return nil, false
		}
		if !d.more() {
			return nil, false
		}
	}
}

// accept moves past the value b[i:e].
func (d *Decoder) accept(i, e int) Value {
	d.off += int64(e - d.pos)
	d.pos = e
	d.values++
	return Value(d.buf[i:e:e])
}

// Scan states.
const (
	scanMore = iota // the value continues past the buffer
	scanDone        // the value ends at the returned index
	scanNo          // not for the fast path
)

// scan finds the extent of a value, resumably: the bytes already scanned
// are not scanned again after the buffer grows (the offset is kept
// relative to the value's start).
type scan struct {
	n     int // bytes of the value scanned
	depth int
	inStr bool
}

// structural marks the bytes the container scan stops at.
var structural = [256]bool{'"': true, '\\': true, '{': true, '}': true, '[': true, ']': true}

func (s *scan) extent(b []byte, i int) (int, int) {
	switch c := b[i]; c {
	case '{', '[':
		return s.container(b, i)
	case '"':
		if s.n == 0 {
			s.n, s.inStr = 1, true
		}
		return s.container(b, i)
	case 't', 'f', 'n':
		return s.scalar(b, i, func(c byte) bool { return c >= 'a' && c <= 'z' })
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return s.scalar(b, i, func(c byte) bool {
			return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
		})
	}
	return 0, scanNo
}

// scalar ends a number or literal at the first byte not of its class; the
// byte must be whitespace (else the standard Decoder decides).
func (s *scan) scalar(b []byte, i int, in func(byte) bool) (int, int) {
	j := i + s.n
	for j < len(b) && in(b[j]) {
		j++
	}
	s.n = j - i
	if j == len(b) {
		return 0, scanMore
	}
	if !isSpace(b[j]) {
		return 0, scanNo
	}
	return j, scanDone
}

// container counts brackets outside strings (a string value is a container
// that ends with its closing quote).
func (s *scan) container(b []byte, i int) (int, int) {
	j := i + s.n
	str := b[i] == '"'
	for j < len(b) {
		if s.inStr {
			// The closing quote: the next quote not preceded by an odd
			// run of backslashes.
			k := bytes.IndexByte(b[j:], '"')
			if k < 0 {
				// Resume at the trailing run of backslashes, if any.
				j = len(b)
				for j > i+1 && b[j-1] == '\\' {
					j--
				}
				break
			}
			q := j + k
			n := 0
			for q-1-n > i && b[q-1-n] == '\\' {
				n++
			}
			j = q + 1
			if n%2 == 1 {
				continue
			}
			s.inStr = false
			if str {
				return j, scanDone
			}
			continue
		}
		c := b[j]
		if !structural[c] {
			j++
			continue
		}
		j++
		switch c {
		case '"':
			s.inStr = true
		case '{', '[':
			s.depth++
			if s.depth > maxDepth {
				return 0, scanNo
			}
		case '}', ']':
			s.depth--
			if s.depth == 0 {
				return j, scanDone
			}
			if s.depth < 0 {
				return 0, scanNo
			}
		default:
			return 0, scanNo // a backslash outside a string
		}
	}
	s.n = j - i
	return 0, scanMore
}

// maxDepth is the standard's nesting limit; simdjson's is lower anyway.
const maxDepth = 10000

// parser is a pooled simdjson DOM parser.
type parser struct {
	c       unsafe.Pointer
	view    *shim.DomView
	cleanup runtime.Cleanup
}

var parserPool sync.Pool

// maxPooled is the largest capacity of a pooled parser: simdjson's DOM
// takes about 14 bytes of native memory per byte of input.
const maxPooled = 4 << 20

func getParser() *parser {
	if x := parserPool.Get(); x != nil {
		return x.(*parser)
	}
	c := shim.DomNew()
	if c == nil {
		return nil
	}
	p := &parser{c: c, view: shim.DomViewOf(c)}
	p.cleanup = runtime.AddCleanup(p, func(c unsafe.Pointer) { shim.DomFree(c) }, c)
	return p
}

func putParser(p *parser) {
	if p.view.Capacity > maxPooled {
		p.cleanup.Stop()
		shim.DomFree(p.c)
		return
	}
	parserPool.Put(p)
}

// valid reports whether simdjson accepts b[i:e] (with shim.Padding readable
// bytes after e) as one JSON value the standard Decoder accepts too: no
// duplicate member names unless allowed.
func (d *Decoder) valid(b []byte, i, e int) bool {
	if cap(b)-e < shim.Padding {
		return false
	}
	p := getParser()
	if p == nil {
		return false
	}
	defer putParser(p)
	base := unsafe.Pointer(unsafe.SliceData(b[i:]))
	d.parsed += int64(e - i)
	// Unless duplicates are allowed, the parse checks that no object has a
	// name twice (shim.NamesDup when one has), in the same call.
	if d.dupOK {
		return shim.DomParse(p.c, base, uint64(e-i), true) == 0
	}
	return shim.DomParseUnique(p.c, base, uint64(e-i), true) == 0
}
