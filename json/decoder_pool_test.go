package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"io"
	"math/big"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The per-request path: NewDecoder(body).Decode(&v) reads what the reader
// holds (no fixed minimum), parses once, and gives its buffer back.

// smallRequest is a small request as a client's Encoder writes it.
const smallRequest = `{"id":583231,"count":7,"ratio":0.25,"ok":true,"tags":[1,2,3],"child":{"id":1,"ok":false}}` + "\n"

type requestChild struct {
	ID int  `json:"id"`
	OK bool `json:"ok"`
}

type requestValue struct {
	ID    int          `json:"id"`
	Count int          `json:"count"`
	Ratio float64      `json:"ratio"`
	OK    bool         `json:"ok"`
	Tags  [3]int       `json:"tags"`
	Child requestChild `json:"child"`
}

// recordingReader records the size of each read it is asked for.
type recordingReader struct {
	r     io.Reader
	sizes []int
}

func (r *recordingReader) Read(p []byte) (int, error) {
	r.sizes = append(r.sizes, len(p))
	return r.r.Read(p)
}

// recordingLenReader is a recordingReader over a bytes.Reader, with its Len.
type recordingLenReader struct {
	recordingReader
	br *bytes.Reader
}

func (r *recordingLenReader) Len() int { return r.br.Len() }

func newRecordingLenReader(data []byte) *recordingLenReader {
	br := bytes.NewReader(data)
	return &recordingLenReader{recordingReader{r: br}, br}
}

// TestDecoderFirstRead: the first read is sized to the reader's Len (one
// read for a body of 189 bytes or of 300 kB), or is a few kilobytes for a
// reader without Len, growing from there. The Decoder used to ask for at
// least 32 KiB whatever the reader held.
func TestDecoderFirstRead(t *testing.T) {
	small := newRecordingLenReader([]byte(smallRequest))
	var v requestValue
	if err := sjson.NewDecoder(small).Decode(&v); err != nil {
		t.Fatal(err)
	}
	if got := small.sizes; len(got) != 1 || got[0] < len(smallRequest) || got[0] > 1024 {
		t.Errorf("reads of a %d-byte body with Len: %v, want one of at most 1024 bytes", len(smallRequest), got)
	}

	bigBody := []byte(`[` + strings.Repeat(`{"id":1,"name":"x"},`, 15000) + `{}]`)
	big := newRecordingLenReader(bigBody)
	var any1 any
	if err := sjson.NewDecoder(big).Decode(&any1); err != nil {
		t.Fatal(err)
	}
	if got := big.sizes; len(got) != 1 || got[0] < len(bigBody) || got[0] > 2*len(bigBody) {
		t.Errorf("reads of a %d-byte body with Len: %v, want one", len(bigBody), got)
	}

	// A value larger than the first read: the buffer doubles (at most up
	// to what the reader holds), it does not grow by a read at a time.
	huge := []byte(`[` + strings.Repeat(`{"id":1,"name":"x"},`, 1<<20) + `{}]`) // 20 MiB
	hr := newRecordingLenReader(huge)
	var raw stdjson.RawMessage
	if err := sjson.NewDecoder(hr).Decode(&raw); err != nil || len(raw) != len(huge) {
		t.Fatal(err)
	}
	if got := hr.sizes; len(got) > 7 || got[0] > 1<<20 {
		t.Errorf("reads of a %d-byte value with Len: %v, want a first read of at most 1 MiB, doubling", len(huge), got)
	}

	defer sjson.SetReadHint(sjson.SetReadHint(0))
	plain := &recordingReader{r: strings.NewReader(string(bigBody))}
	if err := sjson.NewDecoder(plain).Decode(&any1); err != nil {
		t.Fatal(err)
	}
	if got := plain.sizes; len(got) < 3 || got[0] > 4096 || got[1] < got[0] {
		t.Errorf("reads of a %d-byte body without Len: %v, want a first read of at most 4096 bytes, growing", len(bigBody), got)
	}
}

