//go:build cgo

package simdjson_test

import (
	stdjson "encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// keysBitTarget has eight fields (skipUnmatched's limit) whose names pair
// bytes that differ only in bit 0x20 but are not letters ('[' '{', ']'
// '}', '^' '~', '@'), two names equal but for case, the letters Unicode
// folds non-ASCII runes to ('k': U+212A, 's': U+017F), and names of 9-16
// and 17 bytes.
type keysBitTarget struct {
	ID  int    `json:"id"`
	Sq  int    `json:"a["`
	Cu  int    `json:"a{"`
	Car string `json:"x^y]"`
	Lo  int    `json:"ab"`
	Up  int    `json:"AB"`
	K   int    `json:"k"`
	Mid string `json:"abcdefgh_ijklmnop_q"`
}

type keysBitTarget2 struct {
	S    int `json:"s"`
	L16  int `json:"abcdefgh_ijklmno"`
	L9   int `json:"abcdefgh@"`
	Tilt int `json:"~"`
}

// TestDecodeKeysCaseBitNonLetters: keys that differ from a name only in
// bit 0x20 of a byte that is no letter, keys with U+212A or U+017F (which
// encoding/json folds to 'k' and 's'), escaped spellings, keys of 9 to 19
// bytes differing in the middle, the empty key and duplicates decode as
// encoding/json's Unmarshal of the same bytes, through Value.Decode and
// MapDecode on 1 and 2 threads.
func TestDecodeKeysCaseBitNonLetters(t *testing.T) {
	var keys []string
	for _, name := range []string{"a[", "a{", "x^y]", "x~y}", "ab", "AB", "k", "abcdefgh_ijklmnop_q", "s", "abcdefgh_ijklmno", "abcdefgh@", "~", "^"} {
		keys = append(keys, keysNearNames(name)...)
		for i := 1; i < len(name)-1; i++ {
			keys = append(keys, name[:i]+"\u212a"+name[i+1:], name[:i]+"\u017f"+name[i+1:])
		}
	}
	keys = append(keys, "\u212a", "\u017f", "\u212aK", "a\u212a", "", `\u0061[`, `a\u007b`, `\u006B`, `\u212A`, `\u017F`, "a\xff", "\xff", "abcdefgh_ijklmnoP_q", "abcdefgh_IJKLMNOP_Q", "abcdefgh`", "ABCDEFGH@", "abcdefgh_ijklmn\u212a")
	p := simdjson.NewParser()
	defer p.Close()
	var lines []string
	for _, key := range keys {
		k := `"` + key + `"`
		if !strings.Contains(key, `\`) {
			b, _ := stdjson.Marshal(key)
			k = string(b)
		}
		if strings.Contains(key, "\xff") {
			k = `"` + key + `"` // raw invalid UTF-8, as encoding/json reads it
		}
		for _, doc := range []string{
			fmt.Sprintf(`{%s:7}`, k),
			fmt.Sprintf(`{"zz":[1,{"a[":2}],%s:"s","yy":{"k":1}}`, k),
			fmt.Sprintf(`{%s:1,"k":2,%s:3}`, k, k),
			fmt.Sprintf(`{"":0,%s:{"q":[]},"a[":5}`, k),
		} {
			doc = fmt.Sprintf(`{"id":%d,`, len(lines)+1) + doc[1:]
			lines = append(lines, doc)
			d, err := p.ParseString(doc)
			if err != nil {
				continue // invalid UTF-8: not a document for Value.Decode
			}
			checkDecode[keysBitTarget](t, doc, d.Value, nil)
			checkDecode[keysBitTarget2](t, doc, d.Value, nil)
		}
	}
	for _, threads := range []int{1, 2} {
		states, err := simdjson.MapDecode(simdjson.Bytes([]byte(strings.Join(lines, "\n"))),
			func(int) map[int]keysBitTarget { return map[int]keysBitTarget{} },
			func(m map[int]keysBitTarget, v *keysBitTarget) error { m[v.ID] = *v; return nil },
			simdjson.Threads(threads), simdjson.SkipBadLines(nil))
		if err != nil {
			t.Fatal(err)
		}
		got := map[int]keysBitTarget{}
		for _, s := range states {
			maps.Copy(got, s)
		}
		for i, line := range lines {
			var want keysBitTarget
			if stdjson.Unmarshal([]byte(line), &want) != nil {
				continue
			}
			if g, ok := got[i+1]; ok && !reflect.DeepEqual(g, want) {
				t.Fatalf("threads %d: %s:\nMapDecode: %+v\nUnmarshal: %+v", threads, line, g, want)
			}
		}
	}
}

// TestDecodeKeysRandomMutations: 30000 objects whose keys are the names
// of three struct types with random bytes flipped in bit 0x20, or replaced
// by U+212A, U+017F, escapes, invalid UTF-8, '`', '@', '_', DEL, '{', '[',
// 'K', 'S' or nothing, decode through Value.Decode as through
// encoding/json's Unmarshal.
func TestDecodeKeysRandomMutations(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	names := []string{"a[", "a{", "x^y]", "ab", "AB", "k", "abcdefgh_ijklmnop_q", "s", "abcdefgh_ijklmno", "abcdefgh@", "~", "id", "a@b", "type", "language", "pull_request", "abcdefghijklmnopqrst", "n"}
	subs := []string{"\u212a", "\u017f", `\u006b`, `\u0041`, "\xff", "`", "@", "_", "\x7f", "{", "[", "K", "S", ""}
	p := simdjson.NewParser()
	defer p.Close()
	parsed := 0
	for i := 0; i < 30000; i++ {
		var b strings.Builder
		b.WriteString(`{"id":1`)
		for m := rng.IntN(6); m > 0; m-- {
			key := []byte(names[rng.IntN(len(names))])
			var kb strings.Builder
			for _, c := range key {
				switch rng.IntN(8) {
				case 0:
					kb.WriteByte(c ^ 0x20)
				case 1:
					kb.WriteString(subs[rng.IntN(len(subs))])
				default:
					kb.WriteByte(c)
				}
			}
			k := kb.String()
			if strings.ContainsAny(k, "\"\x00") {
				continue
			}
			if strings.HasSuffix(k, `\`) {
				k += `\`
			}
			b.WriteString(`,"` + k + `":`)
			switch rng.IntN(3) {
			case 0:
				b.WriteString(strconv.Itoa(rng.IntN(100)))
			case 1:
				b.WriteString(`"v"`)
			default:
				b.WriteString(`{"type":"t","n":2}`)
			}
		}
		b.WriteString("}")
		doc := b.String()
		d, err := p.ParseString(doc)
		if err != nil {
			continue
		}
		parsed++
		checkDecode[keysBitTarget](t, doc, d.Value, nil)
		checkDecode[keysBitTarget2](t, doc, d.Value, nil)
		checkDecode[keysTarget](t, doc, d.Value, nil)
	}
	if parsed < 20000 {
		t.Fatalf("%d documents parsed", parsed)
	}
}
