package main

// The encode suite: Marshal of values decoded from the jsonexamples
// documents (as interface{} and as the decode suite's typed structs), of
// the decode suite's small payloads (about 200 B, 2 kB and 20 kB of GitHub
// events as structs) and of 100 generated GH Archive-like events as a
// []struct with a RawMessage payload and a time.Time, by this library's
// package json and by encoding/json, goccy/go-json, sonic (ConfigStd and
// ConfigDefault), jsoniter (ConfigCompatibleWithStandardLibrary),
// segmentio/encoding and json/v2: each library's Marshal, and (methods
// named -encoder) its Encoder kept for all calls and writing to a reused
// buffer, so that Encoders are compared with Encoders. result-only is no
// library: it copies encoding/json's output for the value into a new
// slice, Marshal's one allocation with nothing encoded, so that what the
// allocation costs in this process (the garbage collector's work
// included) is measured beside the rest.
//
//	go run . -suite encode            # a table
//	go run . -suite encode -json      # one JSON object per line: value, method, mbps, ns, allocs, same
//	go run . -suite encode -methods simdjson,goccy -runs 5 -encode-values twitter.json/any
//
// MB/s is of each method's own output. same: the method's bytes equal
// encoding/json's Marshal output for the value (measured before timing;
// under GOEXPERIMENT=jsonv2, encoding/json itself runs on the v2 engine and
// is the reference all the same); for the v2 rows (json/v2, simdjson/v2,
// goccy/v2), encoding/json/v2's Marshal output, once every object's members
// are sorted by name (v2's defaults write a map in random order). Each
// figure is the best of -runs timed runs (each at least -encode-time long);
// the methods take turns, one run each per round.

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"
	"github.com/simdjson-cgo/simdjson/internal/corpus"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

var flagEncodeValues = flag.String("encode-values", "",
	"encode suite: comma-separated values to run (e.g. twitter.json/any,gh-100/struct; default: all)")

var flagEncodeTime = flag.Duration("encode-time", 300*time.Millisecond, "encode suite: the least duration of one timed run")

type encodeMethod struct {
	name    string
	marshal func() func(any) ([]byte, error) // a fresh marshal function (an Encoder's own state); nil: skipped
	skip    string
	// resultOnly: not a library but a floor, a copy of encoding/json's
	// output for the value into a new slice (Marshal's one allocation,
	// with nothing encoded).
	resultOnly bool
}

// resultOnlyMethod is the name of the floor method (resultOnly).
const resultOnlyMethod = "result-only"

