package main

// The request suite: the per-request cost of decoding an API request body
// with each library's own Decoder, as a handler does it:
// NewDecoder(bytes.NewReader(body)).Decode(v), a fresh reader, Decoder and
// destination every operation, for order bodies (request_body.go) of about
// 200 B, 2 kB, 20 kB and 200 kB, into their Go type (struct) and into any.
// Methods: simdjson (this module's package json), encoding/json, json/v2
// (jsontext.NewDecoder and json.UnmarshalDecode; only under
// GOEXPERIMENT=jsonv2), goccy/go-json, sonic (ConfigStd.NewDecoder) and
// jsoniter (ConfigCompatibleWithStandardLibrary.NewDecoder).
//
//	go run . -suite request                  # a table
//	go run . -suite request -json            # one JSON object per line: size, bytes, target, method, nsop, mbps, bytesop, allocs, ok
//	go run . -suite request -request-sizes 200B,2kB -methods simdjson,encoding/json -runs 5
//
// Before timing, every method's result is compared with encoding/json's
// (reflect.DeepEqual); a method that differs or fails is reported with ok
// false and no figure. Each timed run calibrates its count of operations
// (untimed, which also warms the library's caches and pools), collects
// garbage, then times that many operations for about -request-time and
// reads runtime.MemStats around them for bytes and allocations per
// operation (the bytes.Reader and the destination, which every method
// allocates alike, included). For each body and target the methods take
// turns, one run each per round, the first method changing each round;
// a figure is the best of -runs rounds (lowest ns/op), with that run's
// bytes and allocations.
//
// request_http.go has the same through net/http (-suite request-http).
// request_subvalue.go adds rows for Decode of a handle's sub-value (the
// payload of a pull request event; -request-sizes payload runs them alone).

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

var (
	flagRequestSizes = flag.String("request-sizes", "",
		"request suites: comma-separated body sizes to run (200B, 2kB, 20kB, 200kB; default: all)")
	flagRequestTime = flag.Duration("request-time", 400*time.Millisecond,
		"request suite: time of one timed run of one method (after an untimed calibration of about a tenth of it)")
)

// requestMethod is one library's Decoder (and Encoder, for request-http).
type requestMethod struct {
	name   string
	how    string
	decode func(r io.Reader, v any) error // nil: skipped
	encode func(w io.Writer, v any) error
	skip   string
}

func requestMethods() []requestMethod {
	ms := []requestMethod{
		{name: "simdjson", how: "simdjson/json NewDecoder(r).Decode, NewEncoder(w).Encode",
			decode: func(r io.Reader, v any) error { return sjson.NewDecoder(r).Decode(v) },
			encode: func(w io.Writer, v any) error { return sjson.NewEncoder(w).Encode(v) }},
		{name: "encoding/json", how: "NewDecoder(r).Decode, NewEncoder(w).Encode",
			decode: func(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) },
			encode: func(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) }},
		{name: "json/v2", how: "json.UnmarshalDecode(jsontext.NewDecoder(r), v), json.MarshalEncode(jsontext.NewEncoder(w), v)",
			decode: requestV2Decode, encode: requestV2Encode},
		{name: "goccy", how: "goccy/go-json NewDecoder(r).Decode, NewEncoder(w).Encode",
			decode: func(r io.Reader, v any) error { return goccy.NewDecoder(r).Decode(v) },
			encode: func(w io.Writer, v any) error { return goccy.NewEncoder(w).Encode(v) }},
		{name: "sonic", how: "sonic ConfigStd.NewDecoder(r).Decode, ConfigStd.NewEncoder(w).Encode",
			decode: func(r io.Reader, v any) error { return sonic.ConfigStd.NewDecoder(r).Decode(v) },
			encode: func(w io.Writer, v any) error { return sonic.ConfigStd.NewEncoder(w).Encode(v) }},
		{name: "jsoniter", how: "jsoniter ConfigCompatibleWithStandardLibrary.NewDecoder(r).Decode, NewEncoder(w).Encode",
			decode: func(r io.Reader, v any) error {
				return jsoniter.ConfigCompatibleWithStandardLibrary.NewDecoder(r).Decode(v)
			},
			encode: func(w io.Writer, v any) error {
				return jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w).Encode(v)
			}},
	}
	if requestV2Decode == nil {
		ms[2].skip = "needs GOEXPERIMENT=jsonv2"
	}
	// The v2 drop-ins (issue 47), default options.
	v2 := []requestMethod{
		{name: "simdjson/v2", how: "simdjson/json/v2 UnmarshalDecode(jsontext.NewDecoder(r), v), MarshalEncode(jsontext.NewEncoder(w), v)",
			decode: simdV2Decode, encode: simdV2Encode},
		{name: "simdjson/v2-read", how: "simdjson/json/v2 UnmarshalRead(r, v), MarshalWrite(w, v)",
			decode: simdV2Read, encode: simdV2Write},
		{name: "goccy/v2", how: "goccy/go-json/v2 UnmarshalDecode(jsontext.NewDecoder(r), v), MarshalEncode(jsontext.NewEncoder(w), v)",
			decode: goccyV2Decode, encode: goccyV2Encode},
	}
	for _, m := range v2 {
		if m.decode == nil {
			m.skip = "needs Go 1.27's encoding/json/v2"
		}
		ms = append(ms, m)
	}
	return ms
}