// TestDecoderReadHint: a Decoder reading a body without Len (a request's)
// sizes its first buffer to the first value of the last such Decoder, so
// that a service's bodies of about one size are read without the copies of
// a growing buffer; one much smaller value brings the hint down. Each
// Decoder used to start at 4 KiB and double, copying what it had read. The
// hint's buffer comes from the pool, or the Decoder starts small.
func TestDecoderReadHint(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping: the race detector makes sync.Pool drop buffers at random")
	}
	// A collection empties the pool (two in a row drop its victims too):
	// none while the Decoders here hand buffers on. And sync.Pool keeps a
	// put buffer in its P's private slot, which a Get on another P does
	// not see: one P, so that the goroutine cannot move between a Put and
	// the next Get (it did, about once in 20 runs on 2 cores).
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	defer sjson.SetReadHint(sjson.SetReadHint(0))
	bigBody := []byte(`[` + strings.Repeat(`{"id":1,"name":"x"},`, 15000) + `{}]` + "\n")
	decode := func(body []byte) []int {
		t.Helper()
		r := &recordingReader{r: strings.NewReader(string(body))}
		var v any
		if err := sjson.NewDecoder(r).Decode(&v); err != nil {
			t.Fatal(err)
		}
		return r.sizes
	}
	if got := decode(bigBody); len(got) < 3 || got[0] > 4096 {
		t.Fatalf("reads of the first %d-byte body without Len: %v, want a first read of at most 4096 bytes, growing", len(bigBody), got)
	}
	for i := range 3 {
		if got := decode(bigBody); got[0] < len(bigBody) || got[0] > 4*len(bigBody) || len(got) > 2 {
			t.Errorf("reads of %d-byte body without Len number %d: %v, want one of room for the body", len(bigBody), i+2, got)
		}
	}
	if got := decode([]byte(smallRequest)); got[0] < len(bigBody) {
		t.Errorf("reads of a small body after large ones: %v, want the hint's room", got)
	}
	if got := decode([]byte(smallRequest)); got[0] > 4096 {
		t.Errorf("reads of a small body after a small one: %v, want at most 4096 bytes", got)
	}
	// The hint's room comes from the pool only: with none there (two
	// collections empty it), a small body does not allocate a large
	// body's buffer.
	sjson.SetReadHint(1 << 20)
	runtime.GC()
	runtime.GC()
	if got := decode([]byte(smallRequest)); got[0] > 4096 {
		t.Errorf("reads of a small body with a large hint and an empty pool: %v, want at most 4096 bytes", got)
	}
	// A Decoder's later values (a stream's) leave the hint alone.
	sjson.SetReadHint(0)
	stream := &recordingReader{r: strings.NewReader(smallRequest + string(bigBody))}
	dec := sjson.NewDecoder(stream)
	for range 2 {
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
	}
	if got := decode([]byte(smallRequest)); got[0] > 4096 {
		t.Errorf("reads of a small body after a stream's large second value: %v, want at most 4096 bytes", got)
	}
}

// TestDecoderRequestAllocs: a request decoded with a fresh Decoder
// allocates the Decoder, not a buffer (the buffer comes from the pool and
// goes back), and fewer bytes than encoding/json's Decoder. It used to
// allocate 41 KB.
func TestDecoderRequestAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping: the race detector makes sync.Pool drop buffers at random")
	}
	if sanitizerEnabled {
		t.Skip("skipping: sanitizer builds allocate where the product does not")
	}
	// One P: a pooled buffer put on one P is not seen by a Get on another
	// (perOp below counts bytes with no GOMAXPROCS of its own).
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	body := []byte(smallRequest)
	decode := func(newDec func(io.Reader) interface{ Decode(any) error }) func() {
		return func() {
			var v requestValue
			if err := newDec(bytes.NewReader(body)).Decode(&v); err != nil {
				t.Fatal(err)
			}
		}
	}
	ours := decode(func(r io.Reader) interface{ Decode(any) error } { return sjson.NewDecoder(r) })
	theirs := decode(func(r io.Reader) interface{ Decode(any) error } { return stdjson.NewDecoder(r) })
	// Without cgo, Unmarshal is encoding/json's, which allocates as it
	// decodes: only the comparison holds.
	if n := testing.AllocsPerRun(1000, ours); n > 3 && shim.Available {
		t.Errorf("%v allocations per request, want at most 3 (the bytes.Reader, the Decoder and the value)", n)
	}
	// As a handler writes it, NewDecoder(r).Decode(&v) allocates no
	// Decoder (it used to: its buffer could point into the Decoder
	// itself), nor the newline a client's Encoder leaves after the body.
	for _, in := range []string{strings.TrimSuffix(smallRequest, "\n"), smallRequest} {
		var br bytes.Reader
		body := []byte(in)
		direct := func() {
			br.Reset(body)
			var v requestValue
			if err := sjson.NewDecoder(&br).Decode(&v); err != nil {
				t.Fatal(err)
			}
		}
		if n := testing.AllocsPerRun(1000, direct); n > 1 && shim.Available {
			t.Errorf("NewDecoder(r).Decode(&v) of %q: %v allocations per request, want at most 1 (the value)", in[len(in)-2:], n)
		}
	}
	perOp := func(fn func()) uint64 {
		fn()
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		const n = 1000
		for range n {
			fn()
		}
		runtime.ReadMemStats(&m1)
		return (m1.TotalAlloc - m0.TotalAlloc) / n
	}
	if o, e := perOp(ours), perOp(theirs); o > 512 && shim.Available || o > e {
		t.Errorf("%d bytes allocated per request (encoding/json: %d), want at most 512 and at most encoding/json's", o, e)
	}
}

