package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The Token differential: the same script of calls (Token, More, Decode
// into several types, Buffered, InputOffset) on encoding/json's Decoder and
// this package's, over the same input through the same kind of reader,
// must give the same tokens, values, errors (type, message, offset),
// More answers and InputOffsets after every call. Buffered must always be
// what was read and not consumed (its bytes followed by what the reader
// still holds are the input from InputOffset on); it must equal
// encoding/json's own where both read alike: readers without Len that
// return at most stdFirstRead bytes a read (encoding/json's smallest
// request: 512 bytes, 64 under v2), and inputs of at most that, until the
// first error (on malformed input this Decoder may read further before it
// reports).

// testReader returns data at most chunk bytes a read (all when chunk is
// 0), then err (io.EOF when nil), with the last bytes when errWithData.
type testReader struct {
	data        []byte
	chunk       int
	err         error
	errWithData bool
}

func (r *testReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, r.errOrEOF()
	}
	n := len(p)
	if r.chunk > 0 && n > r.chunk {
		n = r.chunk
	}
	n = copy(p, r.data[:min(n, len(r.data))])
	r.data = r.data[n:]
	if len(r.data) == 0 && r.errWithData {
		return n, r.errOrEOF()
	}
	return n, nil
}

func (r *testReader) errOrEOF() error {
	if r.err != nil {
		return r.err
	}
	return io.EOF
}

// lenReader is a testReader with a Len method, as bytes.Reader has.
type lenReader struct{ *testReader }

func (r lenReader) Len() int { return len(r.data) }

// A readerKind makes the two readers of one run.
type readerKind struct {
	name  string
	make  func(data []byte) (io.Reader, *testReader)
	exact func(n int) bool // whether Buffered must equal encoding/json's for an input of n bytes
}

var errBoom = errors.New("boom")

func plainReader(chunk int, err error, withData bool) func([]byte) (io.Reader, *testReader) {
	return func(data []byte) (io.Reader, *testReader) {
		r := &testReader{data: data, chunk: chunk, err: err, errWithData: withData}
		return r, r
	}
}

var readerKinds = []readerKind{
	{"len", func(data []byte) (io.Reader, *testReader) {
		r := &testReader{data: data}
		return lenReader{r}, r
	}, func(n int) bool { return n <= stdFirstRead }},
	{"onebyte", plainReader(1, nil, false), func(int) bool { return true }},
	{"chunk3", plainReader(3, nil, false), func(int) bool { return true }},
	{"chunk100-eofwithdata", plainReader(100, nil, true), func(int) bool { return 100 <= stdFirstRead }},
	{"chunk512", plainReader(512, nil, false), func(int) bool { return 512 <= stdFirstRead }},
	{"all-eofwithdata", plainReader(0, nil, true), func(n int) bool { return n <= stdFirstRead }},
	{"chunk5-boom", plainReader(5, errBoom, false), func(int) bool { return true }},
	{"chunk7-boomwithdata", plainReader(7, errBoom, true), func(int) bool { return true }},
}

// Script operations (one byte each).
const (
	opToken = iota
	opMore
	opDecodeAny
	opDecodeRaw
	opDecodeStruct
	opBuffered
	opCount
)

var opNames = [opCount]string{"Token", "More", "Decode(any)", "Decode(RawMessage)", "Decode(struct)", "Buffered"}

// tokenTarget is a struct target: type errors for most values.
type tokenTarget struct {
	A int
	B string
	C []float64
}

