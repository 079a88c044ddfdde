// Command httpload is the HTTP load test of package json inside a real
// service, as the seed ran it: one server process per JSON library and
// framework (server/, built by ../http.sh), each pinned to one core, driven
// by a real load generator in another process pinned to the other core.
//
//	bench/http.sh                  # or make bench-http: builds, then runs this with the flags given
//	bench/http.sh -quick           # one short round (under a minute), for CI-like checks
//	bench/http.sh -json runs.json -sizes 5kB,35kB -frameworks nethttp
//
// The bodies are the request suites' orders (bench/internal/order) at about
// 1 kB, 5 kB, 35 kB and 992 kB. Each server's handler decodes the body into
// the order's Go type with the library's Decoder (gin: c.ShouldBindJSON on
// the library's codec) and answers with the library's Encoder (gin:
// c.JSON), one line per item. Before any load every server is sent every
// body once and its reply checked against encoding/json's.
//
// The closed-loop runs: bombardier, -connections keep-alive connections,
// -duration each, -rounds rounds; in a round every size, framework and
// library runs once, the libraries taking turns in an order that rotates
// each round. Figures are medians over the rounds: requests per second
// (2xx replies over the run's time), latency mean, p50 and p99 (bombardier's,
// client side), errors (every non-2xx or failed request, summed), and the
// CPU time of the server process (/proc/PID/stat) and of bombardier
// (getrusage) per request. "core" is the busy time of the server's core
// over the run (every process), beside the server's own CPU time over the
// run: a server share well under 100 % while the core was busy means other
// processes took the core. Then the fixed-rate runs: vegeta at -rate-share of the
// slowest library's median req/s for that size and framework, so that
// every library sustains it, and at most -rate-max, a rate vegeta itself
// keeps up with on one core, for -rate-duration: latency at equal load. A
// run whose load generator sent under 90 % of the rate says so in a note.
//
// The whole run is bounded: the plan's estimated time must fit in
// -max-time (10m), and a run that overshoots stops and reports what it has.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/simdjson-cgo/simdjson/bench/internal/order"
)

// library is one JSON library under test; its server binary is
// server-KEY in -bin.
type library struct {
	name string // as the server reports it
}

var libs = map[string]library{
	"simdjson": {"simdjson"},
	"std":      {"encoding/json"},
	"sonic":    {"sonic"},
	"goccy":    {"goccy"},
}

// bodySizes are the bodies' labels and target sizes.
var bodySizes = []struct {
	label  string
	target int
}{{"1kB", 1000}, {"5kB", 5000}, {"35kB", 35000}, {"992kB", 992000}}

var (
	flagBin        = flag.String("bin", "", "directory of the server binaries (server-simdjson, server-std, server-sonic, server-goccy) and of bombardier and vegeta (default: this program's directory)")
	flagLibs       = flag.String("libs", "simdjson,std,sonic,goccy", "libraries (simdjson, std = encoding/json, sonic, goccy)")
	flagFrameworks = flag.String("frameworks", "nethttp,gin", "frameworks (nethttp, gin)")
	flagSizes      = flag.String("sizes", "1kB,5kB,35kB,992kB", "body sizes")
	flagRounds     = flag.Int("rounds", 3, "closed-loop rounds")
	flagDuration   = flag.Duration("duration", 4*time.Second, "one closed-loop run")
	flagWarmup     = flag.Duration("warmup", 500*time.Millisecond, "untimed requests from this program (as many connections as bombardier's) before each server's first run of each size")
	flagConns      = flag.Int("connections", 32, "bombardier's connections")
	flagRateShare  = flag.Float64("rate-share", 0.5, "fixed-rate runs: this share of the slowest library's median req/s, at most -rate-max (0: no fixed-rate runs)")
	flagRateMax    = flag.Float64("rate-max", 1500, "fixed-rate runs: at most this many requests per second (vegeta on one shared core fell behind from about 3000)")
	flagRateDur    = flag.Duration("rate-duration", 2*time.Second, "one fixed-rate run")
	flagRateSizes  = flag.String("rate-sizes", "", "fixed-rate runs: these sizes only (default: all of -sizes)")
	flagServerCPU  = flag.String("server-cpu", "0", "the core the servers are pinned to")
	flagClientCPU  = flag.String("client-cpu", "1", "the core the load generators are pinned to")
	flagQuick      = flag.Bool("quick", false, "for the flags not given: one round of 1 s runs (bombardier's shortest), no warm-up, fixed-rate runs of 0.5 s at 5kB only, -max-time 1m: about 50 s")
	flagMaxTime    = flag.Duration("max-time", 10*time.Minute, "refuse a plan estimated longer; stop a run that gets there")
	flagJSON       = flag.String("json", "", "also write every run as a JSON line to this file")
	flagProfile    = flag.String("profile", "", "then profile each server (CPU, net/http/pprof) under the closed-loop load at -profile-size, into this directory")
	flagProfSize   = flag.String("profile-size", "5kB", "body size of the profiled runs")
	flagSeed       = flag.Uint64("seed", 1, "the bodies' seed")
)

