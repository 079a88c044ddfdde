package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// advReader replays data by a script: chunk bytes a read (at most len(p)),
// zero empty reads between chunks, the last chunk with io.EOF (eofWith) or
// io.EOF alone after it, or a custom error (errEnd) with or after the data.
type advReader struct {
	data    []byte
	chunk   int
	zeros   int
	eofWith bool
	errEnd  error
	z       int
}

var errAdv = errors.New("adv read error")

func (r *advReader) Read(p []byte) (int, error) {
	if r.z < r.zeros && len(r.data) > 0 {
		r.z++
		return 0, nil
	}
	r.z = 0
	end := io.EOF
	if r.errEnd != nil {
		end = r.errEnd
	}
	if len(r.data) == 0 {
		return 0, end
	}
	n := min(r.chunk, len(p), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	if len(r.data) == 0 && r.eofWith {
		return n, end
	}
	return n, nil
}

type advDecoder interface {
	Decode(any) error
	Token() (stdjson.Token, error)
	More() bool
	Buffered() io.Reader
	InputOffset() int64
}

type advS struct {
	A int
	B string
	C []int
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%T %v", err, err)
}

// advRun applies ops to d and returns a transcript.
func advRun(d advDecoder, ops string, in string) string {
	var sb strings.Builder
	for _, op := range ops {
		switch op {
		case 'D':
			var v any
			err := d.Decode(&v)
			fmt.Fprintf(&sb, "D:%#v %s|", v, errText(err))
		case 'R':
			var v stdjson.RawMessage
			err := d.Decode(&v)
			fmt.Fprintf(&sb, "R:%q %s|", v, errText(err))
		case 'S':
			var v advS
			err := d.Decode(&v)
			fmt.Fprintf(&sb, "S:%#v %s|", v, errText(err))
		case 'T':
			tok, err := d.Token()
			fmt.Fprintf(&sb, "T:%#v %s|", tok, errText(err))
		case 'M':
			fmt.Fprintf(&sb, "M:%v|", d.More())
		case 'B':
			b, _ := io.ReadAll(d.Buffered())
			if off := d.InputOffset(); off <= int64(len(in)) && strings.HasPrefix(in[off:], string(b)) {
				fmt.Fprintf(&sb, "B:ok|")
			} else {
				fmt.Fprintf(&sb, "B:bad off %d %q|", off, b)
			}
		case 'O':
			fmt.Fprintf(&sb, "O:%d|", d.InputOffset())
		}
	}
	return sb.String()
}

var advInputs = []string{
	`{}{}`, `1 2`, `{"a":1}` + "\n" + `{"b":`, `{"a":1} {"b":2}`, `[1] [2]`, `[1]` + "\n" + `[2]` + "\n",
	`{"a":1}`, ` {"a":1} `, `{"A":1,"B":"x","C":[1,2]}` + "\n", `[1,2,3]`, `"str" 3 true null`,
	`{"a":1}x`, `{"a":1,}`, `[1,2`, `{"a":"}`, `{"a":"\u00"}`, `[}`, `]`, `   `, ``, `{"a":[1,{"b":2}]}` + "\n\n",
	`{"a":1}` + "\r\n" + `{"a":2}` + "\r\n", `[` + strings.Repeat(`{"A":1,"B":"yy"},`, 300) + `{}]`,
	`[` + strings.Repeat(`{"A":1,"B":"yy"},`, 300) + `{}] [1]`, `[` + strings.Repeat(`{"A":1,"B":"yy"},`, 300) + `{}` + "\n" + `[1]`,
	`{"C":[1,2]}{"C":"x"}`, `{"a":1}` + "\n" + `{"a":1`, `[1]]`, `{"a":1}}`, `{"a" 1}`, `[1,2]` + "\n" + `x`,
	`{"a":1}` + "\n" + `]`, `[[1]` + "\n" + `]`, `{"a":{"b":1}` + "\n" + `}`, `[1]` + "\n" + ` [2` + "\n" + `]`,
	`{"x":"` + strings.Repeat("z", 5000) + `"}` + "\n" + `{"x":1}`, `123456789012345678901234567890`, `-`, `tru`, `nul`, `"abc`,
}

var advOps = []string{"DDDD", "RRRR", "SSSS", "DBODBO", "ROBROBRO", "TTTTTTTTTTTT", "TMTMDMTMDOBT", "MDMDMD", "TDDDTOB", "OBDOBDOB", "MTMRMRMTT"}

func advCompare(t *testing.T, name string) { advCompareOpts(t, name, false) }

func advCompareOpts(t *testing.T, name string, opts bool) {
	for ii, in := range advInputs {
		for _, ops := range advOps {
			for _, chunk := range []int{1, 3, 7, 64, 100000} {
				for _, zeros := range []int{0, 2} {
					for _, eofWith := range []bool{false, true} {
						for _, errEnd := range []error{nil, errAdv} {
							mk := func() *advReader {
								return &advReader{data: []byte(in), chunk: chunk, zeros: zeros, eofWith: eofWith, errEnd: errEnd}
							}
							wd, gd := stdjson.NewDecoder(mk()), sjson.NewDecoder(mk())
							if opts {
								wd.UseNumber()
								wd.DisallowUnknownFields()
								gd.UseNumber()
								gd.DisallowUnknownFields()
							}
							want := advRun(wd, ops, in)
							got := advRun(gd, ops, in)
							if got != want {
								g, w := strings.Split(got, "|"), strings.Split(want, "|")
								k := 0
								for k < len(g) && k < len(w) && g[k] == w[k] {
									k++
								}
								gk, wk := "", ""
								if k < len(g) {
									gk = g[k]
								}
								if k < len(w) {
									wk = w[k]
								}
								t.Errorf("%s: input#%d %.60q ops %s chunk %d zeros %d eofWith %v errEnd %v: op %d:\n got %.300s\nwant %.300s", name, ii, in, ops, chunk, zeros, eofWith, errEnd, k, gk, wk)
							}
						}
					}
				}
			}
		}
	}
}

func TestDecoderDiff(t *testing.T) {
	advCompare(t, "nohint")
}

func TestDecoderDiffHint(t *testing.T) {
	defer sjson.SetReadHint(sjson.SetReadHint(0))
	big := []byte(`[` + strings.Repeat(`{"id":1,"name":"x"},`, 15000) + `{}]` + "\n")
	for range 3 {
		var v any
		if err := sjson.NewDecoder(&advReader{data: big, chunk: 1 << 30}).Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	advCompare(t, "hint")
}

// TestDecoderNoLeak: values kept from one Decoder never change when
// other Decoders decode other bodies (through the shared pool).
func TestDecoderNoLeak(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	type kept struct {
		what string
		snap string
		get  func() string
	}
	var keeps []kept
	for i := range 3000 {
		n := 1 + rng.Intn(3000)
		body := `{"k":"` + strings.Repeat(string(rune('a'+i%26)), n) + `","n":12345,"m":{"q":"` + strings.Repeat("v", n%700) + `"}}` + "\n"
		dec := sjson.NewDecoder(&advReader{data: []byte(body), chunk: 1 + rng.Intn(8000), eofWith: i%2 == 0})
		switch i % 5 {
		case 0:
			var v stdjson.RawMessage
			dec.Decode(&v)
			keeps = append(keeps, kept{"raw", string(v), func() string { return string(v) }})
		case 1:
			var v any
			dec.UseNumber()
			dec.Decode(&v)
			keeps = append(keeps, kept{"any", fmt.Sprint(v), func() string { return fmt.Sprint(v) }})
		case 2:
			var v map[string]stdjson.RawMessage
			dec.Decode(&v)
			keeps = append(keeps, kept{"mapraw", fmt.Sprint(v), func() string { return fmt.Sprint(v) }})
		case 3:
			var v struct {
				K string
				N stdjson.Number
				M map[string]string
			}
			dec.Decode(&v)
			keeps = append(keeps, kept{"struct", fmt.Sprint(v), func() string { return fmt.Sprint(v) }})
		case 4:
			var v struct{ K int }
			err := dec.Decode(&v)
			s := errText(err)
			keeps = append(keeps, kept{"err", s, func() string { return s }})
		}
	}
	for i, k := range keeps {
		if got := k.get(); got != k.snap {
			t.Fatalf("kept %d (%s) changed: %.80q -> %.80q", i, k.what, k.snap, got)
		}
	}
}

var _ = bytes.NewReader

// TestDecoderConcurrentOwnBytes: Decoders on many goroutines, bodies of
// mixed sizes (the read hint moving), several values per body: every value,
// RawMessage and Buffered read shows only its own body's bytes.
func TestDecoderConcurrentOwnBytes(t *testing.T) {
	done := make(chan string, 8)
	for g := range 8 {
		go func() {
			rng := rand.New(rand.NewSource(int64(g)))
			mark := string(rune('A' + g))
			for i := range 400 {
				n := 1 + rng.Intn(20000)
				if i%3 == 0 {
					n = 1 + rng.Intn(50)
				}
				body := `{"m":"` + strings.Repeat(mark, n) + `"}` + "\n" + `{"m":"` + mark + `"}` + "\n" + `[` + strings.Repeat(`"`+mark+`",`, n%40) + `1]`
				dec := sjson.NewDecoder(&advReader{data: []byte(body), chunk: 1 + rng.Intn(30000), eofWith: i%2 == 0})
				var raw stdjson.RawMessage
				var v struct{ M string }
				var a []any
				if err := dec.Decode(&raw); err != nil {
					done <- err.Error()
					return
				}
				buf, _ := io.ReadAll(dec.Buffered())
				if err := dec.Decode(&v); err != nil {
					done <- err.Error()
					return
				}
				if err := dec.Decode(&a); err != nil {
					done <- err.Error()
					return
				}
				for _, s := range []string{string(raw), string(buf), v.M, fmt.Sprint(a)} {
					if strings.ContainsFunc(s, func(r rune) bool { return r >= 'A' && r <= 'H' && string(r) != mark }) {
						done <- fmt.Sprintf("goroutine %d body %d: another Decoder's bytes: %.100q", g, i, s)
						return
					}
				}
				if !strings.HasPrefix(body, string(raw)) || !strings.HasPrefix(body[len(raw):], string(buf)) {
					done <- fmt.Sprintf("goroutine %d body %d: raw/buffered not the body's: %.60q / %.60q", g, i, raw, buf)
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if s := <-done; s != "" {
			t.Error(s)
		}
	}
}

func TestDecoderDiffOptions(t *testing.T) {
	advCompareOpts(t, "opts", true)
}
