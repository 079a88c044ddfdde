package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/simdjson-cgo/simdjson/internal/text"
)

// The Decoder under stdV2 (GOEXPERIMENT=jsonv2, see decode_v2.go), where
// encoding/json's Decoder reads with encoding/json/jsontext: its rules,
// measured against go1.27.3, differ from the classic Decoder's in the
// token layer. This file is compiled in every build and reached only when
// stdV2 is true.
//
//   - A delimiter (',' or ':') is read with the token after it, never on
//     its own: between calls the Decoder stands right after the last token
//     or value (InputOffset, Buffered).
//   - Decode where an object's key comes reads the key as a string value.
//   - More reports a syntax error or a read error it meets (it returns
//     true), and the error is final; Decode's errors are final, Token's
//     are not (but the state does not move, so they repeat).
//   - Syntax errors are jsontext's, with its offsets (past the offending
//     byte). This file finds where an error is; its text and offset come
//     from encoding/json itself, replaying the failing call on the bytes
//     from the last token on, behind a stand-in prefix that puts jsontext
//     in the Decoder's state (see replayError).
//   - A type error in a value Decode reads is counted from the value's
//     first byte (encoding/json unmarshals the value alone).
//   - A string or literal ends at its last byte: the Decoder does not wait
//     for the byte after it.

// Replay operations.
const (
	replayToken = iota
	replayDecode
	replayMore
)

// maxDepthV2 is jsontext's nesting limit.
const maxDepthV2 = 10000

// jsKind is jsontext's Kind of the token starting with c: '0' for numbers,
// 0 for a byte no token starts with.
func jsKind(c byte) byte {
	switch c {
	case 'n', 't', 'f', '"', '{', '}', '[', ']':
		return c
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return '0'
	}
	return 0
}

// needDelimV2 is the delimiter jsontext requires before a token of kind k.
func (dec *Decoder) needDelimV2(k byte) byte {
	switch dec.tokenState {
	case tokObjectColon:
		return ':'
	case tokArrayAfter, tokObjectAfter:
		if k != '}' && k != ']' {
			return ','
		}
	}
	return 0
}

// needNameV2 reports whether the next token must be an object's key.
func (dec *Decoder) needNameV2() bool {
	return dec.tokenState == tokObjectFirst || dec.tokenState == tokObjectAfter
}

// countV2 moves the state past a value (or a key) read at this level.
func (dec *Decoder) countV2() {
	switch dec.tokenState {
	case tokArrayFirst, tokArrayAfter:
		dec.tokenState = tokArrayAfter
	case tokObjectFirst, tokObjectAfter:
		dec.tokenState = tokObjectColon
	case tokObjectColon:
		dec.tokenState = tokObjectAfter
	}
}

// moreAt reads more input when index i of buf is at its end, keeping
// buf[scanp:], and returns i moved with the data.
func (dec *Decoder) moreAt(i int) (int, error) {
	off := i - dec.scanp
	err := dec.refill()
	return dec.scanp + off, err
}

// spaceV2 returns the index of the first byte at or after i that is not
// whitespace, reading as needed, or the read's error (io.EOF included)
// when the input ends first.
func (dec *Decoder) spaceV2(i int) (int, error) {
	for {
		for i < len(dec.buf) && text.IsSpace(dec.buf[i]) {
			i++
		}
		if i < len(dec.buf) {
			return i, nil
		}
		var err error
		if i, err = dec.moreAt(i); err != nil && i == len(dec.buf) {
			return i, err
		}
	}
}

// errReplay: nextV2 found an error whose text and offset encoding/json
// gives (replayError); errTopEOF: the input ends between top-level values.
var (
	errReplay = errors.New("json: replay")
	errTopEOF = errors.New("json: end of input")
)

