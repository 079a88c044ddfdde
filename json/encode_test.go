package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// TestMarshalTime: time.Time, which the encoder writes without calling
// MarshalJSON, gives MarshalJSON's bytes, and its errors (years outside
// [0,9999], zone offsets of 24 hours or more) with the type encoding/json
// names (time.Time, or *time.Time through a pointer).
func TestMarshalTime(t *testing.T) {
	for _, tm := range []time.Time{{}, time.Date(9999, 12, 31, 23, 59, 59, 999999999, time.UTC),
		time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2020, 1, 1, 0, 0, 0, 5, time.FixedZone("a", 23*3600+59*60+59)),
		time.Date(2020, 1, 1, 0, 0, 0, 5, time.FixedZone("a", 24*3600)),
		time.Date(2020, 1, 1, 0, 0, 0, 5, time.FixedZone("a", -24*3600-1)),
		time.Date(2020, 1, 1, 0, 0, 0, 5, time.FixedZone("a", -3600*5-1800)),
		time.Date(2020, 1, 1, 0, 0, 0, 5, time.FixedZone("a", 100*3600)),
		time.Date(2020, 1, 1, 0, 0, 0, 5, time.Local)} {
		for _, v := range []any{tm, &tm, struct{ T time.Time }{tm}, []time.Time{tm}, struct{ P *time.Time }{&tm}} {
			want, werr := stdjson.Marshal(v)
			got, gerr := sjson.Marshal(v)
			compareErr(t, "Marshal "+tm.String(), nil, want, got, werr, gerr)
		}
	}
}

type allocEvent struct {
	ID      string            `json:"id"`
	N       int64             `json:"n"`
	F       float64           `json:"f,omitempty"`
	OK      bool              `json:"ok"`
	Tags    []string          `json:"tags"`
	Payload sjson.RawMessage  `json:"payload"`
	When    time.Time         `json:"when"`
	Inner   *struct{ A uint } `json:"inner,omitempty"`
	Any     any               `json:"any"`
}

// TestEncodeAllocs: in steady state Marshal of a struct allocates its
// result only, and Encoder.Encode to a writer nothing (a one-shot Encoder
// included).
func TestEncodeAllocs(t *testing.T) {
	if raceEnabled || sanitizerEnabled {
		t.Skip("instrumented builds allocate what the product does not")
	}
	v := &allocEvent{ID: "1<2>", N: -5, F: 1.5, OK: true, Tags: []string{"a", "b\u2028"},
		Payload: sjson.RawMessage(` {"x": [1, 2, {"y": "z"}]} `), When: time.Unix(1e9, 5).UTC(),
		Inner: &struct{ A uint }{7}, Any: map[string]any{"k": []any{1.0, "s", nil, true}}}
	if n := testing.AllocsPerRun(100, func() {
		if _, err := sjson.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}); n != 1 {
		t.Errorf("Marshal: %v allocations, want 1", n)
	}
	// A one-shot Encoder, as an HTTP handler makes per response: the
	// Encoder itself is not allocated.
	if n := testing.AllocsPerRun(100, func() {
		if err := sjson.NewEncoder(io.Discard).Encode(v); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("NewEncoder(w).Encode: %v allocations, want 0", n)
	}
	enc := sjson.NewEncoder(io.Discard)
	if n := testing.AllocsPerRun(100, func() {
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("Encoder.Encode: %v allocations, want 0", n)
	}
	// Across garbage collections, which empty the pool: a reused Encoder
	// keeps its own state.
	if n := allocsAfterGC(t, enc, v); n != 0 {
		t.Errorf("Encoder.Encode after garbage collections: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		if err := enc.Encode(*v); err != nil {
			t.Fatal(err)
		}
	}); n != 1 { // the interface conversion of the struct value, the caller's
		t.Errorf("Encoder.Encode of a struct value: %v allocations, want 1 (the boxing)", n)
	}
	// Maps whose values the encoder copies out (not map[string]any or
	// map[string]string), with string and integer keys.
	type item struct {
		P *string `json:"p"`
		L []int   `json:"l"`
	}
	s := "s"
	m := &struct {
		Items map[string]item `json:"items"`
		Lists map[string][]int
		ByID  map[int64]item
		ByU   map[uint8]string
		Deep  map[string]map[int]item
	}{
		Items: map[string]item{"b": {&s, []int{1}}, "a": {nil, nil}},
		Lists: map[string][]int{"x": {1, 2}, "y": nil},
		ByID:  map[int64]item{-3: {}, 12: {&s, nil}, 7: {}},
		ByU:   map[uint8]string{200: "u", 3: "v"},
		Deep:  map[string]map[int]item{"d": {1: {}, 2: {}}, "e": {3: {}}},
	}
	want, err := stdjson.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		got, err := sjson.Marshal(m)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Marshal: %s, %v; want %s", got, err, want)
		}
	}); n != 1 {
		t.Errorf("Marshal of maps: %v allocations, want 1", n)
	}
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	w.n++
	return 0, errors.New("disk full")
}

