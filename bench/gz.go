package main

// -gz: the seed task end to end from compressed files, as GH Archive
// publishes them (one .json.gz file an hour). The generated events (-size,
// -seed) are written once as hourly-sized files (-gz-file) compressed by
// klauspost/compress's gzip at level 6 (gzip's default), in -gz-dir, and
// reused by later invocations. Each method then reads the files, inflates,
// parses and counts, on one thread and on -threads; every result is checked
// against the generator's tally. The inflate-only rows time decompression
// alone (output discarded), the ceiling of each decompressor.

import (
	"bufio"
	stdgzip "compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	kgzip "github.com/klauspost/compress/gzip"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/internal/inflate"
)

var (
	flagGz         = flag.Bool("gz", false, "run the task over generated .json.gz files, end to end (read, inflate, parse, count): see gz.go")
	flagGzFile     = flag.String("gz-file", "950MB", "with -gz: uncompressed bytes per file (one hour of GH Archive events in 2024 is about 0.95 GB)")
	flagGzDir      = flag.String("gz-dir", "", "with -gz: where the files are written and reused (default: a directory in the system's temporary directory named by -size, -seed and -gz-file)")
	flagChartTitle = flag.String("chart-title", "", "with -chart: the chart's title (default: the seed suite's)")
	flagGzPeers    = flag.String("gz-peers", "goccy,fastjson", "with -gz: the pure-Go peers (seed methods) run through compress/gzip and klauspost/compress")
)

// gzFile is one generated file.
type gzFile struct {
	Path  string
	Bytes int64 // uncompressed
	Disk  int64
}

type gzManifest struct {
	Files []gzFile
	Tally *Counts
}

// gzMethod is one way through the files.
type gzMethod struct {
	name, note string
	inflate    bool // inflate only: no counts
	run        func(files []gzFile, threads int) (*Counts, error)
}