// nextV2 finds the next token as jsontext does: whitespace, then a
// delimiter and whitespace. It returns the index of the token's first byte
// and its kind (0 for a byte no token starts with), or errTopEOF at the
// end of the input between top-level values, io.EOF elsewhere, a read
// error, or errReplay (see replayed).
func (dec *Decoder) nextV2() (int, byte, error) {
	if at := dec.nextAt; at != 0 {
		// More found it (the usual loop: More, then Decode or Token).
		dec.nextAt = 0
		return int(at - 1 - dec.scanned), dec.nextKind, nil
	}
	// The usual case first: the token (or a delimiter and the token) right
	// there, without whitespace.
	if i := dec.scanp; i+1 < len(dec.buf) {
		var delim byte
		c := dec.buf[i]
		if c == ',' || c == ':' {
			delim, i = c, i+1
			c = dec.buf[i]
		}
		if !text.IsSpace(c) {
			k := jsKind(c)
			if dec.needDelimV2(k) != delim {
				return i, k, errReplay
			}
			return i, k, nil
		}
	}
	i, err := dec.spaceV2(dec.scanp)
	if err == nil {
		var delim byte
		if c := dec.buf[i]; c == ',' || c == ':' {
			delim = c
			if i, err = dec.spaceV2(i + 1); err != nil && dec.needDelimV2('"') != delim {
				return i, 0, errReplay // the delimiter is wrong whatever follows
			}
		}
		if err == nil {
			k := jsKind(dec.buf[i])
			if dec.needDelimV2(k) != delim {
				return i, k, errReplay
			}
			return i, k, nil
		}
	}
	if err == io.EOF && dec.tokenState == tokTop && !nonSpace(dec.buf[dec.scanp:]) {
		return i, 0, errTopEOF
	}
	return i, 0, err
}

// replayAfter is replayError once the value (or token) at index i is read:
// jsontext reads it before it reports an error that concerns it whole (or
// the error of reading it).
func (dec *Decoder) replayAfter(i int, op int) error {
	if _, _, err := dec.scanFromV2(i); err != nil {
		return dec.replayed(err, op)
	}
	return dec.replayError(op, io.EOF)
}

// replayed returns the error encoding/json gives for op where nextV2 or
// scanFromV2 returned err: io.EOF between top-level values as it is; a
// syntax error (errReplay), the end of the input (io.EOF) inside a value
// or a container, or a read error by replayError.
func (dec *Decoder) replayed(err error, op int) error {
	switch err {
	case errReplay, io.EOF:
		return dec.replayError(op, io.EOF)
	case errTopEOF:
		return io.EOF
	}
	return dec.replayError(op, err)
}

// tokenV2 is Token under stdV2.
func (dec *Decoder) tokenV2() (Token, error) {
	if dec.err != nil {
		return nil, dec.err
	}
	i, k, err := dec.nextV2()
	key := dec.needNameV2()
	if err == nil {
		switch k {
		case '{', '[':
			if key || len(dec.tokenStack) == maxDepthV2 {
				err = errReplay
				break
			}
			dec.countV2()
			dec.tokenStack = append(dec.tokenStack, dec.tokenState)
			if k == '[' {
				dec.tokenState = tokArrayFirst
			} else {
				dec.tokenState = tokObjectFirst
			}
			dec.tokenDoneV2(i + 1)
			return Delim(k), nil
		case '}', ']':
			if st := dec.tokenState; k == '}' && st != tokObjectFirst && st != tokObjectAfter ||
				k == ']' && st != tokArrayFirst && st != tokArrayAfter {
				err = errReplay
				break
			}
			top := len(dec.tokenStack) - 1
			dec.tokenState = dec.tokenStack[top]
			dec.tokenStack = dec.tokenStack[:top]
			dec.tokenDoneV2(i + 1)
			if dec.tokenState == tokTop {
				dec.release() // the outermost array or object is read
			}
			return Delim(k), nil
		case '"':
		case 'n', 't', 'f', '0':
			if key {
				// jsontext reads the token before it finds it is no key.
				return nil, dec.tokenErrorV2(dec.replayAfter(i, replayToken))
			}
		default:
			err = errReplay
		}
	}
	if err != nil {
		return nil, dec.tokenErrorV2(dec.replayed(err, replayToken))
	}
	end, done := 0, false
	if k == '"' {
		end, done = skipString(dec.buf, i+1) // the usual case: all there
	}
	if !done {
		if i, end, err = dec.scanFromV2(i); err != nil {
			return nil, dec.tokenErrorV2(dec.replayed(err, replayToken))
		}
	}
	data := dec.buf[i:end]
	tok, ok := quickToken(data, key, dec.opts&optUseNumber != 0)
	if !ok {
		// Escapes, invalid UTF-8, a number beyond float64, or a malformed
		// token: encoding/json's Decoder reads it alone.
		jd := stdjson.NewDecoder(bytes.NewReader(data))
		if dec.opts&optUseNumber != 0 {
			jd.UseNumber()
		}
		if tok, err = jd.Token(); err != nil {
			te, ok := err.(*UnmarshalTypeError)
			if !ok {
				return nil, dec.tokenErrorV2(dec.replayError(replayToken, io.EOF))
			}
			// The token is read, its conversion failed: the offset is
			// the stream's, after it.
			te.Offset += dec.scanned + int64(i)
			dec.countV2()
			dec.tokenDoneV2(end)
			return nil, te
		}
	}
	dec.countV2()
	dec.tokenDoneV2(end)
	return tok, nil
}

