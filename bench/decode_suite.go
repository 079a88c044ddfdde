package main

// The decode suite: Unmarshal of whole documents into interface{}, into a
// full struct and into a partial struct (a few fields), by this library
// (package json's Unmarshal) and by encoding/json, json/v2, goccy/go-json, sonic,
// jsoniter and segmentio/encoding; the documents are twitter.json,
// citm_catalog.json, canada.json, github_events.json and gsoc-2018.json
// from ../../shared/data/jsonexamples (-decode-data) and payloads of about
// 200 B, 2 kB and 20 kB cut from github_events.json.
//
//	go run . -suite decode            # a table
//	go run . -suite decode -json      # one JSON object per line: file, target, method, mbps, ns, allocs, ok
//	go run . -suite decode -methods simdjson,goccy -runs 3
//	go run . -suite decode -decode-files canada.json,small-200B
//
// Each figure is the best of -runs runs of testing.Benchmark (about a
// second each); for each document and target the methods take turns, one
// run each per round, so that the machine's load reaches them alike. Before
// timing, every method's result is compared with encoding/json's
// (reflect.DeepEqual); a method that differs is reported with ok false and
// no figure.
//
// The suite has its own output, so it does not go through the generic
// harness: it is a Suite with Run (suite.go), which main.go calls instead.

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/corpus"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

var flagDecodeData = flag.String("decode-data", filepath.Join("..", "..", "shared", "data", "jsonexamples"),
	"decode suite: folder of twitter.json, citm_catalog.json, canada.json, github_events.json and gsoc-2018.json")

var flagDecodeFiles = flag.String("decode-files", "",
	"decode suite: comma-separated names of the documents to run (e.g. canada.json,small-200B; default: all)")

type decodeMethod struct {
	name      string
	unmarshal func([]byte, any) error // nil: skipped
	skip      string
}

func decodeMethods() []decodeMethod {
	ms := []decodeMethod{
		{name: "simdjson", unmarshal: sjson.Unmarshal},
		{name: "encoding/json", unmarshal: json.Unmarshal},
		{name: "json/v2", unmarshal: jsonV2Unmarshal},
		{name: "goccy", unmarshal: goccy.Unmarshal},
		{name: "sonic", unmarshal: sonic.Unmarshal},
		{name: "jsoniter", unmarshal: jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal},
		{name: "segmentio", unmarshal: segmentio.Unmarshal},
	}
	if jsonV2Unmarshal == nil {
		ms[2].skip = "needs GOEXPERIMENT=jsonv2"
	}
	// The v2 drop-ins (issue 47), default options.
	for _, m := range []decodeMethod{{name: "simdjson/v2", unmarshal: simdV2Unmarshal}, {name: "goccy/v2", unmarshal: goccyV2Unmarshal}} {
		if m.unmarshal == nil {
			m.skip = "needs Go 1.27's encoding/json/v2"
		}
		ms = append(ms, m)
	}
	return ms
}

type decodePayload struct {
	file    string
	data    []byte
	targets []decodeTarget
}

type decodeTarget struct {
	name string
	mk   func() any
}

func decodePayloads(dir string) ([]decodePayload, error) {
	anyTarget := decodeTarget{"any", func() any { return new(any) }}
	var out []decodePayload
	for _, name := range corpus.Files {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("decode suite: %w (set -decode-data)", err)
		}
		ts := corpus.Types[name]
		out = append(out, decodePayload{name, data, []decodeTarget{anyTarget, {"struct", ts[0]}, {"partial", ts[1]}}})
	}
	// Small payloads: one event (about 200 B), and arrays of events from
	// github_events.json of about 2 kB and 20 kB.
	var events []json.RawMessage
	if err := json.Unmarshal(out[3].data, &events); err != nil {
		return nil, err
	}
	small := smallEvent
	pick := func(size int) []byte {
		var sel []json.RawMessage
		n := 0
		for _, e := range events {
			if n >= size {
				break
			}
			sel = append(sel, e)
			n += len(e)
		}
		b, _ := json.Marshal(sel)
		return b
	}
	partialEvents := func() any { return new(corpus.GitHubPartial) }
	out = append(out,
		decodePayload{"small-200B", small, []decodeTarget{anyTarget,
			{"struct", func() any { return new(corpus.GitHubEvent) }},
			{"partial", func() any { return new(githubPartialOne) }}}},
		decodePayload{"small-2kB", pick(2000), []decodeTarget{anyTarget, {"struct", func() any { return new([]corpus.GitHubEvent) }}, {"partial", partialEvents}}},
		decodePayload{"small-20kB", pick(20000), []decodeTarget{anyTarget, {"struct", func() any { return new([]corpus.GitHubEvent) }}, {"partial", partialEvents}}},
	)
	return out, nil
}