// TestEncoderWriteError: a writer's error is returned, and again by every
// later Encode without writing, as encoding/json's Encoder does.
func TestEncoderWriteError(t *testing.T) {
	w := &failWriter{}
	enc := sjson.NewEncoder(w)
	for range 3 {
		if err := enc.Encode(1); err == nil || err.Error() != "disk full" {
			t.Fatalf("Encode: %v, want disk full", err)
		}
	}
	if w.n != 1 {
		t.Fatalf("%d writes, want 1", w.n)
	}
}

// TestEncodeConcurrent: one type's encoder built and used by many
// goroutines at once (run under -race by make test-race).
func TestEncodeConcurrent(t *testing.T) {
	type rec struct {
		A string
		B map[int]*rec
		C []rec
	}
	v := rec{A: "<x>", B: map[int]*rec{2: {A: "b"}, 10: nil}, C: []rec{{A: "c"}}}
	want, _ := stdjson.Marshal(v)
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				got, err := sjson.Marshal(v)
				if err != nil || !bytes.Equal(got, want) {
					t.Errorf("Marshal: %s, %v", got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestEncodeDeep: cycles are found past encoding/json's depth, with its
// error, through pointers, maps, slices and interfaces.
func TestEncodeDeep(t *testing.T) {
	type node struct {
		Next *node
		M    map[string]any
		S    []any
	}
	p := &node{}
	p.Next = p
	m := map[string]any{}
	m["m"] = m
	s := []any{nil}
	s[0] = s
	q := &node{M: map[string]any{}}
	q.M["q"] = q
	type slices []slices // a cycle through a typed slice alone
	r := slices{nil}
	r[0] = r
	for _, v := range []any{p, m, s, q, r} {
		_, werr := stdjson.Marshal(v)
		_, gerr := sjson.Marshal(v)
		compareErr(t, "Marshal", nil, nil, nil, werr, gerr)
		if gerr == nil || !strings.Contains(gerr.Error(), "encountered a cycle") {
			t.Fatalf("Marshal of a cycle: %v", gerr)
		}
	}
	// Deep but finite: no error.
	var deep any = "leaf"
	for range 3000 {
		deep = []any{deep}
	}
	want, werr := stdjson.Marshal(deep)
	got, gerr := sjson.Marshal(deep)
	compareErr(t, "Marshal deep", nil, want, got, werr, gerr)
}

// TestMarshalStringBytes: every byte, and the sequences around U+2028 and
// invalid UTF-8, at every position of strings of 1 to 34 bytes (the eight-
// byte scan's words, its overlapping last word and its byte loop; the
// short-string writer's three bytes, its two four-byte words, its eight-
// byte words and its limit), escaped as encoding/json escapes them, with
// HTML escaping on and off, alone and as struct fields.
func TestMarshalStringBytes(t *testing.T) {
	var pieces []string
	for b := range 256 {
		pieces = append(pieces, string([]byte{byte(b)}))
	}
	pieces = append(pieces, "\u2028", "\u2029", "\xe2\x80", "\xe2\x80\xa7", "é", "日", "\xed\xa0\x80", "\xf0\x9f\x98\x80", "\xf0\x9f\x98")
	for n := 1; n <= 34; n++ {
		for pos := 0; pos < n; pos++ {
			for _, p := range pieces {
				s := strings.Repeat("a", pos) + p + strings.Repeat("b", max(0, n-pos-1))
				for _, html := range []bool{true, false} {
					var wb, gb bytes.Buffer
					we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
					we.SetEscapeHTML(html)
					ge.SetEscapeHTML(html)
					// Alone, and as a field (the struct writer's own
					// short-string path) before and after an integer.
					field := struct {
						S string `json:"s"`
						N int
						T string
					}{s, n, s}
					for _, v := range []any{s, field} {
						wb.Reset()
						gb.Reset()
						werr, gerr := we.Encode(v), ge.Encode(v)
						if werr != nil || gerr != nil || !bytes.Equal(wb.Bytes(), gb.Bytes()) {
							t.Fatalf("Encode(%q) html %v: %q, %v; want %q", v, html, gb.Bytes(), gerr, wb.Bytes())
						}
					}
				}
			}
		}
	}
}

// TestMarshalFloats: floats near the integer fast path's bounds and
// encoding/json's 'e' cutoffs, as float64 and float32, encode to
// encoding/json's bytes.
func TestMarshalFloats(t *testing.T) {
	var fs []float64
	for _, base := range []float64{0, 1, 1 << 24, 1 << 53, 1e15, 1e16, 1e20, 1e21, 1e-6, 1e-7, 123456789, 0.1} {
		for _, d := range []float64{-2, -1, -0.5, 0, 0.5, 1, 2} {
			fs = append(fs, base+d, -(base + d), math.Nextafter(base, math.Inf(1)), math.Nextafter(base, math.Inf(-1)))
		}
	}
	type named float64
	type named32 float32
	for _, v := range []any{named(math.NaN()), named32(math.Inf(1)), struct{ N named }{named(math.Inf(-1))}, []named32{named32(math.NaN())}} {
		_, werr := stdjson.Marshal(v)
		_, gerr := sjson.Marshal(v)
		compareErr(t, "Marshal of a named float", nil, nil, nil, werr, gerr)
	}
	fs = append(fs, math.Copysign(0, -1), math.MaxFloat64, math.SmallestNonzeroFloat64, math.MaxInt64, math.MinInt64, 1<<63, -(1 << 63))
	for _, f := range fs {
		for _, v := range []any{f, float32(f), struct {
			A float64
			B float32
			C float64 `json:",string"`
		}{f, float32(f), f}} {
			want, werr := stdjson.Marshal(v)
			got, gerr := sjson.Marshal(v)
			compareErr(t, "Marshal", []byte(strconv.FormatFloat(f, 'g', -1, 64)), want, got, werr, gerr)
		}
	}
}

// TestMarshalRawMessageBytes: RawMessages holding a string with every
// byte, and the sequences around U+2028, at every position of 1 to 24
// bytes, with whitespace around, are compacted, validated and escaped as
// encoding/json does (errors included), with HTML escaping on and off.
func TestMarshalRawMessageBytes(t *testing.T) {
	var pieces []string
	for b := range 256 {
		pieces = append(pieces, string([]byte{byte(b)}))
	}
	pieces = append(pieces, "\u2028", "\u2029", "\xe2\x80", "\xe2\x80\xa7", `\u00e9`, `\n`, `\x`, `\u12`, "日")
	for n := 1; n <= 24; n++ {
		for pos := 0; pos < n; pos++ {
			for _, p := range pieces {
				raw := sjson.RawMessage(" [\"" + strings.Repeat("a", pos) + p + strings.Repeat("b", max(0, n-pos-1)) + "\" , 1]\n")
				for _, html := range []bool{true, false} {
					var wb, gb bytes.Buffer
					we, ge := stdjson.NewEncoder(&wb), sjson.NewEncoder(&gb)
					we.SetEscapeHTML(html)
					ge.SetEscapeHTML(html)
					werr, gerr := we.Encode(raw), ge.Encode(raw)
					compareErr(t, "Encode", raw, wb.Bytes(), gb.Bytes(), werr, gerr)
				}
			}
		}
	}
}

// TestMarshalIntegers: integers are written as strconv writes them, at
// every digit count and sign, through each way the encoder reaches them
// (a field of each integer kind, an element, a ",string" field, a map
// key).
func TestMarshalIntegers(t *testing.T) {
	type ints struct {
		I   int64
		U   uint64
		I32 int32
		S   int64 `json:",string"`
		N   int
		L   []int
		M   map[int64]uint8
	}
	vals := []int64{math.MinInt64, math.MinInt64 + 1, math.MaxInt64, -1, 0}
	for p := int64(1); p <= 1e18; p *= 10 {
		vals = append(vals, p-1, p, p+1, -p, -p+1, 2*p, 5*p-1)
	}
	for i := int64(0); i < 20000; i++ {
		vals = append(vals, i, -i, i*7919, i*1000003)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		vals = append(vals, int64(r.Uint64()), int64(r.Uint64()>>uint(r.IntN(64))))
	}
	for _, v := range vals {
		x := ints{I: v, U: uint64(v), I32: int32(v), S: v, N: int(v), L: []int{int(v)}, M: map[int64]uint8{v: uint8(v)}}
		got, err := sjson.Marshal(x)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := stdjson.Marshal(x)
		if !bytes.Equal(got, want) {
			t.Fatalf("%d: got %s, want %s", v, got, want)
		}
	}
	// Past any pooled buffer's capacity (16 MiB at most), so that digits
	// are written at every distance from the end of the buffer as it grows.
	big := make([]uint64, 1<<20)
	for i := range big {
		big[i] = math.MaxUint64 - uint64(i%1000)
	}
	got, err := sjson.Marshal(big)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := stdjson.Marshal(big); !bytes.Equal(got, want) {
		t.Fatal("a large slice of integers differs from encoding/json's")
	}
	// The same for slices of int and int64 (written in one loop, the
	// buffer in a register), of values of every length.
	bigInts := make([]int, 1<<20)
	for i := range bigInts {
		bigInts[i] = int(vals[i%len(vals)])
	}
	for _, v := range []any{bigInts, *(*[]int64)(unsafe.Pointer(&bigInts))} {
		got, err := sjson.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := stdjson.Marshal(v); !bytes.Equal(got, want) {
			t.Fatalf("a large %T differs from encoding/json's", v)
		}
	}
	// The same for the struct writer's integer and string fields, each
	// element a different length, so that a field meets the end of the
	// buffer at every distance.
	type row struct {
		A int64
		B string
		C int
	}
	rows := make([]row, 1<<18)
	for i := range rows {
		rows[i] = row{vals[i%len(vals)], strings.Repeat("x", i%37), -i}
	}
	got, err = sjson.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := stdjson.Marshal(rows); !bytes.Equal(got, want) {
		t.Fatal("a large slice of structs differs from encoding/json's")
	}
	for _, u := range []uint64{math.MaxUint64, math.MaxUint64 - 1, 1 << 63, 1e19, 1e19 - 1, 1e19 + 1} {
		got, _ := sjson.Marshal(u)
		if want := strconv.FormatUint(u, 10); string(got) != want {
			t.Fatalf("%d: got %s", u, got)
		}
	}
}

type namedString string

type namedFloat float64

type textFloat float64

func (f textFloat) MarshalText() ([]byte, error) { return []byte("t"), nil }

// TestMarshalInlineElems: slices and arrays of floats, ints and strings,
// which the encoder writes in one loop, give encoding/json's bytes and
// errors, and element types with methods still go through them.
func TestMarshalInlineElems(t *testing.T) {
	for _, v := range []any{
		[]float64{0, -0.0, 1.5, 1e21, 1e-7, 123456789}, [2]float64{3, 4}, [][][2]float64{{{1, 2}, {3, 4}}, nil},
		[]int{-1, 0, 99}, [3]int64{math.MinInt64, 0, math.MaxInt64}, []string{"a", "<&>", "\u2028", "\xff", ""},
		[2]string{"x", "y"}, []namedString{"n<"}, []namedFloat{2.5}, []textFloat{1, 2}, []sjson.Number{"12"},
		[]float64{1, math.NaN()}, [2]float64{math.Inf(1), 0}, []namedFloat{namedFloat(math.Inf(-1))},
	} {
		got, gerr := sjson.Marshal(v)
		want, werr := stdjson.Marshal(v)
		if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) || gerr != nil && gerr.Error() != werr.Error() {
			t.Errorf("%#v: got %s, %v; want %s, %v", v, got, gerr, want, werr)
		}
	}
}

// textPair is an array of floats with a method of its own: slices of it
// must not be written as plain arrays.
type textPair [2]float64

func (p textPair) MarshalText() ([]byte, error) { return []byte("pair"), nil }

// ptrJSONPair has MarshalJSON on its pointer only: slices' elements are
// addressable, so encoding/json calls it for them.
type ptrJSONPair [2]int

func (p *ptrJSONPair) MarshalJSON() ([]byte, error) { return []byte(`"p"`), nil }

// TestMarshalFloatRoom: floats of every kind (negative, integers, around
// 1e-6 and 1e21, random digits at every scale, random bits) written in
// place where the buffer has room and by the general path where it has
// not: as slices of float64 and of [2]float64, in []any and as struct
// fields, long enough for the buffer's end to fall at every distance from
// a number; and slices of arrays of each scalar kind, beside arrays with
// methods. All give encoding/json's bytes and errors.
func TestMarshalFloatRoom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	fs := []float64{0, math.Copysign(0, -1), 1, -1, 1e-6, -1e-6, math.Nextafter(1e-6, 0), math.Nextafter(1e21, 0), 1e21,
		1 << 53, 1<<53 + 2, -(1 << 53), 1<<53 - 1, 0.1, -65.61972000000003, math.MaxFloat64, math.SmallestNonzeroFloat64}
	for len(fs) < 1<<16 {
		var f float64
		switch rng.IntN(4) {
		case 0: // digits at a scale formatFloat64 takes, or just outside it
			f = float64(rng.Int64N(1<<53)) * math.Pow10(rng.IntN(40)-30)
		case 1:
			f = math.Float64frombits(rng.Uint64())
		case 2:
			f = float64(rng.Int64N(1 << 20))
		default:
			f = (rng.Float64() - 0.5) * 360
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		if rng.IntN(2) == 0 {
			f = -f
		}
		fs = append(fs, f)
	}
	pairs := make([][2]float64, len(fs)/2)
	anys := make([]any, len(fs))
	type row struct {
		X float64
		S string
	}
	rows := make([]row, len(fs))
	for i, f := range fs {
		pairs[i/2%len(pairs)][i%2] = f
		anys[i] = f
		rows[i] = row{f, strings.Repeat("s", i%7)}
	}
	for _, v := range []any{fs, pairs, anys, rows, [][][2]float64{pairs[:3], nil, pairs[3:100]}} {
		want, werr := stdjson.Marshal(v)
		got, gerr := sjson.Marshal(v)
		compareErr(t, "Marshal of floats", nil, want, got, werr, gerr)
		for i := 1; i < len(fs); i *= 3 { // each length ends the buffer elsewhere
			for _, w := range []any{fs[:i], pairs[:i/2], anys[:i], rows[:i]} {
				want, werr := stdjson.Marshal(w)
				got, gerr := sjson.Marshal(w)
				compareErr(t, "Marshal of floats", nil, want, got, werr, gerr)
			}
		}
	}
	nan := [][2]float64{{1, 2}, {3, math.NaN()}}
	for _, v := range []any{
		nan, [][2]float64{{math.Inf(-1)}}, [][0]float64{{}, {}}, [][3]string{{"a", "<&>", "\u2028\xff"}},
		[][2]int{{-1, math.MaxInt}}, [][2]int64{{math.MinInt64, 0}}, [][2]int32{{-5, 7}}, [][2]uint64{{math.MaxUint64, 0}},
		[][2]bool{{true, false}}, [][1]sjson.RawMessage{{sjson.RawMessage(` {"a" : 1} `)}}, [][1]sjson.RawMessage{{sjson.RawMessage(`{`)}},
		[][2]namedFloat{{1.5, 2}}, [][2]namedString{{"x<", "y"}}, [][2]textFloat{{1, 2}}, []textPair{{1, 2}}, []ptrJSONPair{{1, 2}},
		[][2]sjson.Number{{"1", "2.5"}}, [][2]*float64{{nil, new(float64)}}, [2][2]float64{{1.25, 2}, {3, 4}},
	} {
		want, werr := stdjson.Marshal(v)
		got, gerr := sjson.Marshal(v)
		compareErr(t, "Marshal of arrays", nil, want, got, werr, gerr)
	}
}

type ptrTextKey string

func (k ptrTextKey) MarshalText() ([]byte, error) { return []byte("text:" + string(k)), nil }

// TestMarshalPointerFields: struct fields that point to the kinds the
// struct loop writes itself (strings, integers, bools, floats,
// RawMessage), nil and not, with ",omitempty", beside pointers to types
// with methods, give encoding/json's bytes and errors (a NaN through a
// pointer).
func TestMarshalPointerFields(t *testing.T) {
	type ptrs struct {
		S    *string
		I    *int
		I64  *int64
		I32  *int32
		U64  *uint64
		B    *bool
		F    *float64
		R    *stdjson.RawMessage
		SO   *string `json:",omitempty"`
		SQ   *string `json:",string"`
		IQ   *int    `json:",string"`
		T    *ptrTextKey
		PP   **string
		Time *time.Time
	}
	s, i, i64, i32, u64, b, f := "a<b\u2028", -42, int64(math.MinInt64), int32(7), uint64(math.MaxUint64), true, 1.5e300
	r := stdjson.RawMessage(` {"x" : [1, 2]} `)
	k := ptrTextKey("k")
	ps := &s
	now := time.Date(2026, 12, 2, 4, 0, 0, 5, time.UTC)
	full := ptrs{&s, &i, &i64, &i32, &u64, &b, &f, &r, &s, &s, &i, &k, &ps, &now}
	for _, v := range []any{ptrs{}, full, &full, []ptrs{full, {}, full}} {
		want, werr := stdjson.Marshal(v)
		got, gerr := sjson.Marshal(v)
		if !bytes.Equal(got, want) || (werr == nil) != (gerr == nil) {
			t.Fatalf("Marshal(%+v) = %s, %v; want %s, %v", v, got, gerr, want, werr)
		}
	}
	nan := math.NaN()
	bad := ptrs{F: &nan}
	_, werr := stdjson.Marshal(bad)
	_, gerr := sjson.Marshal(bad)
	if werr == nil || gerr == nil || werr.Error() != gerr.Error() {
		t.Fatalf("NaN through a pointer: %v; want %v", gerr, werr)
	}
}

// lockedBuffer is a writer safe for concurrent use.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// TestEncoderShared: one Encoder used by goroutines at once (as
// encoding/json's may be, with a writer safe for that) writes each value
// whole: the state it keeps between calls is never used by two calls at
// once (run under -race by make test-race).
func TestEncoderShared(t *testing.T) {
	w := &lockedBuffer{}
	enc := sjson.NewEncoder(w)
	const goroutines, calls = 8, 300
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range calls {
				v := map[string]any{"g": g, "i": i, "s": strings.Repeat("x", (g*calls+i)%300)}
				if err := enc.Encode(v); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(w.buf.String(), "\n"), "\n")
	if len(lines) != goroutines*calls {
		t.Fatalf("%d lines, want %d", len(lines), goroutines*calls)
	}
	seen := map[[2]int]bool{}
	for _, l := range lines {
		var v struct {
			G, I int
			S    string
		}
		if err := stdjson.Unmarshal([]byte(l), &v); err != nil || len(v.S) != (v.G*calls+v.I)%300 {
			t.Fatalf("line %q: %v", l, err)
		}
		seen[[2]int{v.G, v.I}] = true
	}
	if len(seen) != goroutines*calls {
		t.Fatalf("%d distinct values, want %d", len(seen), goroutines*calls)
	}
}

// mapKeyText is a TextMarshaler map key.
type mapKeyText struct{ s string }

func (k mapKeyText) MarshalText() ([]byte, error) { return []byte(k.s), nil }

// TestMarshalMapKeyOrder: maps of 0 to 1000 keys (the insertion sort up
// to 16, the merge sort's runs and passes past it), with keys that share
// their first eight bytes or more, are prefixes of one another or are
// shorter than eight bytes, written in encoding/json's order; string,
// integer and TextMarshaler keys.
func TestMarshalMapKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	stems := []string{"", "a", "ab", "abcdefgh", "abcdefghi", "abcdefgh\x00", "url", "repository_url", "\xff", "é"}
	for _, n := range []int{0, 1, 2, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100, 257, 1000} {
		ms := map[string]any{}
		mi := map[int]int{}
		mt := map[mapKeyText]bool{}
		for len(ms) < n {
			k := stems[r.IntN(len(stems))] + strconv.Itoa(r.IntN(3*n+1))
			if r.IntN(4) == 0 {
				k = stems[r.IntN(len(stems))]
			}
			ms[k] = len(ms)
			mt[mapKeyText{k}] = true
		}
		for len(mi) < n {
			mi[r.IntN(2000)-1000] = len(mi)
		}
		for _, v := range []any{ms, mi, mt, struct{ M map[string]any }{ms}} {
			want, werr := stdjson.Marshal(v)
			got, gerr := sjson.Marshal(v)
			compareErr(t, "Marshal map of "+strconv.Itoa(n), nil, want, got, werr, gerr)
		}
	}
}

// reentrant's MarshalJSON encodes inner with the Encoder that is writing
// it (a careless but legal use).
type reentrant struct {
	enc   interface{ Encode(any) error }
	inner any
}

func (r reentrant) MarshalJSON() ([]byte, error) {
	if err := r.enc.Encode(r.inner); err != nil {
		return nil, err
	}
	return []byte(`"outer"`), nil
}

type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("boom") }

