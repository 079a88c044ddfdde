//go:build goexperiment.jsonv2 && go1.27

package main

// The jsontext suite: this module's json/jsontext Decoder against
// encoding/json/jsontext's and goccy/go-json's jsontext (a drop-in of the
// same API): ReadValue of every line of an NDJSON file (GitHub events,
// ../../shared/data/gharchive, -jsontext-ndjson), ReadValue and ReadToken
// over twitter.json and over an array of about 20 kB of events cut from
// github_events.json (-decode-data, as the decode suite).
//
//	go run . -suite jsontext            # a table
//	go run . -suite jsontext -json      # one JSON object per line
//	go run . -suite jsontext -runs 5
//
// Each figure is the best of -runs runs of testing.Benchmark (reading to
// the end, keeping nothing; a token's text is made by Token.String, as a
// caller reading it would); the methods
// take turns, one run each per round. Before timing, every method's count
// of values or tokens and total bytes (ReadValue) or concatenated token
// texts (ReadToken) is compared with encoding/json/jsontext's; a method
// that differs is reported with ok false and no figure.

import (
	"bytes"
	"encoding/json"
	stdjsontext "encoding/json/jsontext"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	goccyjt "github.com/goccy/go-json/jsontext"
	sjt "github.com/simdjson-cgo/simdjson/json/jsontext"
)

var flagJTNDJSON = flag.String("jsontext-ndjson", filepath.Join("..", "..", "shared", "data", "gharchive", "dlt__github.events.load_page_1_duck.ndjson"),
	"jsontext suite: NDJSON file whose lines ReadValue reads")

// jtDecoder is what the three Decoders answer (their Token and Value
// types differ: goccy's are its own).
type jtDecoder interface {
	next(tokens bool) (n int, text []byte, err error)
}

type stdJT struct{ d *stdjsontext.Decoder }

func (d stdJT) next(tokens bool) (int, []byte, error) {
	if tokens {
		t, err := d.d.ReadToken()
		return 1, []byte(t.String()), err
	}
	v, err := d.d.ReadValue()
	return len(v), v, err
}

type ourJT struct{ d *sjt.Decoder }

func (d ourJT) next(tokens bool) (int, []byte, error) {
	if tokens {
		t, err := d.d.ReadToken()
		return 1, []byte(t.String()), err
	}
	v, err := d.d.ReadValue()
	return len(v), v, err
}

type goccyJT struct{ d *goccyjt.Decoder }

func (d goccyJT) next(tokens bool) (int, []byte, error) {
	if tokens {
		t, err := d.d.ReadToken()
		return 1, []byte(t.String()), err
	}
	v, err := d.d.ReadValue()
	return len(v), v, err
}

type jtMethod struct {
	name string
	mk   func(r io.Reader) jtDecoder
}

var jtMethods = []jtMethod{
	{"encoding/json/jsontext", func(r io.Reader) jtDecoder { return stdJT{stdjsontext.NewDecoder(r)} }},
	{"simdjson", func(r io.Reader) jtDecoder { return ourJT{sjt.NewDecoder(r)} }},
	{"goccy", func(r io.Reader) jtDecoder { return goccyJT{goccyjt.NewDecoder(r)} }},
}

type jtRow struct {
	Input  string  `json:"input"`
	Op     string  `json:"op"`
	Method string  `json:"method"`
	MBps   float64 `json:"mbps"`
	NsOp   float64 `json:"ns"`
	Allocs int64   `json:"allocs"`
	OK     bool    `json:"ok"`
	Note   string  `json:"note,omitempty"`
}

// jtRun reads data to its end: the count of items, their bytes, a hash of
// their texts.
func jtRun(m jtMethod, data []byte, tokens bool) (items, size int, sum uint64, err error) {
	d := m.mk(bytes.NewReader(data))
	h := fnv.New64a()
	for {
		n, text, err := d.next(tokens)
		if err == io.EOF {
			return items, size, h.Sum64(), nil
		}
		if err != nil {
			return 0, 0, 0, err
		}
		items++
		size += n
		h.Write(text)
	}
}

