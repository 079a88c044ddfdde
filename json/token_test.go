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
// Token.
func TestTokenSequences(t *testing.T) {
	// skipUnlessClassicJSON(t)
	cases := []struct {
		in, script string
		want       []string
	}{
		{`[1, "a", true, null, {"k": [false]}]`, "TTTTTTTTTTTT", []string{
			"[", "1", "a", "true", "<nil>", "{", "k", "[", "false", "]", "}", "]"}},
		{`{"a":1} [2]`, "TTTTTTTT", []string{"{", "a", "1", "}", "[", "2", "]", "error: EOF"}},
		{`[1,]`, "TTT", []string{"[", "1", "error: invalid character ']' looking for beginning of value @3"}},
		{`[1 2]`, "TTT", []string{"[", "1", "error: invalid character '2' after array element @3"}},
		{`[1 2]`, "TTD", []string{"[", "1", "error: expected comma after array element @3"}},
		{`{"a" 1}`, "TTD", []string{"{", "a", "error: expected colon after object key @5"}},
		{`{"a" 1}`, "TTT", []string{"{", "a", "error: invalid character '1' after object key @5"}},
		{`{"a":1 "b":2}`, "TTTT", []string{"{", "a", "1", "error: invalid character '\"' after object key:value pair @7"}},
		{`{1:2}`, "TT", []string{"{", "error: invalid character '1' @1"}},
		{`{"a":1,}`, "TTTT", []string{"{", "a", "1", "error: invalid character '}' looking for beginning of object key string @7"}},
		{`{}`, "TD", []string{"{", "error: not at beginning of value @1"}},
		{`[}`, "TT", []string{"[", "error: invalid character '}' looking for beginning of value @1"}},
		{`[1e400, 2]`, "TTTT", []string{"[", "error: json: cannot unmarshal number 1e400 into Go value of type float64", "2", "]"}},
		{`["a\u00e9\n", "\ud800"]`, "TTTT", []string{"[", "aé\n", "\ufffd", "]"}},
		// A syntax error inside a scalar counts the bytes encoding/json's
		// scanner stepped through (the delimiters, commas and spaces Token
		// skipped are not), not the stream offset; it is final.
		{`[1, tru]`, "TTTT", []string{"[", "1", "error: invalid character ']' in literal true (expecting 'e') @5", "error: invalid character ']' in literal true (expecting 'e') @5"}},
		{`[1, 2`, "TTTT", []string{"[", "1", "2", "error: EOF"}},
		{`["ab`, "TT", []string{"[", "error: unexpected EOF"}},
		{` [ [ ] ] `, "TTTTT", []string{"[", "[", "]", "]", "error: EOF"}},
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
		if fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%q with %s:\n got %q\nwant %q", c.in, c.script, got, c.want)
		}
	}
}