func runGz(size int64) error {
	per, err := parseSize(*flagGzFile)
	if err != nil {
		return err
	}
	dir := *flagGzDir
	if dir == "" {
		dir = filepath.Join(os.TempDir(), fmt.Sprintf("simdjson-bench-gz-%d-%d-%d", size, *flagSeed, per))
	}
	man, err := gzFiles(dir, size, per)
	if err != nil {
		return err
	}
	var total, disk int64
	for _, f := range man.Files {
		total += f.Bytes
		disk += f.Disk
	}
	logf("%d files in %s: %s bytes, %s compressed (%.2fx)", len(man.Files), dir, commas(total), commas(disk), float64(total)/float64(disk))
	methods := gzMethods()
	if *flagMethods != "" {
		var sel []gzMethod
		for _, name := range strings.Split(*flagMethods, ",") {
			found := false
			for _, m := range methods {
				if m.name == strings.TrimSpace(name) {
					sel, found = append(sel, m), true
				}
			}
			if !found {
				return fmt.Errorf("-gz has no method %q", name)
			}
		}
		methods = sel
	}
	threads := max(*flagThreads, 1)
	var rows []*row
	for _, m := range methods {
		for _, t := range threadCounts(threads) {
			rows = append(rows, &row{m: Method{Name: m.name, Note: m.note}, threads: t, valid: &validity{}})
		}
	}
	byName := map[string]gzMethod{}
	for _, m := range methods {
		byName[m.name] = m
	}
	procs := runtime.GOMAXPROCS(0)
	for r := 0; r < *flagRuns; r++ {
		for _, rw := range rows {
			m := byName[rw.m.Name]
			for try := 1; ; try++ {
				runtime.GOMAXPROCS(rw.threads)
				runtime.GC()
				cpu0 := cpuTime() + childCPUTime()
				t0 := time.Now()
				c, err := m.run(man.Files, rw.threads)
				d := time.Since(t0)
				share := (cpuTime() + childCPUTime() - cpu0).Seconds() / (d.Seconds() * float64(rw.threads))
				runtime.GOMAXPROCS(procs)
				if err != nil {
					return fmt.Errorf("%s, %d threads: %w", m.name, rw.threads, err)
				}
				if !m.inflate {
					c.flush()
					if diff := c.Diff(man.Tally); diff != "" {
						return fmt.Errorf("%s, %d threads: counts differ from the generator's tally; no figures printed:\n%s", m.name, rw.threads, diff)
					}
				}
				rw.times = append(rw.times, d)
				if rw.best == 0 || d < rw.best {
					rw.best, rw.bestShare = d, share
				}
				logf("%-28s %2d threads run %d: %v %.3f GB/s, CPU %.0f%% of wall × threads", m.name, rw.threads, r+1, d.Round(time.Millisecond), gbps(int(total), d), 100*share)
				if share >= *flagShare || try == 3 {
					break
				}
				rw.starved++
			}
		}
	}
	if *flagJSON {
		enc := json.NewEncoder(os.Stdout)
		for _, rw := range rows {
			if err := enc.Encode(struct {
				Method    string  `json:"method"`
				Threads   int     `json:"threads"`
				GBps      float64 `json:"gbps"`
				Validates bool    `json:"validates"`
				OK        bool    `json:"ok"`
				CPU       float64 `json:"cpu_share"`
				CPUGBps   float64 `json:"gb_per_cpu_second"`
			}{rw.m.Name, rw.threads, round3(gbps(int(total), rw.best)), false, true, round3(rw.bestShare), round3(cpuRate(total, rw))}); err != nil {
				return err
			}
		}
		fmt.Fprintf(os.Stderr, "peak RSS of this process: %s\n", peakRSS())
		return nil
	}
	fmt.Print(man.Tally.Summary())
	fmt.Printf("\n-gz: %d files, %s bytes uncompressed (%s on disk, gzip -6 by klauspost/compress), generated, seed %d; best of %d runs; GB/s = uncompressed bytes / best time; CPU = CPU time / (wall × threads) of the best run\n",
		len(man.Files), commas(total), commas(disk), *flagSeed, *flagRuns)
	fmt.Printf("machine: %s; GOMAXPROCS = the column's threads\n\n", machine())
	fmt.Printf("%-28s %8s %5s %6s", "method", "1 thread", "CPU", "GB/CPUs")
	if threads > 1 {
		fmt.Printf(" %9s %5s %7s", fmt.Sprintf("%d threads", threads), "CPU", "scaling")
	}
	fmt.Printf("  %s\n", "how")
	for i := 0; i < len(rows); {
		one := rows[i]
		fmt.Printf("%-28s %8.3f %4.0f%% %6.3f", one.m.Name, gbps(int(total), one.best), 100*one.bestShare, cpuRate(total, one))
		i++
		if threads > 1 {
			all := rows[i]
			i++
			fmt.Printf(" %9.3f %4.0f%% %6.2fx", gbps(int(total), all.best), 100*all.bestShare, one.best.Seconds()/all.best.Seconds())
		}
		fmt.Printf("  %s\n", one.m.Note)
	}
	fmt.Printf("\npeak RSS of this process (generation excluded when the files were already there): %s\n", peakRSS())
	return nil
}

// cpuRate is the row's uncompressed bytes per second of process CPU time
// (GB), over its best run, gzip -dc's processes included: less sensitive
// than wall time to other processes on a shared machine.
func cpuRate(total int64, rw *row) float64 {
	cpu := rw.bestShare * rw.best.Seconds() * float64(rw.threads)
	if cpu <= 0 {
		return 0
	}
	return float64(total) / cpu / 1e9
}

