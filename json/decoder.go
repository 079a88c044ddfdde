package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"io"
	"reflect"
	"sync"
	"sync/atomic"
	"time"

	"github.com/simdjson-cgo/simdjson/internal/bufpool"
	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// errReadCount: the reader returned a count outside [0, len(p)].
var errReadCount = errors.New("simdjson/json: reader returned an invalid byte count")

// A Decoder reads and decodes JSON values from an input stream, as
// encoding/json's Decoder does: values may be concatenated or separated by
// whitespace (newline-delimited JSON included), and each is decoded with
// Unmarshal's rules. Token, More, Buffered and InputOffset behave as
// encoding/json's do.
//
// The Decoder reads its input into a buffer and finds where each value ends
// with a quick scan (strings skipped eight bytes at a time, brackets
// counted); simdjson then validates and parses the value in one call. When
// the reader is drained (its last read returned io.EOF, or its Len is 0)
// and what is buffered looks like one array or object, as a request body
// read whole does, the parse alone checks that it is one value, without
// the scan. Malformed input is reported with encoding/json's errors and
// offsets, counted from the start of the stream; unlike encoding/json, an
// error inside an array or object decoded whole is reported once the
// value's brackets close (or the stream ends), not as soon as its byte
// arrives, so the Decoder may read further before it reports one.
//
// Built with GOEXPERIMENT=jsonv2 (the default from Go 1.27), where
// encoding/json's Decoder reads with encoding/json/jsontext, it follows
// those rules instead (decoder_jsontext.go): delimiters are read with the
// next token, Decode reads an object's key where one comes, More's errors
// are final, and errors and offsets are that Decoder's.
//
// The first read is sized to the reader's Len() when it has that method (as
// bytes.Reader, strings.Reader and bytes.Buffer do), else to a few
// kilobytes, and the buffer grows as values need. Buffers come from a pool
// shared by all Decoders and go back to it once a Decode leaves (almost)
// nothing unread, so that a Decoder made for one request costs little more
// than the value it decodes. A buffer that an UnmarshalJSON or UnmarshalText
// method of the destination's type may have seen (other than those of
// json.RawMessage and time.Time, which keep no slice of their input) is
// left to the garbage collector instead (as is one that a method reached
// through a pointer an interface in the destination holds may have seen),
// so that a method that keeps its input against the Unmarshaler contract
// never sees another Decoder's data.
type Decoder struct {
	r       io.Reader
	buf     []byte // buf[scanp:] is read and not consumed; cap(buf) keeps shim.Padding bytes past what is read
	scanp   int    // start of unread data in buf
	scanned int64  // bytes dropped from the front of buf
	// scanBytes counts the bytes the value scans have stepped through, as
	// encoding/json's scanner counts them: its syntax errors carry this
	// offset (bytes skipped by More and Token are not counted).
	scanBytes int64
	err       error
	opts      int
	empty     int // reads in a row that returned neither bytes nor an error

	// Token's state: where the stream is in the current array or object
	// (tokenState, one of the tok* constants) and the states of the
	// containers around it.
	tokenState int
	tokenStack []int

	pending error   // the error of a read made for a guess that is being checked (see readValue)
	held    *[]byte // the pool's holder of buf when buf is of a pooled class
	lent    bool    // Buffered returned a reader of buf: it never goes back to the pool
	tainted bool    // a method of a decoded value may keep a slice of buf
	noGuess bool    // the unread bytes were not one value once: do not guess again (see readValue)
	sawEOF  bool    // the last read returned io.EOF
	hinted  bool    // the first value was decoded (see readHint)
	// Under stdV2 (decoder_jsontext.go): More was called since the last
	// token or value (peeked), Token returned io.EOF inside an array or
	// object (atEOF), and the most bytes one read returned (maxRead).
	peeked, atEOF bool
	maxRead       int
	// nextAt is 1 + the stream offset of the token More found, 0 when
	// none is kept (nextV2 takes it; a top-level Decode drops it), and
	// nextKind its kind.
	nextAt   int64
	nextKind byte
	// tail holds the few unread bytes left when a Decode gives its buffer
	// back (typically the newline an Encoder writes after a value),
	// allocated the first time some are left. It is not an array inside
	// the Decoder: buf pointing into the Decoder itself would make every
	// Decoder escape to the heap, and NewDecoder(r).Decode(&v) would
	// allocate one.
	tail *[tailLen]byte
}

