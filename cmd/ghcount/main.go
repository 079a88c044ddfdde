// Command ghcount runs the seed benchmark's task over GH Archive files
// (NDJSON events, plain or .json.gz as GH Archive publishes them, one file
// per hour): count events by type, and newly opened pull requests by the
// language of their base repository (null included), on all cores. It is
// also the small example make demo runs (the main command is make bench,
// the benchmark over 1 GB of generated events):
//
//	go run ./cmd/ghcount testdata/events.ndjson
//	go install github.com/simdjson-cgo/simdjson/cmd/ghcount@latest
//	ghcount -threads 8 -json 2024-03-13-*.json.gz
//
// Files are read by simdjson.Files with MapFields: each file is decompressed
// (libdeflate) on a goroutine of its own, up to -threads files at once,
// feeding -threads parsing threads. A bad line stops the count with its file
// and line (exit status 1); -skip-bad reports each on standard error and
// goes on. A progress line (files, bytes, GB/s, ETA) goes to standard error
// when it is a terminal and the run takes more than a second.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

// noLanguage is the table's name for opened pull requests whose base
// repository has no language (null or absent).
const noLanguage = "(none)"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Result is what -json prints.
type Result struct {
	Types     map[string]int64 `json:"types"`
	Languages map[string]int64 `json:"languages"`
	Files     int              `json:"files"`
	Bytes     int64            `json:"bytes"` // uncompressed
	Seconds   float64          `json:"seconds"`
	BadLines  int              `json:"bad_lines,omitempty"`
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ghcount", flag.ContinueOnError)
	fs.SetOutput(stderr)
	threads := fs.Int("threads", runtime.NumCPU(), "parsing threads (and files decompressed at once)")
	asJSON := fs.Bool("json", false, "print one JSON object (types, languages, files, bytes, seconds) instead of the table")
	skipBad := fs.Bool("skip-bad", false, "report bad lines on standard error and go on (default: stop at the first)")
	progress := fs.Bool("progress", isTerminal(stderr), "print a progress line on standard error (default: when it is a terminal)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ghcount [flags] FILE... (NDJSON events, .json or .json.gz)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if *threads < 1 {
		fmt.Fprintln(stderr, "ghcount: -threads must be at least 1")
		return 2
	}
	paths := fs.Args()
	var total int64 // compressed (on-disk) bytes, for the ETA
	sizes := map[string]int64{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			fmt.Fprintln(stderr, "ghcount:", err)
			return 1
		}
		sizes[p] = st.Size()
		total += st.Size()
	}
	var bad atomic.Int64
	opts := []simdjson.StreamOption{simdjson.Threads(*threads)}
	if *skipBad {
		opts = append(opts, simdjson.SkipBadLines(func(le *simdjson.LineError) {
			bad.Add(1)
			fmt.Fprintf(stderr, "ghcount: skipped %s:%d (byte %d): %v\n", le.File, le.Line, le.Offset, le.Err)
		}))
	}
	start := time.Now()
	prog := &progressLine{w: stderr, start: start, total: total, files: len(paths), on: *progress}
	opts = append(opts, simdjson.FileDone(func(path string, n int64, err error) {
		prog.done(sizes[path], n)
	}))
	res, err := count(paths, opts...)
	prog.finish()
	if err != nil {
		fmt.Fprintln(stderr, "ghcount:", err)
		return 1
	}
	res.Seconds = time.Since(start).Seconds()
	res.Bytes = prog.bytes
	res.BadLines = int(bad.Load())
	if *asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(res); err != nil {
			fmt.Fprintln(stderr, "ghcount:", err)
			return 1
		}
		return 0
	}
	printTable(stdout, res, *threads)
	return 0
}

var pointers = []string{"/type", "/payload/action", "/payload/pull_request/base/repo/language"}

// counts is one thread's tally. Its maps hold pointers so that a count
// seen before is incremented with a lookup, which converts the key without
// allocating (m[string(b)]++ allocates the key on every call).
type counts struct {
	types, langs map[string]*int64
}

// add counts one more k in m.
func add(m map[string]*int64, k []byte) {
	if n := m[string(k)]; n != nil {
		*n++
		return
	}
	n := int64(1)
	m[string(k)] = &n
}

