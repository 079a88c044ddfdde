// Command handles compares the cost of reading a few fields of many small
// JSON documents through this binding's handles with the same work done by
// the vendored simdjson's On-Demand API in native C++ (native/handles.cpp).
//
// Every event (one JSON document per line) of every *.ndjson file in -data is
// parsed as its own document and type, actor.login, repo.name, created_at and
// payload.action (often absent) are read as strings. Both sides parse each
// line in place from the same layout (all lines in one buffer, 64 zero bytes
// after each), with one reused parser, and measure only the parse+read loop
// over data already in memory. Runs alternate between Go and native (the
// native program waits on its stdin for each run), so machine noise hits
// both. The last line printed is "ratio go/native: X.XX" (median Go time over
// median native time).
//
// Run it with `make bench-handles`, or after building the native program:
//
//	cd bench && go run ./handles -native handles/native_handles [-runs 15] [-breakdown]
//
// (bench/ is its own Go module; the defaults below are relative to bench/.)
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

var (
	flagNative    = flag.String("native", "handles/native_handles", "path of the native benchmark program (built by make bench-handles)")
	flagData      = flag.String("data", "../../shared/data/gharchive", "folder of *.ndjson files (one event per line)")
	flagRuns      = flag.Int("runs", 15, "timed runs of each side (each a full pass over all events)")
	flagWarmup    = flag.Int("warmup", 3, "untimed warm-up passes of each side")
	flagBreakdown = flag.Bool("breakdown", false, "also time partial loops (parse only, +type, ...) on every side and a bare cgo call")
	flagRewarm    = flag.Int("rewarm", 1, "untimed passes right before each timed run, on each side (the other side's run in between evicts caches)")
	flagCPU       = flag.Int("cpu", -1, "CPU to run both sides on (they alternate, so they share it); -1: the first CPU allowed; -2: do not pin")
	flagShim      = flag.String("shim", "", "with -breakdown: path of the native program built with -DHANDLES_VIA_SHIM (C++ calling the binding's shim)")
)

const gap = simdjson.Padding // 64 bytes after each line

// corpus holds every event, each line a slice of one buffer with gap spare
// bytes of capacity, ready for a zero-copy Parse.
type corpus struct {
	files []string
	lines [][]byte
	bytes int
}

func load(files []string) (*corpus, error) {
	var datas [][]byte
	total := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		datas = append(datas, b)
		total += len(b)
	}
	c := &corpus{files: files}
	// Upper bound: every line plus its gap; allocated once so that line
	// slices never move.
	n := 0
	for _, d := range datas {
		n += strings.Count(string(d), "\n") + 1
	}
	buf := make([]byte, 0, total+n*gap)
	type span struct{ off, len int }
	var spans []span
	for _, d := range datas {
		for len(d) > 0 {
			line := d
			if i := strings.IndexByte(string(d), '\n'); i >= 0 {
				line, d = d[:i], d[i+1:]
			} else {
				d = nil
			}
			if k := len(line); k > 0 && line[k-1] == '\r' {
				line = line[:k-1]
			}
			if len(line) == 0 {
				continue
			}
			off := len(buf)
			buf = append(buf, line...)
			buf = append(buf, make([]byte, gap)...)
			spans = append(spans, span{off, len(line)})
			c.bytes += len(line)
		}
	}
	for _, s := range spans {
		// Full-capacity slices, as NDJSON lines of one buffer naturally are: the
		// parser then pins the buffer once for all lines.
		c.lines = append(c.lines, buf[s.off:s.off+s.len])
	}
	return c, nil
}