// tokenDoneV2 consumes a token that ends at index end.
func (dec *Decoder) tokenDoneV2(end int) {
	dec.scanp = end
	dec.peeked, dec.atEOF = false, false
}

// tokenErrorV2 is what Token returns for err (not final): io.EOF inside an
// array or object, where only delimiters and whitespace are left, makes
// InputOffset count them (encoding/json's hadEOF).
func (dec *Decoder) tokenErrorV2(err error) error {
	if err == io.EOF && dec.tokenState != tokTop {
		dec.atEOF = true
	}
	return err
}

// scanFromV2 finds the end of the value (or token) starting at index i,
// reading more as needed. Reading keeps buf[scanp:] but moves it: it
// returns the value's start moved with the data, and its end. It returns
// io.EOF or a read error when the input ends first; a malformed value ends
// after the byte that cannot belong to it, as readValue's do.
func (dec *Decoder) scanFromV2(i int) (start, end int, err error) {
	var s valueScan
	start, pos := i, i
	for {
		end, done := s.scan(dec.buf, pos)
		if done {
			return start, end, nil
		}
		off, unread := end-start, len(dec.buf)-dec.scanp
		start, err = dec.moreAt(start)
		pos = start + off
		if err != nil && len(dec.buf)-dec.scanp == unread { // nothing more came
			if err == io.EOF && s.completeAtEOF() {
				return start, pos, nil
			}
			return start, pos, err
		}
	}
}

// decodeElemV2 is Decode under stdV2 inside an array or object read with
// Token: jsontext's ReadValue (a key is read as a string value), then the
// value is unmarshaled alone.
func (dec *Decoder) decodeElemV2(v any) error {
	i, k, err := dec.nextV2()
	if err == nil && (k == 0 || k == '}' || k == ']') {
		err = errReplay
	}
	if err != nil {
		return dec.finalV2(dec.replayed(err, replayDecode))
	}
	if k != '"' && dec.needNameV2() {
		// jsontext reads the value before it finds it is no key.
		return dec.finalV2(dec.replayAfter(i, replayDecode))
	}
	i, end, err := dec.scanFromV2(i)
	if err != nil {
		return dec.finalV2(dec.replayed(err, replayDecode))
	}
	data := dec.buf[i:end]
	if !dec.tainted && !keepsNoInput(v) {
		dec.tainted = true
	}
	err = unmarshal(data, v, dec.opts)
	if err != nil {
		if _, ok := err.(*stdjson.SyntaxError); ok && !stdjson.Valid(data) {
			return dec.finalV2(dec.replayError(replayDecode, io.EOF))
		}
	}
	dec.countV2()
	dec.tokenDoneV2(end)
	return err
}

// finalV2 makes err Decode's final error, as encoding/json's Decode does
// with the errors of reading a value (its unexpected end becomes
// io.ErrUnexpectedEOF).
func (dec *Decoder) finalV2(err error) error {
	if se, ok := err.(*stdjson.SyntaxError); ok && se.Error() == "unexpected end of JSON input" {
		err = io.ErrUnexpectedEOF
	}
	dec.err = err
	return err
}

// moreV2 is More under stdV2: jsontext's PeekKind, whose error (a syntax
// error, a read error, io.EOF at the end of the input) becomes final if
// there is none yet; More then reports true but at io.EOF.
func (dec *Decoder) moreV2() bool {
	dec.peeked = true
	i, k, err := dec.nextV2()
	if err == nil && k == 0 {
		err = errReplay
	}
	if err != nil {
		if dec.err == nil {
			dec.err = dec.replayed(err, replayMore)
		}
		return dec.err != io.EOF
	}
	dec.nextAt, dec.nextKind = dec.scanned+int64(i)+1, k
	return k != ']' && k != '}'
}

