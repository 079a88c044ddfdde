//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

type capLeaf struct {
	A  int64  `json:"a"`
	B  uint64 `json:"bbbbbbbbbbbbbbbbbbbbbbbbbbbb"` // `,"` + 28 + `":` = 32 bytes: one store, all of it
	C  string `json:"c"`
	D  []int  `json:"d"`
	E  string `json:"eeeeeeeeeeeeeeeeeeeeeeeeeeeee,omitempty"` // 33 bytes: copied
	MA map[string]any
}

// marshalV2DefaultTo appends in's encoding to dst, as marshalV2Default
// encodes it into the state's buffer, the state's own buffer kept.
func marshalV2DefaultTo(dst []byte, in any, sorted bool) ([]byte, bool) {
	s := getV2State(sorted)
	own := s.buf
	s.buf = dst
	ok := s.encode(in)
	out := s.buf
	s.buf = own
	putV2State(s)
	return out, ok
}

// The encoder writes no byte past its buffer's capacity: every value is
// encoded into a window of a larger array cut at each capacity from the
// prefix's length to past the encoding's end, and the array's bytes past
// the window must keep their sentinel (a word store of a field name, a
// short string or an integer running past the end would change them). The
// output must be the same at every capacity.
func TestMarshalV2DefaultCapacityEdges(t *testing.T) {
	vals := []any{
		capLeaf{A: math.MinInt64, B: math.MaxUint64, C: strings.Repeat("s", 32), D: []int{1e8 - 1, 1e8, 999999999, 1e9, -1}},
		capLeaf{A: 99999999, B: 100000000, C: "", D: []int{}, E: "x", MA: map[string]any{"k": strings.Repeat("v", 32)}},
		[]capLeaf{{}, {A: 7}},
		map[string]any{"a": 1.0},
		[]int64{math.MinInt64, math.MaxInt64, 0, -9, 1e8},
		strings.Repeat("q", 32),
		strings.Repeat("q", 31),
		int64(math.MinInt64),
		uint64(math.MaxUint64),
		struct{}{},
		struct{ X *int }{},
	}
	const sentinel = 0xA5
	for vi, v := range vals {
		for _, pre := range []int{0, 1, 7, 31} {
			ref, ok := marshalV2DefaultTo(make([]byte, pre, 1<<12), v, true)
			if !ok {
				t.Fatalf("value %d: refused", vi)
			}
			for c := pre; c <= len(ref)+40; c++ {
				big := bytes.Repeat([]byte{sentinel}, c+64)
				dst := big[:pre:c]
				for i := range dst {
					dst[i] = 0
				}
				out, ok := marshalV2DefaultTo(dst, v, true)
				if !ok || !bytes.Equal(out, ref) {
					t.Fatalf("value %d prefix %d cap %d: %q (ok %v), want %q", vi, pre, c, out, ok, ref)
				}
				for i := c; i < len(big); i++ {
					if big[i] != sentinel {
						t.Fatalf("value %d prefix %d cap %d: byte %d past the capacity written (%q)", vi, pre, c, i, big[c:])
					}
				}
			}
		}
	}
}
