package json

import (
	"bytes"
	stdjson "encoding/json"
	"strings"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Compact, Indent and HTMLEscape. Compact and Indent validate src with
// simdjson first; what simdjson accepts is valid for encoding/json too (as
// for Valid), and is then rewritten without a scanner: Compact by
// simdjson's minify kernel, Indent by a loop that copies strings whole.
// Whatever simdjson rejects goes to encoding/json's own function, so that
// results and errors, and the documents simdjson rejects but encoding/json
// accepts (invalid UTF-8, nesting deeper than 1024), are encoding/json's.

// Compact appends to dst the JSON-encoded src with insignificant space
// characters elided, as encoding/json's Compact does. On a malformed src it
// returns encoding/json's error and leaves dst unchanged.
func Compact(dst *bytes.Buffer, src []byte) error {
	dp := acceptedBySimdjson(src)
	if dp == nil {
		return stdjson.Compact(dst, src)
	}
	dst.Grow(len(src) + shim.Padding)
	b := dst.AvailableBuffer()[:len(src)+shim.Padding]
	// The parse above read a padded copy when src has no spare capacity;
	// the minify kernel reads whole blocks and copies the last partial one,
	// so it needs no padding after src (only after dst) and no second copy.
	n := shim.Minify(unsafe.Pointer(unsafe.SliceData(src)), uint64(len(src)), unsafe.Pointer(unsafe.SliceData(b)))
	putDomParser(dp)
	if n == 0 {
		// The kernel refused what the parser accepted: not expected, but
		// encoding/json's answer is never wrong.
		return stdjson.Compact(dst, src)
	}
	dst.Write(b[:n])
	return nil
}

// Indent appends to dst an indented form of the JSON-encoded src, as
// encoding/json's Indent does. Each element in a JSON object or array
// begins on a new, indented line beginning with prefix followed by one or
// more copies of indent according to the indentation nesting. The data
// appended to dst does not begin with the prefix nor any indentation, to
// make it easier to embed inside other formatted JSON data. Although
// leading space characters (space, tab, carriage return, newline) at the
// beginning of src are dropped, trailing space characters at the end of src
// are preserved and copied to dst. On a malformed src it returns
// encoding/json's error and leaves dst unchanged.
//
// Under goexperiment.jsonv2, where encoding/json's Indent lays src out
// with spaces and then writes prefix and indent over the spaces after each
// newline, trailing spaces after a newline in src are overwritten too
// when prefix or indent holds more than spaces and tabs (indentTail).
func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	start := dst.Len()
	dp := acceptedBySimdjson(src)
	if dp == nil {
		return indentStd(dst, src, prefix, indent)
	}
	putDomParser(dp)
	dst.Grow(2 * len(src))
	b, deep := appendIndent(dst.AvailableBuffer(), src, prefix, indent)
	if deep { // not expected: simdjson's depth limit is lower
		return indentStd(dst, src, prefix, indent)
	}
	dst.Write(b)
	if encodeV2 {
		indentTail(dst.Bytes()[start:], src, prefix, indent)
	}
	return nil
}

// indentStd is encoding/json's Indent. Under encodeV2, with a prefix or
// indent of other characters than spaces and tabs, encoding/json's Indent
// (Go 1.26 and 1.27.3) writes them over the spaces after each newline of
// its output once it is done, and of src itself when src is malformed;
// with an empty indent that loop never ends where more spaces follow a
// newline than the prefix is long. So src is validated first without
// them (the error does not depend on them), and laid out without its
// trailing space, which indentTail lays out as encoding/json would.
func indentStd(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	if !encodeV2 || !indentOverwrites(prefix, indent) {
		return stdjson.Indent(dst, src, prefix, indent)
	}
	var check bytes.Buffer
	if err := stdjson.Indent(&check, src, "", ""); err != nil {
		return err
	}
	body := bytes.TrimRight(src, " \n\r\t")
	start := dst.Len()
	if err := stdjson.Indent(dst, body, prefix, indent); err != nil {
		return err // not expected: src is valid
	}
	dst.Write(src[len(body):])
	indentTail(dst.Bytes()[start:], src, prefix, indent)
	return nil
}

// indentOverwrites reports whether encoding/json on v2 lays the output of
// Indent out with spaces, overwritten with prefix and indent afterwards:
// when either holds other characters than spaces and tabs.
func indentOverwrites(prefix, indent string) bool {
	return len(strings.Trim(prefix, " \t"))+len(strings.Trim(indent, " \t")) > 0
}

// indentTail writes, as encoding/json on v2 does (encodeV2), prefix and
// then indent, again and again, over the spaces after each newline of the
// trailing space of src that Indent copied to the end of out (the output
// of Indent). Where indent is empty and spaces remain after the prefix,
// they stay (encoding/json's loop never ends there).
func indentTail(out, src []byte, prefix, indent string) {
	if !indentOverwrites(prefix, indent) {
		return
	}
	tail := out[len(out)-(len(src)-len(bytes.TrimRight(src, " \n\r\t"))):]
	for i := bytes.IndexByte(tail, '\n'); i >= 0; i = bytes.IndexByte(tail, '\n') {
		tail = tail[i+1:]
		n := len(tail) - len(bytes.TrimLeft(tail, " "))
		spaces := tail[:n]
		spaces = spaces[copy(spaces, prefix):]
		for len(spaces) > 0 && indent != "" {
			spaces = spaces[copy(spaces, indent):]
		}
		tail = tail[n:]
	}
}

