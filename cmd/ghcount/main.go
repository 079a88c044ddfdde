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
// feeding -threads parsing threads. A bad line (not JSON, or JSON but no
// event: no string type; a pull request event whose action is not a
// string or whose base repository's language is neither a string nor
// null) stops the count with its file and line (exit status 1); -skip-bad
// reports each bad line on standard error, counts it and goes on. A file
// that is plainly no NDJSON (a JSON array, binary data, an empty file) is
// named with what it is before anything is counted; -skip-bad skips it. A progress line (files, bytes, GB/s, ETA) goes to standard error
// when it is a terminal and the run takes more than a second.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/ghtable"
)

// sniffSize is how much of each file (decompressed) sniff reads.
const sniffSize = 64 << 10

// sniff reads the start of the file at path (decompressed when it starts
// with gzip's magic bytes) and says what it is when that is plainly no
// NDJSON: "empty" (no bytes, or only whitespace), "a JSON array, not
// NDJSON (one document per line)" (its first value starts with '['),
// "binary data at byte N, not JSON" (a NUL or another control character
// other than tab, newline, carriage return, form feed or backspace, which
// JSON text never holds raw, in its first 64 KiB), "UTF-16 text" (a UTF-16
// byte order mark), "...-compressed data" (zstd, xz, bzip2). It returns ""
// otherwise, also for a gzip stream it cannot read (the count reports
// that, with its offset), and an error only when the file cannot be
// opened or read.
func sniff(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 4096)
	magic, err := br.Peek(6)
	if err != nil && err != io.EOF {
		return "", err
	}
	for _, c := range []struct{ magic, name string }{
		{"\x28\xb5\x2f\xfd", "zstd"}, {"\xfd7zXZ\x00", "xz"}, {"BZh", "bzip2"},
	} {
		if bytes.HasPrefix(magic, []byte(c.magic)) {
			return c.name + "-compressed data, not JSON (ghcount reads NDJSON, plain or gzip)", nil
		}
	}
	r, where := decompressed(br, magic)
	if r == nil {
		return "", nil // a gzip header the count reports
	}
	buf := make([]byte, sniffSize)
	n, err := io.ReadFull(r, buf)
	// whole: the file ended within sniffSize. After a short read, one more
	// Read tells a clean end (io.EOF again) from a cut gzip stream.
	whole := err == io.EOF
	if err == io.ErrUnexpectedEOF {
		_, err2 := r.Read(make([]byte, 1))
		whole = err2 == io.EOF
	} else if err != nil && err != io.EOF && where == "" {
		return "", err
	}
	b := buf[:n]
	if bytes.HasPrefix(b, []byte("\xff\xfe")) || bytes.HasPrefix(b, []byte("\xfe\xff")) {
		return fmt.Sprintf("UTF-16 text (byte order mark %X)%s, not UTF-8 JSON", b[:2], where), nil
	}
	if i := bytes.IndexFunc(b, isBinary); i >= 0 {
		return fmt.Sprintf("binary data at byte %d%s, not JSON", i, where), nil
	}
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	t := bytes.TrimLeft(b, " \t\r\n")
	switch {
	case len(t) == 0 && whole && n == 0:
		return "empty", nil
	case len(t) == 0 && whole:
		return "empty (only whitespace)", nil
	case len(t) > 0 && t[0] == '[':
		return "a JSON array, not NDJSON (one document per line)", nil
	}
	return "", nil
}

// decompressed returns br through gzip when magic (its first bytes) is
// gzip's, with " (decompressed)" to say so in messages; nil when the gzip
// header is bad.
func decompressed(br *bufio.Reader, magic []byte) (io.Reader, string) {
	if len(magic) >= 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, ""
		}
		return zr, " (decompressed)"
	}
	return br, ""
}

// isBinary reports whether r is a control character JSON text never holds
// raw and text files seldom do: not tab, newline, carriage return, form
// feed or backspace.
func isBinary(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' && r != '\f' && r != '\b'
}

