// Package ghbeam is the seed's task as an Apache Beam pipeline: count GitHub
// events by type, and newly opened pull requests by the language of their
// base repository, over many NDJSON files (.json.gz or plain), with this
// library parsing each file inside a DoFn.
//
// The pipeline: match the input files (a glob on any filesystem Beam
// supports: local paths, gs://, ...) → reshuffle them over the workers → a
// DoFn runs MapFields with a projection of three JSON pointers over each
// file and emits that file's partial counts → sum per key → one table,
// written to a text file.
//
// The projection is compiled once per DoFn instance (Setup) and freed in
// Teardown; the parsers of the map are the library's, kept by the process
// across maps (up to one per CPU), so neither is made per element.
package ghbeam

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/transforms/stats"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/ghtable"

	// Filesystems the input and output paths may name.
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
)

// Metric names, in namespace Namespace (Beam counters, summed over workers).
const (
	Namespace = "ghbeam"
	// MetricFiles counts the files read, MetricBytes their bytes after
	// decompression, MetricEvents the events counted.
	MetricFiles  = "files"
	MetricBytes  = "bytes"
	MetricEvents = "events"
	// MetricBadLines counts lines that are not one JSON value, skipped under
	// BadSkip.
	MetricBadLines = "bad_lines"
	// MetricBadEvents counts lines that are JSON but not an event this task
	// can count (no string "type"; a pull request event without a string
	// payload.action; a language that is neither a string nor null), skipped
	// under BadSkip.
	MetricBadEvents = "bad_events"
	// MetricBundles counts the bundles the counting DoFn processed.
	MetricBundles = "bundles"
)

var (
	filesCounter     = beam.NewCounter(Namespace, MetricFiles)
	bytesCounter     = beam.NewCounter(Namespace, MetricBytes)
	eventsCounter    = beam.NewCounter(Namespace, MetricEvents)
	badLinesCounter  = beam.NewCounter(Namespace, MetricBadLines)
	badEventsCounter = beam.NewCounter(Namespace, MetricBadEvents)
	bundlesCounter   = beam.NewCounter(Namespace, MetricBundles)
)

// Bad-line policies.
const (
	// BadStop fails the file, and so the job, at the first bad line or bad
	// event, with an error naming the file and the line.
	BadStop = "stop"
	// BadSkip skips bad lines and bad events and counts them
	// (MetricBadLines, MetricBadEvents).
	BadSkip = "skip"
)

// Options of the pipeline.
type Options struct {
	// Input is a glob of the event files (e.g. /data/2024-01-*.json.gz,
	// gs://bucket/gharchive/2024-*.json.gz). Names ending in .gz are read
	// through gzip.
	Input string
	// Output is the file the table is written to.
	Output string
	// Bad is BadStop (the default when empty) or BadSkip.
	Bad string
	// Threads is the number of native threads of each file's map (0: 2).
	// A worker runs several bundles at once, each with its own map.
	Threads int
}

// Keys of the partial counts: a prefix, then the event type or language.
const (
	typePrefix = "type\t"
	langPrefix = "lang\t"
	// NoLanguage stands for a null or missing base-repository language, as
	// in ghcount's table.
	NoLanguage = ghtable.NoLanguage
)

func init() {
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(string, int64), error](&countFileFn{})
	register.Emitter2[string, int64]()
	register.Function2x2(keyRow)
	register.Function2x2(buildTable)
	register.Iter1[string]()
	beam.RegisterType(reflect.TypeOf((*countFileFn)(nil)).Elem())
}

// Build adds the pipeline to s and returns the PCollection of its one
// element, the table (also written to o.Output).
func Build(s beam.Scope, o Options) (beam.PCollection, error) {
	bad := o.Bad
	if bad == "" {
		bad = BadStop
	}
	if bad != BadStop && bad != BadSkip {
		return beam.PCollection{}, fmt.Errorf("ghbeam: bad-line policy %q: want %q or %q", o.Bad, BadStop, BadSkip)
	}
	if o.Input == "" || o.Output == "" {
		return beam.PCollection{}, errors.New("ghbeam: an input glob and an output file are needed")
	}
	if o.Threads < 0 || o.Threads > simdjson.MaxThreads {
		return beam.PCollection{}, fmt.Errorf("ghbeam: %d threads: want 0 to %d", o.Threads, simdjson.MaxThreads)
	}
	matched := fileio.MatchFiles(s.Scope("Match"), o.Input, fileio.MatchEmptyDisallow())
	// Spread the files over workers (and prism's bundles): without it a
	// runner may keep the whole match in one bundle.
	files := fileio.ReadMatches(s.Scope("Files"), beam.Reshuffle(s.Scope("Spread"), matched))
	partial := beam.ParDo(s.Scope("CountFile"), &countFileFn{Skip: bad == BadSkip, Threads: o.Threads}, files)
	summed := stats.SumPerKey(s.Scope("Sum"), partial)
	rows := beam.ParDo(s.Scope("Rows"), keyRow, summed)
	table := beam.ParDo(s.Scope("Table"), buildTable, beam.GroupByKey(s.Scope("One"), rows))
	textio.Write(s.Scope("Write"), o.Output, table)
	return table, nil
}

