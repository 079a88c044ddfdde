package main

// The load generators, each run as its own process pinned to the client
// core: bombardier (closed loop: N connections, each sending its next
// request when the reply to the last has arrived, for a fixed duration)
// and vegeta (open loop: a fixed rate of requests, whatever the replies'
// latency, for the latency at a load every library sustains).

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// sample is one load run against one server.
type sample struct {
	Kind      string  `json:"kind"` // "closed" (bombardier) or "rate" (vegeta)
	Round     int     `json:"round"`
	Framework string  `json:"framework"`
	Size      string  `json:"size"`
	Bytes     int     `json:"bytes"`
	Library   string  `json:"library"`
	Conns     int     `json:"connections,omitempty"`
	Rate      float64 `json:"rate,omitempty"` // requests per second asked (vegeta)
	Seconds   float64 `json:"seconds"`        // the run's wall time
	Requests  int64   `json:"requests"`       // completed with a 2xx
	Errors    int64   `json:"errors"`         // other statuses, timeouts, transport errors
	RPS       float64 `json:"rps"`            // Requests / Seconds
	MeanUs    float64 `json:"mean_us"`
	P50Us     float64 `json:"p50_us"`
	P99Us     float64 `json:"p99_us"`
	ServerCPU float64 `json:"server_cpu_s"` // CPU seconds of the server process during the run
	ClientCPU float64 `json:"client_cpu_s"` // CPU seconds of the load generator process
	CoreBusy  float64 `json:"core_busy_s"`  // busy seconds of the server's core, every process
	Window    float64 `json:"window_s"`     // wall seconds between the CPU readings (the load generator's whole life)
	Note      string  `json:"note,omitempty"`
}

// bombardier runs a closed-loop load of conns connections for d against
// url, posting body (a file).
func (r *runner) bombardier(ctx context.Context, url, bodyFile string, conns int, d time.Duration) (sample, error) {
	out, cpu, err := runPinned(ctx, r.clientCPU, r.tool("bombardier"),
		"-c", strconv.Itoa(conns), "-d", d.String(), "-t", "30s", "-m", "POST", "-f", bodyFile,
		"-H", "Content-Type: application/json", "-l", "-p", "r", "-o", "j", url)
	if err != nil {
		return sample{}, err
	}
	var res struct {
		Result struct {
			TimeTakenSeconds float64 `json:"timeTakenSeconds"`
			Req1xx           int64   `json:"req1xx"`
			Req2xx           int64   `json:"req2xx"`
			Req3xx           int64   `json:"req3xx"`
			Req4xx           int64   `json:"req4xx"`
			Req5xx           int64   `json:"req5xx"`
			Others           int64   `json:"others"`
			Errors           []struct {
				Description string `json:"description"`
				Count       int64  `json:"count"`
			} `json:"errors"`
			Latency struct {
				Mean        float64            `json:"mean"`
				Percentiles map[string]float64 `json:"percentiles"`
			} `json:"latency"`
		} `json:"result"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		return sample{}, fmt.Errorf("bombardier's output %.200q: %w", out, err)
	}
	rr := res.Result
	s := sample{Kind: "closed", Conns: conns, Seconds: rr.TimeTakenSeconds, Requests: rr.Req2xx,
		Errors: rr.Req1xx + rr.Req3xx + rr.Req4xx + rr.Req5xx + rr.Others,
		MeanUs: rr.Latency.Mean, P50Us: rr.Latency.Percentiles["50"], P99Us: rr.Latency.Percentiles["99"],
		ClientCPU: cpu.Seconds()}
	for _, e := range rr.Errors {
		s.Note += fmt.Sprintf("%s (%d); ", e.Description, e.Count)
	}
	if s.Seconds > 0 {
		s.RPS = float64(s.Requests) / s.Seconds
	}
	return s, nil
}

// vegeta runs an open-loop load of rate requests per second for d against
// url, posting body (a file).
func (r *runner) vegeta(ctx context.Context, url, bodyFile string, rate float64, d time.Duration) (sample, error) {
	targets := filepath.Join(r.work, "targets-"+filepath.Base(bodyFile)+".txt")
	t := fmt.Sprintf("POST %s\nContent-Type: application/json\n@%s\n", url, bodyFile)
	if err := os.WriteFile(targets, []byte(t), 0o644); err != nil {
		return sample{}, err
	}
	results := filepath.Join(r.work, "vegeta.bin")
	_, cpu, err := runPinned(ctx, r.clientCPU, r.tool("vegeta"), "attack", "-targets", targets,
		"-rate", fmt.Sprintf("%d/1s", max(1, int(rate+0.5))), "-duration", d.String(), "-timeout", "30s", "-output", results)
	if err != nil {
		return sample{}, err
	}
	out, _, err := runPinned(ctx, r.clientCPU, r.tool("vegeta"), "report", "-type", "json", results)
	if err != nil {
		return sample{}, err
	}
	var rep struct {
		Latencies struct {
			Mean float64 `json:"mean"` // ns
			P50  float64 `json:"50th"`
			P99  float64 `json:"99th"`
		} `json:"latencies"`
		Duration    float64          `json:"duration"` // ns: the attack, first to last request sent
		Wait        float64          `json:"wait"`     // ns: last request sent to its reply
		Requests    int64            `json:"requests"`
		Rate        float64          `json:"rate"`
		StatusCodes map[string]int64 `json:"status_codes"`
		Errors      []string         `json:"errors"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		return sample{}, fmt.Errorf("vegeta report %.200q: %w", out, err)
	}
	s := sample{Kind: "rate", Rate: rate, Seconds: (rep.Duration + rep.Wait) / 1e9,
		MeanUs: rep.Latencies.Mean / 1e3, P50Us: rep.Latencies.P50 / 1e3, P99Us: rep.Latencies.P99 / 1e3,
		ClientCPU: cpu.Seconds()}
	for code, n := range rep.StatusCodes {
		if len(code) == 3 && code[0] == '2' {
			s.Requests += n
		} else {
			s.Errors += n
		}
	}
	for _, e := range rep.Errors {
		s.Note += e + "; "
	}
	if s.Seconds > 0 {
		s.RPS = float64(s.Requests) / s.Seconds
	}
	if sent := rep.Rate; sent < 0.9*rate {
		s.Note += fmt.Sprintf("vegeta sent %.0f of the %.0f requests per second asked: it fell behind; ", sent, rate)
	}
	return s, nil
}