// gzFiles returns the manifest of the files in dir, writing them first when
// they are not there.
func gzFiles(dir string, size, per int64) (*gzManifest, error) {
	manPath := filepath.Join(dir, "manifest.json")
	if b, err := os.ReadFile(manPath); err == nil {
		var m gzManifest
		if err := json.Unmarshal(b, &m); err == nil && len(m.Files) > 0 {
			ok := true
			for _, f := range m.Files {
				if st, err := os.Stat(f.Path); err != nil || st.Size() != f.Disk {
					ok = false
				}
			}
			if ok {
				return &m, nil
			}
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	start := time.Now()
	g := NewGenerator(*flagSeed)
	var m gzManifest
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	sem := make(chan struct{}, runtime.NumCPU())
	var written int64
	for hour := 0; written < size; hour++ {
		var buf []byte
		for int64(len(buf)) < min(per, size-written) {
			buf = g.Next(buf)
		}
		written += int64(len(buf))
		f := gzFile{Path: filepath.Join(dir, fmt.Sprintf("2024-03-13-%d.json.gz", hour)), Bytes: int64(len(buf))}
		m.Files = append(m.Files, f)
		i := len(m.Files) - 1
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			n, err := writeGz(f.Path, buf)
			mu.Lock()
			defer mu.Unlock()
			if err != nil && firstErr == nil {
				firstErr = err
			}
			m.Files[i].Disk = n
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	m.Tally = g.Tally()
	b, err := json.Marshal(&m)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(manPath, b, 0o644); err != nil {
		return nil, err
	}
	logf("wrote %d .json.gz files in %v", len(m.Files), time.Since(start).Round(time.Millisecond))
	return &m, nil
}

func writeGz(path string, data []byte) (int64, error) {
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	zw, err := kgzip.NewWriterLevel(bw, 6)
	if err == nil {
		_, err = zw.Write(data)
	}
	if err == nil {
		err = zw.Close()
	}
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, err
	}
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}

// overFiles runs fn on each file, on min(threads, files) goroutines that
// take the files in turn, and merges the counts.
func overFiles(files []gzFile, threads int, fn func(f gzFile) (*Counts, error)) (*Counts, error) {
	var next atomic.Int64
	total := newCounts()
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range max(1, min(threads, len(files))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(files) {
					return
				}
				c, err := fn(files[i])
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("%s: %w", files[i].Path, err)
				}
				if c != nil {
					total.merge(c)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return total, firstErr
}

func gzPaths(files []gzFile) []string {
	var p []string
	for _, f := range files {
		p = append(p, f.Path)
	}
	return p
}

// decompressors through which the pure-Go peers (and the library, for
// comparison) read the files.
var decompressors = []struct {
	name string
	open func(io.Reader) (io.Reader, error)
}{
	{"compress/gzip", func(r io.Reader) (io.Reader, error) { return stdgzip.NewReader(r) }},
	{"klauspost", func(r io.Reader) (io.Reader, error) { return kgzip.NewReader(r) }},
}

func openWith(path string, open func(io.Reader) (io.Reader, error)) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	zr, err := open(bufio.NewReaderSize(f, 1<<20))
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return zr, func() { f.Close() }, nil
}

func gzMethods() []gzMethod {
	ms := []gzMethod{
		{name: "simdjson Files", note: "MapFields(Files(...)): libdeflate, a file per decompressing goroutine, -threads of them, feeding -threads parse threads",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return fieldsRun(simdjson.Files(gzPaths(files)...), threads)
			}},
		{name: "simdjson File per worker", note: "a goroutine per thread, each MapFields(File(f), Threads(1)) over one file at a time",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return overFiles(files, threads, func(f gzFile) (*Counts, error) { return fieldsRun(simdjson.File(f.Path), 1) })
			}},
	}
	for _, d := range decompressors {
		ms = append(ms, gzMethod{name: "simdjson Reader+" + d.name, note: "MapFields(Reader(" + d.name + ".NewReader(f)), Threads(1)), a file per goroutine",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return overFiles(files, threads, func(f gzFile) (*Counts, error) {
					r, done, err := openWith(f.Path, d.open)
					if err != nil {
						return nil, err
					}
					defer done()
					return fieldsRun(simdjson.Reader(r), 1)
				})
			}})
	}
	seed := suites["seed"]
	for _, name := range strings.Split(*flagGzPeers, ",") {
		name = strings.TrimSpace(name)
		pm, ok := seed.methods[name]
		if name == "" || !ok || pm.Skip != "" {
			continue
		}
		for _, d := range decompressors {
			ms = append(ms, gzMethod{name: name + "+" + d.name, note: "inflate a file into memory with " + d.name + ", then " + name + " over it; a file per goroutine",
				run: func(files []gzFile, threads int) (*Counts, error) {
					return overFiles(files, threads, func(f gzFile) (*Counts, error) {
						r, done, err := openWith(f.Path, d.open)
						if err != nil {
							return nil, err
						}
						defer done()
						data := make([]byte, 0, f.Bytes+64)
						data, err = readAllInto(r, data)
						if err != nil {
							return nil, err
						}
						res, err := pm.Run(data, 1)
						if err != nil {
							return nil, err
						}
						return res.(*Counts), nil
					})
				}})
		}
	}
	ms = append(ms, gzMethod{name: "gzip -dc | native-cpp", note: "gzip -dc in a process of its own per file, its output parsed by native-cpp in 16 MB slices of whole lines as it comes",
		run: func(files []gzFile, threads int) (*Counts, error) {
			return overFiles(files, threads, gzipNative)
		}})
	// Inflating alone.
	ms = append(ms, gzMethod{name: "inflate: libdeflate", inflate: true, note: "the library's decompressor (internal/inflate): file read whole, members inflated into one buffer, output discarded",
		run: func(files []gzFile, threads int) (*Counts, error) {
			return overFiles(files, threads, inflateLibdeflate)
		}})
	for _, d := range decompressors {
		ms = append(ms, gzMethod{name: "inflate: " + d.name, inflate: true, note: "io.Copy to io.Discard",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return overFiles(files, threads, func(f gzFile) (*Counts, error) {
					r, done, err := openWith(f.Path, d.open)
					if err != nil {
						return nil, err
					}
					defer done()
					n, err := io.Copy(io.Discard, r)
					if err == nil && n != f.Bytes {
						err = fmt.Errorf("inflated %d bytes, want %d", n, f.Bytes)
					}
					return nil, err
				})
			}})
	}
	ms = append(ms, gzMethod{name: "inflate: gzip -dc", inflate: true, note: "gzip -dc > /dev/null",
		run: func(files []gzFile, threads int) (*Counts, error) {
			return overFiles(files, threads, func(f gzFile) (*Counts, error) {
				return nil, exec.Command("gzip", "-dc", f.Path).Run()
			})
		}})
	return ms
}

