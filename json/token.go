package json

import (
	stdjson "encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Token states: where the Decoder is in the array or object it is reading
// with Token (tokTop outside any).
const (
	tokTop         = iota
	tokArrayFirst  // after '[': an element or ']'
	tokArrayElem   // after ',': an element
	tokArrayAfter  // after an element: ',' or ']'
	tokObjectFirst // after '{': a key or '}'
	tokObjectKey   // after ',': a key
	tokObjectColon // after a key: ':'
	tokObjectValue // after ':': a value
	tokObjectAfter // after a value: ',' or '}'
)

// Token returns the next JSON token in the input stream: a Delim for the
// four delimiters [ ] { }, a bool, a float64 (or a Number after UseNumber),
// a string (values and object keys alike) or nil for null. Commas and
// colons are consumed without being returned. At the end of the input
// stream, Token returns nil, io.EOF.
//
// As encoding/json's Token, it checks that delimiters are properly nested
// and matched and that commas and colons are where they belong, and reports
// encoding/json's errors (with the same offsets) when they are not. Token,
// More and Decode can be mixed: the usual way to read a large array is
// Token for its '[', then Decode for each element while More reports one,
// then Token for its ']'; the Decoder's buffer holds one element at a time,
// not the array. (Under GOEXPERIMENT=jsonv2 the rules are jsontext's, as
// encoding/json's there: see decoder_jsontext.go.)
func (dec *Decoder) Token() (Token, error) {
	if stdV2 {
		return dec.tokenV2()
	}
	for {
		c, err := dec.peek()
		if err != nil {
			return nil, err
		}
		switch c {
		case '[', '{':
			if !dec.valueAllowed() {
				return nil, dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			if c == '[' {
				dec.tokenState = tokArrayFirst
			} else {
				dec.tokenState = tokObjectFirst
			}
			return Delim(c), nil
		case ']', '}':
			st := dec.tokenState
			if c == ']' && st != tokArrayFirst && st != tokArrayAfter ||
				c == '}' && st != tokObjectFirst && st != tokObjectAfter {
				return nil, dec.tokenError(c)
			}
			dec.scanp++
			top := len(dec.tokenStack) - 1
			dec.tokenState = dec.tokenStack[top]
			dec.tokenStack = dec.tokenStack[:top]
			dec.valueEnd()
			if dec.tokenState == tokTop {
				dec.release() // the outermost array or object is read
			}
			return Delim(c), nil
		case ':':
			if dec.tokenState != tokObjectColon {
				return nil, dec.tokenError(c)
			}
			dec.scanp++
			dec.tokenState = tokObjectValue
			continue
		case ',':
			switch dec.tokenState {
			case tokArrayAfter:
				dec.tokenState = tokArrayElem
			case tokObjectAfter:
				dec.tokenState = tokObjectKey
			default:
				return nil, dec.tokenError(c)
			}
			dec.scanp++
			continue
		case '"':
			if st := dec.tokenState; st == tokObjectFirst || st == tokObjectKey {
				s, err := dec.scalarToken(true)
				if err != nil {
					return nil, err
				}
				dec.tokenState = tokObjectColon
				return s, nil
			}
		}
		if !dec.valueAllowed() {
			return nil, dec.tokenError(c)
		}
		return dec.scalarToken(false)
	}
}

// scalarToken reads a string, number or literal (or whatever byte is there
// instead) as Decode into a string (an object key) or an interface value
// does. Simple strings, numbers and literals are converted here; the rest
// go through Unmarshal for its exact values and errors.
func (dec *Decoder) scalarToken(key bool) (Token, error) {
	if dec.err != nil {
		return nil, dec.err
	}
	start := dec.scanBytes
	n, _, err := dec.readValue(false)
	if err != nil {
		return nil, err
	}
	data := dec.buf[dec.scanp : dec.scanp+n]
	dec.scanp += n
	dec.scanBytes += int64(n)
	tok, ok := quickToken(data, key, dec.opts&optUseNumber != 0)
	if !ok {
		if key {
			var s string
			err = unmarshal(data, &s, dec.opts)
			tok = s
		} else {
			var x any
			err = unmarshal(data, &x, dec.opts)
			tok = x
		}
		if err != nil {
			if !dec.syntaxFailure(err, data, start) && !key {
				dec.valueEnd()
			}
			return nil, err
		}
	}
	if !key {
		dec.valueEnd()
	}
	return tok, nil
}

// quickToken converts data, the extent of one scalar, when that needs none
// of Unmarshal's care: a string without escapes, control characters or
// invalid UTF-8, a valid number within float64's range (any valid number
// with useNumber), true, false or null. Keys are strings only.
func quickToken(data []byte, key, useNumber bool) (Token, bool) {
	for len(data) > 0 && text.IsSpace(data[0]) {
		data = data[1:]
	}
	if len(data) == 0 {
		return nil, false
	}
	c := data[0]
	if c == '"' {
		if len(data) < 2 || data[len(data)-1] != '"' {
			return nil, false
		}
		body := data[1 : len(data)-1]
		ascii, escaped := true, false
		for i := 0; i < len(body); i++ {
			switch b := body[i]; {
			case b < 0x20 || b == '"':
				return nil, false
			case b == '\\':
				escaped = true
				i++ // the escaped byte (unescapeSimple checks it)
			case b >= utf8.RuneSelf:
				ascii = false
			}
		}
		if !ascii && !utf8.Valid(body) {
			return nil, false
		}
		if escaped {
			return unescapeSimple(body)
		}
		return string(body), true
	}
	if key {
		return nil, false
	}
	switch string(data) {
	case "true":
		return true, true
	case "false":
		return false, true
	case "null":
		return nil, true
	}
	if c != '-' && (c < '0' || c > '9') {
		return nil, false
	}
	var ns numScan
	for _, b := range data {
		if ns.step(b) != numMore {
			return nil, false
		}
	}
	if !ns.complete() {
		return nil, false
	}
	if useNumber {
		return Number(data), true
	}
	f, err := strconv.ParseFloat(string(data), 64)
	if err != nil {
		return nil, false // out of range: Unmarshal reports it
	}
	return f, true
}

// unescapeSimple unescapes a string's body whose escapes are all of one
// character (\" \\ \/ \b \f \n \r \t); \u escapes (and invalid ones)
// are left to Unmarshal.
func unescapeSimple(body []byte) (Token, bool) {
	var sb strings.Builder
	sb.Grow(len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' {
			if i++; i == len(body) {
				return nil, false
			}
			switch c = body[i]; c {
			case '"', '\\', '/':
			case 'b':
				c = '\b'
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			default:
				return nil, false
			}
		}
		sb.WriteByte(c)
	}
	return sb.String(), true
}

// valueAllowed reports whether a value may come next.
func (dec *Decoder) valueAllowed() bool {
	switch dec.tokenState {
	case tokTop, tokArrayFirst, tokArrayElem, tokObjectValue:
		return true
	}
	return false
}

// valueEnd moves the token state past a value.
func (dec *Decoder) valueEnd() {
	switch dec.tokenState {
	case tokArrayFirst, tokArrayElem:
		dec.tokenState = tokArrayAfter
	case tokObjectValue:
		dec.tokenState = tokObjectAfter
	}
}

// prepareValue readies Decode to read a value inside an array or object:
// it consumes the comma after an element or the colon after a key, and
// fails where no value may come, with encoding/json's errors (not final).
func (dec *Decoder) prepareValue() error {
	switch dec.tokenState {
	case tokArrayAfter, tokObjectColon:
		c, err := dec.peek()
		if err != nil {
			return err
		}
		if dec.tokenState == tokArrayAfter {
			if c != ',' {
				return jsonError(`[0 0`, 2, true, dec.InputOffset()) // expected comma after array element
			}
			dec.tokenState = tokArrayElem
		} else {
			if c != ':' {
				return jsonError(`{"" 0`, 2, true, dec.InputOffset()) // expected colon after object key
			}
			dec.tokenState = tokObjectValue
		}
		dec.scanp++
	}
	if !dec.valueAllowed() {
		return jsonError(`{`, 1, true, dec.InputOffset()) // not at beginning of value
	}
	return nil
}

// tokenError is Token's error for byte c where the token state does not
// allow it.
func (dec *Decoder) tokenError(c byte) error {
	p := tokenPrefixes[dec.tokenState]
	return jsonError(p.text+string([]byte{c}), p.tokens, false, dec.InputOffset())
}

// tokenPrefixes: for each token state, a stream that brings encoding/json's
// Decoder to it and the number of Token calls that takes.
var tokenPrefixes = [...]struct {
	text   string
	tokens int
}{
	tokTop:         {``, 0},
	tokArrayFirst:  {`[`, 1},
	tokArrayElem:   {`[0,`, 2},
	tokArrayAfter:  {`[""`, 2},
	tokObjectFirst: {`{`, 1},
	tokObjectKey:   {`{"":"",`, 3},
	tokObjectColon: {`{""`, 2},
	tokObjectValue: {`{"":`, 2},
	tokObjectAfter: {`{"":""`, 3},
}

// jsonError returns the error encoding/json's Decoder reports on stream
// after tokens calls of Token, at the next Token or (decode) Decode, with
// its offset set to off. encoding/json's *SyntaxError keeps its message
// unexported: its own Decoder writes it.
func jsonError(stream string, tokens int, decode bool, off int64) error {
	jd := stdjson.NewDecoder(strings.NewReader(stream))
	for range tokens {
		if _, err := jd.Token(); err != nil {
			return withOffset(err, off)
		}
	}
	var err error
	if decode {
		var x any
		err = jd.Decode(&x)
	} else {
		_, err = jd.Token()
	}
	if err == nil {
		// Not the classic encoding/json (GOEXPERIMENT=jsonv2 accepts
		// what it rejects): say where.
		return errors.New("json: syntax error at offset " + strconv.FormatInt(off, 10))
	}
	return withOffset(err, off)
}

func withOffset(err error, off int64) error {
	if se, ok := err.(*stdjson.SyntaxError); ok {
		se.Offset = off
	}
	return err
}
