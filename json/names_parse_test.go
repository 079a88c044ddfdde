package json

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// hasDupNames reports whether some object of doc (valid JSON) has a name
// twice, compared unescaped: encoding/json's tokens, walked with a set of
// names per open object.
func hasDupNames(t *testing.T, doc []byte) bool {
	type frame struct {
		obj, key bool // an object; its next token is a name
		names    map[string]bool
	}
	var stack []*frame
	dec := stdjson.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			t.Fatalf("%.80s: %v", doc, err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(stdjson.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if top != nil && top.obj {
			if top.key {
				name := tok.(string)
				if top.names[name] {
					return true
				}
				top.names[name] = true
				top.key = false
				continue
			}
			top.key = true // this token starts the value
		}
		switch tok {
		case stdjson.Delim('{'):
			stack = append(stack, &frame{obj: true, key: true, names: map[string]bool{}})
		case stdjson.Delim('['):
			stack = append(stack, &frame{})
		}
	}
}

// collidingNames returns n distinct names of one length that share their
// first and last eight bytes (what the parse's hash of a name reads), and
// differ only in between.
func collidingNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("headhead%08dtailtail", i)
	}
	return names
}

func objectOf(names []string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", n, i)
	}
	b.WriteByte('}')
	return b.String()
}

// TestParseUniqueNames checks the duplicate-name check the parse makes for
// json/v2 and jsontext (dom.cpp's names_unique) against encoding/json's tokens, with
// both of the parse's string layouts (lazy numbers leave strings without
// escapes in the input).
func TestParseUniqueNames(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	many := make([]string, 300)
	for i := range many {
		many[i] = fmt.Sprintf("name%d", i)
	}
	colliding := collidingNames(20000)
	docs := []string{
		`1`, `"x"`, `[]`, `{}`, `{"a":1}`, `{"a":1,"b":2}`, `{"a":1,"a":2}`, `{"a":{"a":1}}`,
		`{"a":1,"\u0061":2}`, `{"é":1,"\u00e9":2}`, `{"":1,"":2}`, `{"":1," ":2}`,
		`[{"a":1},{"a":1}]`, `[{"a":1,"b":[{"c":1,"c":2}]}]`, `{"x":[[[{"y":1,"y":2}]]]}`,
		// Equal names, one left in the input and one unescaped into the
		// string buffer (what follows each differs: a quote, a NUL).
		`{"abcdefg":1,"abcdef\u0067":2}`, `{"ab":1,"\u0061b":2}`, `{"abcdefghi":1,"abcdefgh\u0069":2}`,
		`{"abcdefgh1":1,"abcdefgh2":2}`, `{"abcdefghij":1,"abcdefghik":1}`, `{"abcdefghij":1,"abcdefghij":1}`,
		// Numbers take two tape words; a second word must not be read as
		// a tag (these numbers' words start with '{' and '[').
		`[8863084066665136128,2.974033816955566e+284,2.218135755296652e+130,{"a":1,"b":2}]`,
		`[8863084066665136128,2.974033816955566e+284,2.218135755296652e+130,{"a":1,"a":2}]`,
		`{"a":2.974033816955566e+284,"b":{"c":8863084066665136128,"c":2}}`,
		`{"a":2.974033816955566e+284,"b":{"c":8863084066665136128,"d":2}}`,
		// An array whose words average two per element without being
		// numbers: four strings and an object of six words.
		`["x","x","x","x",{"a":"b","a":"c"}]`, `[1,"x",{"a":1,"a":2}]`,
		objectOf(many), objectOf(append(many[:299:299], "name7")), objectOf(append([]string{"name299"}, many...)),
		objectOf(many[:9]), objectOf(append(many[:8:8], "name0")), objectOf(many[:8]), objectOf(append(many[:7:7], "name6")),
		`{"deep":` + strings.Repeat(`[`, 500) + objectOf(append(many[:20:20], "name19")) + strings.Repeat(`]`, 500) + `}`,
		// At the parse's depth limit (1023 containers): the walk recurses
		// once per level, on the C stack.
		strings.Repeat(`[`, 1022) + `{"a":1,"a":2}` + strings.Repeat(`]`, 1022),
		strings.Repeat(`{"a":`, 1022) + `{"a":1,"b":2}` + strings.Repeat(`}`, 1022),
		// Names built to collide in the hash: compared another way, still
		// found (or not).
		objectOf(colliding), objectOf(append(colliding[:len(colliding):len(colliding)], colliding[12345])),
		`[` + objectOf(colliding[:1000]) + `,` + objectOf(append(colliding[:999:999], colliding[0])) + `]`,
		// Documents of more numbers than strings, over 128 tokens: the
		// lazy parse builds their tape and lists their objects (more than
		// its first room for 256), and the check visits the list.
		numbersDoc(600, -1), numbersDoc(600, 0), numbersDoc(600, 299), numbersDoc(600, 599),
		`[` + strings.Repeat(`1,`, 300) + `[[[{"a":[1,2],"b":{"a":3,"a":4}}]]]]`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		docs = append(docs, randomNamesDoc(rng, 0))
	}
	dups := 0
	for _, doc := range docs {
		want := 0
		if hasDupNames(t, []byte(doc)) {
			want = shim.NamesDup
			dups++
		}
		for _, lazy := range []bool{false, true} {
			dp := getDomParser()
			got := dp.parseUnique([]byte(doc), lazy)
			putDomParser(dp)
			if got != want {
				t.Fatalf("parseUnique(%.200s, lazy %v) = %d, want %d", doc, lazy, got, want)
			}
		}
	}
	if dups < len(docs)/5 || dups > len(docs)*4/5 {
		t.Fatalf("%d of %d documents have a duplicate name: the random ones should be about half", dups, len(docs))
	}
	// Invalid documents are the parse's errors, as without the check.
	dp := getDomParser()
	defer putDomParser(dp)
	if got := dp.parseUnique([]byte(`{"a":1,"a":}`), false); got == 0 || got == shim.NamesDup {
		t.Fatalf("parseUnique of invalid JSON = %d", got)
	}
}