// tailLen is the room of Decoder.tail.
const tailLen = 16

// newlineTail is the unread newline of every Decoder that kept only that
// (see release): read, never written.
var newlineTail = [1]byte{'\n'}

// NewDecoder returns a new decoder that reads from r. The decoder reads
// ahead: it may read data from r beyond the values requested. A reader that
// returns a count outside [0, len(p)] fails the Decoder, and one that
// returns no bytes and no error 100 times in a row fails it with
// io.ErrNoProgress, as streams do (encoding/json panics on the first and
// spins on the second). A panic in the reader's Read reaches the caller of
// Decode, Token or More, as it does with encoding/json (and with the root
// package's streams, which read on the caller's goroutine); the Decoder
// stays as it was before that read.
func NewDecoder(r io.Reader) *Decoder { return &Decoder{r: r} }

// UseNumber makes the Decoder decode a number into an interface value as a
// json.Number instead of as a float64.
func (dec *Decoder) UseNumber() { dec.opts |= optUseNumber }

// DisallowUnknownFields makes the Decoder return an error when the
// destination is a struct and the input contains object keys that match no
// non-ignored, exported field of it.
func (dec *Decoder) DisallowUnknownFields() { dec.opts |= optDisallowUnknownFields }

// Decode reads the next JSON value from its input and stores it in the
// value pointed to by v. It returns io.EOF when the input holds no more
// values. Syntax errors and read errors are final: later calls return them
// again; type errors are not. Inside an array or object opened with Token,
// Decode reads the next element (or the value of the current key), as
// encoding/json's does.
func (dec *Decoder) Decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	if stdV2 {
		if dec.tokenState != tokTop {
			return dec.decodeElemV2(v)
		}
		dec.nextAt = 0
	}
	if dec.tokenState != tokTop {
		if err := dec.prepareValue(); err != nil {
			return err
		}
	}
	err := dec.decodeValue(v)
	if dec.tokenState == tokTop {
		dec.release()
	}
	return err
}

// decodeValue reads the next value and unmarshals it into v: Decode after
// the token checks.
func (dec *Decoder) decodeValue(v any) error {
	start := dec.scanBytes
	n, guessed, err := dec.readValue(dec.tokenState == tokTop && !dec.noGuess)
	if err != nil {
		return err
	}
	data := dec.buf[dec.scanp : dec.scanp+n]
	if !dec.tainted && !keepsNoInput(v) {
		dec.tainted = true
	}
	// The value is consumed before it is stored, as encoding/json does
	// (a panic in a method leaves the Decoder after it).
	dec.scanp += n
	dec.scanBytes += int64(n)
	if !dec.hinted {
		dec.hinted = true
		dec.hintRead(n)
	}
	err = unmarshal(valueOf(data), v, dec.opts)
	if guessed {
		if _, ok := err.(*stdjson.SyntaxError); !ok || stdjson.Valid(data) {
			// One value: a read error that came with it is dropped, as
			// encoding/json drops it once a value is complete.
			dec.pending = nil
		} else {
			// The unread bytes are not one value (several, a partial one
			// or a malformed one): scan for the first (v is untouched, as
			// the syntax is checked before anything is stored).
			dec.noGuess = true
			dec.scanp -= n
			dec.scanBytes = start
			if n, _, err = dec.readValue(false); err != nil {
				return err
			}
			data = dec.buf[dec.scanp : dec.scanp+n]
			dec.scanp += n
			dec.scanBytes += int64(n)
			err = unmarshal(valueOf(data), v, dec.opts)
		}
	}
	if err != nil && dec.syntaxFailure(err, data, start) {
		return dec.err
	}
	dec.valueEnd()
	dec.peeked, dec.atEOF = false, false
	return err
}

