//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"bytes"
	"encoding/json/jsontext"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/jtlink"
	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// chunkReader returns its data in chunks whose sizes come from sizes (1 to
// 16 bytes, or up to 64 KiB for a zero), then fail (or io.EOF when fail is
// nil), as many times as asked.
type chunkReader struct {
	data  []byte
	sizes []byte
	fail  error
	n     int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		if r.fail != nil {
			return 0, r.fail
		}
		return 0, io.EOF
	}
	n := 64 << 10
	if len(r.sizes) > 0 {
		if s := int(r.sizes[r.n%len(r.sizes)] % 17); s > 0 {
			n = s
		}
		r.n++
	}
	n = min(n, len(p), len(r.data))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

var errRead = errors.New("read failed")

// decoderAPI is what both decoders answer.
type decoderAPI interface {
	ReadToken() (jsontext.Token, error)
	ReadValue() (jsontext.Value, error)
	SkipValue() error
	PeekKind() jsontext.Kind
	InputOffset() int64
	StackDepth() int
	StackIndex(int) (jsontext.Kind, int64)
	StackPointer() jsontext.Pointer
	UnreadBuffer() []byte
}

// errString describes err for the comparison; after an earlier error
// (failed) the pointer is not compared: the standard's name stack keeps
// the names of the value that failed, read from its buffer, so it depends
// on its reads ("{\"\":0,{\"0\":[10.A": "//" or "/0/" at the third call).
func errString(err error) string { return errStringAfter(err, false) }

func errStringAfter(err error, failed bool) string {
	if err == nil {
		return "<nil>"
	}
	var se *jsontext.SyntacticError
	// The standard's text quotes the offending bytes that its buffer holds,
	// which depends on how the input was read (an invalid surrogate pair is
	// "\ud800\u0" or "\ud800\u0041" as the reads fell): compared up to the
	// quote, with the offset and pointer.
	// So is the choice of quotes: "\uX " read 4 bytes at a time is quoted
	// with backquotes, in one read with double quotes; and an invalid
	// character is '\xd7' or 'ה' as the reads cut it.
	msg := err.Error()
	if i := strings.IndexAny(msg, "`\"'"); i >= 0 {
		msg = msg[:i]
	}
	s := fmt.Sprintf("%T %v", err, msg)
	if errors.As(err, &se) {
		// The last token of the standard's pointer is read from its
		// buffer, and for a name cut by the end of the input, a read
		// error or a missing colon it depends on its reads: "0{\"\"0"
		// gives "/" read 1, 2, 3 or 5 bytes at a time, "/0" 4 at a time
		// (encoding/json/jsontext alone, go1.27.3). Only its parent is
		// compared.
		// Nor is any name of it reliable: "{\"\":0}{\"0\":[0, A0" gives
		// "/0/1" read 1, 4 or 100 bytes at a time and "//1" 14 at a time
		// (encoding/json/jsontext alone, go1.27.3): only the pointer's
		// depth is compared.
		ptr := jsontext.Pointer(fmt.Sprintf("(depth %d)", strings.Count(string(se.JSONPointer), "/")))
		switch {
		case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, errRead):
			// After a read error or at an unexpected end, every name of
			// the standard's pointer may be stale bytes of its buffer:
			// "{}{\"0\":[0" failing after its 9 bytes, read 14 at a time,
			// gives "/:[" where the name is "0" (the standard alone).
			ptr = "(not compared)"
		case failed:
			ptr = "(not compared after an error)"
		case errors.Is(err, jsontext.ErrDuplicateName) || se.JSONPointer == "":
			ptr = se.JSONPointer // the name decoded, whole
		}
		s = strings.Replace(s, string(se.JSONPointer), string(ptr), 1)
		s += fmt.Sprintf(" [off %d ptr %q is-dup %v is-EOF %v]", se.ByteOffset, ptr, errors.Is(err, jsontext.ErrDuplicateName), errors.Is(err, io.ErrUnexpectedEOF))
	}
	return s
}

