package main

// The request-http suite: the request suite's bodies (request_body.go)
// POSTed to a real net/http server on loopback in this process. The handler
// decodes the body into its struct with the library's Decoder (reading
// r.Body) and encodes a small reply with the library's Encoder
// (request.go's requestMethods: json/v2 uses jsontext's Decoder and Encoder
// with UnmarshalDecode and MarshalEncode). The load: -http-clients
// goroutines, each a keep-alive client sending one request after another
// (read the reply to its end), for -http-time (and at most -http-max
// requests), one library and body size at a time; then the server is
// closed. Client and server share the machine's cores, as a benchmark on
// one host must: the figures include net/http's own cost on both sides.
//
//	go run . -suite request-http                  # a table
//	go run . -suite request-http -json            # one JSON object per line: size, bytes, target "http", method, rps, p50us, p99us, requests, ok
//	go run . -suite request-http -http-clients 8 -http-time 2s -request-sizes 2kB
//	go run . -suite request-http -min-share 0.8     # repeat a round starved by other processes (at most 3 tries)
//
// Before the load, each method's server is sent each body once and its
// reply must equal the one computed from encoding/json's decoding of the
// body (a mismatch: ok false, no figure). For each size the methods take
// turns, one round each, the first changing each round; a figure is the
// round with the most requests per second of -runs rounds, with that
// round's latency percentiles (client side: from sending the request to the
// end of the reply).

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

var (
	flagHTTPClients = flag.Int("http-clients", 4, "request-http suite: concurrent keep-alive clients")
	flagHTTPTime    = flag.Duration("http-time", time.Second, "request-http suite: duration of one round of one library and size")
	flagHTTPMax     = flag.Int("http-max", 1000000, "request-http suite: most requests of one round")
)

// reqReply is the handler's reply.
type reqReply struct {
	ID       string  `json:"id"`
	Status   string  `json:"status"`
	Items    int     `json:"items"`
	Quantity int     `json:"quantity"`
	Total    float64 `json:"total"`
	Customer int64   `json:"customer"`
}

func replyFor(o *reqOrder) reqReply {
	q := 0
	for _, it := range o.Items {
		q += it.Qty
	}
	return reqReply{ID: o.ID, Status: "accepted", Items: len(o.Items), Quantity: q, Total: o.Total, Customer: o.Customer.ID}
}

// httpPath is where method m's handler is served.
func httpPath(m requestMethod) string { return "/" + strings.ReplaceAll(m.name, "/", "-") }

// requestServer is the loopback server with a handler per method.
type requestServer struct {
	srv    *http.Server
	base   string // http://127.0.0.1:port
	client *http.Client
	done   chan error
}

func startRequestServer(methods []requestMethod, clients int) (*requestServer, error) {
	mux := http.NewServeMux()
	for _, m := range methods {
		if m.decode == nil {
			continue
		}
		m := m
		mux.HandleFunc("POST "+httpPath(m), func(w http.ResponseWriter, r *http.Request) {
			var o reqOrder
			if err := m.decode(r.Body, &o); err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			if err := m.encode(w, replyFor(&o)); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
			}
		})
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &requestServer{
		srv:  &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second},
		base: "http://" + ln.Addr().String(),
		client: &http.Client{
			Timeout: 30 * time.Second,
			Transport: &http.Transport{
				MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients,
				DisableCompression: true, IdleConnTimeout: time.Minute,
			},
		},
		done: make(chan error, 1),
	}
	go func() { s.done <- s.srv.Serve(ln) }()
	return s, nil
}

// Close stops the server (closing its connections) and the clients' idle
// connections, and waits for Serve to return.
func (s *requestServer) Close() error {
	s.client.CloseIdleConnections()
	err := s.srv.Close()
	if serr := <-s.done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// post sends body to m's handler and returns the reply.
func (s *requestServer) post(m requestMethod, body []byte) ([]byte, error) {
	resp, err := s.client.Post(s.base+httpPath(m), "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %s: %s", resp.Status, bytes.TrimSpace(b))
	}
	return b, nil
}