// goPass is the measured Go loop: the full work, written as a user would.
// The checksum is the total length of the strings read plus the number of
// actions.
func goPass(p *simdjson.Parser, lines [][]byte) (uint64, error) {
	var sum uint64
	for i, line := range lines {
		doc, err := p.Parse(line)
		if err != nil {
			return 0, eventErr(i, "parse", err)
		}
		v, err := doc.Field("type")
		if err != nil {
			return 0, eventErr(i, "type", err)
		}
		s, err := v.StringBytes()
		if err != nil {
			return 0, eventErr(i, "type", err)
		}
		sum += uint64(len(s))
		if v, err = doc.Get("actor", "login"); err == nil {
			s, err = v.StringBytes()
		}
		if err != nil {
			return 0, eventErr(i, "actor.login", err)
		}
		sum += uint64(len(s))
		if v, err = doc.Get("repo", "name"); err == nil {
			s, err = v.StringBytes()
		}
		if err != nil {
			return 0, eventErr(i, "repo.name", err)
		}
		sum += uint64(len(s))
		if v, err = doc.Field("created_at"); err == nil {
			s, err = v.StringBytes()
		}
		if err != nil {
			return 0, eventErr(i, "created_at", err)
		}
		sum += uint64(len(s))
		v, err = doc.Get("payload", "action")
		if err == nil {
			if s, err = v.StringBytes(); err != nil {
				return 0, eventErr(i, "payload.action", err)
			}
			sum += uint64(len(s)) + 1
		} else if !errors.Is(err, simdjson.ErrNoSuchField) {
			return 0, eventErr(i, "payload.action", err)
		}
	}
	return sum, nil
}

// levelPass does the first level steps of goPass only (0: parse only,
// 1: +type, 2: +actor.login, 3: +repo.name, 4: +created_at, 5: all), for the
// breakdown. It mirrors native/handles.cpp's pass<Level>.
func levelPass(p *simdjson.Parser, lines [][]byte, level int) (uint64, error) {
	var sum uint64
	for i, line := range lines {
		doc, err := p.Parse(line)
		if err != nil {
			return 0, eventErr(i, "parse", err)
		}
		var v simdjson.Value
		var s []byte
		for k := 1; k <= level && k <= 5; k++ {
			switch k {
			case 1:
				v, err = doc.Field("type")
			case 2:
				v, err = doc.Get("actor", "login")
			case 3:
				v, err = doc.Get("repo", "name")
			case 4:
				v, err = doc.Field("created_at")
			case 5:
				v, err = doc.Get("payload", "action")
				if errors.Is(err, simdjson.ErrNoSuchField) {
					continue
				}
				sum++
			}
			if err == nil {
				s, err = v.StringBytes()
			}
			if err != nil {
				return 0, eventErr(i, paths[k-1].name, err)
			}
			sum += uint64(len(s))
		}
	}
	return sum, nil
}

func eventErr(i int, what string, err error) error {
	return fmt.Errorf("event %d: %s: %w", i, what, err)
}

var paths = []struct {
	name string
	keys []string
}{
	{"type", []string{"type"}},
	{"actor.login", []string{"actor", "login"}},
	{"repo.name", []string{"repo", "name"}},
	{"created_at", []string{"created_at"}},
	{"payload.action", []string{"payload", "action"}},
}

// contentHash is FNV-1a over every string read, untimed (the native program
// computes the same): both sides must read the same bytes.
func contentHash(p *simdjson.Parser, lines [][]byte) (uint64, error) {
	h := uint64(1469598103934665603)
	mix := func(s []byte) {
		for _, c := range s {
			h ^= uint64(c)
			h *= 1099511628211
		}
		h ^= 0xff
		h *= 1099511628211
	}
	for i, line := range lines {
		doc, err := p.Parse(line)
		if err != nil {
			return 0, eventErr(i, "parse", err)
		}
		for k, pa := range paths {
			v, err := doc.Get(pa.keys...)
			if k == 4 && errors.Is(err, simdjson.ErrNoSuchField) {
				mix([]byte("<absent>"))
				continue
			}
			var s []byte
			if err == nil {
				s, err = v.StringBytes()
			}
			if err != nil {
				return 0, eventErr(i, pa.name, err)
			}
			mix(s)
		}
	}
	return h, nil
}

// native drives the native program in -step mode: it loads the data, warms
// up, then times one pass each time it is asked.
type native struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	events int
	bytes  int
	active string
	built  string
	hash   uint64
}