// diffDecoders runs the operations ops (one byte each) on a standard
// Decoder and on this package's, over the same input in chunks, and
// reports the first difference.
func diffDecoders(t *testing.T, input, sizes, ops []byte, fail error, opts ...jsontext.Options) {
	t.Helper()
	std := jsontext.NewDecoder(&chunkReader{data: input, sizes: sizes, fail: fail}, opts...)
	our := ours.NewDecoder(&chunkReader{data: input, sizes: sizes, fail: fail}, opts...)
	var od decoderAPI = our
	failed := false
	defer func() {
		if e := recover(); e != nil {
			t.Fatalf("panic %v: input %q ops %v sizes %v fail %v opts %v", e, input, ops, sizes, fail, opts)
		}
	}()
	for step, op := range ops {
		var a, b string
		var errNow error
		switch op % 8 {
		case 0, 1:
			v1, e1 := std.ReadValue()
			errNow = e1
			v2, e2 := od.ReadValue()
			a, b = fmt.Sprintf("ReadValue %q %s", v1, errStringAfter(e1, failed)), fmt.Sprintf("ReadValue %q %s", v2, errStringAfter(e2, failed))
		case 2:
			e1, e2 := std.SkipValue(), od.SkipValue()
			errNow = e1
			a, b = "SkipValue "+errStringAfter(e1, failed), "SkipValue "+errStringAfter(e2, failed)
		case 3, 4:
			t1, e1 := std.ReadToken()
			errNow = e1
			t2, e2 := od.ReadToken()
			a, b = fmt.Sprintf("ReadToken %v %q %s", t1.Kind(), t1.String(), errStringAfter(e1, failed)), fmt.Sprintf("ReadToken %v %q %s", t2.Kind(), t2.String(), errStringAfter(e2, failed))
		case 5:
			a, b = "PeekKind "+std.PeekKind().String(), "PeekKind "+od.PeekKind().String()
		case 6:
			// Hand over the standard Decoder behind ours (as json/v2 does)
			// and go on with it.
			if sd := jtlink.StdDecoder(our); sd != nil {
				od = sd
			}
			continue
		case 7:
			if failed {
				continue // the standard's name stack after an error: see errStringAfter
			}
			a, b = fmt.Sprintf("StackPointer %q", std.StackPointer()), fmt.Sprintf("StackPointer %q", od.StackPointer())
		}
		if a != b {
			t.Fatalf("step %d (op %d): input %q ops %v sizes %v fail %v opts %v\nstandard: %s\nours:     %s", step, op%8, input, ops, sizes, fail, opts, a, b)
		}
		failed = failed || errNow != nil && errNow != io.EOF

		if o1, o2 := std.InputOffset(), od.InputOffset(); o1 != o2 {
			t.Fatalf("step %d after %s: input %q ops %v sizes %v fail %v: InputOffset %d, want %d", step, a, input, ops, sizes, fail, o2, o1)
		}
		if d1, d2 := std.StackDepth(), od.StackDepth(); d1 != d2 {
			t.Fatalf("step %d after %s: input %q: StackDepth %d, want %d", step, a, input, d2, d1)
		}
		for i := range std.StackDepth() + 1 {
			k1, n1 := std.StackIndex(i)
			k2, n2 := od.StackIndex(i)
			if k1 != k2 || n1 != n2 {
				t.Fatalf("step %d after %s: input %q: StackIndex(%d) %v %d, want %v %d", step, a, input, i, k2, n2, k1, n1)
			}
		}
		if off := od.InputOffset(); off >= 0 && off <= int64(len(input)) {
			if u := od.UnreadBuffer(); !bytes.HasPrefix(input[off:], u) {
				t.Fatalf("step %d after %s: input %q: UnreadBuffer %q is not what follows offset %d", step, a, input, u, off)
			}
		}
	}
}

