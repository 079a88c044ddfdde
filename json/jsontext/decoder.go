//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"bytes"
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"

	"github.com/simdjson-cgo/simdjson/internal/bufpool"
	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Decoder is a streaming decoder for raw JSON tokens and values. It has the
// methods of encoding/json/jsontext's Decoder, with the same results, errors
// and offsets.
//
// ReadValue, SkipValue and PeekKind between top-level values are answered
// from the Decoder's own buffer: the extent of the value is found (the rest
// of the line first, as in NDJSON, or of the input when its end is in the
// buffer; else by counting brackets outside strings), simdjson validates
// it, and the tape is checked for duplicate object member names (unless
// AllowDuplicateNames). Any other call, and any
// value simdjson does not accept, goes to a standard Decoder that reads the
// unread bytes of the buffer, then the reader, through a reader the Decoder
// controls; the offsets it reports are shifted by the bytes read before it
// took over, so they are the input's. When the standard Decoder is back
// between top-level values after a successful call, the Decoder takes its
// unread bytes back. The standard Decoder is made the first time one is
// needed; the buffer comes from a pool (sized by the reader's Len where it
// has one, up to 1 MiB) and goes back to it when json/v2's UnmarshalDecode
// leaves nothing unread in it.
//
// The zero Decoder is not usable, as the standard's: use NewDecoder.
type Decoder struct {
	s    *jsontext.Decoder // the standard Decoder: reads through feed
	opts []Options
	r    io.Reader
	feed feed

	// mode is fastMode (s is stale: the state is below), stdMode (s is
	// in charge, its offsets shifted by base, its top-level count by
	// count) or wrapMode (s is someone else's, or was handed out: always
	// in charge, unshifted).
	mode  int
	base  int64
	count int64
	// stdFailed: the last call s answered returned an error (s keeps
	// reporting it), so the Decoder does not take the buffer back.
	stdFailed bool
	// In stdMode, rec holds the bytes fed to s since the last top-level
	// boundary s passed, at input offset bBase after bCount top-level
	// values (for exact).
	// Nothing is recorded while s took over at the input's start (base
	// and count 0): s is exact then.
	rec       []byte
	bBase     int64
	bCount    int64
	recording bool

	// Fast-mode state: the unread input is buf[pos:] (buf has shim.Padding
	// bytes of capacity past its length), at input offset off; values
	// top-level values were read.
	buf    []byte
	pos    int
	off    int64
	values int64
	held   *[]byte // buf's pool holder (nil: not pooled)
	// guessFailed is the input offset of the end of the last line (or
	// rest of the input) that readFast tried and found not one value.
	guessFailed int64
	restFailed  int64 // the same for the rest of the input
	// nlAt is the input offset of the newline a search found last (the
	// next one, while values before it are read); nlSeen the offset up to
	// which a search found none.
	nlAt, nlSeen int64
	tail         [64]byte // the whitespace after the last value, once the buffer went back
	parsed       int64    // bytes given to simdjson to validate (for tests)
	searched     int64    // bytes searched for a newline (for tests)
	scans        int64    // calls of the bracket scan (for tests)
	moved        int64    // bytes takeBack moved (for tests)
	fed          int64    // bytes of the buffer fed to s (for tests)
	rerr         error    // an error r returned, not yet passed on
	misses       int      // values in a row the fast path left to s (fast)
	backoff      int      // calls s keeps before the fast path tries again
	dupOK        bool     // AllowDuplicateNames
	p            *parser
}

const (
	fastMode = iota
	stdMode
	wrapMode
)

// feed is the reader the standard Decoder reads: the Decoder's unread bytes,
// then a pending read error, then the reader.
type feed struct{ d *Decoder }

