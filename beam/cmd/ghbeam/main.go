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
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

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
)

func main() {
	flag.Parse()
	if !*verbose {
		// prism logs each job's steps at INFO; warnings and errors stay.
		slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
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
	out := *output
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
