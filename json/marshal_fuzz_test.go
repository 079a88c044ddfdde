package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"math"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// FuzzMarshal: Marshal, MarshalIndent and the Encoder (HTML escaping on
// and off, indented or not) give encoding/json's bytes and errors for
// values built from the fuzzer's bytes: every JSON kind, strings with
// invalid UTF-8 and HTML characters, NaN and infinities, Numbers and
// RawMessages that may be malformed, structs with tag options, pointers,
// maps with non-string keys.
func FuzzMarshal(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte("\x09\x05<a&b>\xff\x0a\x02\x03\x0b\x06"))
	f.Add([]byte{5, 3, 1, 2, 9, 0x7f, 0xff, 0x80, 4, 4, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &valueGen{data: data}
		v := g.value(0)
		want, werr := stdjson.Marshal(v)
		got, gerr := sjson.Marshal(v)
		compare(t, "Marshal", string(data), want, got, werr, gerr)
		want, werr = stdjson.MarshalIndent(v, "#", " ")
		got, gerr = sjson.MarshalIndent(v, "#", " ")
		compare(t, "MarshalIndent", string(data), want, got, werr, gerr)
		for _, html := range []bool{true, false} {
			var wb, gb bytes.Buffer
			we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
			we.SetEscapeHTML(html)
			ge.SetEscapeHTML(html)
			if html {
				we.SetIndent("", "\t")
				ge.SetIndent("", "\t")
			}
			werr, gerr := we.Encode(v), ge.Encode(v)
			werr2, gerr2 := we.Encode(v), ge.Encode(v)
			if (werr2 == nil) != (gerr2 == nil) {
				t.Fatalf("second Encode: %v, want %v", gerr2, werr2)
			}
			compare(t, "Encode", string(data), wb.Bytes(), gb.Bytes(), werr, gerr)
		}
	})
}

// valueGen builds a Go value from bytes, one decision per byte (zeros once
// they run out).
type valueGen struct {
	data []byte
	i    int
}

func (g *valueGen) next() byte {
	if g.i >= len(g.data) {
		return 0
	}
	g.i++
	return g.data[g.i-1]
}

func (g *valueGen) str() string {
	n := int(g.next() % 8)
	b := make([]byte, n)
	for i := range b {
		b[i] = g.next()
	}
	return string(b)
}

type genInner struct {
	A string  `json:"a,omitempty"`
	B int     `json:",string"`
	C *string `json:"c"`
	D any     `json:"-"`
	E float64 `json:"e,omitzero"`
}

type genOuter struct {
	genInner
	Name  string            `json:"name"`
	Items []any             `json:"items"`
	M     map[string]string `json:"m,omitempty"`
	P     *genInner         `json:"p,omitempty"`
	Raw   sjson.RawMessage  `json:"raw,omitempty"`
	N     sjson.Number      `json:"n,omitempty"`
	U     uint8             `json:"u"`
	Bytes []byte            `json:"bytes"`
}

func (g *valueGen) value(depth int) any {
	k := g.next()
	if depth > 4 {
		k %= 8 // scalars only
	}
	switch k % 16 {
	case 0:
		return nil
	case 1:
		return g.next()%2 == 0
	case 2:
		return int64(int8(g.next())) * 1e15
	case 3:
		return float64(int8(g.next())) / 7
	case 4:
		return []float64{math.NaN(), math.Inf(1), math.Inf(-1), -0.0, 1e21, 1e-7, math.MaxFloat64}[g.next()%7]
	case 5:
		return g.str()
	case 6:
		return sjson.Number([]string{"1", "-0.5e3", "01", "1.", "abc", ""}[g.next()%6])
	case 7:
		return sjson.RawMessage([]string{`{"a": [1, 2]}`, ` true `, `[1,`, `"x`, `null`, ""}[g.next()%6])
	case 8:
		n := int(g.next() % 4)
		s := make([]any, n)
		for i := range s {
			s[i] = g.value(depth + 1)
		}
		return s
	case 9:
		n := int(g.next() % 4)
		m := make(map[string]any, n)
		for range n {
			m[g.str()] = g.value(depth + 1)
		}
		return m
	case 10:
		m := map[int]string{}
		for range int(g.next() % 3) {
			m[int(int8(g.next()))] = g.str()
		}
		return m
	case 11:
		s := g.str()
		return &genInner{A: g.str(), B: int(int8(g.next())), C: &s, E: float64(g.next())}
	case 12:
		o := genOuter{Name: g.str(), U: g.next(), Bytes: []byte(g.str())}
		o.A = g.str()
		o.Items = []any{g.value(depth + 1), g.value(depth + 1)}
		if g.next()%2 == 0 {
			o.M = map[string]string{g.str(): g.str()}
		}
		if g.next()%2 == 0 {
			o.P = &genInner{A: g.str()}
		}
		if r, ok := g.value(depth + 1).(sjson.RawMessage); ok {
			o.Raw = r
		}
		if n, ok := g.value(depth + 1).(sjson.Number); ok {
			o.N = n
		}
		return o
	case 13:
		var p *genOuter
		return p
	case 14:
		return make(chan int) // unsupported type
	default:
		return []byte(g.str())
	}
}