func encodeMethods() []encodeMethod {
	ms := []encodeMethod{
		{name: "simdjson", marshal: func() func(any) ([]byte, error) { return sjson.Marshal }},
		{name: "simdjson-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder { return sjson.NewEncoder(w) })},
		{name: "encoding/json", marshal: func() func(any) ([]byte, error) { return json.Marshal }},
		{name: "encoding/json-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder { return json.NewEncoder(w) })},
		{name: "goccy", marshal: func() func(any) ([]byte, error) { return goccy.Marshal }},
		{name: "goccy-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder { return goccy.NewEncoder(w) })},
		{name: "sonic-std", marshal: func() func(any) ([]byte, error) { return sonic.ConfigStd.Marshal }},
		{name: "sonic-std-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder { return sonic.ConfigStd.NewEncoder(w) })},
		{name: "sonic", marshal: func() func(any) ([]byte, error) { return sonic.ConfigDefault.Marshal }},
		{name: "sonic-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder { return sonic.ConfigDefault.NewEncoder(w) })},
		{name: "jsoniter", marshal: func() func(any) ([]byte, error) { return jsoniter.ConfigCompatibleWithStandardLibrary.Marshal }},
		{name: "jsoniter-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder {
			return jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w)
		})},
		{name: "segmentio", marshal: func() func(any) ([]byte, error) { return segmentio.Marshal }},
		{name: "segmentio-encoder", marshal: reusedEncoder(func(w io.Writer) valueEncoder { return segmentio.NewEncoder(w) })},
		{name: resultOnlyMethod, resultOnly: true},
		{name: "json/v2", marshal: jsonV2MarshalFunc},
	}
	if jsonV2Marshal == nil {
		ms[len(ms)-1].marshal = nil
		ms[len(ms)-1].skip = "needs GOEXPERIMENT=jsonv2"
	}
	// The v2 drop-ins (issue 47), default options; MarshalWrite into a
	// buffer emptied before each call.
	v2 := []encodeMethod{
		{name: "simdjson/v2", marshal: func() func(any) ([]byte, error) { return simdV2Marshal }},
		{name: "simdjson/v2-write", marshal: writerMarshal(simdV2Write)},
		{name: "goccy/v2", marshal: func() func(any) ([]byte, error) { return goccyV2Marshal }},
	}
	for _, m := range v2 {
		if simdV2Marshal == nil {
			m.marshal, m.skip = nil, "needs Go 1.27's encoding/json/v2"
		}
		ms = append(ms, m)
	}
	return ms
}

// valueEncoder is the Encode method every library's Encoder has.
type valueEncoder interface{ Encode(any) error }

// reusedEncoder returns a method made of one Encoder (from newEnc) kept
// for all its calls, writing to a buffer emptied before each: the output
// is the buffer's bytes without Encode's newline. A service writing many
// values to one stream uses an Encoder this way.
func reusedEncoder(newEnc func(io.Writer) valueEncoder) func() func(any) ([]byte, error) {
	return func() func(any) ([]byte, error) {
		var buf bytes.Buffer
		enc := newEnc(&buf)
		return func(v any) ([]byte, error) {
			buf.Reset()
			err := enc.Encode(v)
			return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
		}
	}
}

// writerMarshal is a method made of a MarshalWrite-like function writing
// into one buffer, emptied before each call.
func writerMarshal(write func(io.Writer, any) error) func() func(any) ([]byte, error) {
	return func() func(any) ([]byte, error) {
		var buf bytes.Buffer
		return func(v any) ([]byte, error) {
			buf.Reset()
			err := write(&buf, v)
			return buf.Bytes(), err
		}
	}
}

func jsonV2MarshalFunc() func(any) ([]byte, error) { return jsonV2Marshal }

type encodeValue struct {
	name string // document/target
	v    any
}

// ghaEvent is a GH Archive event as a service would keep it: the payload
// left raw, the time parsed.
type ghaEvent struct {
	ID    string `json:"id"`
	Type  string `json:"type"`
	Actor struct {
		ID           int64  `json:"id"`
		Login        string `json:"login"`
		DisplayLogin string `json:"display_login"`
		GravatarID   string `json:"gravatar_id"`
		URL          string `json:"url"`
		AvatarURL    string `json:"avatar_url"`
	} `json:"actor"`
	Repo struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		URL  string `json:"url"`
	} `json:"repo"`
	Payload   json.RawMessage `json:"payload"`
	Public    bool            `json:"public"`
	CreatedAt time.Time       `json:"created_at"`
	Org       *struct {
		ID         int64  `json:"id"`
		Login      string `json:"login"`
		GravatarID string `json:"gravatar_id"`
		URL        string `json:"url"`
		AvatarURL  string `json:"avatar_url"`
	} `json:"org,omitempty"`
}

func encodeValues(dir string) ([]encodeValue, error) {
	var out []encodeValue
	docs := map[string][]byte{}
	for _, name := range corpus.Files {
		if name == "gsoc-2018.json" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("encode suite: %w (set -decode-data)", err)
		}
		docs[name] = data
		var a any
		if err := json.Unmarshal(data, &a); err != nil {
			return nil, err
		}
		out = append(out, encodeValue{name + "/any", a})
	}
	for _, name := range []string{"twitter.json", "citm_catalog.json", "canada.json", "github_events.json"} {
		v := corpus.Types[name][0]()
		if err := json.Unmarshal(docs[name], v); err != nil {
			return nil, err
		}
		out = append(out, encodeValue{name + "/struct", v})
	}
	payloads, err := decodePayloads(dir)
	if err != nil {
		return nil, err
	}
	for _, p := range payloads {
		if !strings.HasPrefix(p.file, "small-") {
			continue
		}
		for _, t := range p.targets {
			if t.name != "struct" {
				continue
			}
			v := t.mk()
			if err := json.Unmarshal(p.data, v); err != nil {
				return nil, err
			}
			out = append(out, encodeValue{p.file + "/struct", v})
		}
	}
	g := NewGenerator(1)
	events := make([]ghaEvent, 100)
	for i := range events {
		line := g.Next(nil)
		if err := json.Unmarshal(line, &events[i]); err != nil {
			return nil, err
		}
	}
	out = append(out, encodeValue{"gh-100/struct", events})
	return out, nil
}

type encodeRow struct {
	Value  string  `json:"value"`
	Method string  `json:"method"`
	MBps   float64 `json:"mbps"`
	NsOp   float64 `json:"ns"`
	Allocs float64 `json:"allocs"`
	CPUNs  float64 `json:"cpu_ns"` // CPU time of the process (all threads: GC included) per call, of the best run
	Same   bool    `json:"same"`
	Bytes  int     `json:"bytes"`
	Note   string  `json:"note,omitempty"`

	fn func(any) ([]byte, error)
}