// inputKeeper keeps the bytes UnmarshalJSON is given, against the
// Unmarshaler contract (a mistake that works with encoding/json when each
// request has its own Decoder and buffer).
type inputKeeper struct{ raw []byte }

func (k *inputKeeper) UnmarshalJSON(b []byte) error {
	k.raw = b
	return nil
}

type keeperRequest struct {
	ID   int          `json:"id"`
	Data *inputKeeper `json:"data"`
}

// TestDecoderKeptInputNotReused: a buffer that an UnmarshalJSON method was
// handed is not given back to the pool, so the slice it kept is never
// overwritten by a later request's bytes.
func TestDecoderKeptInputNotReused(t *testing.T) {
	body := func(c byte) []byte {
		return []byte(`{"id":1,"data":"` + strings.Repeat(string(c), 100) + `"}`)
	}
	first := keeperRequest{Data: new(inputKeeper)}
	if err := sjson.NewDecoder(bytes.NewReader(body('a'))).Decode(&first); err != nil {
		t.Fatal(err)
	}
	want := `"` + strings.Repeat("a", 100) + `"`
	for i := range 1000 {
		var other requestValue
		// Same size, so the same pool class: a reused buffer would be
		// overwritten.
		if err := sjson.NewDecoder(bytes.NewReader(body('b' + byte(i%20)))).Decode(&other); err != nil {
			t.Fatal(err)
		}
		if string(first.Data.raw) != want {
			t.Fatalf("after %d other requests, the kept input is %q, want %q", i+1, first.Data.raw, want)
		}
	}
}

// keeperHolder's Data is an interface: what it holds decides whether a
// method sees the input.
type keeperHolder struct {
	ID   int `json:"id"`
	Data any `json:"data"`
}

// TestDecoderKeptInputThroughInterface: Unmarshal decodes into the non-nil
// pointer an interface holds (as encoding/json does), so a method reached
// that way taints the buffer as one reached through the type does.
func TestDecoderKeptInputThroughInterface(t *testing.T) {
	body := func(c byte) []byte {
		return []byte(`{"id":1,"data":"` + strings.Repeat(string(c), 100) + `"}`)
	}
	want := `"` + strings.Repeat("a", 100) + `"`
	field := new(inputKeeper)
	top := new(inputKeeper)
	inSlice := new(inputKeeper)
	var topAny any = top
	dsts := []struct {
		name string
		v    any
		body []byte
		kept *inputKeeper
	}{
		{"struct field", &keeperHolder{Data: field}, body('a'), field},
		{"root interface", &topAny, []byte(want), top},
		{"slice element", &[]any{inSlice}, []byte("[" + want + "]"), inSlice},
	}
	for _, d := range dsts {
		if err := sjson.NewDecoder(bytes.NewReader(d.body)).Decode(d.v); err != nil {
			t.Fatal(d.name, err)
		}
		for i := range 100 {
			var other keeperHolder
			if err := sjson.NewDecoder(bytes.NewReader(body('b' + byte(i%20)))).Decode(&other); err != nil {
				t.Fatal(err)
			}
			var otherAny any
			if err := sjson.NewDecoder(bytes.NewReader(body('b' + byte(i%20))[15:117])).Decode(&otherAny); err != nil {
				t.Fatal(err)
			}
			if string(d.kept.raw) != want {
				t.Fatalf("%s: after %d other requests, the kept input is %q, want %q", d.name, i+1, d.kept.raw, want)
			}
		}
	}
}

