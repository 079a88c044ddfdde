package json_test

import (
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"testing/iotest"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

var errTailRead = errors.New("read failed")

// tailDecoder is what the script below needs of both Decoders.
type tailDecoder interface {
	Decode(any) error
	Token() (stdjson.Token, error)
	More() bool
	Buffered() io.Reader
	InputOffset() int64
}

// tailScript drives d through one of a few sequences of Decode, Token,
// More, Buffered and InputOffset, and writes what each call returned, and
// separately what Buffered returned after each.
func tailScript(d tailDecoder, script int) (string, []string) {
	var b strings.Builder
	var bufs []string
	for step := 0; step < 12; step++ {
		var err error
		switch (script + step) % 4 {
		case 0, 2:
			var v any
			err = d.Decode(&v)
			fmt.Fprintf(&b, "D %v %v;", v, err)
		case 1:
			var tok stdjson.Token
			tok, err = d.Token()
			fmt.Fprintf(&b, "T %v %v;", tok, err)
		case 3:
			fmt.Fprintf(&b, "M %v;", d.More())
		}
		buf, _ := io.ReadAll(d.Buffered())
		fmt.Fprintf(&b, "@%d|", d.InputOffset())
		bufs = append(bufs, string(buf))
		if err == io.EOF {
			break
		}
	}
	return b.String(), bufs
}

// Bodies ending with a lone newline (kept by a Decoder as a view of one
// shared byte), "\r\n", " \n", 16 and 17 bytes of trailing space or of the
// next value, read whole, one byte per Read, with data and EOF together,
// or from a reader that fails after the body; after a syntax error too.
// Decoders on 8 goroutines, each compared call by call with
// encoding/json's; under -race a write to the shared newline by any
// Decoder is reported.
func TestDecoderTailAdversarial(t *testing.T) {
	ends := []string{"\n", "\r\n", " \n", "\n\n", strings.Repeat(" ", 15) + "\n", strings.Repeat(" ", 16) + "\n",
		strings.Repeat(" ", 16), strings.Repeat("\t", 17), "\n1", "\n[", "\n{\"a\"", "\n" + strings.Repeat(" ", 14) + "7", "\n" + strings.Repeat(" ", 15) + "7"}
	var bodies []string
	for _, e := range ends {
		bodies = append(bodies, `{"a":[1,2]}`+e, `[1,{"b":"c"}]`+e+`{"x":1}`+e, `"s"`+e+`2`+e, `{"a":1}`+e+`{bad}`+e+`{"b":2}`+e, `{}`+e+`[]`+e+e)
	}
	readers := []func(string) io.Reader{
		func(s string) io.Reader { return strings.NewReader(s) },
		func(s string) io.Reader { return iotest.OneByteReader(strings.NewReader(s)) },
		func(s string) io.Reader { return iotest.DataErrReader(strings.NewReader(s)) },
		func(s string) io.Reader { return iotest.HalfReader(strings.NewReader(s)) },
		func(s string) io.Reader {
			return io.MultiReader(iotest.OneByteReader(strings.NewReader(s)), iotest.ErrReader(errTailRead))
		},
		func(s string) io.Reader { return io.MultiReader(strings.NewReader(s), iotest.ErrReader(errTailRead)) },
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := range 3 {
				for bi, body := range bodies {
					for ri, mk := range readers {
						for script := range 4 {
							if (bi+ri+script+round)%8 != g {
								continue
							}
							want, wbufs := tailScript(stdjson.NewDecoder(mk(body)), script)
							got, gbufs := tailScript(sjson.NewDecoder(mk(body)), script)
							// Both Decoders may read ahead (ours further
							// after a syntax error): Buffered holds at
							// least encoding/json's bytes.
							for i := range gbufs {
								if i >= len(wbufs) || !strings.HasPrefix(gbufs[i], wbufs[i]) {
									got += fmt.Sprintf(" Buffered %d %q", i, gbufs[i])
									want += fmt.Sprintf(" Buffered %d %q", i, wbufs[min(i, len(wbufs)-1)])
									break
								}
							}
							if got != want {
								select {
								case errs <- fmt.Sprintf("body %q reader %d script %d:\n got %s\nwant %s", body, ri, script, got, want):
								default:
								}
								return
							}
						}
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
}