// valueOf is a value's extent as Decode unmarshals it: with its leading
// whitespace in the classic encoding/json (type errors count it), without
// under stdV2 (jsontext reads the value alone).
func valueOf(data []byte) []byte {
	if stdV2 {
		for len(data) > 0 && text.IsSpace(data[0]) {
			data = data[1:]
		}
	}
	return data
}

// syntaxFailure reports whether err, from unmarshal of the value data
// whose scan began at scan offset start, is data's syntax error. If so the
// error is made final with the stream's offset and the value is left
// unread, as encoding/json's scan fails before it consumes the value. A
// *SyntaxError from a valid value came from an UnmarshalJSON method: it is
// passed on as it is, as encoding/json does.
func (dec *Decoder) syntaxFailure(err error, data []byte, start int64) bool {
	se, ok := err.(*stdjson.SyntaxError)
	if !ok || stdjson.Valid(data) {
		return false
	}
	// The value's extent was found without validating it: the error is the
	// one encoding/json's scan would have met, in stream offsets.
	dec.scanp -= len(data)
	dec.scanBytes = start
	if stdV2 {
		dec.finalV2(dec.replayError(replayDecode, io.EOF))
		return true
	}
	se.Offset += start
	dec.err = err
	return true
}

// Buffered returns a reader of the data remaining in the Decoder's buffer.
// The reader is valid until the next call to Decode. (Kept longer, it may
// show this Decoder's later input, as encoding/json's does, but never
// another Decoder's: a buffer Buffered lent is not given back to the pool
// the Decoders share.)
func (dec *Decoder) Buffered() io.Reader {
	dec.lent = true
	return bytes.NewReader(dec.buf[dec.scanp:])
}

// InputOffset returns the input stream byte offset of the current decoder
// position: the end of the most recently returned token or value and the
// beginning of the next one. (Under GOEXPERIMENT=jsonv2, as encoding/json
// there, after More it counts the whitespace More looked past.)
func (dec *Decoder) InputOffset() int64 {
	if stdV2 {
		return dec.inputOffsetV2()
	}
	return dec.scanned + int64(dec.scanp)
}