// checkTokens runs script (cyclically) on both decoders until both report
// io.EOF from Token or Decode twice, or after a bound of steps.
func checkTokens(t testing.TB, name string, data []byte, rk readerKind, script []byte, useNumber bool) {
	t.Helper()
	if len(script) == 0 {
		return
	}
	jr, jsrc := rk.make(bytes.Clone(data))
	sr, ssrc := rk.make(bytes.Clone(data))
	jd := stdjson.NewDecoder(jr)
	sd := sjson.NewDecoder(sr)
	if useNumber {
		jd.UseNumber()
		sd.UseNumber()
	}
	exact := rk.exact(len(data))
	where := func(step int, op byte) string {
		return fmt.Sprintf("%s (%s, script %v, useNumber %v) step %d %s", name, rk.name, script, useNumber, step, opNames[op])
	}
	eofs := 0
	limit := 3*len(data) + 3*len(script) + 16
	// Stop when the script makes no progress (errors that are not final,
	// repeated).
	lastOff, lastMove := int64(0), 0
	for step := 0; step < limit && eofs < 2 && step-lastMove <= 4*len(script)+8; step++ {
		op := script[step%len(script)] % opCount
		var jerr, serr error
		switch op {
		case opToken:
			var jt, st sjson.Token
			jt, jerr = jd.Token()
			st, serr = sd.Token()
			if ok, why := sameValue(reflect.ValueOf(&jt), reflect.ValueOf(&st), "token"); !ok {
				t.Fatalf("%s: token %#v vs %#v (%s)", where(step, op), jt, st, why)
			}
		case opMore:
			if jm, sm := jd.More(), sd.More(); jm != sm {
				t.Fatalf("%s: More %v vs %v", where(step, op), jm, sm)
			}
		case opDecodeAny, opDecodeRaw, opDecodeStruct:
			var jv, sv any
			switch op {
			case opDecodeAny:
				jv, sv = new(any), new(any)
			case opDecodeRaw:
				jv, sv = new(stdjson.RawMessage), new(stdjson.RawMessage)
			default:
				jv, sv = new(tokenTarget), new(tokenTarget)
			}
			jerr = jd.Decode(jv)
			serr = sd.Decode(sv)
			if ok, why := sameValue(reflect.ValueOf(jv), reflect.ValueOf(sv), "v"); !ok {
				t.Fatalf("%s: values differ: %s", where(step, op), why)
			}
		case opBuffered:
			jb, _ := io.ReadAll(jd.Buffered())
			sb, _ := io.ReadAll(sd.Buffered())
			if exact && !bytes.Equal(jb, sb) {
				t.Fatalf("%s: Buffered %q vs %q", where(step, op), jb, sb)
			}
			// (Under v2 InputOffset counts the whitespace More looked
			// past, and the delimiter after Token's io.EOF; Buffered
			// starts after the last token.)
			off := sd.InputOffset()
			got := append(sb, ssrc.data...)
			from := int64(len(data) - len(got))
			if off > int64(len(data)) || from < 0 || !bytes.Equal(got, data[from:]) ||
				from != off && !(stdJSONv2 && from < off && len(bytes.Trim(data[from:off], " \t\r\n,:")) == 0) {
				t.Fatalf("%s: Buffered and the unread input are %q, not the input from offset %d", where(step, op), got, off)
			}
		}
		if ok, why := sameDecoderError(jerr, serr); !ok {
			t.Fatalf("%s: %s", where(step, op), why)
		}
		jo, so := jd.InputOffset(), sd.InputOffset()
		if jo != so {
			t.Fatalf("%s: InputOffset %d vs %d", where(step, op), jo, so)
		}
		if jo != lastOff || jerr == nil && op != opMore && op != opBuffered {
			lastOff, lastMove = jo, step
		}
		if jerr != nil {
			exact = false
		}
		if exact && len(jsrc.data) != len(ssrc.data) {
			t.Fatalf("%s: read %d bytes vs %d", where(step, op), len(data)-len(jsrc.data), len(data)-len(ssrc.data))
		}
		if jerr == io.EOF {
			eofs++
		}
	}
}

// sameDecoderError is sameError, and the read errors and io sentinels are
// the same values.
func sameDecoderError(want, got error) (bool, string) {
	if ok, why := sameError(want, got); !ok {
		return false, why
	}
	for _, e := range []error{io.EOF, io.ErrUnexpectedEOF, errBoom} {
		if (want == e) != (got == e) {
			return false, fmt.Sprintf("error %v vs %v (%T)", want, got, got)
		}
	}
	return true, ""
}

// Fixed scripts: tokens only; More before each Token; the Token, More,
// Decode loop over an array (or object values); Decode where Token would
// go (errors inside containers); and mixes with Buffered.
var tokenScripts = [][]byte{
	{opToken},
	{opMore, opToken},
	{opToken, opMore, opDecodeAny, opMore, opDecodeAny, opToken},
	{opToken, opToken, opDecodeAny},
	{opDecodeAny},
	{opToken, opDecodeRaw, opBuffered},
	{opToken, opBuffered, opMore, opDecodeStruct, opToken, opBuffered},
	{opToken, opToken, opMore, opToken, opDecodeRaw, opDecodeAny, opBuffered},
	{opBuffered, opToken, opMore, opBuffered},
}