func (f *feed) Read(p []byte) (int, error) {
	d := f.d
	if d.pos < len(d.buf) {
		// At most feedChunk bytes a read: s holds no more of the buffer
		// unread than that when the Decoder takes it back (takeBack),
		// however large s's own buffer grew on an earlier value.
		n := copy(p[:min(len(p), feedChunk)], d.buf[d.pos:])
		d.pos += n
		d.fed += int64(n)
		if d.recording && d.mode == stdMode {
			d.rec = append(d.rec, p[:n]...)
		}
		return n, nil
	}
	if err := d.rerr; err != nil {
		d.rerr = nil
		if b, ok := err.(*badRead); ok {
			if b.n > 0 {
				return len(p) + b.n, b.err
			}
			return b.n, b.err
		}
		return 0, err
	}
	n, err := d.r.Read(p)
	if d.recording && d.mode == stdMode && n > 0 && n <= len(p) {
		d.rec = append(d.rec, p[:n]...)
	}
	return n, err
}

// feedChunk bounds each read the standard Decoder makes of the buffer.
const feedChunk = 4 << 10

// NewDecoder constructs a new streaming decoder reading from r configured
// with the provided options.
//
// If r is a *bytes.Buffer, then the decoder parses directly from the buffer
// without first copying the contents to an intermediate buffer. Additional
// writes to the buffer must not occur while the decoder is in use.
func NewDecoder(r io.Reader, opts ...Options) *Decoder {
	if r == nil {
		return &Decoder{s: jsontext.NewDecoder(r, opts...), mode: wrapMode} // panics as the standard does
	}
	d := &Decoder{}
	d.feed.d = d
	d.start(r, opts)
	return d
}

// stdOf returns d.s, made (reading through the feed, with d's options) the
// first time the Decoder needs it: a Decoder that answers every call on its
// fast path never makes one.
func (d *Decoder) stdOf() *jsontext.Decoder {
	if d.s == nil {
		d.s = jsontext.NewDecoder(&d.feed, d.opts...)
	}
	return d.s
}

// start puts d in fast mode at the start of r.
func (d *Decoder) start(r io.Reader, opts []Options) {
	d.r = r
	d.opts = append(d.opts[:0], opts...)
	d.buf, d.pos, d.off, d.values = d.buf[:0], 0, 0, 0
	d.base, d.count, d.rerr, d.stdFailed, d.guessFailed, d.restFailed = 0, 0, nil, false, -1, -1
	d.misses, d.backoff = 0, 0
	d.nlAt, d.nlSeen = -1, 0
	d.dupOK = false
	if len(opts) > 0 {
		d.dupOK, _ = jsonv2.GetOption(jsonv2.JoinOptions(opts...), jsontext.AllowDuplicateNames)
	}
	d.mode = stdMode
	if shim.Available {
		d.mode = fastMode
	} else {
		d.stdOf()
	}
}

// std returns the standard Decoder positioned where d is, its offsets
// shifted by d.base.
func (d *Decoder) std() *jsontext.Decoder {
	d.zero()
	switch d.mode {
	case fastMode:
		if d.s == nil {
			d.stdOf()
		} else {
			d.s.Reset(&d.feed, d.opts...)
		}
		d.mode, d.base, d.count, d.stdFailed = stdMode, d.off, d.values, false
		d.bBase, d.bCount, d.rec = d.off, d.values, d.rec[:0]
		d.recording = d.off != 0 || d.values != 0
	case stdMode:
		if d.recording && len(d.rec) > maxRecord && !d.stdFailed {
			// Still inside one top-level value (an endless array read
			// value by value): the recording would grow with the input.
			// The standard Decoder is handed the input for good instead
			// (exact), and answers every call from here, its memory its
			// own. (Done here, before a call, not after the last: the
			// value that call returned lives in s's buffer. Not after an
			// error, which s keeps reporting as it is.)
			return d.exact()
		}
	case wrapMode:
		if d.s == nil {
			d.s = new(jsontext.Decoder)
		}
	}
	return d.s
}

