// Command bench reproduces the seed benchmark: GH Archive-like NDJSON
// (generated deterministically in memory, calibrated to the seed's 7.6 GB of
// 2.2 million events), the seed's task (count events by type; count opened
// pull requests by base-repository language, null included), run by native
// C++ simdjson, this library (lazy handles and projection) and the pure-Go
// peers, each on one thread and on all. Every method's counts are checked
// against the reference (encoding/json on one thread, itself checked against
// the generator's own tally) before any figure is printed; a figure is the
// input size over the best of -runs runs. The validates column is measured:
// a method validates when it reports an error on each of a fixed set of
// corrupted events (seed.go). Progress (each run's method, threads, run
// number and figure) goes to standard error, -progress=false silences it;
// the table's columns are explained under it.
//
//	cd bench && go run . -size 256MB -runs 3          # a table
//	cd bench && go run . -size 256MB -runs 3 -json    # one JSON object per line
//	make bench                                        # from the repository root: 1 GB, json/v2 included
//
// Suites (-suite NAME, default seed; -suite list prints each with its doc):
//
//   - seed: the seed benchmark above (seed.go, task.go, gen.go; methods in
//     native.go, library.go, peers.go, jsonv2.go).
//   - roundtrip: each generated event decoded into a struct, a field
//     flipped, written back as NDJSON through an Encoder
//     (roundtrip_suite.go); seed's harness, table and modes, without the
//     validates check.
//   - decode: Unmarshal of the jsonexamples documents and small payloads
//     into interface{}, full and partial structs (decode_suite.go;
//     -decode-data, -decode-files).
//   - encode: Marshal and reused Encoders over values from the
//     jsonexamples documents, small payloads and 100 generated events
//     (encode_suite.go; -encode-values, -encode-time, -decode-data).
//   - request: the per-request cost of a Decoder,
//     NewDecoder(bytes.NewReader(body)).Decode of 200 B to 200 kB order
//     bodies (request.go, request_body.go; -request-sizes, -request-time).
//   - request-http: the request suite's bodies POSTed to a loopback
//     net/http server that decodes and replies with each library
//     (request_http.go; -request-sizes, -http-clients, -http-time,
//     -http-max).
//
// decode, encode, request and request-http run themselves (Suite.Run): their
// own inputs, timing and table or -json lines, with -runs and -methods; see
// each file's opening comment. The modes below are seed's and roundtrip's
// unless they say otherwise (all flags: go run . -h):
//
//   - -json: one JSON object per line (method, threads, gbps, validates,
//     ok) instead of the table.
//   - -methods a,b: only these methods (an unknown name's error lists the
//     suite's).
//   - -thread-list 1,2,4,8: a column per thread count instead of one thread
//     and -threads (not with -gz or -reader).
//   - -min-share 0.8: repeat a run whose process got less CPU than that
//     share of wall time × threads (at most 3 tries a round).
//   - -out FILE: write the generated events (-size, -seed) to FILE and exit.
//   - -in FILE: read the events from an NDJSON file instead of generating
//     them (the reference is then checked against no tally).
//   - -reader -in FILE: stream the file through each method that reads an
//     io.Reader (simdjson-lazy, simdjson-fields), on -threads threads: time,
//     GB/s and peak RSS of each run, no table.
//   - -gz: the seed task end to end from generated .json.gz files (read,
//     inflate, parse, count), a table of its own (gz.go; -gz-file, -gz-dir,
//     -gz-peers; with -json, also cpu_share and gb_per_cpu_second).
//   - -chart FILE: an SVG bar chart of a file of -json lines (-chart-title)
//     on standard output, and exit.
//   - -encode-chart FILE: an SVG chart of a file of the encode suite's
//     -json lines on standard output, and exit.
//   - -aggregate F1,F2,...: each figure's median and range over files of
//     -json lines, one per invocation, as a Markdown table (with -json:
//     JSON lines of the medians, which -chart reads), and exit.
//   - -progress=false, -v: less or more on standard error.
//
// See RESULTS.md for the figures on the project's machine.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

