package json

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// tokenStarts returns the input offset of every token of doc (valid JSON)
// but the ',' and ':' separators, found by reading the text alone: the
// reference for the tape's offsets, which the C side derives from stage
// 1's structural indexes and the first byte of each token.
func tokenStarts(doc []byte) []int {
	var out []int
	for k := 0; k < len(doc); {
		switch c := doc[k]; c {
		case ' ', '\t', '\n', '\r', ',', ':':
			k++
		case '{', '}', '[', ']':
			out = append(out, k)
			k++
		case '"':
			out = append(out, k)
			for k++; doc[k] != '"'; k++ {
				if doc[k] == '\\' {
					k++
				}
			}
			k++
		default:
			out = append(out, k)
			for k < len(doc) && !strings.ContainsRune(" \t\n\r,:{}[]\"", rune(doc[k])) {
				k++
			}
		}
	}
	return out
}

// randomSpacedDoc returns a document of every kind of value (numbers that
// take the tape's int64, uint64 and double words, escaped strings, empty
// containers) with whitespace of every kind between its tokens.
func randomSpacedDoc(rng *rand.Rand, depth int) string {
	ws := func() string {
		return []string{"", "", "", " ", "\n", "\t", "\r\n  ", "   \t"}[rng.IntN(8)]
	}
	scalars := []string{`0`, `-0`, `1`, `-2.5`, `1e3`, `18446744073709551615`, `-9223372036854775808`, `9223372036854775808`,
		`3.14159`, `"s"`, `""`, `"a\"b\\"`, `"\u00e9\n"`, `true`, `false`, `null`, `{}`, `[]`, `{ }`, `[ ]`}
	if depth > 4 || rng.IntN(4) == 0 {
		return scalars[rng.IntN(len(scalars))]
	}
	obj := rng.IntN(2) == 0
	var b strings.Builder
	b.WriteByte("[{"[b2i(obj)])
	for i := range rng.IntN(7) {
		b.WriteString(ws())
		if i > 0 {
			b.WriteString("," + ws())
		}
		if obj {
			b.WriteString([]string{`"k"`, `"key\u0031"`, `"a b"`, `""`}[rng.IntN(4)] + ws() + ":" + ws())
		}
		b.WriteString(randomSpacedDoc(rng, depth+1))
	}
	b.WriteString(ws())
	b.WriteByte("]}"[b2i(obj)])
	return b.String()
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestOffsetsMatchTokens: the input offset of every tape word (what raw
// values, json.Number's text and errors' offsets come from) is where its
// token starts in the input, for documents of every shape and spacing,
// parsed by simdjson's stage 2 and by the lazy one.
func TestOffsetsMatchTokens(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	docs := []string{`1`, ` "x" `, "\n[]\n", `{}`, `-1.5e-3`, `[1,2,3]`, `{"a":[{"b":null}],"c":{}}`,
		strings.Repeat("[", 1000) + strings.Repeat("]", 1000)}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		ws := []string{"", " ", "\n\t"}[rng.IntN(3)]
		docs = append(docs, ws+randomSpacedDoc(rng, 0)+ws)
	}
	dp := getDomParser()
	if dp == nil {
		t.Fatal("no parser")
	}
	defer putDomParser(dp)
	for _, doc := range docs {
		data := []byte(doc)
		want := tokenStarts(data)
		for _, lazy := range []bool{false, true} {
			if rc := dp.parse(data, lazy); rc != 0 {
				t.Fatalf("parse(lazy %v) of %q = %d", lazy, doc, rc)
			}
			d := &dp.state
			d.init(dp, data, 0)
			off := d.offsets()
			k := 0
			last := uint32(len(d.tape) - 1)
			for i := uint32(1); i < last; {
				if k >= len(want) || int(off[i]) != want[k] {
					t.Fatalf("lazy %v, %q: tape word %d at offset %d, want token %d at %v", lazy, doc, i, off[i], k, want[min(k, len(want)-1)])
				}
				k++
				switch tagOf(d.tape[i]) {
				case tagInt64, tagUint64, tagFloat64:
					if off[i+1] != off[i] {
						t.Fatalf("lazy %v, %q: number's second word at %d, its first at %d", lazy, doc, off[i+1], off[i])
					}
					i += 2
				default:
					i++
				}
			}
			if k != len(want) || int(off[last]) != len(data) {
				t.Fatalf("lazy %v, %q: %d tape values for %d tokens; root end at %d of %d", lazy, doc, k, len(want), off[last], len(data))
			}
			d.release()
		}
	}
}
