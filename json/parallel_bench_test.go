package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"fmt"
	"io"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The per-request benchmarks under concurrency (issue 44): each operation
// is one request's work on an order body of about 200 B, 2 kB, 20 kB or
// 200 kB, run by b.RunParallel on every P:
//
//	go test -run XXX -bench Parallel -cpu 1,2 -count 5 ./json
//
// DecodeBytes: NewDecoder(bytes.NewReader(body)).Decode(&order); Decode:
// the same from a reader without Len that returns io.EOF with its last
// bytes, as net/http's request body does; Unmarshal; Encode:
// NewEncoder(w).Encode(&order) into a reused buffer; Marshal. The peers'
// figures are bench/'s (bench/parallel_test.go, the same calls on the
// request suites' orders): this module does not depend on them. cpu-ns/op
// is the process's CPU time (user and system, the collector's included) per
// operation, which other processes on a busy machine do not inflate.

type parOrder struct {
	ID       string `json:"id"`
	Created  string `json:"created_at"`
	Customer struct {
		ID    int64  `json:"id"`
		Name  string `json:"name"`
		Email string `json:"email"`
	} `json:"customer"`
	Items    []parItem         `json:"items"`
	Total    float64           `json:"total"`
	Paid     bool              `json:"paid"`
	Note     string            `json:"note,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

type parItem struct {
	SKU   string   `json:"sku"`
	Name  string   `json:"name"`
	Qty   int      `json:"qty"`
	Price float64  `json:"price"`
	Tags  []string `json:"tags,omitempty"`
}

// parBodies returns an order of about 200 B, 2 kB, 20 kB and 200 kB each
// (encoding/json's bytes, a newline at the end as an Encoder writes it),
// and the orders themselves.
func parBodies(b testing.TB) (labels []string, bodies [][]byte, orders []*parOrder) {
	for _, s := range []struct {
		label string
		size  int
	}{{"200B", 200}, {"2kB", 2000}, {"20kB", 20000}, {"200kB", 200000}} {
		o := &parOrder{ID: "ord_7f3a9c21", Created: "2026-12-05T00:17:03Z", Paid: true}
		o.Customer.ID, o.Customer.Name, o.Customer.Email = 4102, "Zoë Müller", "zoe@example.com"
		if s.size >= 1000 {
			o.Note = "Leave at the door <back>\n\"fragile\" & \u00e9"
			o.Metadata = map[string]string{"channel": "web", "coupon": "WINTER26"}
		}
		// Items are added in batches of the number that the bytes still
		// missing would hold, so that a body is marshaled a few times.
		var data []byte
		for i, batch := 0, 1; ; batch = max(1, (s.size*9/10-len(data))*len(o.Items)/len(data)) {
			for range batch {
				it := parItem{SKU: fmt.Sprintf("SKU-%05d", i*7919%100000), Name: "Green tea 日本茶 \"sencha\"", Qty: 1 + i%5, Price: float64(100+i*37%9000) / 100}
				if s.size >= 1000 {
					it.Tags = []string{"food", "organic"}
				}
				o.Items = append(o.Items, it)
				o.Total += it.Price * float64(it.Qty)
				i++
			}
			var err error
			if data, err = stdjson.Marshal(o); err != nil {
				b.Fatal(err)
			}
			if len(data) >= s.size*9/10 || s.size < 1000 {
				break
			}
		}
		labels = append(labels, s.label)
		bodies = append(bodies, append(data, '\n'))
		orders = append(orders, o)
	}
	return labels, bodies, orders
}

// parBody reads b as net/http's body of a request with a Content-Length
// does: no Len, and io.EOF with the last bytes.
type parBody struct{ b []byte }

func (r *parBody) Read(p []byte) (int, error) {
	n := copy(p, r.b)
	r.b = r.b[n:]
	if len(r.b) == 0 {
		return n, io.EOF
	}
	return n, nil
}

// benchParallel runs op for every body under b.RunParallel.
func benchParallel(b *testing.B, op func(body []byte, o *parOrder, buf *bytes.Buffer) error) {
	labels, bodies, orders := parBodies(b)
	for i, label := range labels {
		b.Run(label, func(b *testing.B) {
			b.SetBytes(int64(len(bodies[i])))
			b.ReportAllocs()
			cpu0 := processCPU()
			b.RunParallel(func(pb *testing.PB) {
				var buf bytes.Buffer
				for pb.Next() {
					buf.Reset()
					if err := op(bodies[i], orders[i], &buf); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
}

func BenchmarkParallelDecodeBytes(b *testing.B) {
	benchParallel(b, func(body []byte, _ *parOrder, _ *bytes.Buffer) error {
		var o parOrder
		return sjson.NewDecoder(bytes.NewReader(body)).Decode(&o)
	})
}

func BenchmarkParallelDecode(b *testing.B) {
	benchParallel(b, func(body []byte, _ *parOrder, _ *bytes.Buffer) error {
		var o parOrder
		return sjson.NewDecoder(&parBody{body}).Decode(&o)
	})
}

func BenchmarkParallelUnmarshal(b *testing.B) {
	benchParallel(b, func(body []byte, _ *parOrder, _ *bytes.Buffer) error {
		var o parOrder
		return sjson.Unmarshal(body, &o)
	})
}

func BenchmarkParallelEncode(b *testing.B) {
	benchParallel(b, func(_ []byte, o *parOrder, buf *bytes.Buffer) error {
		return sjson.NewEncoder(buf).Encode(o)
	})
}

func BenchmarkParallelMarshal(b *testing.B) {
	benchParallel(b, func(_ []byte, o *parOrder, _ *bytes.Buffer) error {
		_, err := sjson.Marshal(o)
		return err
	})
}

// TestParallelBodies: the benchmarks' bodies decode with package json to
// what encoding/json decodes, from a bytes.Reader and from a reader
// without Len, and encode to encoding/json's bytes.
func TestParallelBodies(t *testing.T) {
	labels, bodies, orders := parBodies(t)
	for i, body := range bodies {
		if n := len(body); i > 0 && (n < 200*pow10(i)*9/10 || n > 200*pow10(i)*12/10) {
			t.Errorf("%s: %d bytes", labels[i], n)
		}
		for _, r := range []io.Reader{bytes.NewReader(body), &parBody{body}} {
			var got parOrder
			if err := sjson.NewDecoder(r).Decode(&got); err != nil {
				t.Fatalf("%s: %v", labels[i], err)
			}
			if a, _ := stdjson.Marshal(&got); !bytes.Equal(append(a, '\n'), body) {
				t.Errorf("%s: decoded %T differs", labels[i], r)
			}
		}
		var buf bytes.Buffer
		if err := sjson.NewEncoder(&buf).Encode(orders[i]); err != nil || !bytes.Equal(buf.Bytes(), body) {
			t.Errorf("%s: Encode: %v, bytes differ %v", labels[i], err, !bytes.Equal(buf.Bytes(), body))
		}
	}
}

func pow10(n int) int {
	p := 1
	for range n {
		p *= 10
	}
	return p
}