// inputOffsetV2 is InputOffset under stdV2: the end of the last token or
// value, and after More (or Token's io.EOF inside an array or object) the
// whitespace after it too (and the delimiter, after io.EOF).
func (dec *Decoder) inputOffsetV2() int64 {
	off := dec.scanned + int64(dec.scanp)
	atEOF := dec.atEOF && stdGo127 // (Go 1.26's experiment has no hadEOF)
	if dec.peeked || atEOF {
		unread := dec.buf[dec.scanp:]
		rest := bytes.TrimLeft(unread, " \n\r\t")
		if len(rest) > 0 {
			off += int64(len(unread) - len(rest))
			if atEOF && (rest[0] == ',' || rest[0] == ':') {
				off++
			}
		}
	}
	return off
}

// replayError returns the error encoding/json's Decoder gives for the call
// op where this Decoder found an error (at the end of the input or in what
// it has buffered): a Decoder of encoding/json reads a stand-in prefix
// that puts jsontext in this Decoder's state (the enclosing arrays and
// objects, and where in the innermost one it is, with "" for the keys and
// values before: a string ends where it ends, as the real token did, where
// a number could run on into what follows), then the bytes from the last
// token or value on; its error's offset is moved by the length the prefix
// stands for. Its reads return at most as many bytes as this
// Decoder's reader ever returned at once, so that a character split across
// reads is reported as jsontext saw it (exact for readers with fixed
// chunks; a reader whose reads vary may split a character elsewhere).
func (dec *Decoder) replayError(op int, end error) error {
	if err := dec.replayFind(op, end); err != nil {
		return err
	}
	// encoding/json finds no error where this Decoder did (it should not
	// happen): say where, rather than nothing.
	return errors.New("json: syntax error after offset " + strconv.FormatInt(dec.scanned+int64(dec.scanp), 10))
}

// replayFind is replayError, nil when encoding/json finds no error. The
// replayed input ends as this Decoder's did: with io.EOF or the read error
// end (what encoding/json makes of a read error is its own).
func (dec *Decoder) replayFind(op int, end error) error {
	var prefix strings.Builder
	tokens := 0
	levels := append(dec.tokenStack[:len(dec.tokenStack):len(dec.tokenStack)], dec.tokenState)
	for k, st := range levels {
		inner := k == len(levels)-1
		switch st {
		case tokArrayFirst, tokArrayAfter:
			prefix.WriteByte('[')
			tokens++
			if inner && st == tokArrayAfter {
				prefix.WriteString(`""`)
				tokens++
			}
		case tokObjectFirst, tokObjectColon, tokObjectAfter:
			prefix.WriteByte('{')
			tokens++
			switch {
			case !inner:
				prefix.WriteString(`"":`)
				tokens++
			case st == tokObjectColon:
				prefix.WriteString(`""`)
				tokens++
			case st == tokObjectAfter:
				prefix.WriteString(`"":""`)
				tokens += 2
			}
		}
	}
	// levels[0] is tokTop: each later level is opened by the one before.
	// (The loop wrote each level's own opening bracket: outer levels are
	// those of tokenStack[1:] and the innermost is tokenState.)
	rest := dec.buf[dec.scanp:]
	shift := dec.scanned + int64(dec.scanp) - int64(prefix.Len())
	r := &chunkReader{data: append([]byte(prefix.String()), rest...), chunk: dec.maxRead, end: end}
	jd := stdjson.NewDecoder(r)
	if dec.opts&optUseNumber != 0 {
		jd.UseNumber()
	}
	for range tokens {
		if _, err := jd.Token(); err != nil {
			return shiftError(err, shift)
		}
	}
	var err error
	switch op {
	case replayToken:
		_, err = jd.Token()
	case replayMore:
		jd.More()
		var x stdjson.RawMessage
		err = jd.Decode(&x)
	default:
		var x stdjson.RawMessage
		err = jd.Decode(&x)
	}
	return shiftError(err, shift) // nil when encoding/json finds no error there
}

func shiftError(err error, shift int64) error {
	if se, ok := err.(*stdjson.SyntaxError); ok {
		se.Offset += shift
	}
	return err
}

// chunkReader returns data at most chunk bytes a read (all when chunk is
// 0), then end.
type chunkReader struct {
	data  []byte
	chunk int
	end   error
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.end
	}
	if r.chunk > 0 && len(p) > r.chunk {
		p = p[:r.chunk]
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}