func readAllInto(r io.Reader, b []byte) ([]byte, error) {
	for {
		if len(b) == cap(b)-64 {
			b = append(b[:cap(b)], 0)[:len(b)] // grow
		}
		n, err := r.Read(b[len(b) : cap(b)-64])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// gzipNative runs gzip -dc over the file and native-cpp over its output,
// in slices of whole lines, while gzip goes on.
func gzipNative(f gzFile) (*Counts, error) {
	cmd := exec.Command("gzip", "-dc", f.Path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	const slice = 16 << 20
	chunks := make(chan []byte, 2)
	var rerr error
	go func() {
		defer close(chunks)
		var carry []byte
		for {
			b := make([]byte, 0, slice+len(carry)+64)
			b = append(b, carry...)
			n, err := io.ReadFull(out, b[len(b):cap(b)-64])
			b = b[:len(b)+n]
			if err == io.EOF || err == io.ErrUnexpectedEOF {
				if len(b) > 0 {
					chunks <- b
				}
				return
			}
			if err != nil {
				rerr = err
				return
			}
			cut := strings.LastIndexByte(unsafe.String(unsafe.SliceData(b), len(b)), '\n') + 1
			carry = append([]byte(nil), b[cut:]...)
			chunks <- b[:cut]
		}
	}()
	total := newCounts()
	var perr error
	for b := range chunks {
		if perr != nil {
			continue
		}
		c, err := nativeRun(b, 1)
		if err != nil {
			perr = err
			continue
		}
		total.merge(c)
	}
	if err := cmd.Wait(); err != nil {
		return nil, err
	}
	return total, errors.Join(rerr, perr)
}

func inflateLibdeflate(f gzFile) (*Counts, error) {
	in, err := os.ReadFile(f.Path)
	if err != nil {
		return nil, err
	}
	d := inflate.New()
	defer d.Close()
	outCap := int(f.Bytes) + 1
	out := inflate.Malloc(outCap)
	defer inflate.Free(out)
	var n int64
	for pos := 0; pos < len(in); {
		used, k, rc := d.Gzip(in[pos:], out, outCap)
		if rc != inflate.OK {
			return nil, fmt.Errorf("libdeflate: code %d at %d", rc, pos)
		}
		pos += used
		n += int64(k)
	}
	if n != f.Bytes {
		return nil, fmt.Errorf("inflated %d bytes, want %d", n, f.Bytes)
	}
	return nil, nil
}