var (
	flagSuite      = flag.String("suite", "seed", "the task and its methods (seed: the seed benchmark; -suite list names all)")
	flagSize       = flag.String("size", "1GB", "bytes of events to generate (e.g. 256MB, 1GB, 7.6GB; GB = 10^9, GiB = 2^30)")
	flagSeed       = flag.Uint64("seed", 1, "generator seed: the same seed and size give the same bytes")
	flagRuns       = flag.Int("runs", 3, "timed runs of each method and thread count; the best is reported")
	flagThreads    = flag.Int("threads", runtime.NumCPU(), "threads (goroutines for pure-Go methods) of the all-threads column; each column runs with GOMAXPROCS set to its threads")
	flagThreadList = flag.String("thread-list", "", "comma-separated thread counts in ascending order, one column each (e.g. 1,2,4,8,16 for a scaling table; default: 1 and -threads); not with -gz or -reader")
	flagMethods    = flag.String("methods", "", "comma-separated method names to run (default: all)")
	flagJSON       = flag.Bool("json", false, "print one JSON object per line (method, threads, gbps, validates, ok) instead of a table")
	flagIn         = flag.String("in", "", "read events from this NDJSON file instead of generating them")
	flagOut        = flag.String("out", "", "write the generated events (-size, -seed) to this file and exit")
	flagReader     = flag.Bool("reader", false, "with -in: run the methods that read an io.Reader over the file, streaming, on -threads threads")
	flagChart      = flag.String("chart", "", "write an SVG chart of this file of -json lines to standard output and exit")
	flagAgg        = flag.String("aggregate", "", "comma-separated files of -json lines (one per invocation): print each figure's median and range as a Markdown table (with -json: JSON lines of the medians) and exit")
	flagVerbose    = flag.Bool("v", false, "report more on standard error: each corrupted input of the validates check, each run of the other suites")
	flagProgress   = flag.Bool("progress", true, "report progress on standard error: the input being prepared, then each run's method, threads, run number, time and GB/s")
	flagShare      = flag.Float64("min-share", 0, "repeat a run (at most 3 tries a round) whose process got less CPU time than this share of wall time × threads, i.e. was starved by other processes (0: never repeat)")
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run() error {
	if *flagChart != "" {
		return writeChart(os.Stdout, *flagChart)
	}
	if *flagEncodeChart != "" {
		return writeEncodeChart(os.Stdout, *flagEncodeChart)
	}
	if *flagAgg != "" {
		return aggregate(os.Stdout, strings.Split(*flagAgg, ","), *flagJSON)
	}
	if *flagSuite == "list" {
		for _, n := range suiteNames() {
			fmt.Printf("%s: %s\n", n, suites[n].Doc)
		}
		return nil
	}
	s := suites[*flagSuite]
	if s == nil {
		return fmt.Errorf("no suite %q (have %s)", *flagSuite, strings.Join(suiteNames(), ", "))
	}
	size, err := parseSize(*flagSize)
	if err != nil {
		return err
	}
	if *flagThreadList != "" {
		if *flagGz || *flagReader {
			return errors.New("-thread-list applies to the in-memory runs, not to -gz or -reader (use -threads)")
		}
		if threadList, err = parseThreadList(*flagThreadList); err != nil {
			return err
		}
	}
	if *flagGz {
		return runGz(size)
	}
	if *flagOut != "" {
		return writeOut(s, *flagOut, size)
	}
	methods, err := selectMethods(s, *flagMethods)
	if err != nil {
		return err
	}
	if s.Run != nil {
		return s.Run()
	}
	if *flagReader {
		return runReader(s, methods)
	}
	return runBench(s, methods, size)
}

func writeOut(s *Suite, path string, size int64) error {
	if s.Write == nil {
		return fmt.Errorf("suite %s cannot write its input", s.Name)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	start := time.Now()
	n, err := s.Write(f, size, *flagSeed)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "wrote %d bytes to %s in %v\n", n, path, time.Since(start).Round(time.Millisecond))
	return nil
}

func selectMethods(s *Suite, filter string) ([]Method, error) {
	all := s.Methods()
	if filter == "" {
		return all, nil
	}
	var out []Method
	for _, name := range strings.Split(filter, ",") {
		name = strings.TrimSpace(name)
		found := false
		for _, m := range all {
			if m.Name == name {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			var names []string
			for _, m := range all {
				names = append(names, m.Name)
			}
			return nil, fmt.Errorf("suite %s has no method %q (have %s)", s.Name, name, strings.Join(names, ", "))
		}
	}
	return out, nil
}

// row is one line of the table: a method on some number of threads.
type row struct {
	m         Method
	threads   int
	best      time.Duration
	bestShare float64 // CPU time / (wall time × threads) of the best run
	times     []time.Duration
	starved   int       // runs under -min-share, repeated
	valid     *validity // shared by the rows of one method
	skip      string
	failures  []string
}

type validity struct {
	measured bool
	detected []string // names of the corruptions reported as errors
	missed   []string
	note     string // why it could not be measured
}

func (v *validity) ok() bool { return v.measured && len(v.missed) == 0 }

func (v *validity) String() string {
	switch {
	case !v.measured:
		return "-"
	case len(v.missed) == 0:
		return fmt.Sprintf("yes (%d/%d)", len(v.detected), len(v.detected))
	case len(v.detected) == 0:
		return fmt.Sprintf("no  (0/%d)", len(v.missed))
	default:
		return fmt.Sprintf("no  (%d/%d: %s)", len(v.detected), len(v.detected)+len(v.missed), strings.Join(v.detected, " "))
	}
}

func runBench(s *Suite, methods []Method, size int64) error {
	threads := max(*flagThreads, 1)
	var data []byte
	var expected Result
	var err error
	source := ""
	start := time.Now()
	if *flagIn != "" {
		progressf("bench: reading %s", *flagIn)
		data, err = simdjson.ReadFile(*flagIn)
		if err != nil {
			return err
		}
		source = *flagIn
	} else {
		progressf("bench: generating %s bytes of events (seed %d)", commas(size), *flagSeed)
		data, expected = s.Generate(size, *flagSeed)
		source = fmt.Sprintf("generated, seed %d", *flagSeed)
	}
	dataLen = len(data)
	progressf("bench: machine: %s", machine())
	progressf("bench: %s bytes (%s) ready in %v; checking the reference method %s", commas(int64(len(data))), source, time.Since(start).Round(time.Millisecond), s.Reference)

	// The reference result: the reference method on one thread, checked
	// against the generator's tally when there is one.
	refMethod, ok := s.methods[s.Reference]
	if !ok || refMethod.Skip != "" {
		return fmt.Errorf("suite %s: reference method %q unavailable", s.Name, s.Reference)
	}
	runtime.GC()
	ref, err := refMethod.Run(data, 1)
	if err != nil {
		return fmt.Errorf("reference %s: %w", s.Reference, err)
	}
	if expected != nil {
		if d := ref.Diff(expected); d != "" {
			return fmt.Errorf("reference %s disagrees with the generator's tally:\n%s", s.Reference, d)
		}
	}

	var rows []*row
	for _, m := range methods {
		v := &validity{}
		for _, t := range threadCounts(threads) {
			rows = append(rows, &row{m: m, threads: t, valid: v, skip: m.Skip})
		}
	}

	procs := runtime.GOMAXPROCS(0)
	planned, done := 0, 0
	for _, rw := range rows {
		if rw.skip == "" {
			planned += *flagRuns
		}
	}
	progressf("bench: %d methods × %v threads × %d runs = %d timed runs (progress below: method, threads, run)", len(methods), threadCounts(threads), *flagRuns, planned)
	// Runs, interleaved so that the machine's noise spreads over all the
	// methods; every run's result is checked. The first round is the check
	// round: a wrong or failing method stops everything before any figure.
	for r := 0; r < *flagRuns; r++ {
		for _, rw := range rows {
			if rw.skip != "" {
				continue
			}
			for try := 1; ; try++ {
				// One thread means one core for the Go runtime too: the
				// garbage collector and any goroutines a library starts
				// (simdjson-go runs its two stages concurrently) share it.
				runtime.GOMAXPROCS(rw.threads)
				runtime.GC()
				cpu0 := cpuTime()
				t0 := time.Now()
				res, err := rw.m.Run(data, rw.threads)
				d := time.Since(t0)
				share := (cpuTime() - cpu0).Seconds() / (d.Seconds() * float64(rw.threads))
				runtime.GOMAXPROCS(procs)
				switch {
				case err != nil:
					rw.failures = append(rw.failures, fmt.Sprintf("run %d: %v", r+1, err))
				case res.Diff(ref) != "":
					rw.failures = append(rw.failures, fmt.Sprintf("run %d: counts differ from the reference:\n%s", r+1, res.Diff(ref)))
				default:
					rw.times = append(rw.times, d)
					if rw.best == 0 || d < rw.best {
						rw.best, rw.bestShare = d, share
					}
				}
				if err != nil || share >= *flagShare || try == 3 {
					done++
					progressf("[%*d/%d] %-16s %s  run %d of %d  %8v  %6.2f GB/s  CPU %3.0f%%", len(strconv.Itoa(planned)), done, planned, rw.m.Name, threadsWord(rw.threads), r+1, *flagRuns, d.Round(time.Millisecond), gbps(len(data), d), 100*share)
					break
				}
				progressf("%*s %-16s %s  run %d of %d  starved (CPU %.0f%% < %.0f%%): repeated", 2*len(strconv.Itoa(planned))+3, "", rw.m.Name, threadsWord(rw.threads), r+1, *flagRuns, 100*share, 100**flagShare)
				rw.starved++
			}
		}
		if failed := failures(rows); failed != "" {
			return fmt.Errorf("methods disagree with the reference %s; no figures printed:\n%s", s.Reference, failed)
		}
	}

	if s.Corruptions != nil {
		progressf("bench: validates: each method over 5 corrupted inputs")
		measureValidity(s, rows)
	}

	if *flagJSON {
		enc := json.NewEncoder(os.Stdout)
		for _, rw := range rows {
			g := 0.0
			if rw.skip == "" {
				g = round3(gbps(len(data), rw.best))
			}
			if err := enc.Encode(struct {
				Method    string  `json:"method"`
				Threads   int     `json:"threads"`
				GBps      float64 `json:"gbps"`
				Validates bool    `json:"validates"`
				OK        bool    `json:"ok"`
			}{rw.m.Name, rw.threads, g, rw.valid.ok(), rw.skip == ""}); err != nil {
				return err
			}
			if rw.skip != "" {
				fmt.Fprintf(os.Stderr, "skipped: %s\n", rw.skip)
			}
		}
		return nil
	}

	fmt.Print(ref.Summary())
	fmt.Println()
	fmt.Printf("%s suite: %s bytes (%s), best of %d runs, GB/s = bytes / best time\n",
		s.Name, commas(int64(len(data))), source, *flagRuns)
	fmt.Printf("machine: %s; GOMAXPROCS = the column's threads\n\n", machine())
	printTable(os.Stdout, rows, threads)
	starved, total := 0, 0
	for _, rw := range rows {
		starved += rw.starved
		total += len(rw.times) + len(rw.failures)
	}
	printLegend(os.Stdout, threads, *flagRuns, s.Corruptions != nil)
	if *flagShare > 0 {
		fmt.Printf("  (%d of %d runs got under %.0f%% CPU and were repeated, at most 3 tries a round)\n", starved, total, 100**flagShare)
	}
	return nil
}

// threadList is -thread-list parsed; nil when the flag is unset.
var threadList []int

// parseThreadList parses -thread-list: positive counts, strictly ascending.
func parseThreadList(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-thread-list %q: %q is not a positive thread count", s, f)
		}
		if len(out) > 0 && n <= out[len(out)-1] {
			return nil, fmt.Errorf("-thread-list %q: counts must be in ascending order, without repeats", s)
		}
		out = append(out, n)
	}
	return out, nil
}