// check posts body to m's handler once and compares the reply
// with the one encoding/json's decoding of body gives.
func (s *requestServer) check(m requestMethod, body []byte) error {
	var o reqOrder
	if err := json.Unmarshal(body, &o); err != nil {
		return fmt.Errorf("encoding/json: %w", err)
	}
	want := replyFor(&o)
	b, err := s.post(m, body)
	if err != nil {
		return err
	}
	var got reqReply
	if err := json.Unmarshal(b, &got); err != nil {
		return fmt.Errorf("reply %.80q: %w", b, err)
	}
	if got != want {
		return fmt.Errorf("reply %+v, want %+v", got, want)
	}
	return nil
}

// load runs one round: clients goroutines post body to m's handler until
// d has passed or maxReq requests were sent; it returns the requests per
// second and the latencies, sorted.
func (s *requestServer) load(m requestMethod, body []byte, clients int, d time.Duration, maxReq int) (float64, []time.Duration, error) {
	url := s.base + httpPath(m)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		all      []time.Duration
		firstErr error
		budget   atomic.Int64 // requests left to send
	)
	budget.Store(int64(maxReq))
	take := func() bool { return budget.Add(-1) >= 0 }
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 1024)
			var err error
			for ctx.Err() == nil && take() {
				t0 := time.Now()
				var resp *http.Response
				resp, err = s.client.Post(url, "application/json", bytes.NewReader(body))
				if err != nil {
					break
				}
				_, err = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if err == nil && resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("status %s", resp.Status)
				}
				if err != nil {
					break
				}
				lat = append(lat, time.Since(t0))
			}
			mu.Lock()
			all = append(all, lat...)
			if err != nil && firstErr == nil {
				firstErr = err
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	el := time.Since(start)
	if firstErr != nil {
		return 0, nil, firstErr
	}
	slices.Sort(all)
	return float64(len(all)) / el.Seconds(), all, nil
}

func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(p * float64(len(sorted)-1))
	return sorted[i]
}

type httpRow struct {
	Size     string  `json:"size"`
	Bytes    int     `json:"bytes"`
	Target   string  `json:"target"`
	Method   string  `json:"method"`
	RPS      float64 `json:"rps"`
	P50us    float64 `json:"p50us"`
	P99us    float64 `json:"p99us"`
	Requests int     `json:"requests"`
	Clients  int     `json:"clients"`
	CPU      float64 `json:"cpu"` // the process's CPU time over wall time × GOMAXPROCS in the round
	OK       bool    `json:"ok"`
	Note     string  `json:"note,omitempty"`
}

// round runs one method's round: its figures or the error that ended it.
func (s *requestServer) round(row *httpRow, m requestMethod, body []byte, clients int, d time.Duration, maxReq int) {
	// A round whose CPU share is under -min-share (the process was starved
	// by others) is repeated, at most 3 tries, as the seed suite does.
	for try := 1; ; try++ {
		runtime.GC()
		cpu0, t0 := cpuTime(), time.Now()
		rps, lat, err := s.load(m, body, clients, d, maxReq)
		share := (cpuTime() - cpu0).Seconds() / (time.Since(t0).Seconds() * float64(runtime.GOMAXPROCS(0)))
		if err != nil {
			row.OK, row.Note = false, "error under load: "+err.Error()
			return
		}
		logf("request-http %s %s: %.0f req/s, p99 %v, %d requests, CPU %.0f%%", row.Size, m.name, rps, percentile(lat, 0.99), len(lat), 100*share)
		if rps > row.RPS {
			row.RPS = rps
			row.P50us = float64(percentile(lat, 0.50).Nanoseconds()) / 1e3
			row.P99us = float64(percentile(lat, 0.99).Nanoseconds()) / 1e3
			row.Requests = len(lat)
			row.CPU = share
		}
		if share >= *flagShare || try == 3 {
			return
		}
	}
}