// More reports whether there is another element in the current array or
// object being parsed: whether the input holds more than whitespace before
// its end or a closing bracket.
func (dec *Decoder) More() bool {
	if stdV2 {
		return dec.moreV2()
	}
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

// peek returns the next byte that is not whitespace, leaving scanp on it,
// reading more as needed.
func (dec *Decoder) peek() (byte, error) {
	var err error
	for {
		for i := dec.scanp; i < len(dec.buf); i++ {
			if c := dec.buf[i]; !text.IsSpace(c) {
				dec.scanp = i
				return c, nil
			}
		}
		if err != nil {
			return 0, err
		}
		err = dec.refill()
	}
}

// Reading and the buffer.

const (
	// minRead is the least a refill asks the reader for (encoding/json's
	// figure): the buffer grows when it has less room.
	minRead = 512
	// firstRead is the least room of the first buffer for a reader
	// without Len (see readHint for more).
	firstRead = 4096
	// maxLenRead caps the first read of a reader with Len: a Decoder
	// reading tokens from a large bytes.Reader keeps a buffer of this
	// size, not a copy of the whole input.
	maxLenRead = 1 << 20
)

// dropBuf gives up the current buffer's memory (the caller replaces buf):
// back to its pool unless a reader from Buffered or a decoded value's
// method may still see it.
func (dec *Decoder) dropBuf() {
	if h := dec.held; h != nil {
		dec.held = nil
		if !dec.lent && !dec.tainted {
			bufpool.Put(h)
		}
	}
	dec.lent, dec.tainted = false, false
}

// release gives the buffer back at the end of a top-level value (read by
// Decode, or by Token up to its closing bracket) when at most tailLen
// bytes of it are unread: those move to tail. (A reader from Buffered keeps
// the buffer it was made from, which then goes to the garbage collector.)
func (dec *Decoder) release() {
	rest := len(dec.buf) - dec.scanp
	if dec.held == nil || rest > tailLen {
		return
	}
	dec.scanned += int64(dec.scanp)
	var kept []byte
	if rest == 1 && dec.buf[dec.scanp] == '\n' {
		// The newline an Encoder writes after each value: a view of a
		// shared byte, never written (a refill first moves to a buffer of
		// its own: see grow), so that a request body ending with one
		// costs no allocation either.
		kept = newlineTail[:]
	} else if rest > 0 {
		if dec.tail == nil {
			dec.tail = new([tailLen]byte)
		}
		kept = dec.tail[:copy(dec.tail[:], dec.buf[dec.scanp:]):rest]
	}
	dec.dropBuf()
	dec.buf = kept
	dec.scanp = 0
}

// readHint is the extent (plus one byte, to read the end of the input) of
// the first value of a recent Decoder reading from a reader without Len (a
// request body), or 0: the first buffer of the next such Decoder has room
// for that much (at most maxLenRead) when the pool holds one, so that a
// body is read in one buffer (and, ending with the read that drained the
// reader, parsed without the scan; see readValue). A service's bodies tend
// to be of similar sizes; a wrong guess costs a larger pooled buffer, or
// the growth it would have had.
var readHint atomic.Int64

// hintRead records the extent n of a Decoder's first value for the next
// Decoders' first buffer (see readHint) when it came from a reader without
// Len and is larger than the hint or much smaller.
func (dec *Decoder) hintRead(n int) {
	if _, ok := dec.r.(lener); ok {
		return
	}
	h := readHint.Load()
	if want := int64(n + 1); want > h || want < h/4 && h > firstRead {
		readHint.Store(want)
	}
}

// lener is the Len method of bytes.Reader, strings.Reader and bytes.Buffer:
// how many bytes the reader holds.
type lener interface{ Len() int }

// grow replaces buf (whose unread data starts at 0) by a larger buffer.
func (dec *Decoder) grow() {
	n := len(dec.buf)
	grown := cap(dec.buf) > tailLen // not the first buffer (nor tail)
	size := firstRead
	if grown {
		size = 2 * (cap(dec.buf) - shim.Padding)
	}
	lr, ok := dec.r.(lener)
	if !ok && !grown {
		// A request body, a connection: room for a value of the size a
		// recent first value from such a reader had, so that a body is
		// read in one buffer, without the copies of growing one; a buffer
		// the pool holds only, so that a small body after a large one
		// never allocates the large one's room.
		if hint := min(int(readHint.Load()), maxLenRead); hint > size {
			if nb, h := bufpool.Pooled(max(hint, n+minRead)); h != nil {
				nb = append(nb, dec.buf...)
				dec.dropBuf()
				dec.buf, dec.held = nb, h
				return
			}
		}
	}
	if ok {
		// Room for the rest of the input and a read that sees its end: the
		// first buffer at most maxLenRead, a larger one no larger than that
		// (and no smaller than minRead, below).
		if rest := lr.Len(); rest >= 0 {
			want := n + rest + 1
			if !grown {
				want = n + min(rest+1, maxLenRead)
			}
			if !grown || want < size {
				size = want
			}
		}
	}
	nb, h := bufpool.Get(max(size, n+minRead))
	nb = append(nb, dec.buf...)
	dec.dropBuf()
	dec.buf, dec.held = nb, h
}

// refill reads more input, first dropping the consumed prefix of buf. It
// keeps shim.Padding bytes of spare capacity so that values are parsed in
// place.
func (dec *Decoder) refill() error {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.scanp = 0
	}
	if cap(dec.buf)-len(dec.buf)-shim.Padding < minRead {
		dec.grow()
	}
	b := dec.buf[len(dec.buf) : cap(dec.buf)-shim.Padding]
	n, err := dec.r.Read(b)
	if n < 0 || n > len(b) {
		return errReadCount // as streams and maps report it
	}
	dec.sawEOF = err == io.EOF
	dec.buf = dec.buf[:len(dec.buf)+n]
	if stdV2 {
		dec.maxRead = max(dec.maxRead, n)
	}
	if n > 0 || err != nil {
		dec.empty = 0
	} else if dec.empty++; dec.empty >= shim.MaxEmptyReads {
		return io.ErrNoProgress
	}
	return err
}