type githubPartialOne struct {
	Type  string `json:"type"`
	Actor struct {
		Login string `json:"login"`
	} `json:"actor"`
}

type decodeRow struct {
	File   string  `json:"file"`
	Target string  `json:"target"`
	Method string  `json:"method"`
	MBps   float64 `json:"mbps"`
	NsOp   float64 `json:"ns"`
	Allocs int64   `json:"allocs"`
	OK     bool    `json:"ok"`
	Note   string  `json:"note,omitempty"`
}

func runDecodeSuite() error {
	payloads, err := decodePayloads(*flagDecodeData)
	if err != nil {
		return err
	}
	if *flagDecodeFiles != "" {
		want := strings.Split(*flagDecodeFiles, ",")
		payloads = slices.DeleteFunc(payloads, func(p decodePayload) bool { return !slices.Contains(want, p.file) })
	}
	methods := decodeMethods()
	if *flagMethods != "" {
		want := strings.Split(*flagMethods, ",")
		methods = slices.DeleteFunc(methods, func(m decodeMethod) bool { return !slices.Contains(want, m.name) })
	}
	runs := max(*flagRuns, 1)
	if !*flagJSON {
		fmt.Printf("%-20s %-8s %-14s %10s %12s %9s\n", "file", "target", "method", "MB/s", "ns/op", "allocs/op")
	}
	enc := json.NewEncoder(os.Stdout)
	for _, p := range payloads {
		for _, t := range p.targets {
			ref := t.mk()
			if err := json.Unmarshal(p.data, ref); err != nil {
				return fmt.Errorf("%s into %s: %v", p.file, t.name, err)
			}
			rows := make([]decodeRow, len(methods))
			for k, m := range methods {
				rows[k] = decodeRow{File: p.file, Target: t.name, Method: m.name}
				row := &rows[k]
				if m.unmarshal == nil {
					row.Note = m.skip
					continue
				}
				got := t.mk()
				if err := m.unmarshal(p.data, got); err != nil {
					row.Note = "error: " + err.Error()
				} else if !reflect.DeepEqual(ref, got) {
					row.Note = "result differs from encoding/json's"
				} else {
					row.OK = true
				}
			}
			// The methods take turns, one run each per round, starting
			// with a different method each round: a change of the
			// machine's load during the rounds reaches every method
			// alike, so the ratios between them hold.
			for r := range runs {
				for k0 := range methods {
					k := (k0 + r) % len(methods)
					if !rows[k].OK {
						continue
					}
					benchDecode(&rows[k], methods[k].unmarshal, p.data, t.mk)
				}
			}
			for _, row := range rows {
				if *flagJSON {
					if err := enc.Encode(row); err != nil {
						return err
					}
					continue
				}
				if !row.OK {
					fmt.Printf("%-20s %-8s %-14s %10s %12s %9s  %s\n", row.File, row.Target, row.Method, "-", "-", "-", row.Note)
					continue
				}
				fmt.Printf("%-20s %-8s %-14s %10.1f %12.0f %9d\n", row.File, row.Target, row.Method, row.MBps, row.NsOp, row.Allocs)
			}
		}
	}
	return nil
}

// benchDecode runs one testing.Benchmark of unmarshal (about a second) and
// keeps its figures in row when they beat the row's best so far.
func benchDecode(row *decodeRow, unmarshal func([]byte, any) error, data []byte, mk func() any) {
	r := testing.Benchmark(func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if err := unmarshal(data, mk()); err != nil {
				b.Fatal(err)
			}
		}
	})
	ns := float64(r.T.Nanoseconds()) / float64(r.N)
	if row.NsOp == 0 || ns < row.NsOp {
		row.NsOp = ns
		row.MBps = float64(len(data)) / ns * 1e3
		row.Allocs = r.AllocsPerOp()
	}
}

func init() {
	registerSuite(&Suite{
		Name: "decode",
		Doc: "Unmarshal of jsonexamples documents and small payloads into interface{}, full and partial structs, " +
			"by this library and the pure-Go peers (own output: file, target, method, mbps, ns, allocs)",
		Reference: "encoding/json",
		Run:       runDecodeSuite,
	})
	// Names for -methods (the harness checks them); the suite runs them itself.
	for _, m := range decodeMethods() {
		register("decode", Method{Name: m.name, Skip: "run by the decode suite itself"})
	}
}

// smallEvent: the suites' small-200B document, one GitHub event.
var smallEvent = []byte(`{"type":"PushEvent","created_at":"2013-01-10T07:58:38Z","actor":{"login":"octocat","id":583231,"url":"https://api.github.com/users/octocat"},"repo":{"id":1296269,"name":"octocat/Hello-World"},"public":true,"id":"1652858366"}`)