// runRequestHTTP runs the request-http suite: rounds of runs, each of
// about d per method and body, with clients clients.
func runRequestHTTP(w io.Writer, bodies []requestBody, methods []requestMethod, runs, clients int, d time.Duration, maxReq int, asJSON bool) (err error) {
	clients = max(clients, 1)
	s, err := startRequestServer(methods, clients)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := s.Close(); err == nil {
			err = cerr
		}
	}()
	enc := json.NewEncoder(w)
	if !asJSON {
		fmt.Fprintf(w, "request-http suite: POST the body to a net/http handler on loopback that decodes it into its struct with the library's Decoder and encodes a reply with its Encoder;\n")
		fmt.Fprintf(w, "%d keep-alive clients in this process, rounds of %v; the round with the most req/s of %d, its latency percentiles\n", clients, d, runs)
		fmt.Fprintf(w, "machine: %s\n\n", requestMachine())
		fmt.Fprintf(w, "%-6s %7s %-14s %10s %9s %9s %9s %5s %8s\n", "size", "bytes", "method", "req/s", "p50 us", "p99 us", "requests", "CPU", "vs std")
	}
	for _, b := range bodies {
		rows := make([]httpRow, len(methods))
		for k, m := range methods {
			rows[k] = httpRow{Size: b.label, Bytes: len(b.data), Target: "http", Method: m.name, Clients: clients}
			if m.decode == nil {
				rows[k].Note = m.skip
				continue
			}
			if err := s.check(m, b.data); err != nil {
				rows[k].Note = err.Error()
				continue
			}
			rows[k].OK = true
		}
		for r := range runs {
			for k0 := range methods {
				k := (k0 + r) % len(methods)
				if rows[k].OK {
					s.round(&rows[k], methods[k], b.data, clients, d, maxReq)
				}
			}
		}
		std := 0.0
		for _, row := range rows {
			if row.Method == "encoding/json" && row.OK {
				std = row.RPS
			}
		}
		for _, row := range rows {
			if asJSON {
				row.RPS, row.P50us, row.P99us, row.CPU = round1(row.RPS), round1(row.P50us), round1(row.P99us), round3(row.CPU)
				if err := enc.Encode(row); err != nil {
					return err
				}
				continue
			}
			if !row.OK {
				fmt.Fprintf(w, "%-6s %7d %-14s %10s %9s %9s %9s %5s %8s  %s\n", row.Size, row.Bytes, row.Method, "-", "-", "-", "-", "", "", row.Note)
				continue
			}
			ratio := ""
			if std > 0 {
				ratio = fmt.Sprintf("%.2fx", row.RPS/std)
			}
			fmt.Fprintf(w, "%-6s %7d %-14s %10.0f %9.0f %9.0f %9d %4.0f%% %8s\n", row.Size, row.Bytes, row.Method, row.RPS, row.P50us, row.P99us, row.Requests, 100*row.CPU, ratio)
		}
	}
	if !asJSON {
		fmt.Fprintln(w, "\nvs std: the method's req/s over encoding/json's. Latency: client side, request sent to reply read.")
		fmt.Fprintln(w, "CPU: the process's CPU time over wall time × GOMAXPROCS in the figure's round (well under 100%: other processes took the cores)")
	}
	return nil
}

func init() {
	registerSuite(&Suite{
		Name: "request-http",
		Doc: "the request suite's bodies POSTed to a loopback net/http server decoding with each library's Decoder and replying with its Encoder, " +
			"keep-alive clients in process (own output: size, method, rps, p50us, p99us)",
		Reference: "encoding/json",
		Run: func() error {
			bodies, methods, err := requestSelection()
			if err != nil {
				return err
			}
			return runRequestHTTP(os.Stdout, bodies, methods, max(*flagRuns, 1), *flagHTTPClients, *flagHTTPTime, *flagHTTPMax, *flagJSON)
		},
	})
	for _, m := range requestMethods() {
		register("request-http", Method{Name: m.name, Skip: "run by the request-http suite itself"})
	}
}