// readValue finds the next value in the input, reading more as needed, and
// returns the length of its extent from scanp (leading whitespace
// included). It validates nothing the parser checks afterwards: it only
// needs to find where a well-formed value would end, and includes the first
// byte that cannot belong to one. Like encoding/json's scan, it reads the
// byte after a string, number or literal (or the end of the input) before
// it returns one, and nothing after a closing bracket. (Under stdV2, as
// jsontext, only after a number.)
//
// With guess, when the reader is drained (its last read returned io.EOF,
// or its Len is 0) and the unread bytes (after a first read if there were
// none) look like one array or object and nothing else (see oneValue), it
// returns them as the extent, unscanned, and guessed true: the parse that
// follows checks the guess, and a caller whose guess fails calls readValue
// again without one. A request body read whole is parsed without a scan;
// one read in several reads is scanned up to the read that drains the
// reader, then guessed.
func (dec *Decoder) readValue(guess bool) (n int, guessed bool, err error) {
	err, dec.pending = dec.pending, nil
	if guess && shim.Available {
		if err == nil && !nonSpace(dec.buf[dec.scanp:]) {
			err = dec.refill() // the scan below would read first too
		}
		if dec.drained() {
			if n := oneValue(dec.buf[dec.scanp:]); n > 0 {
				// The read's error, if the guess fails: the scan
				// reports it after what was read, as it would have.
				dec.pending = err
				return n, true, nil
			}
		}
	}
	var s valueScan
	pos := dec.scanp
	for {
		end, done := s.scan(dec.buf, pos)
		if done {
			return end - dec.scanp, false, nil
		}
		pos = end
		if err != nil {
			if err == io.EOF && s.completeAtEOF() {
				return pos - dec.scanp, false, nil
			}
			return 0, false, dec.endOfInput(err, s.started)
		}
		off := pos - dec.scanp
		err = dec.refill()
		pos = dec.scanp + off
		if guess && shim.Available && dec.drained() {
			// The value did not end in what was scanned, and the read
			// drained the reader (a body read in several reads): the
			// guess, without scanning the rest.
			if n := oneValue(dec.buf[dec.scanp:]); n > 0 {
				dec.pending = err
				return n, true, nil
			}
		}
	}
}

// drained reports whether the reader's last read returned io.EOF or it
// holds no more bytes: what is buffered is probably all there is.
func (dec *Decoder) drained() bool {
	if dec.sawEOF {
		return true
	}
	lr, ok := dec.r.(lener)
	return ok && lr.Len() == 0
}

// oneValue returns the length of b up to its last byte that is not
// whitespace when b looks like one array or object and nothing else, else
// 0: it starts with '[' or '{' and ends with ']' or '}' (after whitespace),
// and no line of it ends with a closing bracket where the next begins with
// an opening one (newline-delimited JSON).
func oneValue(b []byte) int {
	if len(b) < 2 {
		return 0
	}
	i, j := 0, len(b)-1
	for i < j && text.IsSpace(b[i]) {
		i++
	}
	for j > i && text.IsSpace(b[j]) {
		j--
	}
	if b[i] != '{' && b[i] != '[' || b[j] != '}' && b[j] != ']' || i == j {
		return 0
	}
	for rest := b[i : j+1]; ; {
		k := bytes.IndexByte(rest, '\n')
		if k < 0 {
			return j + 1
		}
		p := k - 1
		for p > 0 && text.IsSpace(rest[p]) {
			p--
		}
		q := k + 1
		for q < len(rest) && text.IsSpace(rest[q]) {
			q++
		}
		if q == len(rest) {
			return j + 1
		}
		if (rest[p] == '}' || rest[p] == ']') && (rest[q] == '{' || rest[q] == '[') {
			return 0
		}
		rest = rest[q:]
	}
}

// nonSpace reports whether b holds a byte that is not whitespace.
func nonSpace(b []byte) bool {
	for _, c := range b {
		if !text.IsSpace(c) {
			return true
		}
	}
	return false
}