// The three fields of each event: the type, and for pull request events
// only (a Case of the type) the action and the base repository's language.

// countFileFn counts the events of one file per element.
type countFileFn struct {
	Skip    bool
	Threads int

	proj *simdjson.Projection
}

// Setup compiles the projection once per DoFn instance.
func (fn *countFileFn) Setup() error {
	proj, err := NewFieldsProjection()
	if err != nil {
		return err
	}
	fn.proj = proj
	return nil
}

// StartBundle counts bundles (the test of parallelism reads it).
func (fn *countFileFn) StartBundle(ctx context.Context, _ func(string, int64)) {
	bundlesCounter.Inc(ctx, 1)
}

// Teardown frees the projection.
func (fn *countFileFn) Teardown() {
	if fn.proj != nil {
		fn.proj.Close()
		fn.proj = nil
	}
}

// fileCounts is one map worker's counts.
type fileCounts struct {
	types, langs map[string]int64
	events       int64
	badEvents    int64
}

func (fn *countFileFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(string, int64)) error {
	c, err := countFile(ctx, f.Metadata.Path, fn.proj, fn.Threads, fn.Skip)
	if err != nil {
		return err
	}
	for k, v := range c.Types {
		emit(typePrefix+k, v)
	}
	for k, v := range c.Langs {
		emit(langPrefix+k, v)
	}
	filesCounter.Inc(ctx, 1)
	bytesCounter.Inc(ctx, c.Bytes)
	eventsCounter.Inc(ctx, c.Events)
	badLinesCounter.Inc(ctx, c.BadLines)
	badEventsCounter.Inc(ctx, c.BadEvents)
	return nil
}

// FileCounts are one file's counts.
type FileCounts struct {
	Table
	Events, BadLines, BadEvents int64
	// Bytes is the size of the events, decompressed.
	Bytes int64
}

// NewFieldsProjection compiles the task's projection: the type, and for
// pull request events only (a Case of the type) the action and the base
// repository's language. The caller closes it.
func NewFieldsProjection() (*simdjson.Projection, error) {
	return simdjson.NewProjectionCases(ghtable.Pointers,
		simdjson.Case{Guard: 0, Values: []string{"PullRequestEvent"}, Fields: []int{1, 2}})
}

// CountFile counts one file's events as the pipeline's DoFn does (the
// baseline of the engine's overhead: the same work without Beam).
func CountFile(ctx context.Context, path string, proj *simdjson.Projection, threads int, skip bool) (*FileCounts, error) {
	return countFile(ctx, path, proj, threads, skip)
}