// TestEncoderReentrantAndPanics: an Encode called from a MarshalJSON of a
// value the same Encoder is writing, and a MarshalJSON that panics, leave
// the Encoder as encoding/json's: the same bytes in the same order, the
// panic passed to the caller, and later calls working (and, once the
// Encoder keeps its state again, without allocating).
func TestEncoderReentrantAndPanics(t *testing.T) {
	var got, want bytes.Buffer
	genc, wenc := sjson.NewEncoder(&got), stdjson.NewEncoder(&want)
	for range 3 {
		if err := genc.Encode([]any{1, reentrant{genc, map[string]int{"b": 2, "a": 1}}, "x"}); err != nil {
			t.Fatal(err)
		}
		if err := wenc.Encode([]any{1, reentrant{wenc, map[string]int{"b": 2, "a": 1}}, "x"}); err != nil {
			t.Fatal(err)
		}
	}
	wants := want.String()
	if stdReentrantEncoderBroken {
		wants = strings.Repeat(`{"a":1,"b":2}`+"\n"+`[1,"outer","x"]`+"\n", 3)
	}
	if got.String() != wants {
		t.Fatalf("reentrant Encode wrote %q, want %q", got.String(), wants)
	}
	enc := sjson.NewEncoder(io.Discard)
	for range 3 {
		func() {
			defer func() {
				if r := recover(); r != "boom" {
					t.Fatalf("recovered %v, want the MarshalJSON's panic", r)
				}
			}()
			enc.Encode([]any{"a", panicky{}})
		}()
		if err := enc.Encode(map[string]any{"k": []any{1.5, "s"}}); err != nil {
			t.Fatal(err)
		}
	}
	if raceEnabled || sanitizerEnabled {
		return
	}
	// Across garbage collections, which empty the pool: only a state the
	// Encoder keeps (its slot not left taken by a panic) spares a new one.
	if n := allocsAfterGC(t, enc, map[string]any{"k": []any{1.5, "s"}}); n != 0 {
		t.Errorf("Encode after panics and garbage collections: %v allocations, want 0", n)
	}
}

// allocsAfterGC returns the allocations of enc.Encode(v), each call after
// two garbage collections (which empty the pool of working states).
func allocsAfterGC(t *testing.T, enc *sjson.Encoder, v any) float64 {
	t.Helper()
	return testing.AllocsPerRun(20, func() {
		runtime.GC()
		runtime.GC()
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	})
}