func runEncodeSuite() error {
	values, err := encodeValues(*flagDecodeData)
	if err != nil {
		return err
	}
	if *flagEncodeValues != "" {
		want := strings.Split(*flagEncodeValues, ",")
		values = slices.DeleteFunc(values, func(v encodeValue) bool { return !slices.Contains(want, v.name) })
	}
	methods := encodeMethods()
	if *flagMethods != "" {
		want := strings.Split(*flagMethods, ",")
		methods = slices.DeleteFunc(methods, func(m encodeMethod) bool { return !slices.Contains(want, m.name) })
	}
	runs := max(*flagRuns, 1)
	if !*flagJSON {
		fmt.Printf("%-28s %-22s %9s %12s %12s %8s %5s\n", "value", "method", "MB/s", "ns/op", "cpu-ns/op", "allocs", "same")
	}
	out := json.NewEncoder(os.Stdout)
	for _, v := range values {
		ref, err := json.Marshal(v.v)
		if err != nil {
			return fmt.Errorf("%s: encoding/json: %v", v.name, err)
		}
		rows := make([]encodeRow, len(methods))
		var refV2 []byte // the standard v2's bytes, members sorted (v2 rows)
		for k, m := range methods {
			rows[k] = encodeRow{Value: v.name, Method: m.name}
			row := &rows[k]
			if m.resultOnly {
				row.fn = func(any) ([]byte, error) { return append([]byte(nil), ref...), nil }
				row.Bytes, row.Same = len(ref), true
				continue
			}
			if m.marshal == nil {
				row.Note = m.skip
				continue
			}
			row.fn = m.marshal()
			b, err := row.fn(v.v)
			if err != nil {
				row.Note = "error: " + err.Error()
				row.fn = nil
				continue
			}
			if !isV2Method(m.name) {
				row.Same = bytes.Equal(b, ref)
			} else {
				if refV2 == nil {
					if r, err := jsonV2Marshal(v.v); err == nil {
						refV2 = membersSorted(r)
					}
				}
				if s := membersSorted(b); s != nil && refV2 != nil {
					row.Same = bytes.Equal(s, refV2)
				}
			}
			row.Bytes = len(b)
		}
		for r := range runs {
			for k0 := range rows {
				k := (k0 + r) % len(rows)
				if rows[k].fn != nil {
					benchEncode(&rows[k], v.v)
				}
			}
		}
		for _, row := range rows {
			if *flagJSON {
				if err := out.Encode(row); err != nil {
					return err
				}
				continue
			}
			if row.fn == nil {
				fmt.Printf("%-28s %-22s %9s %12s %12s %8s %5s  %s\n", row.Value, row.Method, "-", "-", "-", "-", "-", row.Note)
				continue
			}
			fmt.Printf("%-28s %-22s %9.1f %12.0f %12.0f %8.1f %5v\n", row.Value, row.Method, row.MBps, row.NsOp, row.CPUNs, row.Allocs, row.Same)
		}
	}
	return nil
}

// benchEncode times one run of row's method over v (at least -encode-time
// of calls) and keeps the figures when they beat the row's best so far. A
// run whose process got less CPU time than -min-share of its wall time
// (starved by other processes) is repeated, at most 3 tries.
func benchEncode(row *encodeRow, v any) {
	for try := 1; ; try++ {
		share := benchEncodeOnce(row, v, try == 3)
		if share >= *flagShare || try == 3 {
			return
		}
	}
}

func benchEncodeOnce(row *encodeRow, v any, last bool) (share float64) {
	var ms runtime.MemStats
	n := 1
	for {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		mallocs := ms.Mallocs
		cpu0 := cpuTime()
		start := time.Now()
		for range n {
			if _, err := row.fn(v); err != nil {
				panic(err)
			}
		}
		d := time.Since(start)
		cpu := cpuTime() - cpu0
		runtime.ReadMemStats(&ms)
		if d >= *flagEncodeTime || n >= 1<<30 {
			share = float64(cpu) / float64(d)
			if share < *flagShare && !last {
				return share
			}
			ns := float64(d.Nanoseconds()) / float64(n)
			if row.NsOp == 0 || ns < row.NsOp {
				row.NsOp = ns
				row.MBps = float64(row.Bytes) / ns * 1e3
				row.Allocs = float64(ms.Mallocs-mallocs) / float64(n)
				row.CPUNs = float64(cpu.Nanoseconds()) / float64(n)
			}
			return share
		}
		// Aim at 1.2 × the least duration.
		next := int(float64(n) * 1.2 * float64(*flagEncodeTime) / float64(max(d, time.Microsecond)))
		n = min(max(next, n+1), 100*n)
	}
}

func init() {
	registerSuite(&Suite{
		Name: "encode",
		Doc: "Marshal of jsonexamples documents (as interface{} and typed structs), small payloads and 100 GH Archive-like events, " +
			"by this library's package json and the pure-Go peers (own output: value, method, mbps, ns, allocs, same)",
		Reference: "encoding/json",
		Run:       runEncodeSuite,
	})
	for _, m := range encodeMethods() {
		register("encode", Method{Name: m.name, Skip: "run by the encode suite itself"})
	}
}