type keptTextKey struct{ s string }

func (k *keptTextKey) UnmarshalText(b []byte) error {
	k.s = string(b)
	return nil
}

type recursiveKeep struct {
	Next  *recursiveKeep
	Items []recursiveKeep
	M     map[string]*recursiveKeep
}

// TestKeepsNoInput: which destination types let the Decoder give its
// buffer back.
func TestKeepsNoInput(t *testing.T) {
	cases := []struct {
		v    any
		want bool
	}{
		{new(any), true},
		{new(requestValue), true},
		{new(map[string][]float64), true},
		{new(stdjson.RawMessage), true},
		{new(struct {
			R stdjson.RawMessage
			T time.Time
			P *time.Time
		}), true},
		{new(recursiveKeep), true},
		{new(keeperRequest), false},
		{new(inputKeeper), false},
		{new([]map[string]*inputKeeper), false},
		{new(map[keptTextKey]int), false},
		{new(struct{ K [2]keptTextKey }), false},
		{new(big.Int), false}, // its methods copy, but only RawMessage and time.Time are known to
		{&keeperHolder{}, true},
		{&keeperHolder{Data: 3}, true},
		{&keeperHolder{Data: new(int)}, true},
		{&keeperHolder{Data: new(inputKeeper)}, false},
		{&[]any{1, new(inputKeeper)}, false},
		{&[]any{1, "x"}, true},
		{&map[string]any{"k": new(inputKeeper)}, true}, // map values are decoded anew
		{nil, true},
		{3, true},
	}
	for _, c := range cases {
		if got := sjson.KeepsNoInput(c.v); got != c.want {
			t.Errorf("KeepsNoInput(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}

// TestDecoderTailAfterRelease: the few bytes after a value stay readable
// through Buffered, More and the next Decode once the buffer has gone back.
func TestDecoderTailAfterRelease(t *testing.T) {
	for _, tail := range []string{"", "\n", " \r\n\t ", "7", " [1]", "  {\"a\":2}  ", strings.Repeat(" ", 16), strings.Repeat(" ", 17) + "1"} {
		in := `{"a":1}` + tail
		jd := stdjson.NewDecoder(strings.NewReader(in))
		sd := sjson.NewDecoder(strings.NewReader(in))
		for k := 0; k < 4; k++ {
			var a, b any
			e1, e2 := jd.Decode(&a), sd.Decode(&b)
			if ok, why := sameDecoderError(e1, e2); !ok {
				t.Fatalf("%q value %d: %s", in, k, why)
			}
			if fmt.Sprint(a) != fmt.Sprint(b) {
				t.Fatalf("%q value %d: %v vs %v", in, k, a, b)
			}
			jb, _ := io.ReadAll(jd.Buffered())
			sb, _ := io.ReadAll(sd.Buffered())
			if !bytes.Equal(jb, sb) || jd.InputOffset() != sd.InputOffset() || jd.More() != sd.More() {
				t.Fatalf("%q value %d: Buffered %q vs %q, InputOffset %d vs %d", in, k, jb, sb, jd.InputOffset(), sd.InputOffset())
			}
		}
	}
}

// TestDecoderGivesBufferBack: the buffer goes back once a top-level value
// is read, by Decode or by Token up to its closing bracket, and not while
// the Decoder is inside an array (the Token, More, Decode pattern).
func TestDecoderGivesBufferBack(t *testing.T) {
	dec := sjson.NewDecoder(strings.NewReader(smallRequest))
	var v requestValue
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if sjson.DecoderHoldsBuffer(dec) {
		t.Error("Decode kept its buffer")
	}

	dec = sjson.NewDecoder(strings.NewReader(smallRequest))
	var held []bool // after each token
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, sjson.DecoderHoldsBuffer(dec))
	}
	if want := append(slices.Repeat([]bool{true}, 22), false); !slices.Equal(held, want) {
		t.Errorf("holds a buffer after each token: %v, want %v", held, want)
	}

	dec = sjson.NewDecoder(strings.NewReader(`[{"id":1},{"id":2}]` + "\n"))
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	for dec.More() {
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if !sjson.DecoderHoldsBuffer(dec) {
			t.Fatal("Decode inside an array gave its buffer back")
		}
	}
	if _, err := dec.Token(); err != nil {
		t.Fatal(err)
	}
	if sjson.DecoderHoldsBuffer(dec) {
		t.Error("Token kept the buffer after the closing bracket")
	}
	if b, _ := io.ReadAll(dec.Buffered()); string(b) != "\n" {
		t.Errorf("Buffered %q, want the newline", b)
	}
}

// TestDecoderBufferedNotShared: a reader from Buffered, kept (against the
// documentation) past the next Decode, never shows another Decoder's
// bytes: a buffer once lent by Buffered does not go back to the pool shared
// by all Decoders. With encoding/json the same mistake can show only the
// Decoder's own input. (The next Decode used to clear the lent mark and
// give the buffer back, and the kept reader then read the next request's
// body: 1,999 of 2,000 runs.)
func TestDecoderBufferedNotShared(t *testing.T) {
	secret := `{"secret":"` + strings.Repeat("s", 24) + `"}`
	for i := range 2000 {
		dec := sjson.NewDecoder(strings.NewReader(`{"a":1} {"b":"` + strings.Repeat("b", 20) + `"}`)) // more than 16 bytes left after the first value
		var v any
		if err := dec.Decode(&v); err != nil {
			t.Fatal(err)
		}
		kept := dec.Buffered()
		if err := dec.Decode(&v); err != nil { // the last value: the buffer is released
			t.Fatal(err)
		}
		other := sjson.NewDecoder(strings.NewReader(secret)) // the next request
		if err := other.Decode(&v); err != nil {
			t.Fatal(err)
		}
		if b, _ := io.ReadAll(kept); bytes.Contains(b, []byte("secret")) || bytes.Contains(b, []byte("sss")) {
			t.Fatalf("run %d: a reader from Buffered shows another Decoder's bytes: %q", i, b)
		}
	}
}

// linesReader returns one line per Read, as a connection carrying
// newline-delimited values often does.
type linesReader struct{ lines []string }

func (r *linesReader) Read(p []byte) (int, error) {
	if len(r.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.lines[0])
	if r.lines[0] = r.lines[0][n:]; r.lines[0] == "" {
		r.lines = r.lines[1:]
	}
	return n, nil
}

// TestDecoderSharedNewlineTail: Decoders on many goroutines that each end
// a value with only its newline unread (which they keep as a view of one
// shared byte, see release) decode, tokenize and report offsets as
// encoding/json does; run with -race, no Decoder writes the shared byte.
func TestDecoderSharedNewlineTail(t *testing.T) {
	lines := []string{`{"a":1}` + "\n", `[2,{"b":"c"}]` + "\n", `"s"` + "\n", `{"a":3}` + "\n"}
	var want []string
	jd := stdjson.NewDecoder(&linesReader{slices.Clone(lines)})
	for {
		var v any
		if err := jd.Decode(&v); err != nil {
			want = append(want, fmt.Sprint("end ", err, " ", jd.InputOffset()))
			break
		}
		b, _ := io.ReadAll(jd.Buffered())
		want = append(want, fmt.Sprintf("%v %d %q %v", v, jd.InputOffset(), b, jd.More()))
	}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			for range 200 {
				sd := sjson.NewDecoder(&linesReader{slices.Clone(lines)})
				for i := 0; ; i++ {
					var v any
					var got string
					err := sd.Decode(&v)
					if err != nil {
						got = fmt.Sprint("end ", err, " ", sd.InputOffset())
					} else {
						b, _ := io.ReadAll(sd.Buffered())
						got = fmt.Sprintf("%v %d %q %v", v, sd.InputOffset(), b, sd.More())
					}
					if i >= len(want) || got != want[i] {
						errs <- fmt.Errorf("value %d: %s, want %q", i, got, want)
						return
					}
					if err != nil {
						break
					}
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
