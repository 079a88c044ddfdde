//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	"bytes"
	stdjsontext "encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"fmt"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/json/jsontext"
	json "github.com/simdjson-cgo/simdjson/json/v2"
)

// Adversarial review (2026-12-05): a Decoder handed to UnmarshalDecode in
// the middle of a stream (after fast-path reads, after tokens), then used
// again, against the standard's.
func TestUnmarshalDecodeMidStream(t *testing.T) {
	var b bytes.Buffer
	for i := range 3000 {
		fmt.Fprintf(&b, "{\"i\":%d,\"s\":\"%s\"}\n", i, strings.Repeat("y", i%50))
	}
	b.WriteString("[1,2,{\"a\":1,\"\\u0061\":2}]\n{\"z\":true}\n")
	in := b.Bytes()
	type rec struct {
		I int
		S string
	}
	for _, plan := range []string{"vvvu", "vtu", "vvvvvvvvvvvvvvvvvvvvvvuvu", "uuuu", "tttttuv", "vvvkvu", "pvupvu"} {
		for _, all := range []bool{false, true} {
			std := stdjsontext.NewDecoder(bytes.NewReader(in))
			our := jsontext.NewDecoder(bytes.NewReader(in))
			var log1, log2 []string
			steps := plan
			if all {
				steps = strings.Repeat(plan, 1000)
			}
			for k, c := range steps {
				switch c {
				case 'v':
					v1, e1 := std.ReadValue()
					v2, e2 := our.ReadValue()
					log1 = append(log1, fmt.Sprintf("%q %v", v1, e1))
					log2 = append(log2, fmt.Sprintf("%q %v", v2, e2))
				case 't':
					t1, e1 := std.ReadToken()
					t2, e2 := our.ReadToken()
					log1 = append(log1, fmt.Sprintf("%v %v", t1, e1))
					log2 = append(log2, fmt.Sprintf("%v %v", t2, e2))
				case 'p':
					log1 = append(log1, std.PeekKind().String())
					log2 = append(log2, our.PeekKind().String())
				case 'k':
					log1 = append(log1, fmt.Sprint(std.SkipValue()))
					log2 = append(log2, fmt.Sprint(our.SkipValue()))
				case 'u':
					var r1, r2 any
					e1 := jsonv2.UnmarshalDecode(std, &r1)
					e2 := json.UnmarshalDecode(our, &r2)
					log1 = append(log1, fmt.Sprintf("%v %v", r1, e1))
					log2 = append(log2, fmt.Sprintf("%v %v", r2, e2))
					var s1, s2 rec
					e1 = jsonv2.UnmarshalDecode(std, &s1)
					e2 = json.UnmarshalDecode(our, &s2)
					log1 = append(log1, fmt.Sprintf("%v %v", s1, e1))
					log2 = append(log2, fmt.Sprintf("%v %v", s2, e2))
				}
				log1 = append(log1, fmt.Sprint(std.InputOffset(), std.StackDepth()))
				log2 = append(log2, fmt.Sprint(our.InputOffset(), our.StackDepth()))
				if n := len(log1); log1[n-1] != log2[n-1] || log1[n-2] != log2[n-2] {
					t.Fatalf("plan %s step %d (%c): %v / %v, want %v / %v", plan, k, c, log2[n-2], log2[n-1], log1[n-2], log1[n-1])
				}
			}
		}
	}
}