// endOfInput handles the end of the input (or a read error) before a value
// was complete: a syntax error in what was read of the value, as
// encoding/json's scan meets it before it reads on; otherwise io.EOF when
// only whitespace was left, io.ErrUnexpectedEOF for a partial value, or the
// read error. The error is final.
func (dec *Decoder) endOfInput(err error, started bool) error {
	if stdV2 {
		if started || err != io.EOF {
			// What was read, as jsontext reads it up to the end or the
			// read error.
			if rerr := dec.replayFind(replayDecode, err); rerr != nil {
				err = rerr
			}
		}
		return dec.finalV2(err)
	}
	if started {
		jd := stdjson.NewDecoder(bytes.NewReader(dec.buf[dec.scanp:]))
		var discard stdjson.RawMessage
		var se *stdjson.SyntaxError
		if errors.As(jd.Decode(&discard), &se) {
			se.Offset += dec.scanBytes
			err = se
		} else if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
	}
	dec.err = err
	return err
}

// keepsNoInput reports whether no UnmarshalJSON or UnmarshalText method can
// be reached from v (through pointers, slices, arrays, maps and struct
// fields, and through the non-nil pointers that interfaces in v already
// hold, which Unmarshal decodes into as encoding/json does) other than those
// of json.RawMessage and time.Time: such a method is handed slices of the
// buffer, which it must not keep but might.
func keepsNoInput(v any) bool {
	budget := maxKeeperWalk
	return !valueMayKeepInput(reflect.ValueOf(v), &budget)
}

// maxKeeperWalk bounds the values valueMayKeepInput looks at: past it, a
// value is taken to reach a method.
const maxKeeperWalk = 256

// keeperInfo is what the type alone says: whether a method is reachable
// from the type, and whether an interface is (whose value then decides).
type keeperInfo struct{ keeps, iface bool }

func typeKeeperInfo(t reflect.Type) keeperInfo {
	if info, found := inputKeepers.Load(t); found {
		return info.(keeperInfo)
	}
	info := keeperInfo{
		keeps: mayKeepInput(t, map[reflect.Type]bool{}),
		iface: reachesInterface(t, map[reflect.Type]bool{}),
	}
	inputKeepers.Store(t, info)
	return info
}

// valueMayKeepInput is keepsNoInput's negation for the value v, spending
// budget on the values it visits.
func valueMayKeepInput(v reflect.Value, budget *int) bool {
	if !v.IsValid() {
		return false
	}
	info := typeKeeperInfo(v.Type())
	if info.keeps {
		return true
	}
	if !info.iface {
		return false
	}
	if *budget--; *budget < 0 {
		return true
	}
	switch v.Kind() {
	case reflect.Pointer:
		return !v.IsNil() && valueMayKeepInput(v.Elem(), budget)
	case reflect.Interface:
		// Unmarshal decodes into the pointer an interface holds.
		e := v.Elem()
		return !v.IsNil() && e.Kind() == reflect.Pointer && !e.IsNil() && valueMayKeepInput(e, budget)
	case reflect.Slice, reflect.Array:
		// The elements in place are decoded into; a map's are not.
		for i := range v.Len() {
			if valueMayKeepInput(v.Index(i), budget) {
				return true
			}
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if valueMayKeepInput(v.Field(i), budget) {
				return true
			}
		}
	}
	return false
}

// reachesInterface reports whether an interface type can be reached from t
// through pointers, slices, arrays and struct fields.
func reachesInterface(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reachesInterface(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if reachesInterface(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}

// inputKeepers caches typeKeeperInfo by type.
var inputKeepers sync.Map

var (
	rawMessageType = reflect.TypeFor[stdjson.RawMessage]()
	timeType       = reflect.TypeFor[time.Time]()
)

func mayKeepInput(t reflect.Type, seen map[reflect.Type]bool) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if seen[t] || t == rawMessageType || t == timeType {
		return false
	}
	seen[t] = true
	pt := reflect.PointerTo(t)
	if pt.Implements(unmarshalerType) || pt.Implements(textUnmarshalerType) || stdOnly(t) || stdOnly(pt) {
		return true // (the pointer's method set includes the value's)
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		return mayKeepInput(t.Elem(), seen)
	case reflect.Map:
		return mayKeepInput(t.Key(), seen) || mayKeepInput(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if mayKeepInput(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