// exact hands d's standard Decoder over for good, positioned where d is
// with the input's offsets: a standard Decoder that read a stand-in of the
// input before the last top-level boundary (same length, same count of
// top-level values; see filler), then the bytes from there that the one in
// charge was fed (d.rec), replayed token by token up to its offset; it then
// reads on through the feed.
func (d *Decoder) exact() *jsontext.Decoder {
	d.zero()
	var target int64
	switch d.mode {
	case wrapMode:
		return d.std()
	case fastMode:
		d.bBase, d.bCount, d.rec = d.off, d.values, d.rec[:0]
		target = d.off
	case stdMode:
		if !d.recording {
			d.mode = wrapMode
			return d.s
		}
		target = d.base + d.s.InputOffset()
	}
	d.mode = wrapMode
	s := d.stdOf()
	s.Reset(io.MultiReader(newFiller(d.bBase, d.bCount), bytes.NewReader(d.rec), &d.feed), d.opts...)
	for range d.bCount {
		if err := s.SkipValue(); err != nil {
			panic("jsontext: internal error: stand-in input rejected: " + err.Error())
		}
	}
	for s.InputOffset() < target {
		if _, err := s.ReadToken(); err != nil {
			break
		}
	}
	d.rec = nil
	return s
}

// filler is a reader of n bytes of JSON holding k top-level values, the
// last ending at n, for a standard Decoder to read in place of n bytes of
// input that held k values. It makes its bytes as they are read, and the
// standard Decoder skips them token by token: the input's offset may be far
// larger than memory. (A long run of whitespace would not do: the standard
// Decoder keeps the whitespace before a token in its buffer.)
//
// The stand-in is an array "[0,0,...,0]" (one value, its length adjusted by
// a space before ']'), then k-2 times "0", then "[]". The standard Decoder
// needs no separator between top-level values ("0" then "1" in "01";
// "[]1"), and the input after n may start with a byte that would extend a
// last stand-in number (a digit, '.', 'e'): so the stand-in ends with ']'.
// Where that does not fit: n = k+1 is k-1 times "0" then "[]"; n = k means
// every value is one byte, a digit, the last not followed by a byte that
// extends a number, so neither is the stand-in's last "0" of k.
type filler struct {
	n, k, pos int64
	arr       int64 // length of the leading array (0: none)
}

func newFiller(n, k int64) *filler {
	if k == 0 && n != 0 || n < k {
		panic("jsontext: internal error: the input offset cannot hold the top-level values")
	}
	f := &filler{n: n, k: k}
	switch {
	case n <= k+1:
	case k == 1:
		f.arr = n
	default:
		f.arr = n - k
	}
	return f
}

func (f *filler) at(p int64) byte {
	switch {
	case f.n == f.k:
		return '0'
	case f.arr == 0: // n = k+1
		if p < f.n-2 {
			return '0'
		}
	case p < f.arr:
		switch q := p - 1; {
		case p == 0:
			return '['
		case p == f.arr-1:
			return ']'
		case q < 2*((f.arr-3)/2):
			if q%2 == 0 {
				return '0'
			}
			return ','
		case q == 2*((f.arr-3)/2):
			return '0'
		}
		return ' '
	case p < f.n-2:
		return '0'
	}
	if p == f.n-2 {
		return '['
	}
	return ']'
}

func (f *filler) Read(b []byte) (int, error) {
	if f.pos >= f.n {
		return 0, io.EOF
	}
	m := int(min(int64(len(b)), f.n-f.pos))
	for i := range m {
		b[i] = f.at(f.pos + int64(i))
	}
	f.pos += int64(m)
	return m, nil
}

// takeBack makes d fast again, when s (in stdMode) is between top-level
// values: its unread bytes go back in front of the feed's. Where they are
// the bytes just before d.pos (s read only the buffer since it took over,
// at most feedChunk bytes at a time), d.pos steps back over them: the input
// that follows is the same either way, and a value the fast path hands to
// s costs no move of the buffer's unread rest (which made a stream of such
// values after a large one quadratic).
func (d *Decoder) takeBack() {
	_, n := d.s.StackIndex(0)
	off := d.base + d.s.InputOffset()
	unread := d.s.UnreadBuffer()
	if k := len(unread); k <= d.pos && bytes.Equal(d.buf[d.pos-k:d.pos], unread) {
		d.pos -= k
	} else {
		d.putBack(unread)
	}
	d.off, d.values = off, d.count+n
	d.mode = fastMode
}