var flagEncodeChart = flag.String("encode-chart", "", "encode suite: write an SVG chart of this file of -suite encode -json lines to standard output and exit")

// writeEncodeChart draws, for each value, the MB/s of package json's
// Marshal and Encoder, of the fastest peer whose bytes equal
// encoding/json's, and of encoding/json, as multiples of encoding/json's.
func writeEncodeChart(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var order []string
	rows := map[string][]encodeRow{}
	dec := json.NewDecoder(f)
	for {
		var r encodeRow
		if err := dec.Decode(&r); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if _, ok := rows[r.Value]; !ok {
			order = append(order, r.Value)
		}
		rows[r.Value] = append(rows[r.Value], r)
	}
	type bar struct {
		label string
		color string
		x     float64
	}
	const (
		left, right, barH, topPad = 200.0, 60.0, 11.0, 70.0
		width                     = 860.0
	)
	group := 5*barH + 12
	height := topPad + float64(len(order))*group + 50
	top := 1.0
	bars := map[string][]bar{}
	for _, v := range order {
		var std, own, enc, peer, peerEnc float64
		peerName, peerEncName := "", ""
		for _, r := range rows[v] {
			switch {
			case r.Method == "encoding/json":
				std = r.MBps
			case r.Method == "simdjson":
				own = r.MBps
			case r.Method == "simdjson-encoder":
				enc = r.MBps
			case !r.Same || strings.HasPrefix(r.Method, "encoding/json") || r.Method == resultOnlyMethod || isV2Method(r.Method):
				// not a peer
			case strings.HasSuffix(r.Method, "-encoder"):
				if r.MBps > peerEnc {
					peerEnc, peerEncName = r.MBps, r.Method
				}
			case r.MBps > peer:
				peer, peerName = r.MBps, r.Method
			}
		}
		if std == 0 {
			continue
		}
		bs := []bar{{"package json Marshal", "#4c78a8", own / std},
			{"fastest identical peer Marshal (" + peerName + ")", "#f58518", peer / std},
			{"package json Encoder", "#72b7b2", enc / std},
			{"fastest identical peer Encoder (" + peerEncName + ")", "#ffbf79", peerEnc / std},
			{"encoding/json Marshal", "#bab0ac", 1}}
		for _, b := range bs {
			top = max(top, b.x)
		}
		bars[v] = bs
	}
	axisMax := math.Ceil(top)
	plotW := width - left - right
	x := func(v float64) float64 { return left + v/axisMax*plotW }
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&s, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&s, `<text x="20" y="22" font-size="15" font-weight="bold">Encoding with encoding/json's bytes: speed as a multiple of its Marshal's (one goroutine)</text>`+"\n")
	for i, l := range []struct{ c, t string }{{"#4c78a8", "package json Marshal"}, {"#f58518", "fastest peer's Marshal"}, {"#72b7b2", "package json Encoder"}, {"#ffbf79", "fastest peer's Encoder"}, {"#bab0ac", "encoding/json"}} {
		xx := 20 + float64(i)*165
		fmt.Fprintf(&s, `<rect x="%.0f" y="34" width="12" height="12" fill="%s"/><text x="%.0f" y="45">%s</text>`+"\n", xx, l.c, xx+16, html.EscapeString(l.t))
	}
	for v := 0.0; v <= axisMax; v++ {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#ddd"/>`+"\n", x(v), topPad-8, x(v), height-40)
		fmt.Fprintf(&s, `<text x="%.1f" y="%.0f" text-anchor="middle" fill="#555">%.0f×</text>`+"\n", x(v), height-24, v)
	}
	for i, v := range order {
		y := topPad + float64(i)*group
		fmt.Fprintf(&s, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, y+2*barH+3, html.EscapeString(v))
		for k, b := range bars[v] {
			yy := y + float64(k)*barH
			fmt.Fprintf(&s, `<rect x="%.0f" y="%.1f" width="%.1f" height="%.0f" fill="%s"><title>%s</title></rect>`+"\n", left, yy, x(b.x)-left, barH-1, b.color, html.EscapeString(b.label))
			fmt.Fprintf(&s, `<text x="%.1f" y="%.1f" font-size="10" fill="#333">%.1f×</text>`+"\n", x(b.x)+3, yy+barH-2, b.x)
		}
	}
	fmt.Fprintf(&s, "</svg>\n")
	_, err = io.WriteString(w, s.String())
	return err
}

// isV2Method reports whether the encode method is one of the v2 rows
// (json/v2, simdjson/v2, simdjson/v2-write, goccy/v2): an encoding/json/v2
// API with its default options, whose bytes are compared with the standard
// v2's (membersSorted), and no peer of package json's v1 API.
func isV2Method(name string) bool { return strings.Contains(name, "/v2") }
