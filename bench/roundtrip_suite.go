package main

// The roundtrip suite: read GH Archive-like NDJSON (gen.go), decode each
// event into a struct (ghaEvent: the payload kept raw, the time parsed),
// change a field (public flipped) and write the event back as NDJSON
// through an Encoder, on one thread and on all threads (the input cut at
// newlines, one part and one Encoder per goroutine), by this library's
// package json and the pure-Go peers, each with its own decoder and
// encoder.
//
//	go run . -suite roundtrip -size 64MB -runs 3
//	go run . -suite roundtrip -size 64MB -json
//
// The output goes to a buffer per goroutine, emptied after each event; the
// result is the number of events, of bytes written and the sum of each
// written line's CRC-32, so that methods writing other bytes than
// encoding/json's differ from the reference.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	jsoniter "github.com/json-iterator/go"
	segmentio "github.com/segmentio/encoding/json"
	sjson "github.com/simdjson-cgo/simdjson/json"
)

type roundTripResult struct {
	Events int64
	Bytes  int64
	Sum    uint64
}

func (r *roundTripResult) Diff(ref Result) string {
	o, ok := ref.(*roundTripResult)
	if !ok {
		return fmt.Sprintf("result of type %T, reference %T", r, ref)
	}
	if *r == *o {
		return ""
	}
	return fmt.Sprintf("  %d events, %d bytes written, line CRC sum %x; reference %d, %d, %x\n",
		r.Events, r.Bytes, r.Sum, o.Events, o.Bytes, o.Sum)
}

func (r *roundTripResult) Summary() string {
	return fmt.Sprintf("%d events rewritten, %d bytes, line CRC sum %x\n", r.Events, r.Bytes, r.Sum)
}

type encoderLike interface{ Encode(any) error }

// roundTripMethod makes a method from an Unmarshal and an Encoder
// constructor.
func roundTripMethod(unmarshal func([]byte, any) error, newEncoder func(io.Writer) encoderLike) func([]byte, int) (Result, error) {
	return roundTripRun(func(part []byte, r *roundTripResult) error {
		var buf bytes.Buffer
		enc := newEncoder(&buf)
		return eachLine(part, func(line []byte) error {
			var ev ghaEvent
			if err := unmarshal(line, &ev); err != nil {
				return err
			}
			ev.Public = !ev.Public
			if err := enc.Encode(&ev); err != nil {
				return err
			}
			r.add(buf.Bytes())
			buf.Reset()
			return nil
		})
	})
}

func (r *roundTripResult) add(line []byte) {
	r.Events++
	r.Bytes += int64(len(line))
	r.Sum += uint64(crc32.ChecksumIEEE(line))
}

// roundTripRun runs work over the input cut into one part per thread.
func roundTripRun(work func(part []byte, r *roundTripResult) error) func([]byte, int) (Result, error) {
	return func(data []byte, threads int) (Result, error) {
		parts := [][]byte{data}
		if threads > 1 {
			parts = splitLines(data, threads)
		}
		results := make([]roundTripResult, len(parts))
		errs := make([]error, len(parts))
		var wg sync.WaitGroup
		for i, p := range parts {
			wg.Go(func() { errs[i] = work(p, &results[i]) })
		}
		wg.Wait()
		total := &roundTripResult{}
		for i := range parts {
			if errs[i] != nil {
				return nil, errs[i]
			}
			total.Events += results[i].Events
			total.Bytes += results[i].Bytes
			total.Sum += results[i].Sum
		}
		return total, nil
	}
}

func init() {
	registerSuite(&Suite{
		Name: "roundtrip",
		Doc:  "decode each GH Archive-like event into a struct, flip a field, write it back as NDJSON through an Encoder",
		Order: []string{"simdjson", "simdjson-stream", "encoding/json", "json/v2", "goccy", "sonic-std", "sonic",
			"jsoniter", "segmentio"},
		Reference: "encoding/json",
		Generate: func(size int64, seed uint64) ([]byte, Result) {
			return NewGenerator(seed).Generate(size), nil
		},
		Write: WriteEvents,
	})
	register("roundtrip", Method{Name: "simdjson",
		Run:  roundTripMethod(sjson.Unmarshal, func(w io.Writer) encoderLike { return sjson.NewEncoder(w) }),
		Note: "package json Unmarshal per line, Encoder.Encode"})
	register("roundtrip", Method{Name: "simdjson-stream",
		Run: roundTripRun(func(part []byte, r *roundTripResult) error {
			var buf bytes.Buffer
			dec := sjson.NewDecoder(bytes.NewReader(part))
			enc := sjson.NewEncoder(&buf)
			for {
				var ev ghaEvent
				if err := dec.Decode(&ev); err == io.EOF {
					return nil
				} else if err != nil {
					return err
				}
				ev.Public = !ev.Public
				if err := enc.Encode(&ev); err != nil {
					return err
				}
				r.add(buf.Bytes())
				buf.Reset()
			}
		}),
		Note: "package json Decoder.Decode over the stream, Encoder.Encode"})
	register("roundtrip", Method{Name: "encoding/json",
		Run:  roundTripMethod(json.Unmarshal, func(w io.Writer) encoderLike { return json.NewEncoder(w) }),
		Note: "Unmarshal per line, Encoder.Encode"})
	register("roundtrip", Method{Name: "goccy",
		Run:  roundTripMethod(goccy.Unmarshal, func(w io.Writer) encoderLike { return goccy.NewEncoder(w) }),
		Note: "goccy/go-json Unmarshal per line, Encoder.Encode"})
	register("roundtrip", Method{Name: "sonic-std",
		Run:  roundTripMethod(sonic.ConfigStd.Unmarshal, func(w io.Writer) encoderLike { return sonic.ConfigStd.NewEncoder(w) }),
		Note: "sonic ConfigStd Unmarshal per line, Encoder.Encode"})
	register("roundtrip", Method{Name: "sonic",
		Run:  roundTripMethod(sonic.ConfigDefault.Unmarshal, func(w io.Writer) encoderLike { return sonic.ConfigDefault.NewEncoder(w) }),
		Note: "sonic ConfigDefault Unmarshal per line, Encoder.Encode (no HTML escaping)"})
	register("roundtrip", Method{Name: "jsoniter",
		Run: roundTripMethod(jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal, func(w io.Writer) encoderLike {
			return jsoniter.ConfigCompatibleWithStandardLibrary.NewEncoder(w)
		}),
		Note: "jsoniter ConfigCompatibleWithStandardLibrary Unmarshal per line, Encoder.Encode"})
	register("roundtrip", Method{Name: "segmentio",
		Run:  roundTripMethod(segmentio.Unmarshal, func(w io.Writer) encoderLike { return segmentio.NewEncoder(w) }),
		Note: "segmentio/encoding Unmarshal per line, Encoder.Encode"})
	m := Method{Name: "json/v2", Note: "json/v2 Unmarshal per line, Marshal and a newline (v2's defaults: no HTML escaping)"}
	if jsonV2Marshal == nil || jsonV2Unmarshal == nil {
		m.Skip = "needs GOEXPERIMENT=jsonv2"
	} else {
		m.Run = roundTripMethod(jsonV2Unmarshal, func(w io.Writer) encoderLike { return v2LineEncoder{w} })
	}
	register("roundtrip", m)
}

// v2LineEncoder writes json/v2's Marshal output and a newline.
type v2LineEncoder struct{ w io.Writer }

func (e v2LineEncoder) Encode(v any) error {
	b, err := jsonV2Marshal(v)
	if err != nil {
		return err
	}
	_, err = e.w.Write(append(b, '\n'))
	return err
}