// putBack makes the buffer unread followed by the buffer's unread rest.
func (d *Decoder) putBack(unread []byte) {
	rest := d.buf[d.pos:]
	d.moved += int64(len(unread) + len(rest))
	var nb []byte
	h := d.held
	if m := len(unread) + len(rest); cap(d.buf) >= m+shim.Padding {
		// In place: no allocation per value when the fast path keeps
		// failing (copy moves overlapping bytes correctly).
		nb = d.buf[:m]
		copy(nb[len(unread):], rest)
		copy(nb, unread)
	} else {
		nb, h = bufpool.Get(m + minRead)
		nb = append(append(nb, unread...), rest...)
	}
	d.setBuf(nb, h)
	d.pos = 0
}

// zero makes the zero Decoder (never started: no reader) a wrapper of a
// zero standard Decoder, which behaves (and panics) as the standard does.
func (d *Decoder) zero() {
	if d.mode == fastMode && d.r == nil {
		d.mode = wrapMode
	}
}

// fast reports whether d answers the next call itself. After misses in a
// row (values the fast path tried and handed to s: integers beyond 64 bits,
// invalid UTF-8 with AllowInvalidUTF8), s keeps the next calls, 1, 2, 4, ...
// up to 1024 of them, before the fast path tries again: a stream of such
// values costs about what the standard Decoder takes, not a failed parse
// and a hand-over each.
func (d *Decoder) fast() bool {
	d.zero()
	if d.mode == stdMode && d.backoff > 0 {
		d.backoff--
		return false
	}
	if shim.Available && d.mode == stdMode && !d.stdFailed && d.s.StackDepth() == 0 {
		d.takeBack()
	}
	return d.mode == fastMode
}

// missed records a value the fast path tried and left to s (fast).
func (d *Decoder) missed() {
	if d.pos < len(d.buf) { // not the input's end
		d.misses++
		if d.misses >= 4 {
			d.backoff = 1 << min(d.misses-4, 10)
		}
	}
}

// done records the outcome of a call s answered and shifts its error.
//
// Past 64 KiB of recorded bytes, a successful call that leaves s between
// top-level values moves the boundary there: the recording keeps only s's
// unread bytes. Past maxRecord bytes inside one top-level value, s takes
// over for good at the next call (std, exact): the recording stays bounded
// either way.
func (d *Decoder) done(err error) error {
	if d.mode == wrapMode {
		return err
	}
	if err != nil {
		d.stdFailed = true
		return d.shift(err)
	}
	if d.recording && len(d.rec) > 64<<10 && d.s.StackDepth() == 0 {
		_, n := d.s.StackIndex(0)
		d.bBase, d.bCount = d.base+d.s.InputOffset(), d.count+n
		d.rec = append([]byte(nil), d.s.UnreadBuffer()...)
	}
	return nil
}

// maxRecord bounds the bytes recorded inside one top-level value (std).
const maxRecord = 1 << 20

func (d *Decoder) shift(err error) error {
	if se, ok := err.(*SyntacticError); ok && d.mode == stdMode && d.base != 0 {
		c := *se
		c.ByteOffset += d.base
		return &c
	}
	return err
}

// Reset resets a decoder such that it is reading afresh from r and
// configured with the provided options. Reset must not be called on a
// Decoder passed to an encoding/json/v2 UnmarshalerFrom method or an
// UnmarshalFromFunc function.
func (d *Decoder) Reset(r io.Reader, opts ...Options) {
	switch {
	case d == nil:
		panic("jsontext: invalid nil Decoder")
	case r == nil:
		panic("jsontext: invalid nil io.Reader")
	}
	if d.mode == wrapMode {
		// A Decoder handed out or wrapped: the standard's rules (it
		// panics within an UnmarshalerFrom call).
		d.std().Reset(r, opts...)
		return
	}
	if d.s != nil {
		d.s.Reset(&d.feed, opts...)
	}
	d.start(r, opts)
}