// HTMLEscape appends to dst the JSON-encoded src with <, >, &, U+2028 and
// U+2029 characters inside string literals changed to \u003c, \u003e,
// \u0026, \u2028, \u2029 so that the JSON will be safe to embed inside
// HTML <script> tags, as encoding/json's HTMLEscape does (it is
// encoding/json's).
func HTMLEscape(dst *bytes.Buffer, src []byte) { stdjson.HTMLEscape(dst, src) }

// acceptedBySimdjson returns a DOM parser that has just parsed src when
// simdjson accepts it as one JSON value (numbers' grammar checked, not their
// range), or nil when encoding/json must decide: simdjson rejected it, src
// starts with a byte order mark, or cgo is off. The caller puts the parser
// back.
func acceptedBySimdjson(src []byte) *domParser {
	if !shim.Available || len(src) == 0 || text.HasBOM(src) {
		return nil
	}
	dp := getDomParser()
	if dp == nil {
		return nil
	}
	if dp.parse(src, true) != 0 {
		putDomParser(dp)
		return nil
	}
	return dp
}

// appendIndent appends the indented form of src, a JSON value simdjson
// accepted, to dst: encoding/json's layout (a newline, prefix and depth
// copies of indent before each element and before the closing bracket of
// a non-empty container; "{}" and "[]" for empty ones; ": " after keys;
// whitespace before and inside the value dropped, after it kept).
//
// deep reports a value nested more than maxIndentNesting levels, which
// encoding/json's Indent rejects (its scanner's limit): then dst is
// incomplete (indentValue gives encoding/json's answer).
func appendIndent(dst, src []byte, prefix, indent string) (_ []byte, deep bool) {
	depth := 0
	nest := 0     // open brackets, empty containers' too, as encoding/json's scanner counts them
	open := false // after '{' or '[': the newline waits for the next token
	i := 0
	for i < len(src) {
		c := src[i]
		if text.IsSpace(c) {
			i++
			continue
		}
		if open && c != '}' && c != ']' {
			open = false
			depth++
			dst = newline(dst, prefix, indent, depth)
		}
		switch c {
		case '"':
			j := stringEnd(src, i+1)
			dst = append(dst, src[i:j]...)
			i = j
		case '{', '[':
			if nest++; nest > maxIndentNesting {
				return dst, true
			}
			open = true
			dst = append(dst, c)
			i++
		case ',':
			dst = append(dst, ',')
			dst = newline(dst, prefix, indent, depth)
			i++
		case ':':
			dst = append(dst, ':', ' ')
			i++
		case '}', ']':
			nest--
			if open {
				open = false
			} else {
				depth--
				dst = newline(dst, prefix, indent, depth)
			}
			dst = append(dst, c)
			i++
		default: // a number or a literal
			j := i + 1
			for j < len(src) && !isDelimiter(src[j]) {
				j++
			}
			dst = append(dst, src[i:j]...)
			i = j
		}
		if depth == 0 && !open {
			// The value is complete: what follows is whitespace, kept.
			return append(dst, src[i:]...), false
		}
	}
	return dst, false
}

// maxIndentNesting is encoding/json's scanner's nesting limit.
const maxIndentNesting = 10000

// indentValue is appendIndent of a value this package encoded, with
// encoding/json's answer where the value is nested too deeply for its
// Indent: its error (a *SyntaxError, "exceeded max depth", at the same
// offset), or, should a later Go accept the depth, its result.
func indentValue(dst, src []byte, prefix, indent string) ([]byte, error) {
	b, deep := appendIndent(dst, src, prefix, indent)
	if !deep {
		return b, nil
	}
	var std bytes.Buffer
	if err := stdjson.Indent(&std, src, prefix, indent); err != nil {
		return nil, err
	}
	return std.Bytes(), nil
}

func newline(dst []byte, prefix, indent string, depth int) []byte {
	dst = append(dst, '\n')
	dst = append(dst, prefix...)
	for range depth {
		dst = append(dst, indent...)
	}
	return dst
}

// stringEnd returns the index after the closing quote of the string whose
// contents start at i (src is valid JSON: the quote is there).
func stringEnd(src []byte, i int) int {
	for {
		k := bytes.IndexByte(src[i:], '"')
		q := i + k
		b := q
		for b > i && src[b-1] == '\\' {
			b--
		}
		if (q-b)%2 == 0 {
			return q + 1
		}
		i = q + 1
	}
}

func isDelimiter(c byte) bool {
	return c == ',' || c == ']' || c == '}' || c == ':' || text.IsSpace(c)
}
