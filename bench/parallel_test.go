package main

import (
	"bytes"
	"encoding/json"
	"io"
	"testing"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The per-request benchmarks under concurrency (issue 44): each operation
// is one request's work on the request suites' order bodies (200 B to
// 200 kB), run by b.RunParallel, for package json and its peers:
//
//	go test -run XXX -bench Parallel -cpu 1,2 -count 5 .
//
// DecodeBytes: NewDecoder(bytes.NewReader(body)).Decode(&order); Decode:
// the same from a reader without Len that returns io.EOF with its last
// bytes, as net/http's request body does; Unmarshal; Encode:
// NewEncoder(w).Encode(&order) into a reused buffer; Marshal. The speed-up
// from 1 to N procs is ns/op at -cpu 1 over ns/op at -cpu N; cpu-ns/op is
// the process's CPU time (user and system, the collector's included) per
// operation, which other processes on a busy machine do not inflate.

// parallelLib is one library's per-request calls.
type parallelLib struct {
	name string
	// decode is NewDecoder(r).Decode(v) as a handler writes it (a
	// Decoder that does not escape may live on the stack).
	decode    func(r io.Reader, v any) error
	unmarshal func([]byte, any) error
	encode    func(io.Writer, any) error
	marshal   func(any) ([]byte, error)
}

var parallelLibs = []parallelLib{
	{"simdjson",
		func(r io.Reader, v any) error { return sjson.NewDecoder(r).Decode(v) },
		sjson.Unmarshal,
		func(w io.Writer, v any) error { return sjson.NewEncoder(w).Encode(v) },
		sjson.Marshal},
	{"sonic",
		func(r io.Reader, v any) error { return sonic.ConfigStd.NewDecoder(r).Decode(v) },
		sonic.ConfigStd.Unmarshal,
		func(w io.Writer, v any) error { return sonic.ConfigStd.NewEncoder(w).Encode(v) },
		sonic.ConfigStd.Marshal},
	{"goccy",
		func(r io.Reader, v any) error { return goccy.NewDecoder(r).Decode(v) },
		goccy.Unmarshal,
		func(w io.Writer, v any) error { return goccy.NewEncoder(w).Encode(v) },
		goccy.Marshal},
	{"encoding-json",
		func(r io.Reader, v any) error { return json.NewDecoder(r).Decode(v) },
		json.Unmarshal,
		func(w io.Writer, v any) error { return json.NewEncoder(w).Encode(v) },
		json.Marshal},
}

// bodyReader reads b as net/http's body of a request with a
// Content-Length does: no Len, and io.EOF with the last bytes.
type bodyReader struct{ b []byte }

func (r *bodyReader) Read(p []byte) (int, error) {
	n := copy(p, r.b)
	r.b = r.b[n:]
	if len(r.b) == 0 {
		return n, io.EOF
	}
	return n, nil
}

// parallelBodies returns the request suites' bodies (seed 1) with each
// decoded once by encoding/json: the value the encoding benchmarks write.
func parallelBodies(b *testing.B) ([]requestBody, []*reqOrder) {
	bodies := requestBodies(1, nil)
	orders := make([]*reqOrder, len(bodies))
	for i, body := range bodies {
		orders[i] = new(reqOrder)
		if err := json.Unmarshal(body.data, orders[i]); err != nil {
			b.Fatal(err)
		}
	}
	return bodies, orders
}

// benchParallel runs op for every body and library under b.RunParallel
// (op's error fails the benchmark).
func benchParallel(b *testing.B, op func(lib parallelLib, body []byte, o *reqOrder, buf *bytes.Buffer) error) {
	bodies, orders := parallelBodies(b)
	for i, body := range bodies {
		for _, lib := range parallelLibs {
			b.Run(body.label+"/"+lib.name, func(b *testing.B) {
				b.SetBytes(int64(len(body.data)))
				b.ReportAllocs()
				cpu0 := cpuTime()
				b.RunParallel(func(pb *testing.PB) {
					var buf bytes.Buffer
					for pb.Next() {
						buf.Reset()
						if err := op(lib, body.data, orders[i], &buf); err != nil {
							b.Error(err)
							return
						}
					}
				})
				b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

func BenchmarkParallelDecodeBytes(b *testing.B) {
	benchParallel(b, func(lib parallelLib, body []byte, _ *reqOrder, _ *bytes.Buffer) error {
		var o reqOrder
		return lib.decode(bytes.NewReader(body), &o)
	})
}

func BenchmarkParallelDecode(b *testing.B) {
	benchParallel(b, func(lib parallelLib, body []byte, _ *reqOrder, _ *bytes.Buffer) error {
		var o reqOrder
		return lib.decode(&bodyReader{body}, &o)
	})
}

func BenchmarkParallelUnmarshal(b *testing.B) {
	benchParallel(b, func(lib parallelLib, body []byte, _ *reqOrder, _ *bytes.Buffer) error {
		var o reqOrder
		return lib.unmarshal(body, &o)
	})
}

func BenchmarkParallelEncode(b *testing.B) {
	benchParallel(b, func(lib parallelLib, _ []byte, o *reqOrder, buf *bytes.Buffer) error {
		return lib.encode(buf, o)
	})
}

func BenchmarkParallelMarshal(b *testing.B) {
	benchParallel(b, func(lib parallelLib, _ []byte, o *reqOrder, _ *bytes.Buffer) error {
		_, err := lib.marshal(o)
		return err
	})
}

// TestParallelEncodeIdentical: which peers' Encode writes encoding/json's
// bytes for every body (the Encode target compares with those only).
// Package json must.
func TestParallelEncodeIdentical(t *testing.T) {
	bodies := requestBodies(1, nil)
	for _, body := range bodies {
		var o reqOrder
		if err := json.Unmarshal(body.data, &o); err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(&o); err != nil {
			t.Fatal(err)
		}
		for _, lib := range parallelLibs {
			var got bytes.Buffer
			if err := lib.encode(&got, &o); err != nil {
				t.Fatalf("%s %s: %v", body.label, lib.name, err)
			}
			same := bytes.Equal(got.Bytes(), want.Bytes())
			t.Logf("%s %s: identical %v", body.label, lib.name, same)
			if lib.name == "simdjson" && !same {
				t.Errorf("%s: package json's Encode differs from encoding/json's", body.label)
			}
		}
	}
}