func runJSONTextSuite() error {
	type input struct {
		name string
		data []byte
		ops  []string
	}
	var inputs []input
	if b, err := os.ReadFile(*flagJTNDJSON); err == nil {
		inputs = append(inputs, input{"ndjson-" + filepath.Base(*flagJTNDJSON), b, []string{"ReadValue"}})
	} else {
		fmt.Fprintf(os.Stderr, "jsontext suite: skipping NDJSON: %v\n", err)
	}
	if b, err := os.ReadFile(filepath.Join(*flagDecodeData, "twitter.json")); err == nil {
		inputs = append(inputs, input{"twitter.json", b, []string{"ReadValue", "ReadToken"}})
	} else {
		fmt.Fprintf(os.Stderr, "jsontext suite: skipping twitter.json: %v\n", err)
	}
	if b, err := os.ReadFile(filepath.Join(*flagDecodeData, "github_events.json")); err == nil {
		var events []json.RawMessage
		if err := json.Unmarshal(b, &events); err != nil {
			return err
		}
		var sel []json.RawMessage
		for n, i := 0, 0; i < len(events) && n < 20000; i++ {
			sel = append(sel, events[i])
			n += len(events[i])
		}
		small, _ := json.Marshal(sel)
		inputs = append(inputs, input{"small-20kB", small, []string{"ReadValue", "ReadToken"}})
	} else {
		fmt.Fprintf(os.Stderr, "jsontext suite: skipping github_events.json: %v\n", err)
	}
	methods := jtMethods
	if *flagMethods != "" {
		want := strings.Split(*flagMethods, ",")
		methods = slices.DeleteFunc(slices.Clone(methods), func(m jtMethod) bool { return !slices.Contains(want, m.name) })
	}
	runs := max(*flagRuns, 1)
	if !*flagJSON {
		fmt.Printf("%-58s %-10s %-24s %9s %12s %9s\n", "input", "op", "method", "MB/s", "ns/op", "allocs/op")
	}
	enc := json.NewEncoder(os.Stdout)
	for _, in := range inputs {
		for _, op := range in.ops {
			tokens := op == "ReadToken"
			ri, rs, rh, rerr := jtRun(jtMethods[0], in.data, tokens)
			if rerr != nil {
				return fmt.Errorf("%s %s: encoding/json/jsontext: %v", in.name, op, rerr)
			}
			rows := make([]jtRow, len(methods))
			for k, m := range methods {
				rows[k] = jtRow{Input: in.name, Op: op, Method: m.name}
				i, s, h, err := jtRun(m, in.data, tokens)
				switch {
				case err != nil:
					rows[k].Note = "error: " + err.Error()
				case i != ri || s != rs || h != rh:
					rows[k].Note = fmt.Sprintf("result differs from encoding/json/jsontext's (%d items, %d bytes; want %d, %d)", i, s, ri, rs)
				default:
					rows[k].OK = true
				}
			}
			for r := range runs {
				for k0 := range methods {
					k := (k0 + r) % len(methods)
					if !rows[k].OK {
						continue
					}
					m, row := methods[k], &rows[k]
					res := testing.Benchmark(func(b *testing.B) {
						b.ReportAllocs()
						for b.Loop() {
							d := m.mk(bytes.NewReader(in.data))
							for {
								if _, _, err := d.next(tokens); err == io.EOF {
									break
								} else if err != nil {
									b.Fatal(err)
								}
							}
						}
					})
					ns := float64(res.T.Nanoseconds()) / float64(res.N)
					if row.NsOp == 0 || ns < row.NsOp {
						row.NsOp, row.MBps, row.Allocs = ns, float64(len(in.data))/ns*1e3, res.AllocsPerOp()
					}
				}
			}
			for _, row := range rows {
				if *flagJSON {
					enc.Encode(row)
					continue
				}
				if !row.OK {
					fmt.Printf("%-58s %-10s %-24s %s\n", row.Input, row.Op, row.Method, row.Note)
					continue
				}
				fmt.Printf("%-58s %-10s %-24s %9.1f %12.0f %9d\n", row.Input, row.Op, row.Method, row.MBps, row.NsOp, row.Allocs)
			}
		}
	}
	return nil
}

func init() {
	registerSuite(&Suite{
		Name: "jsontext",
		Doc: "json/jsontext's Decoder against encoding/json/jsontext's and goccy's: ReadValue of NDJSON lines, " +
			"ReadValue and ReadToken of twitter.json and a 20 kB array of events (own output)",
		Reference: "encoding/json/jsontext",
		Run:       runJSONTextSuite,
	})
	for _, m := range jtMethods {
		register("jsontext", Method{Name: m.name, Skip: "run by the jsontext suite itself"})
	}
}
