package json

import (
	"encoding/binary"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// valueScan finds the end of one value, resumably across refills.
type valueScan struct {
	started bool // a non-space byte was seen
	kind    byte // '{' (object or array), '"', 'n' (number), 'l' (literal)
	ended   bool // the string or literal is complete: it ends at the next byte
	depth   int
	inStr   bool
	lit     string // the literal being matched
	litPos  int
	num     numScan
}

// completeAtEOF reports whether the value scanned so far is complete when
// the input ends there.
func (s *valueScan) completeAtEOF() bool {
	return s.ended || s.kind == 'n' && s.num.complete()
}

// scan continues from pos. It returns the end of the extent and true when
// the value is complete (or malformed: the extent then ends after the
// offending byte), or the position to resume from and false when more input
// is needed. A string or a literal is complete when a byte follows it
// (under stdV2, at its last byte, as jsontext reads it).
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
		if !s.ended {
			j, ok := skipString(buf, i)
			if !ok {
				return j, false
			}
			s.ended = true
			i = j
		}
		// (jsontext, under stdV2, does not read the byte after it.)
		return i, stdV2 || i < len(buf)
	case 'l':
		if !s.ended {
			for ; i < len(buf) && s.litPos < len(s.lit); i++ {
				if buf[i] != s.lit[s.litPos] {
					return i + 1, true
				}
				s.litPos++
			}
			if s.litPos < len(s.lit) {
				return i, false
			}
			s.ended = true
		}
		return i, stdV2 || i < len(buf)
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
	if s.inStr {
		j, ok := skipString(buf, i)
		if !ok {
			return j, false
		}
		s.inStr = false
		i = j
	}
	depth := s.depth
	for i < len(buf) {
		c := buf[i]
		i++
		if !structural[c] {
			continue
		}
		switch c {
		case '"':
			j, ok := skipString(buf, i)
			if !ok {
				s.inStr, s.depth = true, depth
				return j, false
			}
			i = j
		case '{', '[':
			depth++
		default: // '}', ']'
			if depth--; depth == 0 {
				s.depth = 0
				return i, true
			}
		}
	}
	s.depth = depth
	return i, false
}

// structural marks the bytes scanContainer looks at.
var structural = [256]bool{'"': true, '{': true, '[': true, '}': true, ']': true}

// skipString moves past the closing quote of a string whose opening quote
// is before i. When the string is not closed within buf it returns where to
// resume (never inside an escape sequence) and false. It looks at eight
// bytes at a time for a quote or a backslash (a word with neither has no
// zero byte once xored with either), then byte by byte.
func skipString(buf []byte, i int) (int, bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for {
		for ; i+8 <= len(buf); i += 8 {
			w := binary.LittleEndian.Uint64(buf[i:])
			q, b := w^(ones*'"'), w^(ones*'\\')
			if ((q-ones)&^q|(b-ones)&^b)&highs != 0 {
				break
			}
		}
		for ; i < len(buf); i++ {
			if c := buf[i]; c == '"' {
				return i + 1, true
			} else if c == '\\' {
				break
			}
		}
		if i >= len(buf) {
			return len(buf), false
		}
		// A backslash: it and the byte it escapes.
		if i+1 == len(buf) {
			return i, false // resume at the backslash
		}
		i += 2
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
