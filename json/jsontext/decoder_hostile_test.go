//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"bytes"
	"encoding/json/jsontext"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// Adversarial review (2026-12-05): inputs past the 64 KiB the fuzz target
// stops at, where the recording of the bytes fed to the standard Decoder
// moves its boundary, then hand-overs at large offsets, against the
// standard Decoder.

func hostileLarge() map[string][]byte {
	var nd bytes.Buffer
	for i := range 400 {
		fmt.Fprintf(&nd, "{\"i\":%d,\"s\":\"%s\",\"a\":[%s1],\"o\":{\"k\":\"\\u0061%d\"}}\n", i, strings.Repeat("x", i*7%900), strings.Repeat("2,", i%300), i)
	}
	var big bytes.Buffer
	big.WriteString("{\"a\":1} [1,2] ")
	big.WriteString("[")
	for i := range 60000 {
		fmt.Fprintf(&big, "%d,", i)
	}
	big.WriteString("{\"x\":1,\"\\u0078\":2}]\n{\"b\":2}\n")
	var many bytes.Buffer
	for i := range 30000 {
		fmt.Fprintf(&many, "%d ", i)
	}
	many.WriteString("{\"a\":1,\"a\":2}\n[3]")
	var deep bytes.Buffer
	deep.WriteString("1\n")
	for range 3 {
		deep.WriteString(strings.Repeat("[", 9999) + strings.Repeat("]", 9999) + "\n")
	}
	deep.WriteString(strings.Repeat("{\"a\":", 5000) + "1" + strings.Repeat("}", 5000) + "\n")
	return map[string][]byte{"ndjson": nd.Bytes(), "big-array": big.Bytes(), "many-scalars": many.Bytes(), "deep": deep.Bytes()}
}

func TestDecoderHostileLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 2))
	for name, in := range hostileLarge() {
		for round := range 12 {
			ops := make([]byte, 200)
			for i := range ops {
				// runs of one operation: long ReadToken runs move the
				// recording's boundary past 64 KiB
				if i%20 == 0 || rng.IntN(4) == 0 {
					ops[i] = byte(rng.IntN(8))
				} else {
					ops[i] = ops[max(i-1, 0)]
				}
			}
			if round%3 == 0 {
				for i := 0; i < 150; i++ {
					ops[i] = 3
				}
				ops[150] = 6
			}
			sizes := [][]byte{nil, {0, 5, 0}, {13}}[round%3]
			t.Run(fmt.Sprintf("%s/%d", name, round), func(t *testing.T) {
				diffDecoders(t, in, sizes, ops, nil)
				diffDecoders(t, in, sizes, ops, errRead, jsontext.AllowDuplicateNames(true))
			})
		}
	}
}

// Two Decoders used at once from two goroutines each (run with -race).
func TestDecoderHostileConcurrent(t *testing.T) {
	in := hostileLarge()["ndjson"]
	var want []string
	sd := jsontext.NewDecoder(bytes.NewReader(in))
	for {
		v, err := sd.ReadValue()
		if err != nil {
			break
		}
		want = append(want, string(v))
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			d := ours.NewDecoder(bytes.NewReader(in))
			for i := 0; ; i++ {
				v, err := d.ReadValue()
				if err != nil {
					if i != len(want) {
						t.Errorf("goroutine %d: %d values, want %d: %v", g, i, len(want), err)
					}
					return
				}
				if string(v) != want[i] {
					t.Errorf("goroutine %d value %d differs", g, i)
					return
				}
			}
		})
	}
	wg.Wait()
}

// stallingReader returns (0, nil) stall times before each chunk of its data: an
// io.Reader may (io.Reader's documentation discourages it but allows it),
// and the standard Decoder reads on until data or an error comes.
type stallingReader struct {
	data  []byte
	stall int
	n     int
}

func (r *stallingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	if r.n < r.stall {
		r.n++
		return 0, nil
	}
	r.n = 0
	k := copy(p, r.data[:min(len(r.data), 7)])
	r.data = r.data[k:]
	return k, nil
}

// Failed at 4827481 (main): Decoder.more gives up after 100 reads of (0, nil) in a
// row and reports io.ErrNoProgress, where the standard Decoder reads on
// and decodes the input (a reader stalling 150 times before each chunk).
func TestDecoderHostileStallingReader(t *testing.T) {
	in := "{\"a\":1}\n[1,2,3]\n\"s\"\n"
	for _, stall := range []int{99, 100, 150} {
		std := jsontext.NewDecoder(&stallingReader{data: []byte(in), stall: stall})
		our := ours.NewDecoder(&stallingReader{data: []byte(in), stall: stall})
		for i := range 4 {
			v1, e1 := std.ReadValue()
			v2, e2 := our.ReadValue()
			if string(v1) != string(v2) || fmt.Sprint(e1) != fmt.Sprint(e2) {
				t.Fatalf("stall %d value %d: %q %v, standard %q %v", stall, i, v2, e2, v1, e1)
			}
		}
	}
}

// hostileSmall returns at most 4 KiB per Read (a socket, a small bufio.Reader).
type hostileSmall struct{ data []byte }

func (r *hostileSmall) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.data[:min(len(r.data), 4096)])
	r.data = r.data[n:]
	return n, nil
}

// One large value with no newline, read 4 KiB at a time: ReadValue takes
// linear time, within a small factor of the standard Decoder's.
// Failed at 4827481 (main): readFast searched for the NDJSON newline from
// the value's start again after each read, quadratic: 6 MB took 184 ms
// against the standard's 14 ms (13x), 30 MB 3.7 s against 159 ms (23x).
func TestDecoderHostileLongLineSmallReads(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("[")
	for i := range hostileLongN {
		fmt.Fprintf(&b, "%d,", i)
	}
	b.WriteString("0]")
	in := b.Bytes() // about 7 MB, no newline
	timeIt := func(read func() error) time.Duration {
		best := time.Duration(1 << 62)
		for range 3 {
			t0 := time.Now()
			if err := read(); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(t0))
		}
		return best
	}
	tStd := timeIt(func() error { _, err := jsontext.NewDecoder(&hostileSmall{in}).ReadValue(); return err })
	tOur := timeIt(func() error { _, err := ours.NewDecoder(&hostileSmall{in}).ReadValue(); return err })
	t.Logf("%d MB in 4 KiB reads: ReadValue %v, standard %v (%.1fx)", len(in)>>20, tOur, tStd, float64(tOur)/float64(tStd))
	if tOur > 4*tStd+50*time.Millisecond {
		t.Fatalf("ReadValue of a %d MB line in 4 KiB reads took %v, the standard Decoder %v", len(in)>>20, tOur, tStd)
	}
}

// hostileLongN: the elements of the long line (1<<22: 30 MB).
var hostileLongN = 1 << 20
