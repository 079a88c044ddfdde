package main

// Checks before the load, the profiles after it, and the tables.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/simdjson-cgo/simdjson/bench/internal/order"
)

// check posts body to s once and compares the reply with the one
// encoding/json's decoding of body gives.
func check(s *server, body []byte) error {
	var o order.Order
	if err := json.Unmarshal(body, &o); err != nil {
		return fmt.Errorf("encoding/json: %w", err)
	}
	want := order.ReplyFor(&o)
	resp, err := http.Post(s.url(), "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %s: %.200s", resp.Status, b)
	}
	var got order.Reply
	if err := json.Unmarshal(b, &got); err != nil {
		return fmt.Errorf("reply %.100q: %w", b, err)
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("reply differs from encoding/json's decoding of the body")
	}
	return nil
}

// warmup posts body to s from conns goroutines of this process for d.
func warmup(s *server, body []byte, conns int, d time.Duration) error {
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: conns, DisableCompression: true}}
	defer client.CloseIdleConnections()
	deadline := time.Now().Add(d)
	errs := make(chan error, conns)
	for range conns {
		go func() {
			for time.Now().Before(deadline) {
				resp, err := client.Post(s.url(), "application/json", bytes.NewReader(body))
				if err != nil {
					errs <- err
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					errs <- fmt.Errorf("status %s", resp.Status)
					return
				}
			}
			errs <- nil
		}()
	}
	var first error
	for range conns {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	return first
}

// profile takes a CPU profile of each server under the closed-loop load at
// -profile-size.
func (r *runner) profile(ctx context.Context, bodies []body, frameworks, libKeys []string) error {
	i := slices.IndexFunc(bodies, func(b body) bool { return b.label == *flagProfSize })
	if i < 0 {
		return fmt.Errorf("-profile-size %q is not among -sizes", *flagProfSize)
	}
	b := bodies[i]
	if err := os.MkdirAll(*flagProfile, 0o755); err != nil {
		return err
	}
	secs := max(1, int((*flagDuration - time.Second).Seconds()))
	for _, fw := range frameworks {
		for _, k := range libKeys {
			s := r.servers[fw+"/"+k]
			done := make(chan error, 1)
			go func() {
				_, err := r.bombardier(ctx, s.url(), b.file, *flagConns, *flagDuration)
				done <- err
			}()
			time.Sleep(500 * time.Millisecond)
			resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", s.pprof, secs))
			if err != nil {
				return err
			}
			name := filepath.Join(*flagProfile, fmt.Sprintf("%s-%s-%s.pprof", fw, k, b.label))
			data, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				return err
			}
			if err := os.WriteFile(name, data, 0o644); err != nil {
				return err
			}
			if err := <-done; err != nil {
				return err
			}
			logf("profile %s", name)
		}
	}
	return nil
}

type cellKey struct{ framework, size, library string }

// cell is a cell's figures: medians over its runs, errors summed.
type cell struct {
	Runs                int
	RPS, Mean, P50, P99 float64 // req/s; µs
	Errors              int64
	ServerUs, ClientUs  float64 // CPU µs per request
	Share, Busy         float64 // the server's CPU time and its core's busy time over the window
	Rate                float64
	Notes               []string
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func summarize(samples []sample, kind string) map[cellKey]cell {
	groups := map[cellKey][]sample{}
	for _, s := range samples {
		if s.Kind == kind {
			k := cellKey{s.Framework, s.Size, s.Library}
			groups[k] = append(groups[k], s)
		}
	}
	out := map[cellKey]cell{}
	for k, ss := range groups {
		var rps, mean, p50, p99, srv, cli, share, busy []float64
		c := cell{Runs: len(ss)}
		for _, s := range ss {
			rps, mean, p50, p99 = append(rps, s.RPS), append(mean, s.MeanUs), append(p50, s.P50Us), append(p99, s.P99Us)
			srv, cli = append(srv, perRequestUs(s.ServerCPU, s.Requests)), append(cli, perRequestUs(s.ClientCPU, s.Requests))
			share, busy = append(share, s.ServerCPU/max(s.Window, 1e-9)), append(busy, s.CoreBusy/max(s.Window, 1e-9))
			c.Errors += s.Errors
			c.Rate = s.Rate
			if s.Note != "" {
				c.Notes = append(c.Notes, s.Note)
			}
		}
		c.RPS, c.Mean, c.P50, c.P99 = median(rps), median(mean), median(p50), median(p99)
		c.ServerUs, c.ClientUs, c.Share, c.Busy = median(srv), median(cli), median(share), median(busy)
		out[k] = c
	}
	return out
}

// ms formats µs as milliseconds with three significant digits or so.
func ms(us float64) string {
	switch m := us / 1e3; {
	case m < 10:
		return fmt.Sprintf("%.2f", m)
	case m < 100:
		return fmt.Sprintf("%.1f", m)
	default:
		return fmt.Sprintf("%.0f", m)
	}
}

func cpuinfo() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	return "\n" + string(b)
}