func countFile(ctx context.Context, path string, proj *simdjson.Projection, threads int, skip bool) (_ *FileCounts, err error) {
	var opts []simdjson.StreamOption
	in, n, closeIn, err := OpenEvents(ctx, path, &opts)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := closeIn(); cerr != nil && err == nil {
			err = fmt.Errorf("%s: %w", path, cerr)
		}
	}()
	if threads == 0 {
		threads = 2
	}
	opts = append(opts, simdjson.Threads(threads))
	var badLines int64
	if skip {
		opts = append(opts, simdjson.SkipBadLines(func(*simdjson.LineError) { badLines++ }))
	}
	states, err := simdjson.MapFields(in, proj,
		func(int) *fileCounts { return &fileCounts{types: map[string]int64{}, langs: map[string]int64{}} },
		func(c *fileCounts, row simdjson.Row) error {
			if err := countRow(c, row); err != nil {
				if !skip {
					return err
				}
				c.badEvents++
			}
			return nil
		}, opts...)
	if err != nil {
		var le *simdjson.LineError
		if errors.As(err, &le) {
			return nil, fmt.Errorf("%s: line %d (byte %d): %w (run with the skip policy to skip and count bad lines)", path, le.Line, le.Offset, le.Err)
		}
		var fe *simdjson.FuncError
		if errors.As(err, &fe) {
			return nil, fmt.Errorf("%s: line %d (byte %d): %w (run with the skip policy to skip and count bad events)", path, fe.Line, fe.Offset, fe.Err)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	total := &FileCounts{Table: Table{Types: map[string]int64{}, Langs: map[string]int64{}}, BadLines: badLines, Bytes: *n}
	for _, c := range states {
		for k, v := range c.types {
			total.Types[k] += v
		}
		for k, v := range c.langs {
			total.Langs[k] += v
		}
		total.Events += c.events
		total.BadEvents += c.badEvents
	}
	return total, nil
}

// countRow counts one event; an error is a bad event (see MetricBadEvents),
// which counts nothing (see ghtable.Classify).
func countRow(c *fileCounts, row simdjson.Row) error {
	typ, language, lang, err := ghtable.Classify(row)
	if err != nil {
		return err
	}
	if lang {
		c.langs[string(language)]++
	}
	c.types[string(typ)]++
	c.events++
	return nil
}

// OpenEvents opens one file of events as an input of the library. A local
// path is the library's own Files input, which decompresses .json.gz files
// with its vendored libdeflate (3.5 times compress/gzip per core); opts
// then gains the FileDone option that sets *n. Other paths (gs://) go
// through Beam's filesystems, decoding gzip with compress/gzip when the
// name ends in .gz (Decompressed), so that *n can count the bytes read
// after decompression. *n is known once the map is done.
func OpenEvents(ctx context.Context, path string, opts *[]simdjson.StreamOption) (in simdjson.Input, n *int64, closeFn func() error, err error) {
	if !strings.Contains(path, "://") {
		n = new(int64)
		*opts = append(*opts, simdjson.FileDone(func(_ string, read int64, _ error) { *n = read }))
		return simdjson.Files(path), n, func() error { return nil }, nil
	}
	r, closeFn, err := Decompressed(ctx, path)
	if err != nil {
		return simdjson.Input{}, nil, nil, err
	}
	cr := &countingReader{r: r}
	return simdjson.Reader(cr), &cr.n, closeFn, nil
}

// Decompressed opens path through Beam's filesystems, through gzip when its
// name ends in .gz.
func Decompressed(ctx context.Context, path string) (r io.Reader, closeFn func() error, err error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		fs.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	closeFn = func() error {
		err := rc.Close()
		fs.Close()
		return err
	}
	if !strings.HasSuffix(path, ".gz") {
		return rc, closeFn, nil
	}
	zr, err := gzip.NewReader(bufio.NewReaderSize(rc, 1<<20))
	if err != nil {
		closeFn()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return zr, closeFn, nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// keyRow turns a summed count into one row of the table, all under one key
// so that buildTable sees them together.
func keyRow(k string, n int64) (int, string) {
	return 0, k + "\t" + strconv.FormatInt(n, 10)
}

// buildTable formats the rows as ghcount prints its table.
func buildTable(_ int, rows func(*string) bool) (string, error) {
	t := Table{Types: map[string]int64{}, Langs: map[string]int64{}}
	var row string
	for rows(&row) {
		kind, rest, ok1 := strings.Cut(row, "\t")
		key, num, ok2 := strings.Cut(rest, "\t")
		n, err := strconv.ParseInt(num, 10, 64)
		if !ok1 || !ok2 || err != nil {
			return "", fmt.Errorf("ghbeam: malformed row %q", row)
		}
		switch kind + "\t" {
		case typePrefix:
			t.Types[key] += n
		case langPrefix:
			t.Langs[key] += n
		default:
			return "", fmt.Errorf("ghbeam: malformed row %q", row)
		}
	}
	return strings.TrimSuffix(t.String(), "\n"), nil
}

// Table is the seed task's result: events by type, opened pull requests by
// base-repository language (NoLanguage for null or missing).
type Table struct {
	Types, Langs map[string]int64
}

// String formats t as ghcount prints it, with the same function
// (internal/ghtable.Format): two sections, each sorted by count
// (descending), then name, each with its total, the columns as wide as the
// longest name and count so that every row lines up.
func (t Table) String() string { return ghtable.Format(t.Types, t.Langs) }

// ParseTable reads a table as Table.String and ghcount print it
// (internal/ghtable.Parse): other lines of ghcount's output, before the
// first section or after a blank line that ends the second, are ignored;
// the total rows are checked, not counted.
func ParseTable(text string) (Table, error) {
	types, langs, err := ghtable.Parse(text)
	return Table{Types: types, Langs: langs}, err
}

// ReadOutput reads the table the pipeline wrote to path (any Beam
// filesystem).
func ReadOutput(ctx context.Context, path string) (Table, string, error) {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return Table{}, "", err
	}
	defer fs.Close()
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		return Table{}, "", err
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		return Table{}, "", err
	}
	t, err := ParseTable(string(b))
	return t, string(b), err
}