// Options returns the options used to construct the decoder and may
// additionally contain semantic options passed to an encoding/json/v2
// UnmarshalDecode call.
func (d *Decoder) Options() Options {
	if d.mode == wrapMode {
		return d.std().Options()
	}
	return d.stdOf().Options()
}

// PeekKind retrieves the next token kind, but does not advance the read
// offset. It returns KindInvalid if an error occurs; any such error is
// cached until the next read call.
func (d *Decoder) PeekKind() Kind {
	if d.fast() {
		if i, ok := d.fill(); ok {
			switch c := d.buf[i]; c {
			case 'n', 't', 'f', '"', '{', '[':
				return Kind(c)
			case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
				return KindNumber
			}
		}
	}
	s := d.std()
	k := s.PeekKind()
	if k == KindInvalid && d.mode == stdMode {
		d.stdFailed = true
	}
	return k
}

// SkipValue is semantically equivalent to calling ReadValue and discarding
// the result except that memory is not wasted trying to hold the entire
// result.
func (d *Decoder) SkipValue() error {
	if d.fast() {
		if _, ok := d.readFast(); ok {
			d.misses = 0
			return nil
		}
		d.missed()
	}
	return d.done(d.std().SkipValue())
}

// ReadToken reads the next Token, advancing the read offset. The returned
// token is only valid until the next Peek, Read, or Skip call. It returns
// io.EOF if there are no more tokens.
func (d *Decoder) ReadToken() (Token, error) {
	t, err := d.std().ReadToken()
	return t, d.done(err)
}

// ReadValue returns the next raw JSON value, advancing the read offset. The
// value is stripped of any leading or trailing whitespace and contains the
// exact bytes of the input, which may contain invalid UTF-8 if
// AllowInvalidUTF8 is specified. The returned value is only valid until the
// next Peek, Read, or Skip call and may not be mutated while the Decoder
// remains in use. It returns io.EOF if there are no more values.
//
// The Decoder's buffer goes to a pool shared by Decoders once its input
// ends: a value kept past the next call may show another Decoder's input
// (the standard's shows its own later bytes). Copy a value to keep it.
func (d *Decoder) ReadValue() (Value, error) {
	if d.fast() {
		if v, ok := d.readFast(); ok {
			d.misses = 0
			return v, nil
		}
		d.missed()
	}
	v, err := d.std().ReadValue()
	return v, d.done(err)
}

// InputOffset returns the current input byte offset: the number of bytes
// read up to the end of the most recently returned token or value.
func (d *Decoder) InputOffset() int64 {
	switch d.mode {
	case fastMode:
		return d.off
	case stdMode:
		return d.base + d.s.InputOffset()
	}
	return d.std().InputOffset()
}

// UnreadBuffer returns the data remaining in the unread buffer, which may
// contain zero or more bytes. The returned buffer must not be mutated while
// Decoder continues to be used. The buffer contents are valid until the
// next Peek, Read, or Skip call.
func (d *Decoder) UnreadBuffer() []byte {
	if d.mode == fastMode {
		return d.buf[d.pos:]
	}
	return d.std().UnreadBuffer()
}

// StackDepth returns the depth of the state machine for read JSON data.
func (d *Decoder) StackDepth() int {
	if d.mode == fastMode {
		return 0
	}
	return d.std().StackDepth()
}

// StackIndex returns information about the specified stack level.
func (d *Decoder) StackIndex(i int) (Kind, int64) {
	if i == 0 {
		switch d.mode {
		case fastMode:
			return 0, d.values
		case stdMode:
			k, n := d.s.StackIndex(0)
			return k, n + d.count
		}
	}
	return d.std().StackIndex(i)
}

// StackPointer returns a JSON Pointer (RFC 6901) to the most recently read
// value.
func (d *Decoder) StackPointer() Pointer {
	if d.mode == fastMode {
		return ""
	}
	return d.std().StackPointer()
}