// numbersDoc returns an array of n objects of one name and three numbers
// each, the dup-th (-1: none) holding its name twice.
func numbersDoc(n, dup int) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		if i == dup {
			fmt.Fprintf(&b, `{"n":[%d,2,3],"n":4}`, i)
		} else {
			fmt.Fprintf(&b, `{"n":[%d,2,3]}`, i)
		}
	}
	b.WriteByte(']')
	return b.String()
}

// randomNamesDoc returns a document whose objects take their names from
// a few, some escaped, some sharing their first eight bytes, so that
// duplicates are common and come in every kind of place.
func randomNamesDoc(rng *rand.Rand, depth int) string {
	names := []string{`"a"`, `"b"`, `"\u0061"`, `"abcdefgh"`, `"abcdefghX"`, `"abcdefghY"`, `"abcdefgh\u0058"`, `"k1"`, `"k2"`, `"k3"`, `"k4"`, `"k5"`, `"k6"`, `"k7"`, `"k8"`, `"k9"`}
	scalar := func() string {
		return []string{`1`, `-2.5`, `"s"`, `true`, `null`, `123`, `{}`, `[]`}[rng.IntN(8)]
	}
	if depth > 3 {
		return scalar()
	}
	kind := rng.IntN(3) // an object, an array, a scalar
	if kind == 2 {
		return scalar()
	}
	var b strings.Builder
	b.WriteByte("{["[kind])
	for i := range rng.IntN(14 - 8*kind) {
		if i > 0 {
			b.WriteByte(',')
		}
		if kind == 0 {
			b.WriteString(names[rng.IntN(len(names))] + ":")
		}
		b.WriteString(randomNamesDoc(rng, depth+1))
	}
	b.WriteByte("}]"[kind])
	return b.String()
}
