package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// indentInputs: valid documents of every shape (empty containers, nesting,
// strings with escaped quotes and backslashes, whitespace before, inside and
// after the value), documents simdjson rejects but encoding/json accepts,
// and malformed ones.
var indentInputs = []string{
	`{}`, `[]`, ` { } `, "[ \n ]\t", `1`, ` -1.5e3 `, `"s"`, "\n\"a\\\"b\\\\\" \r\n", `true`, `null `,
	`{"a":1,"b":[1,2,{"c":null}],"d":{},"e":[]}`,
	" {\n \"a\" : [ 1 , 2 ] , \"b\\\\\":\"x\\\"y\" } \n\t",
	`[[[[]]],[{}],{"":""}]`,
	`{"k":"<&>\u2028 ` + "\u2028" + `"}`,
	"[\"\xff\xfe\"]",                                      // invalid UTF-8: encoding/json accepts it
	strings.Repeat("[", 2000) + strings.Repeat("]", 2000), // deeper than simdjson's 1024
	`[1e400]`, `[123456789012345678901234567890]`,
	"\xef\xbb\xbf{}", // a byte order mark: encoding/json rejects it
	``, ` `, `{`, `[1,]`, `{"a":}`, `[1 2]`, `"abc`, `tru`, `01`, `[1]x`, `{} {}`, "[\"\x01\"]", `{"a" 1}`, `nul`,
}

// indentPairs: the prefix and indent strings the tests use.
var indentPairs = [][2]string{{"", "\t"}, {">>", "  "}}

func TestCompactIndentMatchEncodingJSON(t *testing.T) {
	for _, in := range indentInputs {
		checkCompactIndent(t, []byte(in), indentPairs...)
	}
}

// TestCompactIndentCorpus: the same over the jsonexamples documents.
func TestCompactIndentCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpus.SharedData(t, "jsonexamples"), "*.json"))
	if len(files) == 0 {
		t.Fatal("no documents")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		checkCompactIndent(t, b, indentPairs...)
	}
}

// checkCompactIndent compares Compact, Indent (with each prefix/indent
// pair) and Valid with encoding/json's on src, appending to a non-empty
// buffer (which must be left unchanged on error).
func checkCompactIndent(t testing.TB, src []byte, pairs ...[2]string) {
	t.Helper()
	name := string(src)
	if len(name) > 40 {
		name = name[:40] + "..."
	}
	if got, want := sjson.Valid(src), stdjson.Valid(src); got != want {
		t.Errorf("Valid(%q) = %v, want %v", name, got, want)
	}
	var want, got bytes.Buffer
	want.WriteString("head:")
	got.WriteString("head:")
	werr := stdjson.Compact(&want, src)
	gerr := sjson.Compact(&got, src)
	compare(t, "Compact", name, want.Bytes(), got.Bytes(), werr, gerr)
	for _, pi := range pairs {
		want.Reset()
		got.Reset()
		want.WriteString("head:")
		got.WriteString("head:")
		gerr := sjson.Indent(&got, src, pi[0], pi[1])
		if stdIndentHangs(src, pi[0], pi[1]) {
			continue // package json's ends: it is all there is to check
		}
		werr := stdjson.Indent(&want, src, pi[0], pi[1])
		compare(t, "Indent", name, want.Bytes(), got.Bytes(), werr, gerr)
	}
}

// stdIndentHangs reports whether encoding/json's Indent may never return
// on src: on encoding/json/v2 (Go 1.26 and 1.27.3), with a prefix of
// other characters than spaces and tabs and an empty indent, its loop that
// writes the prefix and indent over the spaces after each newline (of its
// output, or of src when src is malformed) makes no progress where more
// spaces follow a newline than the prefix is long.
func stdIndentHangs(src []byte, prefix, indent string) bool {
	if classicEncoding || indent != "" || strings.Trim(prefix, " \t") == "" {
		return false
	}
	for rest := src; ; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			return false
		}
		rest = rest[i+1:]
		if n := len(rest) - len(bytes.TrimLeft(rest, " ")); n > len(prefix) {
			return true
		}
	}
}

func compare(t testing.TB, what, name string, want, got []byte, werr, gerr error) {
	t.Helper()
	if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
		t.Errorf("%s(%q): error %v, want %v", what, name, gerr, werr)
	}
	if se, ok := werr.(*stdjson.SyntaxError); ok {
		if ge, ok := gerr.(*sjson.SyntaxError); !ok || ge.Offset != se.Offset {
			t.Errorf("%s(%q): error %#v, want %#v", what, name, gerr, werr)
		}
	}
	if !bytes.Equal(want, got) {
		i := 0
		for i < len(want) && i < len(got) && want[i] == got[i] {
			i++
		}
		t.Errorf("%s(%q): output differs at byte %d of %d (want %d):\n got %q\nwant %q",
			what, name, i, len(got), len(want), excerpt(got, i), excerpt(want, i))
	}
}

// excerpt returns b around i, for messages.
func excerpt(b []byte, i int) []byte {
	lo, hi := max(i-20, 0), min(i+40, len(b))
	return b[lo:hi]
}