func main() {
	flag.Parse()
	if *flagQuick { // -quick's settings, for the flags not given
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for name, v := range map[string]string{"rounds": "1", "duration": "1s", "warmup": "0s", "rate-duration": "500ms", "rate-sizes": "5kB", "max-time": "1m"} {
			if !set[name] {
				flag.Set(name, v)
			}
		}
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "httpload:", err)
		os.Exit(1)
	}
}

// runner holds a run's settings and servers.
type runner struct {
	bin, work            string
	serverCPU, clientCPU string
	servers              map[string]*server // by framework+"/"+library key
	jsonOut              io.Writer
	start                time.Time
	samples              []sample
}

func (r *runner) tool(name string) string { return filepath.Join(r.bin, name) }

func list(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// body is one request body and the file it is in.
type body struct {
	label string
	data  []byte
	file  string
}

func run() error {
	libKeys, frameworks, sizeLabels := list(*flagLibs), list(*flagFrameworks), list(*flagSizes)
	for _, k := range libKeys {
		if _, ok := libs[k]; !ok {
			return fmt.Errorf("-libs: no library %q (have simdjson, std, sonic, goccy)", k)
		}
	}
	for _, f := range frameworks {
		if f != "nethttp" && f != "gin" {
			return fmt.Errorf("-frameworks: no framework %q (have nethttp, gin)", f)
		}
	}
	rateSizes := sizeLabels
	if *flagRateSizes != "" {
		rateSizes = list(*flagRateSizes)
	}
	if *flagRateShare <= 0 {
		rateSizes = nil
	}

	// The plan and its time.
	cells := len(libKeys) * len(frameworks) * len(sizeLabels)
	rateCells := len(libKeys) * len(frameworks) * len(rateSizes)
	const overhead = 300 * time.Millisecond // a load generator's start, its last replies, the /proc reads: per run, measured
	warm := time.Duration(0)
	if *flagWarmup > 0 {
		warm = *flagWarmup + overhead
	}
	estimate := time.Duration(cells)*(time.Duration(*flagRounds)*(*flagDuration+overhead)+warm) +
		time.Duration(rateCells)*(*flagRateDur+2*overhead) + time.Duration(len(libKeys)*len(frameworks))*200*time.Millisecond
	if *flagProfile != "" {
		estimate += time.Duration(len(libKeys)*len(frameworks)) * (*flagDuration + time.Second)
	}
	if estimate > *flagMaxTime {
		return fmt.Errorf("the plan (%d closed-loop cells × %d rounds of %v, %d fixed-rate runs of %v) takes about %v, over -max-time %v",
			cells, *flagRounds, *flagDuration, rateCells, *flagRateDur, estimate.Round(time.Second), *flagMaxTime)
	}

	r := &runner{bin: *flagBin, serverCPU: *flagServerCPU, clientCPU: *flagClientCPU, servers: map[string]*server{}, start: time.Now()}
	if r.bin == "" {
		exe, err := os.Executable()
		if err != nil {
			return err
		}
		r.bin = filepath.Dir(exe)
	}
	var err error
	if r.work, err = os.MkdirTemp("", "httpload-"); err != nil {
		return err
	}
	defer os.RemoveAll(r.work)
	if *flagJSON != "" {
		f, err := os.Create(*flagJSON)
		if err != nil {
			return err
		}
		defer f.Close()
		r.jsonOut = f
	}

	// Bodies, written to files for the load generators.
	var bodies []body
	for k, s := range bodySizes {
		if !slices.Contains(sizeLabels, s.label) {
			continue
		}
		rng := rand.New(rand.NewPCG(*flagSeed, uint64(100+k)))
		b := body{label: s.label, data: order.Generate(rng, s.target), file: filepath.Join(r.work, "body-"+s.label+".json")}
		if err := os.WriteFile(b.file, b.data, 0o644); err != nil {
			return err
		}
		bodies = append(bodies, b)
	}
	if len(bodies) != len(sizeLabels) {
		return fmt.Errorf("-sizes %q: have 1kB, 5kB, 35kB, 992kB", *flagSizes)
	}

	// The servers, each its own process on the server core; stopped at the
	// end, or on SIGINT/SIGTERM.
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	defer func() {
		for _, s := range r.servers {
			s.stop()
		}
	}()
	for _, fw := range frameworks {
		for _, k := range libKeys {
			s, err := startServer(filepath.Join(r.bin, "server-"+k), k, fw, r.serverCPU, *flagProfile != "")
			if err != nil {
				return err
			}
			r.servers[fw+"/"+k] = s
			if s.gomaxprocs != 1 {
				logf("note: %s/%s runs with GOMAXPROCS %d (pinned to CPU %s)", fw, k, s.gomaxprocs, r.serverCPU)
			}
		}
	}
	for _, b := range bodies {
		for key, s := range r.servers {
			if err := check(s, b.data); err != nil {
				return fmt.Errorf("%s, %s body: %w", key, b.label, err)
			}
		}
	}
	logf("%d servers checked; plan: %d closed-loop cells × %d rounds of %v, %d fixed-rate runs of %v; about %v",
		len(r.servers), cells, *flagRounds, *flagDuration, rateCells, *flagRateDur, estimate.Round(time.Second))

	printHeader(os.Stdout, r, bodies)
	complete := true
	// Closed loop: rounds; in each, every size and framework, the
	// libraries taking turns, the first one changing each round.
rounds:
	for round := range *flagRounds {
		for si, b := range bodies {
			for _, fw := range frameworks {
				for i := range libKeys {
					k := libKeys[(i+round+si)%len(libKeys)]
					if ctx.Err() != nil || time.Since(r.start) > *flagMaxTime {
						complete = false
						break rounds
					}
					s := r.servers[fw+"/"+k]
					if round == 0 && *flagWarmup > 0 {
						if err := warmup(s, b.data, *flagConns, *flagWarmup); err != nil {
							return fmt.Errorf("warm-up %s/%s %s: %w", fw, k, b.label, err)
						}
					}
					smp, err := r.measure(ctx, s, func() (sample, error) {
						return r.bombardier(ctx, s.url(), b.file, *flagConns, *flagDuration)
					})
					if err != nil {
						return fmt.Errorf("%s/%s %s: %w", fw, k, b.label, err)
					}
					r.record(smp, round+1, fw, b, k)
				}
			}
		}
	}
	closed := summarize(r.samples, "closed")
	// Fixed rate: a share of the slowest library's median req/s.
	if complete && len(rateSizes) > 0 {
	rate:
		for bi, b := range bodies {
			if !slices.Contains(rateSizes, b.label) {
				continue
			}
			for _, fw := range frameworks {
				slowest := 0.0
				for _, k := range libKeys {
					if c, ok := closed[cellKey{fw, b.label, libs[k].name}]; ok && (slowest == 0 || c.RPS < slowest) {
						slowest = c.RPS
					}
				}
				if slowest == 0 {
					continue
				}
				rate := max(1, min(*flagRateMax, *flagRateShare*slowest))
				for i := range libKeys {
					k := libKeys[(i+bi)%len(libKeys)]
					if ctx.Err() != nil || time.Since(r.start) > *flagMaxTime {
						complete = false
						break rate
					}
					s := r.servers[fw+"/"+k]
					smp, err := r.measure(ctx, s, func() (sample, error) {
						return r.vegeta(ctx, s.url(), b.file, rate, *flagRateDur)
					})
					if err != nil {
						return fmt.Errorf("fixed rate %s/%s %s: %w", fw, k, b.label, err)
					}
					r.record(smp, 1, fw, b, k)
				}
			}
		}
	}
	if complete && *flagProfile != "" {
		if err := r.profile(ctx, bodies, frameworks, libKeys); err != nil {
			return err
		}
	}
	printTables(os.Stdout, r, bodies, frameworks, libKeys)
	if !complete {
		return fmt.Errorf("stopped after %v (-max-time %v or a signal): the tables hold the runs done", time.Since(r.start).Round(time.Second), *flagMaxTime)
	}
	logf("done in %v", time.Since(r.start).Round(time.Second))
	return nil
}

// measure runs load against s and adds the server's CPU time and its
// core's busy time over the run to the sample.
func (r *runner) measure(ctx context.Context, s *server, load func() (sample, error)) (sample, error) {
	runtime.GC() // this process's garbage, not during the run
	c0, err := s.cpuTime()
	if err != nil {
		return sample{}, err
	}
	b0, err := coreBusy(r.serverCPU)
	if err != nil {
		return sample{}, err
	}
	t0 := time.Now()
	smp, err := load()
	if err != nil {
		return smp, err
	}
	c1, err := s.cpuTime()
	if err != nil {
		return sample{}, err
	}
	b1, err := coreBusy(r.serverCPU)
	if err != nil {
		return sample{}, err
	}
	smp.ServerCPU, smp.CoreBusy, smp.Window = (c1 - c0).Seconds(), (b1 - b0).Seconds(), time.Since(t0).Seconds()
	return smp, nil
}

// record fills in the sample's cell, logs it, keeps it and writes it to
// -json.
func (r *runner) record(s sample, round int, fw string, b body, k string) {
	s.Round, s.Framework, s.Size, s.Bytes, s.Library = round, fw, b.label, len(b.data), libs[k].name
	logf("%s round %d %s %s %s: %.0f req/s, p50 %.2f ms, p99 %.2f ms, %d errors, server %.0f µs CPU/req, server/core busy %.0f/%.0f %%",
		s.Kind, round, fw, b.label, s.Library, s.RPS, s.P50Us/1e3, s.P99Us/1e3, s.Errors, perRequestUs(s.ServerCPU, s.Requests),
		100*s.ServerCPU/max(s.Window, 1e-9), 100*s.CoreBusy/max(s.Window, 1e-9))
	r.samples = append(r.samples, s)
	if r.jsonOut != nil {
		b, _ := json.Marshal(s)
		fmt.Fprintf(r.jsonOut, "%s\n", b)
	}
}

func perRequestUs(cpuSeconds float64, requests int64) float64 {
	if requests == 0 {
		return 0
	}
	return cpuSeconds * 1e6 / float64(requests)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "%s "+format+"\n", append([]any{time.Now().Format("15:04:05")}, args...)...)
}
