package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The differential test of issue 43: this package against the
// encoding/json of the toolchain that builds the test (Go 1.26's classic
// one; Go 1.27's, on encoding/json/v2; either GOEXPERIMENT setting), over
// every JSONTestSuite file (test_parsing and test_transform) and the
// shared corpora (jsonexamples, gharchive): each file is validated,
// unmarshaled and read with a Decoder (through readers of several read
// sizes) into interface{} and into tagged structs, and every value
// encoding/json decodes is encoded again with Marshal, MarshalIndent and
// an Encoder; then a list of edge values is encoded. Values, bytes, error
// types, texts and offsets, More and InputOffset must all be the same.
// The test skips, saying so, when the shared corpora are absent.

// diffDoc is a tagged struct with fields of most kinds, named after keys
// the corpora have (and ,string, Number and RawMessage fields, whose rules
// differ most between encoding/json's implementations).
type diffDoc struct {
	A       any                `json:"a"`
	ID      any                `json:"id"`
	Type    string             `json:"type"`
	Name    string             `json:"name,omitempty"`
	Text    string             `json:"text"`
	Count   int                `json:"count"`
	Size    uint16             `json:"size"`
	Score   float64            `json:"score"`
	Small   float32            `json:"small"`
	Public  bool               `json:"public"`
	Quoted  int64              `json:"quoted,string"`
	Num     stdjson.Number     `json:"num"`
	Raw     stdjson.RawMessage `json:"raw"`
	Tags    []string           `json:"tags"`
	Payload map[string]any     `json:"payload"`
	Actor   *struct {
		Login string `json:"login"`
		ID    int64  `json:"id"`
	} `json:"actor"`
	Repo struct {
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"repo"`
	Created time.Time `json:"created_time"`
	Next    *diffDoc  `json:"next"`
	Items   []diffDoc `json:"items"`
	Bytes   []byte    `json:"bytes"`
	diffEmbedded
}

type diffEmbedded struct {
	Lang  string `json:"lang"`
	Asd   any    `json:"asd"`
	Empty any    `json:""`
}

// diffFiles lists the corpus files: JSONTestSuite's test_parsing and
// test_transform, jsonexamples, gharchive.
func diffFiles(t *testing.T) (root string, files []string) {
	root = corpus.SharedData(t, "")
	for _, sub := range []string{"JSONTestSuite/test_parsing", "JSONTestSuite/test_transform", "jsonexamples", "gharchive"} {
		filepath.WalkDir(filepath.Join(root, sub), func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && (strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".ndjson")) {
				files = append(files, path)
			}
			return nil
		})
	}
	if len(files) == 0 {
		t.Skipf("skipping: no JSONTestSuite, jsonexamples or gharchive files under %s", root)
	}
	files = shortCorpus(files)
	return root, files
}

// diffTargets are the types each file and each value of a stream are
// decoded into.
var diffTargets = []func() any{
	func() any { return new(any) },
	func() any { return new(diffDoc) },
}

func TestDifferential(t *testing.T) {
	root, files := diffFiles(t)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		name, _ := filepath.Rel(root, path)
		if got, want := sjson.Valid(data), stdjson.Valid(data); got != want {
			t.Errorf("%s: Valid = %v, encoding/json says %v", name, got, want)
		}
		targets := diffTargets
		if ts, ok := corpus.Types[filepath.Base(path)]; ok {
			targets = append(targets[:len(targets):len(targets)], ts[0], ts[1])
		}
		if strings.HasPrefix(name, "gharchive") {
			targets = append(targets[:len(targets):len(targets)], func() any { return new(corpus.GitHubEvent) })
		}
		for _, mk := range targets {
			diffUnmarshal(t, name, data, mk)
			diffStream(t, name, data, mk)
		}
	}
}

// diffUnmarshal compares Unmarshal into fresh values of mk, then encodes
// what encoding/json decoded (when it decoded without error) with both.
func diffUnmarshal(t *testing.T, name string, data []byte, mk func() any) {
	t.Helper()
	checkUnmarshal(t, name, data, mk)
	want := mk()
	if stdjson.Unmarshal(data, want) == nil {
		diffEncode(t, fmt.Sprintf("%s into %T", name, want), want)
	}
}

// diffStream reads every value of data with both Decoders through readers
// of several read sizes, comparing More, values, errors and InputOffset
// after each, and encodes the values.
func diffStream(t *testing.T, name string, data []byte, mk func() any) {
	t.Helper()
	readers := []struct {
		name string
		make func() io.Reader
	}{
		{"all", func() io.Reader { return bytes.NewReader(data) }},
		{"half", func() io.Reader { return iotest.HalfReader(bytes.NewReader(data)) }},
		{"onebyte", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(data)) }},
	}
	if len(data) > 1<<16 {
		readers = readers[:2]
	}
	if raceEnabled || runtime.GOARCH != "amd64" {
		// The race detector and qemu (CI's arm64) make each read five to
		// twenty times slower; the readers' splits are amd64's to check.
		readers = readers[:1]
	}
	for _, r := range readers {
		jd, sd := stdjson.NewDecoder(r.make()), sjson.NewDecoder(r.make())
		where := func(k int) string {
			return fmt.Sprintf("%s (Decoder, %s reader) into %T, value %d", name, r.name, mk(), k)
		}
		for k := 0; k < 1<<20; k++ {
			if jm, sm := jd.More(), sd.More(); jm != sm {
				t.Errorf("%s: More %v vs %v", where(k), jm, sm)
				break
			}
			want, got := mk(), mk()
			werr, gerr := jd.Decode(want), sd.Decode(got)
			if ok, why := sameDecoderError(werr, gerr); !ok {
				t.Errorf("%s: %s", where(k), why)
				break
			}
			if ok, at := sameValue(reflect.ValueOf(want), reflect.ValueOf(got), "v"); !ok {
				t.Errorf("%s: values differ at %s", where(k), at)
				break
			}
			if jo, so := jd.InputOffset(), sd.InputOffset(); jo != so {
				t.Errorf("%s: InputOffset %d vs %d", where(k), jo, so)
				break
			}
			if werr == nil && r.name == "all" && len(data) <= 1<<22 {
				diffEncode(t, where(k), want)
			}
			if _, ok := werr.(*stdjson.UnmarshalTypeError); werr != nil && !ok {
				break // the end, a final error, or a method's
			}
		}
	}
}

// Edge values for the encoder.

type diffMarshaler struct{ out string }

func (m diffMarshaler) MarshalJSON() ([]byte, error) {
	if m.out == "fail" {
		return nil, errors.New("diffMarshaler: fail")
	}
	return []byte(m.out), nil
}

type diffText string

func (d diffText) MarshalText() ([]byte, error) {
	if d == "fail" {
		return nil, errors.New("diffText: fail")
	}
	return []byte("t:" + d), nil
}

type diffOmit struct {
	S  string         `json:"s,omitempty"`
	I  int            `json:"i,omitempty"`
	P  *int           `json:"p,omitempty"`
	M  map[string]int `json:"m,omitempty"`
	L  []int          `json:"l,omitempty"`
	Z  struct{}       `json:"z,omitempty"`
	T  time.Time      `json:"t,omitzero"`
	Q  int            `json:"q,string"`
	QS string         `json:"qs,string"`
	QB bool           `json:"qb,string"`
	QF float64        `json:"qf,string"`
	QP *int           `json:"qp,string"`
	X  int            `json:"-"`
	D  int            `json:"-,"`
}

type diffCycle struct {
	Next *diffCycle
}

// diffEdgeValues are values whose encodings differ most between encoders:
// floats at the 'e' switch and the extremes, strings needing escapes
// (HTML, U+2028, invalid UTF-8), maps with integer and TextMarshaler keys,
// nil and empty containers, Marshalers (valid, invalid and failing
// output), options, and unsupported values.
func diffEdgeValues() []any {
	neg0 := math.Copysign(0, -1)
	one := 1
	cyc := &diffCycle{}
	cyc.Next = cyc
	return []any{
		nil, true, 0, -1, math.MaxInt64, math.MinInt64, uint64(math.MaxUint64), int8(-128),
		0.0, neg0, 1.0, 1e20, 1e21, 1e-6, 1e-7, 123456789.123456789, 5e-324, math.MaxFloat64,
		float32(1e20), float32(1e21), float32(1e-7), float32(0.1), float32(3.4028235e38), float32(1.17549435e-38),
		math.NaN(), math.Inf(1), math.Inf(-1), float32(math.Inf(-1)),
		"", "plain", "<tag> & 'q' \"d\"", "\u2028\u2029", "\x00\x01\x1f\x7f", "é日本😀", "\xff\xfe", "a\xc3", "\xed\xa0\x80",
		strings.Repeat("long é <string> ", 200), "\\/\b\f\n\r\t",
		[]byte(nil), []byte{}, []byte("bytes \x00\xff"), [3]byte{1, 2, 3}, []int(nil), []int{}, [0]int{},
		map[string]int(nil), map[string]int{}, map[string]any{"b": 1, "a": []any{nil, "x"}, "<": ">"},
		map[int]string{-1: "m", 2: "t", 10: "x"}, map[uint8]bool{255: true, 0: false}, map[diffText]int{"k": 1, "j": 2},
		map[diffText]int{"fail": 1},
		diffMarshaler{`{"a" : [1, 2 ] }`}, diffMarshaler{`"<&>"`}, diffMarshaler{`nul`}, diffMarshaler{"fail"}, diffMarshaler{""},
		&diffMarshaler{` 1 `}, []diffMarshaler{{"1"}, {"[2]"}},
		diffText("txt"), diffText("fail"), []diffText{"a", "b"},
		stdjson.RawMessage(`{"a" :1}`), stdjson.RawMessage(`[1,`), stdjson.RawMessage(nil), stdjson.Number("1.5e3"), stdjson.Number(""),
		stdjson.Number("0x1"), []stdjson.Number{"1", "-0"},
		diffOmit{}, diffOmit{S: "s", I: 1, P: &one, M: map[string]int{}, L: []int{}, Q: 5, QS: "q<", QB: true, QF: 1.5, QP: &one, X: 9, D: 8},
		&diffOmit{}, []*diffOmit{nil, {}},
		time.Date(2024, 1, 2, 3, 4, 5, 6, time.UTC), time.Date(2024, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600)),
		time.Duration(1500), struct{ A, B any }{A: []any{}, B: map[string]any{}},
		struct {
			E any `json:"e,omitempty"`
			F any `json:"f"`
		}{},
		make(chan int), func() {}, complex(1, 2), []any{1, make(chan int)}, map[string]any{"f": func() {}}, cyc,
		diffDoc{A: []any{1.5, "x"}, Quoted: 7, Num: "12", Raw: stdjson.RawMessage(`null`), Tags: []string{}, Bytes: []byte{0}},
	}
}

func TestDifferentialEncodeEdges(t *testing.T) {
	for k, v := range diffEdgeValues() {
		diffEncode(t, fmt.Sprintf("edge value %d (%T)", k, v), v)
	}
}
