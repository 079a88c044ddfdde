//go:build cgo

package inflate_test

import (
	"bytes"
	"compress/flate"
	"fmt"
	"testing"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/inflate"
)

// A raw deflate stream cut short and decoded with the input final, in steps
// that suspend every few symbols: every byte handed out before the fault is
// the data's (the decoder reads zeros past the end of the input and must
// not suspend, handing on what it decoded from them, after consuming any).
func TestStreamCutNoPhantomOutput(t *testing.T) {
	var data bytes.Buffer
	for i := range 3000 {
		fmt.Fprintf(&data, "{\"i\":%d,\"s\":\"%x\"}\n", i, i*i*7919)
	}
	var z bytes.Buffer
	fw, _ := flate.NewWriter(&z, 6)
	fw.Write(data.Bytes())
	fw.Close()
	want := data.Bytes()
	d := inflate.New()
	defer d.Close()
	in := inflate.Malloc(z.Len())
	defer inflate.Free(in)
	const outCap = 1 << 20
	out := inflate.Malloc(outCap)
	defer inflate.Free(out)
	ob := unsafe.Slice((*byte)(out), outCap)
	for cut := z.Len() / 2; cut < z.Len()-1; cut += 7 {
		copy(unsafe.Slice((*byte)(in), z.Len()), z.Bytes()[:cut])
		var st inflate.StreamState
		got := 0
		for {
			limit := min(outCap, st.OutPos()+inflate.StreamOutMargin+1)
			if limit > len(want)+inflate.StreamOutMargin+1 {
				t.Fatalf("cut %d: decoded past the data", cut)
			}
			if d.Stream(&st, in, cut, true, out, limit) != inflate.OK {
				break
			}
			got = st.OutPos()
			if st.Done() {
				t.Fatalf("cut %d: done", cut)
			}
		}
		if !bytes.Equal(ob[:got], want[:got]) {
			t.Fatalf("cut %d: %d bytes handed out, not the data's", cut, got)
		}
	}
}