// count runs the task over the files with MapFields: the native threads
// extract the three fields (the two payload fields of pull request events
// only), Go counts them.
func count(paths []string, opts ...simdjson.StreamOption) (*Result, error) {
	proj, err := simdjson.NewProjectionCases(pointers,
		simdjson.Case{Guard: 0, Values: []string{"PullRequestEvent"}, Fields: []int{1, 2}})
	if err != nil {
		return nil, err
	}
	defer proj.Close()
	states, err := simdjson.MapFields(simdjson.Files(paths...), proj,
		func(int) *counts { return &counts{types: map[string]*int64{}, langs: map[string]*int64{}} },
		countRow, opts...)
	if err != nil {
		return nil, err
	}
	res := &Result{Types: map[string]int64{}, Languages: map[string]int64{}, Files: len(paths)}
	for _, s := range states {
		for k, v := range s.types {
			res.Types[k] += *v
		}
		for k, v := range s.langs {
			res.Languages[k] += *v
		}
	}
	return res, nil
}

func countRow(c *counts, row simdjson.Row) error {
	typ, ok := row.Bytes(0)
	if !ok {
		return fieldError(row, 0)
	}
	add(c.types, typ)
	if string(typ) != "PullRequestEvent" {
		return nil
	}
	action, ok := row.Bytes(1)
	if !ok {
		return fieldError(row, 1)
	}
	if string(action) != "opened" {
		return nil
	}
	if lang, ok := row.Bytes(2); ok {
		add(c.langs, lang)
	} else if row.IsNull(2) || row.Missing(2) {
		add(c.langs, []byte(noLanguage))
	} else {
		return fieldError(row, 2)
	}
	return nil
}

func fieldError(row simdjson.Row, i int) error {
	if err := row.Err(i); err != nil {
		return fmt.Errorf("event at byte %d, %s: %w", row.Offset(), pointers[i], err)
	}
	return fmt.Errorf("event at byte %d, %s: a %v, not a string", row.Offset(), pointers[i], row.Kind(i))
}

func printTable(w io.Writer, r *Result, threads int) {
	var events, opened int64
	fmt.Fprintf(w, "%-28s %10s\n", "event type", "count")
	for _, k := range sorted(r.Types) {
		fmt.Fprintf(w, "%-28s %10d\n", k, r.Types[k])
		events += r.Types[k]
	}
	fmt.Fprintf(w, "%-28s %10d\n", "total", events)
	fmt.Fprintf(w, "\n%-28s %10s\n", "opened PRs by language", "count")
	for _, k := range sorted(r.Languages) {
		fmt.Fprintf(w, "%-28s %10d\n", k, r.Languages[k])
		opened += r.Languages[k]
	}
	fmt.Fprintf(w, "%-28s %10d\n", "total", opened)
	bad := ""
	if r.BadLines > 0 {
		bad = fmt.Sprintf(", %d bad lines skipped", r.BadLines)
	}
	fmt.Fprintf(w, "\n%d files, %d bytes (uncompressed) in %.2f s: %.2f GB/s on %d threads%s (kernel %s)\n",
		r.Files, r.Bytes, r.Seconds, float64(r.Bytes)/r.Seconds/1e9, threads, bad, simdjson.ActiveImplementation())
}

func sorted(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// progressLine reports files done, bytes, GB/s and an ETA (from the
// on-disk sizes of the files done) on one line, rewritten in place, at most
// every 200 ms, after the first second.
type progressLine struct {
	w     io.Writer
	on    bool
	start time.Time
	total int64 // on-disk bytes of all files
	files int

	mu        sync.Mutex
	doneFiles int
	doneDisk  int64
	bytes     int64 // uncompressed bytes read
	last      time.Time
	printed   bool
}

func (p *progressLine) done(disk, n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.doneFiles++
	p.doneDisk += disk
	p.bytes += n
	if !p.on {
		return
	}
	now := time.Now()
	el := now.Sub(p.start)
	if el < time.Second || now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	eta := "?"
	if p.doneDisk > 0 {
		eta = (time.Duration(float64(el) * float64(p.total-p.doneDisk) / float64(p.doneDisk))).Round(time.Second).String()
	}
	fmt.Fprintf(p.w, "\r%d/%d files, %.2f GB, %.2f GB/s, ETA %s   ", p.doneFiles, p.files, float64(p.bytes)/1e9,
		float64(p.bytes)/el.Seconds()/1e9, eta)
	p.printed = true
}

func (p *progressLine) finish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.printed {
		fmt.Fprintln(p.w)
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
