package main

// The request suite's sub-value rows: a handler that received a GitHub
// pull request event (generated, -seed) and wants its payload as a struct.
// Per operation each method parses the event with a reused simdjson
// Parser and finds "payload" (the same for both), then:
//
//   - Decode: payload.Decode(&v), the Go walk over the parsed index;
//   - RawJSON+Unmarshal: payload.RawJSON() and package json's Unmarshal of
//     those bytes (what a lazy library's users write today: sonic's
//     Get then Unmarshal(node.Raw()));
//
// beside package json's Unmarshal of the payload's bytes alone (already cut
// out: no event parse), the reference for Decode's cost. Each
// result is compared with encoding/json's Unmarshal of the payload first.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"

	"github.com/simdjson-cgo/simdjson"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// subPayload is what a handler might declare of a pull request event's
// payload.
type subPayload struct {
	Action      string `json:"action"`
	Number      int    `json:"number"`
	PullRequest struct {
		Title string `json:"title"`
		User  struct {
			Login string `json:"login"`
		} `json:"user"`
		Base struct {
			Repo struct {
				FullName string  `json:"full_name"`
				Language *string `json:"language"`
			} `json:"repo"`
		} `json:"base"`
	} `json:"pull_request"`
}

// subValueEvent returns the first pull request event the generator makes
// with seed, padded for simdjson.
func subValueEvent(seed uint64) ([]byte, error) {
	g := NewGenerator(seed)
	var line []byte
	for range 100000 {
		line = g.Next(line[:0])
		if bytes.Contains(line, []byte(`"type":"PullRequestEvent"`)) {
			return simdjson.Pad(bytes.TrimSpace(append([]byte(nil), line...))), nil
		}
	}
	return nil, errors.New("request suite: the generator made no pull request event")
}

// runRequestSubValue writes the sub-value rows (table or -json lines).
func runRequestSubValue(w io.Writer, enc *json.Encoder, runs int) error {
	event, err := subValueEvent(*flagSeed)
	if err != nil {
		return err
	}
	p := simdjson.NewParser()
	defer p.Close()
	payloadOf := func() (simdjson.Value, error) {
		doc, err := p.Parse(event)
		if err != nil {
			return simdjson.Value{}, err
		}
		return doc.Field("payload")
	}
	v, err := payloadOf()
	if err != nil {
		return err
	}
	raw, err := v.RawJSON()
	if err != nil {
		return err
	}
	alone := append([]byte(nil), raw...)
	var want subPayload
	if err := json.Unmarshal(alone, &want); err != nil {
		return err
	}
	type subMethod struct {
		name string
		op   func(*subPayload) error
	}
	methods := []subMethod{
		{"Decode", func(x *subPayload) error {
			v, err := payloadOf()
			if err != nil {
				return err
			}
			return v.Decode(x)
		}},
		{"RawJSON+Unmarshal", func(x *subPayload) error {
			v, err := payloadOf()
			if err != nil {
				return err
			}
			b, err := v.RawJSON()
			if err != nil {
				return err
			}
			return sjson.Unmarshal(b, x)
		}},
		{"Unmarshal-alone", func(x *subPayload) error { return sjson.Unmarshal(alone, x) }},
	}
	rows := make([]requestRow, len(methods))
	for k, m := range methods {
		rows[k] = requestRow{Size: "payload", Bytes: len(raw), Target: "struct", Method: m.name}
		var got subPayload
		if err := m.op(&got); err != nil {
			rows[k].Note = "error: " + err.Error()
		} else if !reflect.DeepEqual(got, want) {
			rows[k].Note = "result differs from encoding/json's"
		} else {
			rows[k].OK = true
		}
	}
	bestOfRuns(rows, runs, "request payload", func(k int) (float64, float64, float64, error) {
		op := methods[k].op
		return timeRequestDecode(func(io.Reader, any) error { return op(new(subPayload)) }, nil, func() any { return nil }, *flagRequestTime)
	})
	if !*flagJSON {
		fmt.Fprintf(w, "\nmachine: %s\n", requestMachine())
		fmt.Fprintf(w, "sub-value: a %d-byte pull request event (generated, seed %d) parsed by a reused Parser, its %d-byte payload decoded into a struct\n",
			len(event)-simdjson.Padding, *flagSeed, len(raw))
		fmt.Fprintf(w, "%-8s %7s %-7s %-18s %11s %9s %10s %10s %8s\n", "value", "bytes", "target", "method", "ns/op", "MB/s", "B/op", "allocs/op", "vs raw")
	}
	ref := 0.0
	if rows[1].OK {
		ref = rows[1].NsOp
	}
	if err := writeRequestRows(w, enc, rows, ref, 8, 18); err != nil {
		return err
	}
	if !*flagJSON {
		fmt.Fprintln(w, "vs raw: RawJSON+Unmarshal's ns/op over the method's. Decode and RawJSON+Unmarshal include the event's parse and the payload lookup; Unmarshal-alone is package json's Unmarshal of the payload's bytes already cut out.")
	}
	return nil
}