// requestTarget is what a body is decoded into.
type requestTarget struct {
	name string
	mk   func() any
}

var requestTargets = []requestTarget{
	{"struct", func() any { return new(reqOrder) }},
	{"any", func() any { return new(any) }},
}

// requestSelection returns the bodies and methods that -request-sizes and
// -methods select.
func requestSelection() ([]requestBody, []requestMethod, error) {
	var want []string
	if *flagRequestSizes != "" {
		for _, s := range strings.Split(*flagRequestSizes, ",") {
			s = strings.TrimSpace(s)
			ok := s == "payload" // the sub-value rows (request_subvalue.go)
			for _, rs := range requestSizes {
				ok = ok || rs.label == s
			}
			if !ok {
				return nil, nil, fmt.Errorf("request suite: no body size %q (have 200B, 2kB, 20kB, 200kB, payload)", s)
			}
			want = append(want, s)
		}
	}
	methods := requestMethods()
	if *flagMethods != "" {
		names := strings.Split(*flagMethods, ",")
		for i := range names {
			names[i] = strings.TrimSpace(names[i])
		}
		methods = slices.DeleteFunc(methods, func(m requestMethod) bool { return !slices.Contains(names, m.name) })
	}
	want = slices.DeleteFunc(want, func(s string) bool { return s == "payload" })
	if *flagRequestSizes != "" && len(want) == 0 {
		return nil, methods, nil // the sub-value rows only
	}
	return requestBodies(*flagSeed, want), methods, nil
}

// checkRequestDecode decodes body into a fresh t with m's Decoder and with
// encoding/json's and reports how they differ (nil: equal).
func checkRequestDecode(m requestMethod, body []byte, t requestTarget) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	ref := t.mk()
	if err := json.NewDecoder(bytes.NewReader(body)).Decode(ref); err != nil {
		return fmt.Errorf("encoding/json: %w", err)
	}
	got := t.mk()
	if err := m.decode(bytes.NewReader(body), got); err != nil {
		return fmt.Errorf("error: %w", err)
	}
	if !reflect.DeepEqual(ref, got) {
		return errors.New("result differs from encoding/json's")
	}
	return nil
}

type requestRow struct {
	Size    string  `json:"size"`
	Bytes   int     `json:"bytes"`
	Target  string  `json:"target"`
	Method  string  `json:"method"`
	NsOp    float64 `json:"nsop"`
	MBps    float64 `json:"mbps"`
	BytesOp float64 `json:"bytesop"`
	Allocs  float64 `json:"allocs"`
	OK      bool    `json:"ok"`
	Note    string  `json:"note,omitempty"`
}

func runRequestSuite(w io.Writer) error {
	bodies, methods, err := requestSelection()
	if err != nil {
		return err
	}
	runs := max(*flagRuns, 1)
	enc := json.NewEncoder(w)
	if !*flagJSON && len(bodies) > 0 {
		fmt.Fprintf(w, "request suite: NewDecoder(bytes.NewReader(body)).Decode(v), a fresh reader, Decoder and v each op; best of %d runs of about %v\n",
			runs, *flagRequestTime)
		fmt.Fprintf(w, "machine: %s\n\n", requestMachine())
		fmt.Fprintf(w, "%-6s %7s %-7s %-14s %11s %9s %10s %10s %8s\n",
			"size", "bytes", "target", "method", "ns/op", "MB/s", "B/op", "allocs/op", "vs std")
	}
	for _, b := range bodies {
		for _, t := range requestTargets {
			rows := make([]requestRow, len(methods))
			for k, m := range methods {
				rows[k] = requestRow{Size: b.label, Bytes: len(b.data), Target: t.name, Method: m.name}
				switch {
				case m.decode == nil:
					rows[k].Note = m.skip
				default:
					if err := checkRequestDecode(m, b.data, t); err != nil {
						rows[k].Note = err.Error()
					} else {
						rows[k].OK = true
					}
				}
			}
			bestOfRuns(rows, runs, "request "+b.label+" "+t.name, func(k int) (float64, float64, float64, error) {
				return timeRequestDecode(methods[k].decode, b.data, t.mk, *flagRequestTime)
			})
			std := 0.0
			for _, row := range rows {
				if row.Method == "encoding/json" && row.OK {
					std = row.NsOp
				}
			}
			if err := writeRequestRows(w, enc, rows, std, 6, 14); err != nil {
				return err
			}
		}
	}
	if !*flagJSON && len(bodies) > 0 {
		fmt.Fprintln(w, "\nvs std: encoding/json's ns/op over the method's (above 1: faster than encoding/json). B/op and allocs/op include the bytes.Reader and v.")
		for _, m := range methods {
			fmt.Fprintf(w, "  %-14s %s\n", m.name, m.how)
		}
	}
	if (*flagRequestSizes == "" || slices.Contains(strings.Split(*flagRequestSizes, ","), "payload")) &&
		slices.ContainsFunc(methods, func(m requestMethod) bool { return m.name == "simdjson" }) {
		return runRequestSubValue(w, enc, runs)
	}
	return nil
}

