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
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	oneFile    bool // reads the first file only
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
	bytesOf := func(rw *row) int64 {
		if byName[rw.m.Name].oneFile {
			return man.Files[0].Bytes
		}
		return total
	}
	rss := map[*row]int64{} // peak RSS (KiB) over the row's runs
	for r := 0; r < *flagRuns; r++ {
		for _, rw := range rows {
			m := byName[rw.m.Name]
			for try := 1; ; try++ {
				runtime.GOMAXPROCS(rw.threads)
				runtime.GC()
				resetPeakRSS()
				cpu0 := cpuTime() + childCPUTime()
				t0 := time.Now()
				c, err := m.run(man.Files, rw.threads)
				d := time.Since(t0)
				share := (cpuTime() + childCPUTime() - cpu0).Seconds() / (d.Seconds() * float64(rw.threads))
				runtime.GOMAXPROCS(procs)
				if err != nil {
					return fmt.Errorf("%s, %d threads: %w", m.name, rw.threads, err)
				}
				rss[rw] = max(rss[rw], peakRSSKiB())
				if m.oneFile {
					c = nil // counts of one file: not the tally's
				}
				if !m.inflate && c != nil {
					c.flush()
					if diff := c.Diff(man.Tally); diff != "" {
						return fmt.Errorf("%s, %d threads: counts differ from the generator's tally; no figures printed:\n%s", m.name, rw.threads, diff)
					}
				}
				rw.times = append(rw.times, d)
				if rw.best == 0 || d < rw.best {
					rw.best, rw.bestShare = d, share
				}
				logf("%-28s %2d threads run %d: %v %.3f GB/s, CPU %.0f%% of wall × threads, peak RSS %d MiB", m.name, rw.threads, r+1, d.Round(time.Millisecond), gbps(int(bytesOf(rw)), d), 100*share, rss[rw]>>10)
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
				PeakRSS   int64   `json:"peak_rss_kib"`
			}{rw.m.Name, rw.threads, round3(gbps(int(bytesOf(rw)), rw.best)), false, true, round3(rw.bestShare), round3(cpuRate(bytesOf(rw), rw)), rss[rw]}); err != nil {
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
	fmt.Printf("%-28s %8s %5s %6s %7s", "method", "1 thread", "CPU", "GB/CPUs", "RSS MiB")
	if threads > 1 {
		fmt.Printf(" %9s %5s %7s %7s", fmt.Sprintf("%d threads", threads), "CPU", "scaling", "RSS MiB")
	}
	fmt.Printf("  %s\n", "how")
	for i := 0; i < len(rows); {
		one := rows[i]
		fmt.Printf("%-28s %8.3f %4.0f%% %6.3f %7d", one.m.Name, gbps(int(bytesOf(one)), one.best), 100*one.bestShare, cpuRate(bytesOf(one), one), rss[one]>>10)
		i++
		if threads > 1 {
			all := rows[i]
			i++
			fmt.Printf(" %9.3f %4.0f%% %6.2fx %7d", gbps(int(bytesOf(all)), all.best), 100*all.bestShare, one.best.Seconds()/all.best.Seconds(), rss[all]>>10)
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
		{name: "simdjson Files", note: "MapFields(Files(...)): libdeflate streaming (the default), a file per decompressing goroutine, up to -threads of them, feeding -threads parse threads",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return fieldsRun(simdjson.Files(gzPaths(files)...), threads)
			}},
		{name: "simdjson Files whole", note: "the same with GzipWholeMembers(): each member inflated whole into one buffer, then parsed (before issue 45)",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return fieldsRunOpts(simdjson.Files(gzPaths(files)...), threads, simdjson.GzipWholeMembers())
			}},
		{name: "simdjson one File", oneFile: true, note: "MapFields(File(first file)): one file, streaming, its inflating and parsing on different threads (rate over that file's bytes)",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return fieldsRun(simdjson.File(files[0].Path), threads)
			}},
		{name: "simdjson one File whole", oneFile: true, note: "the same with GzipWholeMembers()",
			run: func(files []gzFile, threads int) (*Counts, error) {
				return fieldsRunOpts(simdjson.File(files[0].Path), threads, simdjson.GzipWholeMembers())
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
	ms = append(ms, gzMethod{name: "inflate: libdeflate stream", inflate: true, note: "libdeflate's resumable decoder (internal/inflate Stream) in 1 MiB pieces after a 32 KiB window, CRC-32 checked, output discarded: what the default path inflates with",
		run: func(files []gzFile, threads int) (*Counts, error) {
			return overFiles(files, threads, inflateStream)
		}})
	ms = append(ms, gzMethod{name: "inflate: libdeflate one file", inflate: true, oneFile: true, note: "the first file alone, whole-member libdeflate, one thread whatever the column (rate over that file's bytes)",
		run: func(files []gzFile, threads int) (*Counts, error) {
			return inflateLibdeflate(files[0])
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

// inflateStream inflates a file with libdeflate's resumable decoder as the
// library's default gzip path does (gzip members with 10-byte headers, as
// the generator writes them), in bounded memory, the output discarded.
func inflateStream(f gzFile) (*Counts, error) {
	fh, err := os.Open(f.Path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	const inCap, window, outCap = 1 << 20, 32 << 10, 32<<10 + 1<<20
	in, out := inflate.Malloc(inCap), inflate.Malloc(outCap)
	defer inflate.Free(in)
	defer inflate.Free(out)
	d := inflate.New()
	defer d.Close()
	inb := unsafe.Slice((*byte)(in), inCap)
	outb := unsafe.Slice((*byte)(out), outCap)
	inN, eof := 0, false
	fill := func(from int) error {
		inN = copy(inb, inb[from:inN])
		for inN < inCap && !eof {
			k, err := fh.Read(inb[inN:])
			inN += k
			if err == io.EOF {
				eof = true
			} else if err != nil {
				return err
			}
		}
		return nil
	}
	if err := fill(0); err != nil {
		return nil, err
	}
	var total int64
	pos := 0
	for pos < inN || !eof {
		if inN-pos < 18 {
			if err := fill(pos); err != nil {
				return nil, err
			}
			pos = 0
		}
		if inN-pos < 18 || inb[pos] != 0x1f || inb[pos+1] != 0x8b || inb[pos+3] != 0 {
			return nil, fmt.Errorf("not a plain gzip member at %d", pos)
		}
		var st inflate.StreamState
		st.SetInBit(8 * (pos + 10))
		var crc, size uint32
		outN := 0
		for !st.Done() {
			if p := st.InBit() / 8; !eof && inN-p < 4096 {
				if err := fill(p); err != nil {
					return nil, err
				}
				st.SetInBit(st.InBit() - 8*p)
			}
			if outN > window {
				copy(outb, outb[outN-window:outN])
				outN = window
				st.SetOutPos(window)
			}
			if rc := d.Stream(&st, in, inN, eof, out, outCap); rc != inflate.OK {
				return nil, fmt.Errorf("libdeflate stream: code %d", rc)
			}
			crc = crc32.Update(crc, crc32.IEEETable, outb[outN:st.OutPos()])
			size += uint32(st.OutPos() - outN)
			total += int64(st.OutPos() - outN)
			outN = st.OutPos()
		}
		pos = st.InBit() / 8
		if inN-pos < 8 {
			if err := fill(pos); err != nil {
				return nil, err
			}
			pos = 0
		}
		if inN-pos < 8 || binary.LittleEndian.Uint32(inb[pos:]) != crc || binary.LittleEndian.Uint32(inb[pos+4:]) != size {
			return nil, fmt.Errorf("bad trailer at %d", pos)
		}
		pos += 8
	}
	if total != f.Bytes {
		return nil, fmt.Errorf("inflated %d bytes, want %d", total, f.Bytes)
	}
	return nil, nil
}

// resetPeakRSS resets the process's peak resident set size (Linux:
// /proc/self/clear_refs, 5), so that peakRSSKiB is each run's.
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSSKiB is the peak resident set size since resetPeakRSS (VmHWM of
// /proc/self/status; getrusage's ru_maxrss also keeps the peak seen when a
// thread exited, which clear_refs does not reset), else getrusage's.
// The Go heap the process kept from earlier runs (and from generating the
// files) counts too: bench/memory.sh runs each method in a process of its
// own for figures to check.
func peakRSSKiB() int64 {
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				var kib int64
				if _, err := fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), &kib); err == nil {
					return kib
				}
			}
		}
	}
	if ru, ok := rusage(syscall.RUSAGE_SELF); ok {
		return ru.Maxrss
	}
	return 0
}
