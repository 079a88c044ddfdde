package json

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// errReadCount: the reader returned a count outside [0, len(p)].
var errReadCount = errors.New("simdjson/json: reader returned an invalid byte count")

// A Decoder reads and decodes JSON values from an input stream, as
// encoding/json's Decoder does: values may be concatenated or separated by
// whitespace (newline-delimited JSON included), and each is decoded with
// Unmarshal's rules.
//
// The Decoder reads its input in chunks and finds where each value ends with
// a quick scan (strings skipped with bytes.IndexByte, brackets counted);
// simdjson then validates and parses the value in one call. Malformed input
// is reported with encoding/json's errors and offsets, counted from the
// start of the stream; unlike encoding/json, an error inside an array or
// object is reported once the value's brackets close (or the stream ends),
// not as soon as its byte arrives. Token is not provided.
type Decoder struct {
	r       io.Reader
	buf     []byte
	scanp   int   // start of unread data in buf
	scanned int64 // bytes dropped from the front of buf
	// scanBytes counts the bytes the value scans have stepped through, as
	// encoding/json's scanner counts them: its syntax errors carry this
	// offset (bytes skipped by More are not counted).
	scanBytes int64
	err       error
	opts      int
	empty     int // reads in a row that returned neither bytes nor an error
}

// NewDecoder returns a new decoder that reads from r. The decoder reads
// ahead: it may read data from r beyond the values requested. A reader that
// returns a count outside [0, len(p)] fails the Decoder, and one that
// returns no bytes and no error 100 times in a row fails it with
// io.ErrNoProgress, as streams do (encoding/json panics on the first and
// spins on the second).
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
// again; type errors are not.
func (dec *Decoder) Decode(v any) error {
	if dec.err != nil {
		return dec.err
	}
	start := dec.scanBytes
	n, err := dec.readValue()
	if err != nil {
		return err
	}
	data := dec.buf[dec.scanp : dec.scanp+n]
	dec.scanp += n
	dec.scanBytes += int64(n)
	err = unmarshal(data, v, dec.opts)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// The value's extent was found without validating it: the error is
		// the one encoding/json's scan would have met, in stream offsets.
		se.Offset += start
		dec.err = err
		dec.scanp -= n
		dec.scanBytes = start
	}
	return err
}

// Buffered returns a reader of the data remaining in the Decoder's buffer.
// The reader is valid until the next call to Decode.
func (dec *Decoder) Buffered() io.Reader { return bytes.NewReader(dec.buf[dec.scanp:]) }

// InputOffset returns the input stream byte offset of the current decoder
// position: the end of the most recently decoded value and the beginning of
// the next one.
func (dec *Decoder) InputOffset() int64 { return dec.scanned + int64(dec.scanp) }

// More reports whether there is another element in the current array or
// object being parsed: for a Decoder without Token, whether the input holds
// more than whitespace before its end or a closing bracket.
func (dec *Decoder) More() bool {
	c, err := dec.peek()
	return err == nil && c != ']' && c != '}'
}

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

// Reading.

const decoderMinRead = 32 << 10