// binaryLine says "binary data at byte N" when the bad line of le (at most
// its first 64 KiB) holds a control character (see isBinary): a file
// whose binary part starts after what sniff read. It reads the file again
// up to the line, once, after the count stopped there.
func binaryLine(le *simdjson.LineError) string {
	if le.File == "" || le.Offset < 0 {
		return ""
	}
	f, err := os.Open(le.File)
	if err != nil {
		return ""
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	magic, _ := br.Peek(2)
	r, where := decompressed(br, magic)
	if r == nil {
		return ""
	}
	if _, err := io.CopyN(io.Discard, r, le.Offset); err != nil {
		return ""
	}
	buf := make([]byte, sniffSize)
	n, _ := io.ReadFull(r, buf)
	line, _, _ := bytes.Cut(buf[:n], []byte("\n"))
	if i := bytes.IndexFunc(line, isBinary); i >= 0 {
		if where != "" {
			where = ", decompressed"
		}
		return fmt.Sprintf("file %s: binary data at byte %d (line %d%s), not JSON", le.File, le.Offset+int64(i), le.Line, where)
	}
	return ""
}

// noLanguage is the table's name for opened pull requests whose base
// repository has no language (null or absent).
const noLanguage = ghtable.NoLanguage

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
	// SkippedFiles counts the files -skip-bad skipped whole: empty, a JSON
	// array, binary data (see sniff).
	SkippedFiles int `json:"skipped_files,omitempty"`
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
	var total int64 // compressed (on-disk) bytes, for the ETA
	sizes := map[string]int64{}
	var paths []string
	skipped, failed := 0, false
	for _, p := range fs.Args() {
		st, err := os.Stat(p)
		if err != nil {
			fmt.Fprintln(stderr, "ghcount:", err)
			return 1
		}
		// A file that is no NDJSON at all is named with what it is,
		// before any counting. Only regular files are sniffed: reading the
		// start of a pipe (ghcount <(zcat ...)) would take it from the count.
		var what string
		if st.Mode().IsRegular() {
			if what, err = sniff(p); err != nil {
				fmt.Fprintln(stderr, "ghcount:", err)
				return 1
			}
		}
		if what != "" {
			if *skipBad {
				fmt.Fprintf(stderr, "ghcount: skipped file %s: %s\n", p, what)
				skipped++
				continue
			}
			fmt.Fprintf(stderr, "ghcount: file %s: %s\n", p, what)
			failed = true
			continue
		}
		paths = append(paths, p)
		sizes[p] = st.Size()
		total += st.Size()
	}
	if failed {
		return 1
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
		var le *simdjson.LineError
		if errors.As(err, &le) || errors.Is(err, simdjson.ErrBadLine) {
			if le != nil {
				if what := binaryLine(le); what != "" {
					fmt.Fprintf(stderr, "ghcount: %s\n", what)
				}
			}
			fmt.Fprintf(stderr, "ghcount: %v (-skip-bad skips bad lines)\n", err)
		} else {
			fmt.Fprintln(stderr, "ghcount:", err)
		}
		return 1
	}
	res.SkippedFiles = skipped
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
	if len(paths) == 0 { // every file skipped
		return &Result{Types: map[string]int64{}, Languages: map[string]int64{}}, nil
	}
	proj, err := simdjson.NewProjectionCases(ghtable.Pointers,
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

// countRow counts one event. An event it cannot count (see
// ghtable.Classify) counts nothing, not even its type: under -skip-bad it
// is a skipped bad line, as the Beam pipeline skips it.
func countRow(c *counts, row simdjson.Row) error {
	typ, language, lang, err := ghtable.Classify(row)
	if err != nil {
		return err
	}
	if lang {
		add(c.langs, language)
	}
	add(c.types, typ)
	return nil
}

func printTable(w io.Writer, r *Result, threads int) {
	io.WriteString(w, ghtable.Format(r.Types, r.Languages))
	bad := ""
	if r.BadLines > 0 {
		bad = fmt.Sprintf(", %d bad lines skipped", r.BadLines)
	}
	if r.SkippedFiles > 0 {
		bad += fmt.Sprintf(", %d files skipped", r.SkippedFiles)
	}
	fmt.Fprintf(w, "\n%d files, %d bytes (uncompressed) in %.2f s: %.2f GB/s on %d threads%s (kernel %s)\n",
		r.Files, r.Bytes, r.Seconds, float64(r.Bytes)/r.Seconds/1e9, threads, bad, simdjson.ActiveImplementation())
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