// tokenInputs: valid and malformed streams for the token state machine,
// on top of the Decoder's streams (decode_test.go).
var tokenInputs = []string{
	`[1,2,3]`, `[]`, `{}`, `[[]]`, `[{}]`, `{"a":{}}`, `[1, [2, [3, [4]]], {"k": [5]}]`,
	`{"a":1,"b":[true,false,null],"c":{"d":"e"},"f":-0.5e3}`, ` [ 1 , 2 ] `, "\t{\n\"a\"\r:\n1\t}\n",
	`[1 2]`, `[1,]`, `[,1]`, `[1,,2]`, `{"a" 1}`, `{"a":1,}`, `{"a":1 "b":2}`, `{1:2}`, `{"a",1}`, `["a":1]`,
	`[}`, `{]`, `]`, `}`, `,`, `:`, `[:`, `{:`, `{"a"::1}`, `{"a":,}`, `[1]]`, `{"a":1}}`, `[[1]`, `{"a":[1}`,
	`{"a":1}x`, `[1]x`, `["x" 1]`, `{"a"}`, `{"a":}`, `{,}`, `[true,fals]`, `[nul]`, `[tru`, `["abc`, `[1.`, `[-`,
	`["\u00e9\n\t\"\\\/"]`, `{"k\u00e9y":"v\"al"}`, "[\"\xff\xfe\"]", `["\ud800"]`, `["\ud83d\ude00"]`, `{"\ud800":1}`,
	"[\"a\x01\"]", `["\x"]`, `[1e400]`, `[1e400, 2]`, `[-0, 0, -0.0, 1E2, 1e-2, 0.5, 123456789012345678901234567890]`,
	`[1e309]`, `{"a":1e400}`, `[01]`, `[1.5.3]`, `[-a]`, `[0x10]`, `["a"]["b"]`, "[1]\n[2]\n{\"a\":3}\n",
	`1 [2] {"a":3} "s" true null`, `"key" : "value"`, `"a":1`, `[1],[2]`, "\xef\xbb\xbf[1]", `[NaN]`, `[Infinity]`,
	`{"a":"b","a":"c"}`, `{"":""}`, `[""]`, `["\\"]`, `["\\\""]`, `[[[[[[[[[[]]]]]]]]]]`, `[[[[[[[[[[`,
	`{"a":[{"b":[{"c":null}]}]}`, `[true] false`, `[null,null]`, `{"a":true,"b":false}`, "[ \n ]", "{ \n }",
	`["a\"b","\\\\","\/","\b\f\n\r\t","\"","\\"]`, `{"k\"ey":"v\\al","\n":1}`, `["\q"]`, "[\"a\\\x01\"]",
	"[\"\\\xff\"]", "[\"\xc3\xa9\\n\"]", `["\u0041\n"]`, `["abc\`,
}

// bigTokenInputs cross the readers' and buffers' boundaries.
func bigTokenInputs() []string {
	var b strings.Builder
	b.WriteString("[")
	for i := range 2000 {
		if i > 0 {
			b.WriteString(", ")
		}
		switch i % 5 {
		case 0:
			fmt.Fprintf(&b, "%d", i*7919)
		case 1:
			fmt.Fprintf(&b, `"s%d\n\\"`, i)
		case 2:
			fmt.Fprintf(&b, `{"id":%d,"tags":["a","b"],"ok":true}`, i)
		case 3:
			b.WriteString("null")
		case 4:
			fmt.Fprintf(&b, "%d.5e-3", i)
		}
	}
	b.WriteString("]")
	arr := b.String()
	long := `["` + strings.Repeat(`ab\"cd\\`, 1500) + `", {"` + strings.Repeat("k", 5000) + `": 1}]`
	deep := strings.Repeat(`[{"a":`, 300) + "1" + strings.Repeat("}]", 300)
	var nd strings.Builder
	for i := range 300 {
		fmt.Fprintf(&nd, "{\"n\":%d,\"s\":\"%s\"}\n", i, strings.Repeat("x", i%40))
	}
	return []string{arr, long, deep, nd.String(), arr[:len(arr)/2], strings.Replace(arr, ", ", " ", 1), strings.Replace(arr, "null", "nul", 3)}
}

func TestTokenDifferential(t *testing.T) {
	inputs := append(append([]string{}, tokenInputs...), streams...)
	for _, in := range inputs {
		for _, rk := range readerKinds {
			for _, sc := range tokenScripts {
				checkTokens(t, "input "+fmt.Sprintf("%q", in), []byte(in), rk, sc, false)
			}
			checkTokens(t, "input "+fmt.Sprintf("%q", in), []byte(in), rk, tokenScripts[2], true)
		}
	}
}

func TestTokenDifferentialBig(t *testing.T) {
	// Buffered copies the buffer: one call in 40.
	sparse := append(bytes.Repeat([]byte{opToken, opMore, opDecodeAny, opToken}, 10), opBuffered)
	for k, in := range bigTokenInputs() {
		for _, rk := range []readerKind{readerKinds[0], readerKinds[1], readerKinds[4], readerKinds[7]} {
			for _, sc := range [][]byte{tokenScripts[0], tokenScripts[2], sparse} {
				checkTokens(t, fmt.Sprintf("big input %d", k), []byte(in), rk, sc, false)
			}
		}
	}
}

// TestTokenDifferentialRandom: random scripts over the inputs and over
// mutations of them (bytes replaced, dropped or inserted).
func TestTokenDifferentialRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte(`[]{}:,"\ 0123456789-+.eEtrufalsn` + "\n\t\x00\xff")
	for round := range 3000 {
		in := []byte(tokenInputs[rng.IntN(len(tokenInputs))])
		for range rng.IntN(3) {
			if len(in) == 0 {
				break
			}
			i := rng.IntN(len(in))
			switch rng.IntN(3) {
			case 0:
				in[i] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				in = append(in[:i], in[i+1:]...)
			case 2:
				in = append(in[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, in[i:]...)...)
			}
		}
		script := make([]byte, 1+rng.IntN(8))
		for i := range script {
			script[i] = byte(rng.IntN(opCount))
		}
		rk := readerKinds[round%len(readerKinds)]
		checkTokens(t, fmt.Sprintf("round %d input %q", round, in), in, rk, script, round%4 == 0)
	}
}