// threadCounts is the table's columns: -thread-list when given, else one
// thread and -threads.
func threadCounts(threads int) []int {
	if threadList != nil {
		return threadList
	}
	if threads == 1 {
		return []int{1}
	}
	return []int{1, threads}
}

func failures(rows []*row) string {
	var b strings.Builder
	for _, rw := range rows {
		for _, f := range rw.failures {
			fmt.Fprintf(&b, "  %s, %d threads, %s\n", rw.m.Name, rw.threads, f)
		}
	}
	return b.String()
}

// measureValidity runs each method (one thread) over the clean input, which
// must give the reference method's result, and over each corrupted one.
func measureValidity(s *Suite, rows []*row) {
	clean, bad := s.Corruptions()
	refRes, err := s.methods[s.Reference].Run(clean, 1)
	if err != nil {
		logf("validates: the reference fails on the clean input: %v", err)
		return
	}
	for _, rw := range rows {
		v := rw.valid
		if rw.skip != "" || v.measured || v.note != "" {
			continue
		}
		res, err := safeRun(rw.m, clean)
		if err != nil {
			v.note = fmt.Sprintf("fails on the clean input: %v", err)
			logf("validates %s: %s", rw.m.Name, v.note)
			continue
		}
		if d := res.Diff(refRes); d != "" {
			v.note = "wrong counts on the clean input:\n" + d
			logf("validates %s: %s", rw.m.Name, v.note)
			continue
		}
		v.measured = true
		for _, c := range bad {
			_, err := safeRun(rw.m, c.Data)
			if err != nil {
				v.detected = append(v.detected, c.Name)
			} else {
				v.missed = append(v.missed, c.Name)
			}
			logf("validates %-16s %-9s %v", rw.m.Name, c.Name, err)
		}
	}
}

