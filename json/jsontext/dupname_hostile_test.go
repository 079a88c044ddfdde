//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"strings"
	"sync"
	"testing"

	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
	oursv2 "github.com/simdjson-cgo/simdjson/json/v2"
)

// dupObject writes an object of n members named k0, k1, ... (some escaped:
// "\u006b1" is "k1"), with the member at dupAt renamed to the name of the
// member at dupOf (escaped when esc) when dupAt >= 0, and an inner object
// with the same names (no duplicate across levels).
func dupObject(n, dupAt, dupOf int, esc bool) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		name := fmt.Sprintf("k%d", i)
		if i == dupAt {
			name = fmt.Sprintf("k%d", dupOf)
			if esc {
				name = `\u006b` + name[1:]
			}
		}
		if i == n/2 {
			fmt.Fprintf(&b, `"%s":{"k0":1,"k1":{"k0":[{"k0":2,"k1":3}]}}`, name)
		} else {
			fmt.Fprintf(&b, `"%s":%d`, name, i)
		}
	}
	b.WriteByte('}')
	return b.String()
}

// Objects of 0 to 40 and 200 to 260 members (both sides of
// dupname.Pairwise and of the table's growth), with or without a
// duplicate name (plain or escaped, first and last, adjacent), several
// values per stream, read by ReadValue and Token from Decoders on 8
// goroutines at once, and decoded into any by json/v2's Unmarshal: each
// verdict (error or not) is encoding/json/jsontext's and /v2's.
func TestDuplicateNamesConcurrent(t *testing.T) {
	type doc struct {
		text    string
		wantErr bool
	}
	var docs []doc
	for _, n := range []int{0, 1, 2, 15, 16, 17, 18, 31, 32, 33, 40, 200, 255, 256, 257, 260} {
		cases := [][3]int{{-1, 0, 0}}
		if n >= 2 {
			cases = append(cases, [3]int{n - 1, 0, 0}, [3]int{n - 1, n - 2, 1}, [3]int{1, 0, 1}, [3]int{n / 3, n / 5, 0})
		}
		for _, c := range cases {
			if c[0] == c[1] {
				continue
			}
			text := dupObject(n, c[0], c[1], c[2] == 1)
			stream := text + "\n" + dupObject(n, -1, 0, false) + "\n" + text
			_, err := jsontext.NewDecoder(strings.NewReader(stream)).ReadValue()
			docs = append(docs, doc{stream, err != nil})
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 4 {
				for i, d := range docs {
					if (i+round)%8 != g%8 && round > 0 {
						continue
					}
					// Every value of the stream, as the standard reads it.
					std := jsontext.NewDecoder(strings.NewReader(d.text))
					dec := ours.NewDecoder(strings.NewReader(d.text))
					for v := 0; ; v++ {
						_, errW := std.ReadValue()
						_, errG := dec.ReadValue()
						if (errG == nil) != (errW == nil) {
							errs <- fmt.Sprintf("doc %d value %d: ReadValue %v, want %v", i, v, errG, errW)
							return
						}
						if errW != nil {
							break
						}
					}
					// Tokens of the first value.
					std = jsontext.NewDecoder(strings.NewReader(d.text))
					dec = ours.NewDecoder(strings.NewReader(d.text))
					for {
						_, errW := std.ReadToken()
						_, errG := dec.ReadToken()
						if (errG == nil) != (errW == nil) {
							errs <- fmt.Sprintf("doc %d: ReadToken %v, want %v", i, errG, errW)
							return
						}
						if errW != nil { // io.EOF too
							break
						}
					}
					first, _, _ := strings.Cut(d.text, "\n")
					var a, b any
					errW := jsonv2.Unmarshal([]byte(first), &a)
					errG := oursv2.Unmarshal([]byte(first), &b)
					if (errG == nil) != (errW == nil) {
						errs <- fmt.Sprintf("doc %d: Unmarshal %v, want %v", i, errG, errW)
						return
					}
					var m, m2 map[string]any
					errW = jsonv2.Unmarshal([]byte(first), &m)
					errG = oursv2.Unmarshal([]byte(first), &m2)
					if (errG == nil) != (errW == nil) {
						errs <- fmt.Sprintf("doc %d: Unmarshal map %v, want %v", i, errG, errW)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	nerr := 0
	for _, d := range docs {
		if d.wantErr {
			nerr++
		}
	}
	if nerr == 0 || nerr == len(docs) {
		t.Fatalf("%d of %d documents with a duplicate", nerr, len(docs))
	}
}
