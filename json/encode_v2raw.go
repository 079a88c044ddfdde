//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"reflect"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// json.RawMessage (jsontext.Value where encoding/json runs on v2) on
// json/v2's fast path. encoding/json/v2 writes it through its MarshalJSON
// (nil: null) and Encoder.WriteValue, which by default checks the value,
// writes it without whitespace, rewrites every string that is not in
// canonical form (escape sequences the standard would write otherwise, or
// not at all) and rejects invalid UTF-8 and an object with two members of
// one name. The fast path copies the value, its whitespace left out and
// the escapes that are not canonical rewritten (see v2Raw.str); anything
// it does not take, including an empty value, stops the encoding for the
// standard, which gives its bytes or its error.

var ptrRawMessageType = reflect.PointerTo(rawMessageType)

// v2Raw is the state of one raw value's scan.
type v2Raw struct {
	s     *v2State
	src   []byte
	run   int // start of src's bytes not yet written to s.buf
	depth int
}

// raw writes v as encoding/json/v2 writes a json.RawMessage by default.
func (s *v2State) raw(v []byte) {
	if v == nil {
		s.add("null")
		return
	}
	r := v2Raw{s: s, src: v, depth: s.depth}
	i := r.value(r.space(0))
	for _, c := range v[i:] {
		if !isJSONSpace(c) {
			s.stop() // more than one value
		}
	}
	r.flush(i)
}

// at returns src[i], 0 past its end (0 is wrong everywhere in JSON).
func (r *v2Raw) at(i int) byte {
	if i < len(r.src) {
		return r.src[i]
	}
	return 0
}

// flush writes src[run:end] and moves run to end.
func (r *v2Raw) flush(end int) {
	r.s.set(append(r.s.buf, r.src[r.run:end]...))
	r.run = end
}

// space returns the index of the first non-whitespace byte at or after i;
// whitespace between tokens is left out of the output.
func (r *v2Raw) space(i int) int {
	if i < len(r.src) && r.src[i] > ' ' { // not whitespace: the common case, inlined
		return i
	}
	return r.skipSpace(i)
}

func (r *v2Raw) skipSpace(i int) int {
	j := i
	for j < len(r.src) && isJSONSpace(r.src[j]) {
		j++
	}
	if j > i {
		r.flush(i)
		r.run = j
	}
	return j
}

// value scans the value at i and returns the index past it.
func (r *v2Raw) value(i int) int {
	switch c := r.at(i); c {
	case '{':
		return r.object(i)
	case '[':
		return r.array(i)
	case '"':
		return r.str(i, false)
	case 't':
		return r.literal(i, "true")
	case 'f':
		return r.literal(i, "false")
	case 'n':
		return r.literal(i, "null")
	default:
		if c == '-' || '0' <= c && c <= '9' {
			return r.number(i)
		}
	}
	r.s.stop()
	return 0
}

func (r *v2Raw) literal(i int, lit string) int {
	if len(r.src)-i < len(lit) || string(r.src[i:i+len(lit)]) != lit {
		r.s.stop()
	}
	return i + len(lit)
}

// number scans JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (r *v2Raw) number(i int) int {
	if r.at(i) == '-' {
		i++
	}
	switch c := r.at(i); {
	case c == '0':
		i++
	case '1' <= c && c <= '9':
		i = r.digits(i)
	default:
		r.s.stop()
	}
	if r.at(i) == '.' {
		if !isDigit(r.at(i + 1)) {
			r.s.stop()
		}
		i = r.digits(i + 1)
	}
	if c := r.at(i); c == 'e' || c == 'E' {
		i++
		if c := r.at(i); c == '+' || c == '-' {
			i++
		}
		if !isDigit(r.at(i)) {
			r.s.stop()
		}
		i = r.digits(i)
	}
	return i
}