func cpuModel() string {
	for _, line := range strings.Split(cpuinfo(), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func printHeader(w io.Writer, r *runner, bodies []body) {
	var sizes []string
	for _, b := range bodies {
		sizes = append(sizes, fmt.Sprintf("%s = %d B", b.label, len(b.data)))
	}
	procs := ""
	for _, s := range r.servers {
		procs = fmt.Sprintf("GOMAXPROCS %d", s.gomaxprocs)
		break
	}
	fmt.Fprintf(w, "HTTP load test, %s\n", time.Now().Format("2006-01-02 15:04"))
	fmt.Fprintf(w, "machine: %s, %d CPUs, load average %s at the start; %s\n", cpuModel(), strings.Count(cpuinfo(), "\nprocessor"), loadAvg(), runtime.Version())
	fmt.Fprintf(w, "servers: one process per library and framework, pinned to CPU %s (%s); load generators pinned to CPU %s\n", r.serverCPU, procs, r.clientCPU)
	fmt.Fprintf(w, "closed loop: bombardier, %d connections, %v per run, %d rounds (medians); fixed rate: vegeta, %v per run\n",
		*flagConns, *flagDuration, *flagRounds, *flagRateDur)
	fmt.Fprintf(w, "bodies: %s\n\n", strings.Join(sizes, ", "))
}

func printTables(w io.Writer, r *runner, bodies []body, frameworks, libKeys []string) {
	closed, rate := summarize(r.samples, "closed"), summarize(r.samples, "rate")
	fmt.Fprintf(w, "Closed loop (medians of %d rounds):\n\n", *flagRounds)
	fmt.Fprintln(w, "| framework | body | library | req/s | vs encoding/json | mean ms | p50 ms | p99 ms | errors | server CPU µs/req | client CPU µs/req | server / its core busy |")
	fmt.Fprintln(w, "|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
	for _, fw := range frameworks {
		for _, b := range bodies {
			std := closed[cellKey{fw, b.label, "encoding/json"}].RPS
			for _, k := range libKeys {
				c, ok := closed[cellKey{fw, b.label, libs[k].name}]
				if !ok {
					continue
				}
				ratio := "-"
				if std > 0 {
					ratio = fmt.Sprintf("%.2f×", c.RPS/std)
				}
				fmt.Fprintf(w, "| %s | %s | %s | %.0f | %s | %s | %s | %s | %d | %.0f | %.0f | %.0f / %.0f %% |\n",
					fw, b.label, libs[k].name, c.RPS, ratio, ms(c.Mean), ms(c.P50), ms(c.P99), c.Errors, c.ServerUs, c.ClientUs, 100*c.Share, 100*c.Busy)
			}
		}
	}
	if len(rate) > 0 {
		fmt.Fprintf(w, "\nFixed rate (vegeta, %.0f %% of the slowest library's median req/s, at most %.0f/s):\n\n", 100**flagRateShare, *flagRateMax)
		fmt.Fprintln(w, "| framework | body | rate/s | library | mean ms | p50 ms | p99 ms | errors | server CPU µs/req |")
		fmt.Fprintln(w, "|---|---|--:|---|--:|--:|--:|--:|--:|")
		for _, fw := range frameworks {
			for _, b := range bodies {
				for _, k := range libKeys {
					c, ok := rate[cellKey{fw, b.label, libs[k].name}]
					if !ok {
						continue
					}
					fmt.Fprintf(w, "| %s | %s | %.0f | %s | %s | %s | %s | %d | %.0f |\n",
						fw, b.label, c.Rate, libs[k].name, ms(c.Mean), ms(c.P50), ms(c.P99), c.Errors, c.ServerUs)
				}
			}
		}
	}
	var notes []string
	for k, c := range closed {
		for _, n := range c.Notes {
			notes = append(notes, fmt.Sprintf("%s %s %s: %s", k.framework, k.size, k.library, n))
		}
	}
	for k, c := range rate {
		for _, n := range c.Notes {
			notes = append(notes, fmt.Sprintf("fixed rate %s %s %s: %s", k.framework, k.size, k.library, n))
		}
	}
	slices.Sort(notes)
	if len(notes) > 0 {
		fmt.Fprintln(w, "\nErrors reported by the load generators:")
		for _, n := range notes {
			fmt.Fprintln(w, "  "+n)
		}
	}
	fmt.Fprintf(w, "\nload average %s at the end\n", loadAvg())
}
