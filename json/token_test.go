package json_test

import (
	"fmt"
	"strings"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// TestTokenSequences spells out what Token (and Decode between tokens)
// returns on a few streams, as encoding/json's does: tokens as %v, errors
// as "error: <message> @<offset>" (SyntaxError) or "error: <message>",
// after each call; "D" in the script is a Decode into interface{}, "T" a
// Token. Where encoding/json on encoding/json/v2 (stdJSONv2, Go 1.27's
// default) differs, v2 is what it gives (measured with go1.27.3), and
// go126 what Go 1.26's GOEXPERIMENT=jsonv2 gives where that differs again
// (measured with go1.26.8: syntax error offsets at the offending byte, not
// past it; no error for a number beyond float64).
func TestTokenSequences(t *testing.T) {
	type tc struct {
		in, script string
		want, v2   []string
		go126      []string
	}
	cases := []tc{
		{`[1, "a", true, null, {"k": [false]}]`, "TTTTTTTTTTTT", []string{
			"[", "1", "a", "true", "<nil>", "{", "k", "[", "false", "]", "}", "]"}, nil, nil},
		{`{"a":1} [2]`, "TTTTTTTT", []string{"{", "a", "1", "}", "[", "2", "]", "error: EOF"}, nil, nil},
		{`[1,]`, "TTT", []string{"[", "1", "error: invalid character ']' looking for beginning of value @3"},
			[]string{"[", "1", "error: invalid character ',' looking for beginning of value @3"},
			[]string{"[", "1", "error: invalid character ',' looking for beginning of value @2"}},
		{`[1 2]`, "TTT", []string{"[", "1", "error: invalid character '2' after array element @3"},
			[]string{"[", "1", "error: invalid character '2' after array element @4"},
			[]string{"[", "1", "error: invalid character '2' after array element @3"}},
		{`[1 2]`, "TTD", []string{"[", "1", "error: expected comma after array element @3"},
			[]string{"[", "1", "error: invalid character '2' after array element @4"},
			[]string{"[", "1", "error: invalid character '2' after array element @3"}},
		{`{"a" 1}`, "TTD", []string{"{", "a", "error: expected colon after object key @5"},
			[]string{"{", "a", "error: invalid character '1' after object key @6"},
			[]string{"{", "a", "error: invalid character '1' after object key @5"}},
		{`{"a" 1}`, "TTT", []string{"{", "a", "error: invalid character '1' after object key @5"},
			[]string{"{", "a", "error: invalid character '1' after object key @6"},
			[]string{"{", "a", "error: invalid character '1' after object key @5"}},
		{`{"a":1 "b":2}`, "TTTT", []string{"{", "a", "1", "error: invalid character '\"' after object key:value pair @7"},
			[]string{"{", "a", "1", "error: invalid character '\"' after object key:value pair @8"},
			[]string{"{", "a", "1", "error: invalid character '\"' after object key:value pair @7"}},
		{`{1:2}`, "TT", []string{"{", "error: invalid character '1' @1"},
			[]string{"{", "error: object member name must be a string @2"},
			[]string{"{", "error: object member name must be a string @1"}},
		{`{"a":1,}`, "TTTT", []string{"{", "a", "1", "error: invalid character '}' looking for beginning of object key string @7"},
			[]string{"{", "a", "1", "error: invalid character ',' looking for beginning of value @7"},
			[]string{"{", "a", "1", "error: invalid character ',' looking for beginning of value @6"}},
		{`{}`, "TD", []string{"{", "error: not at beginning of value @1"},
			[]string{"{", "error: invalid character '}' looking for beginning of value @2"},
			[]string{"{", "error: invalid character '}' looking for beginning of value @1"}},
		{`[}`, "TT", []string{"[", "error: invalid character '}' looking for beginning of value @1"},
			[]string{"[", "error: invalid character '}' looking for beginning of value @2"},
			[]string{"[", "error: invalid character '}' looking for beginning of value @1"}},
		{`[1e400, 2]`, "TTTT", []string{"[", "error: json: cannot unmarshal number 1e400 into Go value of type float64", "2", "]"}, nil,
			[]string{"[", "1.7976931348623157e+308", "2", "]"}},
		{`["a\u00e9\n", "\ud800"]`, "TTTT", []string{"[", "aé\n", "\ufffd", "]"}, nil, nil},
		// A syntax error inside a scalar counts the bytes encoding/json's
		// scanner stepped through (the delimiters, commas and spaces Token
		// skipped are not), not the stream offset; it is final. (v2: the
		// stream offset past the literal; not final, but the state does
		// not move.)
		{`[1, tru]`, "TTTT", []string{"[", "1", "error: invalid character ']' in literal true (expecting 'e') @5", "error: invalid character ']' in literal true (expecting 'e') @5"},
			[]string{"[", "1", "error: invalid character ']' in literal true (expecting 'e') @8", "error: invalid character ']' in literal true (expecting 'e') @8"},
			[]string{"[", "1", "error: invalid character ']' in literal true (expecting 'e') @7", "error: invalid character ']' in literal true (expecting 'e') @7"}},
		// Decode where a key comes reads the key (v2); the classic Decoder
		// refuses.
		{`{"a":1,"b":2}`, "TDDDD", []string{"{", "error: not at beginning of value @1", "error: not at beginning of value @1", "error: not at beginning of value @1", "error: not at beginning of value @1"},
			[]string{"{", "a", "1", "b", "2"}, nil},
		{`[1, 2`, "TTTT", []string{"[", "1", "2", "error: EOF"}, nil, nil},
		{`["ab`, "TT", []string{"[", "error: unexpected EOF"}, nil, nil},
		{` [ [ ] ] `, "TTTTT", []string{"[", "[", "]", "]", "error: EOF"}, nil, nil},
	}
	for _, c := range cases {
		dec := sjson.NewDecoder(strings.NewReader(c.in))
		var got []string
		for _, op := range c.script {
			var v any
			var err error
			if op == 'T' {
				v, err = dec.Token()
			} else {
				err = dec.Decode(&v)
			}
			switch e := err.(type) {
			case nil:
				got = append(got, fmt.Sprint(v))
			case *sjson.SyntaxError:
				got = append(got, fmt.Sprintf("error: %v @%d", e, e.Offset))
			default:
				got = append(got, "error: "+err.Error())
			}
		}
		want := c.want
		if stdJSONv2 && c.v2 != nil {
			want = c.v2
		}
		if stdJSONv2 && !sjson.StdGo127 && c.go126 != nil {
			want = c.go126
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q with %s:\n got %q\nwant %q", c.in, c.script, got, want)
		}
	}
}