// refill reads more input, first dropping the consumed prefix of buf. It
// keeps shim.Padding bytes of spare capacity so that values are parsed in place.
func (dec *Decoder) refill() error {
	if dec.scanp > 0 {
		dec.scanned += int64(dec.scanp)
		n := copy(dec.buf, dec.buf[dec.scanp:])
		dec.buf = dec.buf[:n]
		dec.scanp = 0
	}
	if cap(dec.buf)-len(dec.buf) < decoderMinRead+shim.Padding {
		nb := make([]byte, len(dec.buf), 2*cap(dec.buf)+decoderMinRead+shim.Padding)
		copy(nb, dec.buf)
		dec.buf = nb
	}
	b := dec.buf[len(dec.buf) : cap(dec.buf)-shim.Padding]
	n, err := dec.r.Read(b)
	if n < 0 || n > len(b) {
		return errReadCount // as streams and maps report it
	}
	dec.buf = dec.buf[:len(dec.buf)+n]
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
// byte that cannot belong to one.
func (dec *Decoder) readValue() (int, error) {
	var s valueScan
	pos := dec.scanp
	var err error
	for {
		end, done := s.scan(dec.buf, pos)
		if done {
			return end - dec.scanp, nil
		}
		pos = end
		if err != nil {
			if err == io.EOF && s.kind == 'n' && s.num.complete() {
				// A number is complete at the end of the input.
				return pos - dec.scanp, nil
			}
			return 0, dec.endOfInput(err, s.started)
		}
		off := pos - dec.scanp
		err = dec.refill()
		pos = dec.scanp + off
	}
}

// endOfInput handles the end of the input (or a read error) before a value
// was complete: io.EOF when only whitespace was left, otherwise the error
// encoding/json reports for the partial value (a syntax error met before
// the end, or io.ErrUnexpectedEOF).
func (dec *Decoder) endOfInput(err error, started bool) error {
	if err == io.EOF && started {
		rest := dec.buf[dec.scanp:]
		jd := json.NewDecoder(bytes.NewReader(rest))
		var discard json.RawMessage
		err = jd.Decode(&discard)
		var se *json.SyntaxError
		if errors.As(err, &se) {
			se.Offset += dec.scanBytes
		} else {
			err = io.ErrUnexpectedEOF
		}
	}
	dec.err = err
	return err
}

// valueScan finds the end of one value, resumably across refills.
type valueScan struct {
	started bool // a non-space byte was seen
	kind    byte // '{' (object or array), '"', 'n' (number), 'l' (literal)
	depth   int
	inStr   bool
	lit     string // the literal being matched
	litPos  int
	num     numScan
}

// scan continues from pos. It
// returns the end of the extent and true when the value is complete (or
// malformed: the extent then ends after the offending byte), or the
// position to resume from and false when more input is needed.
func (s *valueScan) scan(buf []byte, pos int) (int, bool) {
	i := pos
	if !s.started {
		for i < len(buf) && text.IsSpace(buf[i]) {
			i++
		}
		if i == len(buf) {
			return i, false
		}
		s.started = true
		switch c := buf[i]; {
		case c == '{' || c == '[':
			s.kind = '{'
			s.depth = 1
			i++
		case c == '"':
			s.kind = '"'
			s.inStr = true
			i++
		case c == '-' || c >= '0' && c <= '9':
			s.kind = 'n'
		case c == 't':
			s.kind, s.lit = 'l', "true"
		case c == 'f':
			s.kind, s.lit = 'l', "false"
		case c == 'n':
			s.kind, s.lit = 'l', "null"
		default:
			return i + 1, true // not a value: let the parser report it
		}
	}
	switch s.kind {
	case '{':
		return s.scanContainer(buf, i)
	case '"':
		j, ok := skipString(buf, i)
		if !ok {
			return j, false
		}
		return j, true
	case 'l':
		for ; i < len(buf) && s.litPos < len(s.lit); i++ {
			if buf[i] != s.lit[s.litPos] {
				return i + 1, true
			}
			s.litPos++
		}
		if s.litPos == len(s.lit) {
			return i, true
		}
		return i, false
	}
	for ; i < len(buf); i++ {
		switch s.num.step(buf[i]) {
		case numEnd:
			return i, true
		case numError:
			return i + 1, true
		}
	}
	return i, false
}

// scanContainer counts brackets outside strings until depth 0.
func (s *valueScan) scanContainer(buf []byte, i int) (int, bool) {
	for i < len(buf) {
		if s.inStr {
			j, ok := skipString(buf, i)
			if !ok {
				return j, false
			}
			s.inStr = false
			i = j
			continue
		}
		switch buf[i] {
		case '"':
			s.inStr = true
		case '{', '[':
			s.depth++
		case '}', ']':
			s.depth--
			if s.depth == 0 {
				return i + 1, true
			}
		}
		i++
	}
	return i, false
}

// skipString moves past the closing quote of a string whose opening quote
// is before i. When the string is not closed within buf it returns where to
// resume (never inside an escape sequence) and false.
func skipString(buf []byte, i int) (int, bool) {
	for {
		k := bytes.IndexByte(buf[i:], '"')
		if k < 0 {
			// Resume at the last byte so that a backslash before the end
			// of the buffer is seen again with what follows it.
			j := len(buf)
			if j > i && buf[j-1] == '\\' {
				j--
				for j > i && buf[j-1] == '\\' {
					j--
				}
				// An even run of backslashes escapes itself.
				if (len(buf)-j)%2 == 0 {
					j = len(buf)
				}
			}
			return j, false
		}
		q := i + k
		b := q
		for b > i && buf[b-1] == '\\' {
			b--
		}
		if (q-b)%2 == 0 {
			return q + 1, true
		}
		i = q + 1
	}
}

// numScan follows RFC 8259's number grammar, as encoding/json's scanner
// does, to find where a top-level number ends.
type numScan struct{ state int8 }

const (
	numMore = iota
	numEnd
	numError
)

// complete reports whether the number read so far is a whole number.
func (n *numScan) complete() bool {
	switch n.state {
	case 2, 3, 5, 8:
		return true
	}
	return false
}

// States: 0 start, 1 after '-', 2 after a leading 0, 3 in integer digits,
// 4 after '.', 5 in fraction digits, 6 after 'e', 7 after the exponent's
// sign, 8 in exponent digits.
func (n *numScan) step(c byte) int {
	digit := c >= '0' && c <= '9'
	switch n.state {
	case 0:
		switch {
		case c == '-':
			n.state = 1
		case c == '0':
			n.state = 2
		case digit:
			n.state = 3
		default:
			return numError
		}
	case 1:
		switch {
		case c == '0':
			n.state = 2
		case digit:
			n.state = 3
		default:
			return numError
		}
	case 2, 3:
		switch {
		case digit && n.state == 3:
		case c == '.':
			n.state = 4
		case c == 'e' || c == 'E':
			n.state = 6
		default:
			return numEnd
		}
	case 4:
		if !digit {
			return numError
		}
		n.state = 5
	case 5:
		switch {
		case digit:
		case c == 'e' || c == 'E':
			n.state = 6
		default:
			return numEnd
		}
	case 6:
		switch {
		case c == '+' || c == '-':
			n.state = 7
		case digit:
			n.state = 8
		default:
			return numError
		}
	case 7:
		if !digit {
			return numError
		}
		n.state = 8
	case 8:
		if !digit {
			return numEnd
		}
	}
	return numMore
}