// bestOfRuns times the rows that are OK: runs rounds, in each of which
// timeRow(k) times row k once, the first row changing each round. A row keeps
// its best run (lowest ns/op), with that run's bytes and allocations; an
// error makes it not OK. label starts each run's log line.
func bestOfRuns(rows []requestRow, runs int, label string, timeRow func(k int) (ns, bytesOp, allocsOp float64, err error)) {
	for r := range runs {
		for k0 := range rows {
			k := (k0 + r) % len(rows)
			if !rows[k].OK {
				continue
			}
			ns, bop, aop, err := timeRow(k)
			if err != nil {
				rows[k].OK, rows[k].Note = false, "error while timing: "+err.Error()
				continue
			}
			logf("%s %s run %d: %.0f ns/op", label, rows[k].Method, r+1, ns)
			if rows[k].NsOp == 0 || ns < rows[k].NsOp {
				rows[k].NsOp, rows[k].BytesOp, rows[k].Allocs = ns, bop, aop
				rows[k].MBps = float64(rows[k].Bytes) / ns * 1e3
			}
		}
	}
}

// writeRequestRows writes rows as -json lines, or as table rows whose size
// and method columns are sizeW and methodW wide, with each OK row's ref
// over its ns/op when ref is not 0.
func writeRequestRows(w io.Writer, enc *json.Encoder, rows []requestRow, ref float64, sizeW, methodW int) error {
	for _, row := range rows {
		if *flagJSON {
			row.NsOp, row.MBps, row.BytesOp, row.Allocs = round1(row.NsOp), round1(row.MBps), round1(row.BytesOp), round1(row.Allocs)
			if err := enc.Encode(row); err != nil {
				return err
			}
			continue
		}
		if !row.OK {
			fmt.Fprintf(w, "%-*s %7d %-7s %-*s %11s %9s %10s %10s %8s  %s\n", sizeW, row.Size, row.Bytes, row.Target, methodW, row.Method, "-", "-", "-", "-", "", row.Note)
			continue
		}
		ratio := ""
		if ref > 0 {
			ratio = fmt.Sprintf("%.2fx", ref/row.NsOp)
		}
		fmt.Fprintf(w, "%-*s %7d %-7s %-*s %11.0f %9.1f %10.0f %10.1f %8s\n",
			sizeW, row.Size, row.Bytes, row.Target, methodW, row.Method, row.NsOp, row.MBps, row.BytesOp, row.Allocs, ratio)
	}
	return nil
}

// timeRequestDecode times decode(bytes.NewReader(body), mk()) for about d
// and returns ns, bytes and allocations per operation.
func timeRequestDecode(decode func(io.Reader, any) error, body []byte, mk func() any, d time.Duration) (ns, bytesOp, allocsOp float64, err error) {
	op := func() error { return decode(bytes.NewReader(body), mk()) }
	// Calibration, untimed: a count of operations that takes about d/10.
	n := 1
	var el time.Duration
	for {
		t0 := time.Now()
		for range n {
			if err := op(); err != nil {
				return 0, 0, 0, err
			}
		}
		el = time.Since(t0)
		if el >= d/10 || n >= 1<<30 {
			break
		}
		n *= 4
	}
	n = max(1, int(float64(n)*float64(d)/float64(max(el, 1))))
	runtime.GC()
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	t0 := time.Now()
	for range n {
		if err := op(); err != nil {
			return 0, 0, 0, err
		}
	}
	el = time.Since(t0)
	runtime.ReadMemStats(&m1)
	return float64(el.Nanoseconds()) / float64(n),
		float64(m1.TotalAlloc-m0.TotalAlloc) / float64(n),
		float64(m1.Mallocs-m0.Mallocs) / float64(n), nil
}

// requestMachine describes the machine for the request suites' headers:
// CPU model, CPUs, GOMAXPROCS, Go version and engineNote.
func requestMachine() string {
	return fmt.Sprintf("%s, %d CPUs, GOMAXPROCS %d, %s%s", cpuModel(), runtime.NumCPU(), runtime.GOMAXPROCS(0), runtime.Version(), engineNote())
}

// engineNote says when encoding/json runs on the v2 engine.
func engineNote() string {
	if jsonV2Engine {
		return "; GOEXPERIMENT=jsonv2: encoding/json is the v1 API on the v2 engine"
	}
	return ""
}

func init() {
	registerSuite(&Suite{
		Name: "request",
		Doc: "per-request Decoder cost: NewDecoder(bytes.NewReader(body)).Decode of 200 B-200 kB order bodies into their struct and any, " +
			"this library and the peers' Decoders (own output: size, target, method, nsop, bytesop, allocs)",
		Reference: "encoding/json",
		Run:       func() error { return runRequestSuite(os.Stdout) },
	})
	// Names for -methods (the harness checks them); the suite runs them itself.
	for _, m := range requestMethods() {
		register("request", Method{Name: m.name, Skip: "run by the request suite itself"})
	}
}