func (r *v2Raw) digits(i int) int {
	for isDigit(r.at(i)) {
		i++
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isJSONSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

// str scans the string at i (its opening quote) and returns the index past
// its closing quote. What is canonical is copied as it is: characters other
// than '"', '\\' and control characters, as valid UTF-8, and the escapes
// \" \\ \b \f \n \r \t and \u00xx (lower-case hex) of the other control
// characters. Other escapes (\/, \u of any other character or in upper
// case, surrogate pairs) are written in canonical form, as the standard
// rewrites them; in a name (name true) they stop the encoding, since the
// duplicate check compares the names' bytes as they are. Invalid UTF-8, a
// raw control character, a lone surrogate or a bad escape stops it too.
func (r *v2Raw) str(i int, name bool) int {
	src := r.src
	j := i + 1
	for {
		// To the next quote, backslash, control character or non-ASCII
		// byte (by SIMD where the CPU has it).
		j = nextEscape(src, j, false)
		if j >= len(src) {
			r.s.stop()
		}
		c := src[j]
		switch {
		case c == '"':
			return j + 1
		case c == '\\':
			j = r.escape(j, name)
		case c < 0x20:
			r.s.stop()
		case c < utf8.RuneSelf:
			j++
		default:
			rn, size := utf8.DecodeRune(src[j:])
			if rn == utf8.RuneError && size == 1 {
				r.s.stop()
			}
			j += size
		}
	}
}

// escape handles the escape sequence at j (see str) and returns the index
// past it.
func (r *v2Raw) escape(j int, name bool) int {
	var rn rune
	n := 2
	switch r.at(j + 1) {
	case '"', '\\', 'b', 'f', 'n', 'r', 't':
		return j + 2
	case '/':
		rn = '/'
	case 'u':
		v, ok := text.Hex4(r.src[j:])
		if !ok {
			r.s.stop()
		}
		switch {
		case v < 0x20 && v != '\b' && v != '\f' && v != '\n' && v != '\r' && v != '\t' && !upperHex(r.src[j+2:j+6]):
			return j + 6 // canonical
		case utf16.IsSurrogate(v):
			lo, ok := text.Hex4(r.src[j+6:])
			rn = utf16.DecodeRune(v, lo)
			if !ok || rn == utf8.RuneError {
				r.s.stop() // a lone or bad surrogate: the standard's error
			}
			n = 12
		default:
			rn = v
			n = 6
		}
	default:
		r.s.stop()
	}
	if name {
		r.s.stop()
	}
	r.flush(j)
	if rn < utf8.RuneSelf {
		if rn < 0x20 || rn == '"' || rn == '\\' {
			r.s.set(appendEscapedASCII(r.s.buf, byte(rn)))
		} else {
			r.s.addByte(byte(rn))
		}
	} else {
		r.s.set(utf8.AppendRune(r.s.buf, rn))
	}
	r.run = j + n
	return j + n
}

func (r *v2Raw) enter() {
	if r.depth++; r.depth > v2DefMaxDepth {
		r.s.stop()
	}
}

func (r *v2Raw) array(i int) int {
	r.enter()
	i = r.space(i + 1)
	if r.at(i) == ']' {
		r.depth--
		return i + 1
	}
	for {
		i = r.space(r.value(i))
		switch r.at(i) {
		case ',':
			i = r.space(i + 1)
		case ']':
			r.depth--
			return i + 1
		default:
			r.s.stop()
		}
	}
}

func (r *v2Raw) object(i int) int {
	r.enter()
	i = r.space(i + 1)
	if r.at(i) == '}' {
		r.depth--
		return i + 1
	}
	// The names' bytes, on a stack shared by the nested objects: str
	// takes only canonical names, and two names are the same text exactly
	// when their canonical forms are the same bytes.
	base := len(r.s.rawNames)
	for {
		if r.at(i) != '"' {
			r.s.stop()
		}
		end := r.str(i, true)
		r.s.rawNames = append(r.s.rawNames, r.src[i+1:end-1])
		i = r.space(end)
		if r.at(i) != ':' {
			r.s.stop()
		}
		i = r.space(r.value(r.space(i + 1)))
		switch r.at(i) {
		case ',':
			i = r.space(i + 1)
			continue
		case '}':
		default:
			r.s.stop()
		}
		break
	}
	if names := r.s.rawNames[base:]; len(names) > 1 && r.s.rawDups.Has(names) {
		r.s.stop()
	}
	clear(r.s.rawNames[base:])
	r.s.rawNames = r.s.rawNames[:base]
	r.depth--
	return i + 1
}

// upperHex reports whether hex digits h have an upper-case letter (not the
// canonical form of a \u escape).
func upperHex(h []byte) bool {
	for _, c := range h {
		if 'A' <= c && c <= 'F' {
			return true
		}
	}
	return false
}