func startNative(path string, files []string, warmup, cpu int) (*native, error) {
	args := []string{"-step", "-warmup", strconv.Itoa(warmup), "-rewarm", strconv.Itoa(*flagRewarm)}
	if cpu >= 0 {
		args = append(args, "-cpu", strconv.Itoa(cpu))
	}
	args = append(append(args, "0"), files...)
	cmd := exec.Command(path, args...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &native{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	for _, want := range []string{"events", "impl", "hash"} {
		f, err := n.line(want)
		if err != nil {
			return nil, err
		}
		switch want {
		case "events": // events N bytes B
			if len(f) != 4 {
				return nil, fmt.Errorf("native: bad line %q", f)
			}
			n.events, _ = strconv.Atoi(f[1])
			n.bytes, _ = strconv.Atoi(f[3])
		case "impl":
			if len(f) != 3 {
				return nil, fmt.Errorf("native: bad line %q", f)
			}
			n.active, n.built = f[1], f[2]
		case "hash":
			if len(f) != 2 {
				return nil, fmt.Errorf("native: bad line %q", f)
			}
			n.hash, _ = strconv.ParseUint(f[1], 10, 64)
		}
	}
	return n, nil
}

func (n *native) line(want string) ([]string, error) {
	if !n.out.Scan() {
		if err := n.out.Err(); err != nil {
			return nil, fmt.Errorf("native: %w", err)
		}
		return nil, fmt.Errorf("native: program ended early (%v)", n.cmd.Wait())
	}
	f := strings.Fields(n.out.Text())
	if len(f) == 0 || f[0] != want {
		return nil, fmt.Errorf("native: expected %q line, got %q", want, n.out.Text())
	}
	return f, nil
}

// run asks for one timed pass at the given level and returns its time and
// checksum.
func (n *native) run(level int) (time.Duration, uint64, error) {
	if _, err := fmt.Fprintf(n.in, "run %d\n", level); err != nil {
		return 0, 0, fmt.Errorf("native: %w", err)
	}
	f, err := n.line("run")
	if err != nil {
		return 0, 0, err
	}
	if len(f) != 4 {
		return 0, 0, fmt.Errorf("native: bad line %q", f)
	}
	ns, err1 := strconv.ParseInt(f[2], 10, 64)
	sum, err2 := strconv.ParseUint(f[3], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("native: bad line %q", f)
	}
	return time.Duration(ns), sum, nil
}

func (n *native) close() error {
	fmt.Fprintln(n.in, "quit")
	n.in.Close()
	return n.cmd.Wait()
}

func median(d []time.Duration) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench-handles: FAIL: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	flag.Parse()
	if st, err := os.Stat(*flagData); err != nil || !st.IsDir() {
		fmt.Printf("skipping: %s not found\n", *flagData)
		return
	}
	files, _ := filepath.Glob(filepath.Join(*flagData, "*.ndjson"))
	if len(files) == 0 {
		fmt.Printf("skipping: no *.ndjson files in %s\n", *flagData)
		return
	}
	if *flagRuns < 1 {
		fail("-runs must be at least 1")
	}
	if _, err := os.Stat(*flagNative); err != nil {
		fail("native program %s: %v (build it with make bench-handles)", *flagNative, err)
	}

	c, err := load(files)
	if err != nil {
		fail("%v", err)
	}
	events := len(c.lines)
	if events == 0 {
		fail("no events in %s", *flagData)
	}

	// Both sides on one CPU: on a shared or virtual machine CPUs differ in
	// speed from moment to moment, and a process tends to stay on one;
	// alternating runs on the same CPU meet the same conditions.
	cpu := -1
	if *flagCPU >= -1 {
		if cpu = pinToCPU(*flagCPU); cpu < 0 && *flagCPU >= 0 {
			fail("cannot pin to CPU %d", *flagCPU)
		}
	} else {
		runtime.LockOSThread()
	}

	p := simdjson.NewParser()
	defer p.Close()

	// Correctness first (untimed): same events, same strings, same checksum.
	nat, err := startNative(*flagNative, files, *flagWarmup, cpu)
	if err != nil {
		fail("%v", err)
	}
	if nat.events != events || nat.bytes != c.bytes {
		fail("native loaded %d events / %d bytes, Go %d / %d", nat.events, nat.bytes, events, c.bytes)
	}
	goHash, err := contentHash(p, c.lines)
	if err != nil {
		fail("Go: %v", err)
	}
	if goHash != nat.hash {
		fail("content hash differs: Go %d, native %d: the two sides read different strings", goHash, nat.hash)
	}
	want, err := goPass(p, c.lines)
	if err != nil {
		fail("Go: %v", err)
	}
	for range *flagWarmup {
		if _, err := goPass(p, c.lines); err != nil {
			fail("Go: %v", err)
		}
	}

	fmt.Printf("data: %d files in %s, %d events, %d bytes (%.0f bytes/event)\n",
		len(files), *flagData, events, c.bytes, float64(c.bytes)/float64(events))
	fmt.Printf("kernels: stage 1 %s (Go) / %s (native), stage 2 %s (Go) / %s (native)\n",
		simdjson.ActiveImplementation(), nat.active, simdjson.BuiltinImplementation(), nat.built)
	if simdjson.ActiveImplementation() != nat.active || simdjson.BuiltinImplementation() != nat.built {
		fmt.Println("WARNING: Go and native use different kernels: the comparison is skewed (GOAMD64=v3 raises Go's stage 2; the native build uses no -march)")
	}

	runtime.GC() // nothing from loading left to collect while timing

	// Timed runs, interleaved; the side that goes first alternates.
	var goT, natT []time.Duration
	var mallocs uint64
	var ms0, ms1 runtime.MemStats
	goRun := func() {
		for range *flagRewarm {
			goPass(p, c.lines)
		}
		runtime.ReadMemStats(&ms0)
		t0 := time.Now()
		sum, err := goPass(p, c.lines)
		d := time.Since(t0)
		runtime.ReadMemStats(&ms1)
		if err != nil {
			fail("Go: %v", err)
		}
		if sum != want {
			fail("Go checksum changed between runs: %d, then %d", want, sum)
		}
		mallocs += ms1.Mallocs - ms0.Mallocs
		goT = append(goT, d)
	}
	natRun := func() {
		d, sum, err := nat.run(5)
		if err != nil {
			fail("%v", err)
		}
		if sum != want {
			fail("checksum differs: Go %d, native %d", want, sum)
		}
		natT = append(natT, d)
	}
	for r := range *flagRuns {
		if r%2 == 0 {
			goRun()
			natRun()
		} else {
			natRun()
			goRun()
		}
	}
	allocs := testing.AllocsPerRun(3, func() { goPass(p, c.lines) })

	var bd []*variant
	var micros []micro
	if *flagBreakdown {
		var sp *native
		if *flagShim != "" {
			if sp, err = startNative(*flagShim, files, *flagWarmup, cpu); err != nil {
				fail("%v", err)
			}
		}
		bd, micros = breakdown(p, nat, sp, c)
		if sp != nil {
			if err := sp.close(); err != nil {
				fail("shim program: %v", err)
			}
		}
	}
	if err := nat.close(); err != nil {
		fail("native: %v", err)
	}

	fmt.Printf("checksum: %d (Go) = %d (native); content hash %016x on both sides\n", want, want, goHash)
	where := "not pinned to a CPU"
	if cpu >= 0 {
		where = fmt.Sprintf("both on CPU %d", cpu)
	}
	fmt.Printf("runs: %d per side, interleaved, %s, after %d warm-up passes each and %d untimed pass(es) before each run; each run parses all %d events\n",
		*flagRuns, where, *flagWarmup, *flagRewarm, events)
	goMed, natMed := median(goT), median(natT)
	for _, s := range []struct {
		name string
		t    []time.Duration
		med  time.Duration
	}{{"go", goT, goMed}, {"native", natT, natMed}} {
		fmt.Printf("%-7s median %9d ns/run  %7.1f ns/event  %6.2f GB/s  (min %d, max %d ns/run)\n",
			s.name+":", s.med.Nanoseconds(), float64(s.med.Nanoseconds())/float64(events),
			float64(c.bytes)/float64(s.med.Nanoseconds()), slices.Min(s.t).Nanoseconds(), slices.Max(s.t).Nanoseconds())
	}
	perEvent := float64(mallocs) / float64(len(goT)*events)
	fmt.Printf("go allocations: %.3g allocs/event (%d mallocs over %d timed runs, MemStats; AllocsPerRun: %.3g per pass)\n",
		perEvent, mallocs, len(goT), allocs)
	if mallocs != 0 || allocs != 0 {
		fmt.Println("WARNING: the Go loop allocates in steady state (expected 0)")
	}
	if *flagBreakdown {
		printBreakdown(bd, micros, events)
	}
	fmt.Printf("ratio go/native: %.2f\n", float64(goMed)/float64(natMed))
}