// safeRun runs m on one thread, turning a panic into an error.
func safeRun(m Method, data []byte) (res Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v\n%s", p, debug.Stack())
		}
	}()
	return m.Run(data, 1)
}

// runReader streams -in through each method's Reader, on -threads threads,
// once per run, and reports time, throughput, the result and the peak RSS
// of the process so far.
func runReader(s *Suite, methods []Method) error {
	if *flagIn == "" {
		return errors.New("-reader needs -in FILE")
	}
	st, err := os.Stat(*flagIn)
	if err != nil {
		return err
	}
	var ref Result
	refName := ""
	ran := 0
	for _, m := range methods {
		if m.Reader == nil || m.Skip != "" {
			continue
		}
		ran++
		for r := 0; r < *flagRuns; r++ {
			f, err := os.Open(*flagIn)
			if err != nil {
				return err
			}
			runtime.GOMAXPROCS(*flagThreads)
			t0 := time.Now()
			res, err := m.Reader(f, *flagThreads)
			d := time.Since(t0)
			f.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", m.Name, err)
			}
			if ref == nil {
				ref, refName = res, m.Name
				fmt.Print(res.Summary())
			} else if diff := res.Diff(ref); diff != "" {
				return fmt.Errorf("%s disagrees with %s:\n%s", m.Name, refName, diff)
			}
			fmt.Printf("%s from io.Reader, %d threads, run %d: %s bytes in %v, %.2f GB/s, peak RSS so far %s\n",
				m.Name, *flagThreads, r+1, commas(st.Size()), d.Round(time.Millisecond), gbps(int(st.Size()), d), peakRSS())
		}
	}
	if ran == 0 {
		return errors.New("-reader: none of the selected methods reads an io.Reader in this build")
	}
	return nil
}

func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{
		{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"TIB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
		{"K", 1e3}, {"M", 1e6}, {"G", 1e9}, {"B", 1},
	} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad size %q (want e.g. 256MB, 1GB, 7.6GB)", s)
	}
	return int64(v * mult), nil
}

// progressf reports progress on standard error (-progress, on by default).
func progressf(format string, args ...any) {
	if *flagProgress || *flagVerbose {
		fmt.Fprintf(os.Stderr, format+"\n", args...)
	}
}

func logf(format string, args ...any) {
	if *flagVerbose {
		fmt.Fprintf(os.Stderr, format+"\n", args...)
	}
}