var diffInputs = []string{
	"", " ", "\n", "{}", "[]", "{}{}", "[]1", "1[]", "1 2", "0 0 0", `"a""b"`, "nulltrue", "true", "tru", "truex",
	"{\"a\":1}\n{\"b\":[1,2,{\"c\":null}]}\n{\"d\":\"e\"}\n",
	"{\"a\":1,\"a\":2}\n{}",
	"{\"a\":1,\"\\u0061\":2}\n",
	"[{\"a\":1},{\"a\":1}]\n",
	"{\"x\":{\"a\":1},\"y\":{\"a\":1}}\n",
	"{\"a\":{\"b\":1,\"b\":2}}\n",
	"{\"a\":[1],\"a\":2}\n", "{\"a\":{\"b\":[]},\"b\":1,\"b\":2}\n", "{\"a\":[{\"x\":1}],\"b\":[],\"c\":{},\"b\":0}\n",
	"{\"k0\":0,\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,\"k14\":14,\"k15\":15,\"k16\":16,\"k17\":17,\"k5\":0}\n",
	"{\"k0\":0,\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,\"k14\":14,\"k15\":15,\"k16\":16,\"k17\":17}\n[{\"k0\":0,\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,\"k14\":14,\"k15\":15,\"k16\":16,\"k0\":1}]\n",
	"\"\\ud800\"\n", "\"\\udc00\"\n", "\"\\ud800\\u0041\"\n", "\"\\ud83d\\ude00\"\n", "\"\xff\"\n", "\"\xed\xa0\x80\"\n",
	"1e999999\n", "123456789012345678901234567890\n", "-0\n", "01\n", "1.\n", "-\n", "1e\n",
	"[" + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + "]\n",
	strings.Repeat("[", 10001) + strings.Repeat("]", 10001),
	"{\"a\":1}\r\n{\"b\":2} \t\n", "{\"a\":1} x\n", "{\"a\":1}\n}", "{\"a\":1,}\n", "[1,]\n", "{\"a\"1}\n",
	"\"a\\\"b\"\n", "\"a\\\\\"\n", "\"\\x\"\n", "\"\t\"\n", "[\"a\\\\\",\"]\"]\n",
	"  {\"a\":[1,2,3]}  \n  [true,false,null]\n\n\n  \"s\"\n 12.5e-3\n",
	"{\"a\":1}\n{\"b\":2", "{\"a\":1}\n{\"b\":2}",
}

// TestDecoderDiff runs fixed inputs with several operation sequences and
// chunkings against the standard Decoder.
func TestDecoderDiff(t *testing.T) {
	opsList := [][]byte{
		{0, 0, 0, 0, 0, 0},
		{2, 2, 2, 2, 2, 2},
		{5, 0, 5, 0, 5, 0, 5, 0},
		{3, 0, 3, 3, 0, 0, 0, 0},
		{0, 6, 0, 0, 0, 0},
		{0, 0, 6, 3, 3, 0, 0},
		{3, 3, 3, 3, 0, 0, 0, 0, 0, 3, 3},
		{0, 3, 0, 7, 0, 5, 3, 3, 0, 0},
	}
	sizesList := [][]byte{nil, {1}, {3, 5, 7}, {16, 0, 2}}
	for _, in := range diffInputs {
		for _, ops := range opsList {
			for _, sizes := range sizesList {
				for _, fail := range []error{nil, errRead} {
					diffDecoders(t, []byte(in), sizes, ops, fail)
					diffDecoders(t, []byte(in), sizes, ops, fail, jsontext.AllowDuplicateNames(true))
				}
			}
		}
	}
}

// FuzzDecoderDiff: random input, operations, chunk sizes and options
// against the standard Decoder.
func FuzzDecoderDiff(f *testing.F) {
	for i, in := range diffInputs {
		f.Add([]byte(in), []byte{0, 0, 3, 0, 5, 2, 0, byte(i)}, []byte{byte(i)}, byte(i))
	}
	f.Fuzz(func(t *testing.T, input, ops, sizes []byte, flags byte) {
		if len(ops) > 64 || len(input) > 1<<16 {
			return
		}
		var fail error
		if flags&1 != 0 {
			fail = errRead
		}
		var opts []jsontext.Options
		if flags&2 != 0 {
			opts = append(opts, jsontext.AllowDuplicateNames(true))
		}
		if flags&4 != 0 {
			opts = append(opts, jsontext.AllowInvalidUTF8(true))
		}
		diffDecoders(t, input, sizes, ops, fail, opts...)
	})
}
