// Command ghbeam runs the seed's task (events by type, opened pull requests
// by base-repository language) as an Apache Beam pipeline over many GH
// Archive files, .json.gz or NDJSON, and prints the table, the time and the
// pipeline's counters:
//
//	go run ./cmd/ghbeam --input '/data/gharchive/*.json.gz'
//
// Without --runner it runs on prism, Beam's local runner, in this process.
// On a cluster the same binary is the launcher and the worker: see
// beam/README.md.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/options/jobopts"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/simdjson-cgo/simdjson"
	ghbeam "github.com/simdjson-cgo/simdjson/beam"

	// The local runner, the default here.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

var (
	input   = flag.String("input", "", "glob of the event files (.json.gz or NDJSON; local or any Beam filesystem, e.g. gs://); a directory means DIR/*.json.gz")
	output  = flag.String("output", "", "file the table is written to (default: a file in a temporary directory, removed after it is printed)")
	bad     = flag.String("bad", ghbeam.BadStop, "bad lines and events: stop (fail the job) or skip (skip and count them as Beam counters)")
	threads = flag.Int("threads", 0, "native threads of each file's map (0: 2)")
	verbose = flag.Bool("v", false, "log the runner's INFO lines too")

	baseline      = flag.String("baseline", "", "instead of the pipeline, the same per-file work without Beam, to measure the engine's overhead: map (the DoFn's counting: gzip, then MapFields with the projection) or gunzip (decompression alone); local files only")
	baselineFiles = flag.Int("baseline_files", 1, "with -baseline: files processed at once")
)

func main() {
	flag.Parse()
	if !*verbose {
		// prism logs each job's steps at INFO; warnings and errors stay.
		beamlog.LogLevel = "warn"
	}
	beam.Init() // a worker started by a runner serves it from here, and exits
	if err := run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "ghbeam:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context) error {
	in := *input
	if in == "" {
		return fmt.Errorf("--input is needed (a glob or a directory of .json.gz files)")
	}
	if st, err := os.Stat(in); err == nil && st.IsDir() {
		in = filepath.Join(in, "*.json.gz")
	}
	if *baseline != "" {
		return runBaseline(ctx, in)
	}
	local := isLocal(*runners.Runner)
	out := *output
	if out == "" && !local {
		return fmt.Errorf("--output is needed with --runner %s: a path every worker can write (gs://...)", *runners.Runner)
	}
	if out == "" {
		dir, err := os.MkdirTemp("", "ghbeam")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		out = filepath.Join(dir, "table.txt")
	}
	p, s := beam.NewPipelineWithRoot()
	if _, err := ghbeam.Build(s, ghbeam.Options{Input: in, Output: out, Bad: *bad, Threads: *threads}); err != nil {
		return err
	}
	start := time.Now()
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	if *jobopts.Async || flagIs("dry_run", "true") {
		fmt.Printf("job %s (not waited for); the table goes to %s\n", jobID(res), out)
		return nil
	}
	_, text, err := ghbeam.ReadOutput(ctx, out)
	if err != nil {
		return fmt.Errorf("reading the table %s: %w", out, err)
	}
	fmt.Print(text)
	counters := map[string]int64{}
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Namespace() == ghbeam.Namespace {
				counters[c.Name()] += c.Result()
			}
		}
	}
	names := make([]string, 0, len(counters))
	for k := range counters {
		names = append(names, k)
	}
	sort.Strings(names)
	fmt.Println()
	for _, k := range names {
		fmt.Printf("%-28s %12d\n", k, counters[k])
	}
	gb := float64(counters[ghbeam.MetricBytes]) / 1e9
	fmt.Printf("\n%d files, %.3f GB of events (decompressed) in %.2f s: %.1f s/GB, %.3f GB/s\n",
		counters[ghbeam.MetricFiles], gb, elapsed.Seconds(), elapsed.Seconds()/gb, gb/elapsed.Seconds())
	return nil
}

// runBaseline does the DoFn's work over the matched files without Beam:
// baselineFiles goroutines each take the next file.
func runBaseline(ctx context.Context, glob string) error {
	if *baseline != "map" && *baseline != "gunzip" {
		return fmt.Errorf("--baseline %q: want map or gunzip", *baseline)
	}
	if *baselineFiles < 1 {
		return fmt.Errorf("--baseline_files %d: want 1 or more", *baselineFiles)
	}
	paths, err := filepath.Glob(glob)
	if err != nil {
		return err
	}
	if len(paths) == 0 {
		return fmt.Errorf("no file matches %s", glob)
	}
	proj, err := ghbeam.NewFieldsProjection()
	if err != nil {
		return err
	}
	defer proj.Close()
	var (
		mu    sync.Mutex
		total = &ghbeam.FileCounts{Table: ghbeam.Table{Types: map[string]int64{}, Langs: map[string]int64{}}}
		next  = make(chan string)
		errs  = make(chan error, *baselineFiles)
	)
	start := time.Now()
	for w := 0; w < *baselineFiles; w++ {
		go func() {
			for path := range next {
				c, err := countOne(ctx, path, proj)
				if err != nil {
					errs <- err
					for range next {
					}
					return
				}
				mu.Lock()
				for k, v := range c.Types {
					total.Types[k] += v
				}
				for k, v := range c.Langs {
					total.Langs[k] += v
				}
				total.Bytes += c.Bytes
				total.BadLines += c.BadLines
				total.BadEvents += c.BadEvents
				mu.Unlock()
			}
			errs <- nil
		}()
	}
	for _, p := range paths {
		next <- p
	}
	close(next)
	var first error
	for w := 0; w < *baselineFiles; w++ {
		if err := <-errs; err != nil && first == nil {
			first = err
		}
	}
	if first != nil {
		return first
	}
	elapsed := time.Since(start)
	if *baseline == "map" {
		fmt.Print(total.Table.String())
		fmt.Printf("\nbad lines %d, bad events %d\n", total.BadLines, total.BadEvents)
	}
	gb := float64(total.Bytes) / 1e9
	fmt.Printf("\nbaseline %s, no Beam, %d files (%d at once): %.3f GB of events (decompressed) in %.2f s: %.1f s/GB, %.3f GB/s\n",
		*baseline, len(paths), *baselineFiles, gb, elapsed.Seconds(), elapsed.Seconds()/gb, gb/elapsed.Seconds())
	return nil
}

func countOne(ctx context.Context, path string, proj *simdjson.Projection) (*ghbeam.FileCounts, error) {
	if *baseline == "map" {
		return ghbeam.CountFile(ctx, path, proj, *threads, *bad == ghbeam.BadSkip)
	}
	r, closeFn, err := ghbeam.Decompressed(ctx, path)
	if err != nil {
		return nil, err
	}
	defer closeFn()
	n, err := io.Copy(io.Discard, r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &ghbeam.FileCounts{Table: ghbeam.Table{}, Bytes: n}, nil
}

func isLocal(runner string) bool {
	switch strings.ToLower(runner) {
	case "", "prism", "prismrunner", "direct", "directrunner":
		return true
	}
	return false
}

func flagIs(name, value string) bool {
	f := flag.Lookup(name)
	return f != nil && f.Value.String() == value
}

func jobID(res beam.PipelineResult) string {
	if res == nil {
		return "(dry run)"
	}
	return res.JobID()
}
