package main

import (
	"fmt"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"github.com/simdjson-cgo/simdjson"
)

// rawPass, set with -tags handles_raw (rawshim.go), runs the loop against
// internal/shim directly: cgo calls without the public wrapper.
var rawPass func(lines [][]byte, level int) (uint64, error)

var levelNames = []string{"Parse only", "+ type", "+ actor.login", "+ repo.name", "+ created_at", "+ payload.action"}

// variant is one implementation of the partial loops.
type variant struct {
	name string
	desc string
	run  func(level int) (time.Duration, uint64, error)
	med  [6]time.Duration
}

// breakdown times the partial loops (0: Parse only ... 5: the full work) of
// every variant available, interleaved round by round, and a few small
// operations alone (microCosts).
func breakdown(p *simdjson.Parser, nat, shimProg *native, c *corpus) ([]*variant, []micro) {
	timed := func(f func(int) (uint64, error)) func(int) (time.Duration, uint64, error) {
		return func(level int) (time.Duration, uint64, error) {
			for range *flagRewarm {
				f(level)
			}
			t0 := time.Now()
			s, err := f(level)
			return time.Since(t0), s, err
		}
	}
	vs := []*variant{{name: "go", desc: "public API (Parse, Field, Get, StringBytes)",
		run: timed(func(l int) (uint64, error) { return levelPass(p, c.lines, l) })}}
	if rawPass != nil {
		vs = append(vs, &variant{name: "go-raw", desc: "Go calling internal/shim directly: the same cgo calls, no public wrapper",
			run: timed(func(l int) (uint64, error) { return rawPass(c.lines, l) })})
	}
	if shimProg != nil {
		vs = append(vs, &variant{name: "c++shim", desc: "C++ calling the shim's C functions: no cgo, no Go", run: shimProg.run})
	}
	vs = append(vs, &variant{name: "native", desc: "simdjson On-Demand in C++", run: nat.run})

	for level := 0; level <= 5; level++ {
		times := make([][]time.Duration, len(vs))
		for r := 0; r <= *flagRuns; r++ { // round 0 warms up
			var want uint64
			for k := range vs {
				v := vs[(k+r)%len(vs)] // rotate who goes first
				d, s, err := v.run(level)
				if err != nil {
					fail("%s level %d: %v", v.name, level, err)
				}
				if k == 0 {
					want = s
				} else if s != want {
					fail("level %d: %s checksum %d differs from %d", level, v.name, s, want)
				}
				if r > 0 {
					times[(k+r)%len(vs)] = append(times[(k+r)%len(vs)], d)
				}
			}
		}
		for i, v := range vs {
			v.med[level] = median(times[i])
		}
	}

	return vs, microCosts(p, c)
}

// micro is the cost of one small operation, measured alone.
type micro struct {
	name string
	ns   float64
}

// microCosts times, best of 5 loops of a million: a bare cgo call
// (Parser.Capacity: a C function that returns a field) and the
// runtime.Pinner Pin+Unpin of the input that every zero-copy Parse does.
func microCosts(p *simdjson.Parser, c *corpus) []micro {
	const n = 1_000_000
	best := func(f func()) float64 {
		var b time.Duration
		for r := 0; r < 5; r++ {
			t0 := time.Now()
			f()
			if d := time.Since(t0); r == 0 || d < b {
				b = d
			}
		}
		return float64(b.Nanoseconds()) / n
	}
	x := 0
	cgo := best(func() {
		for i := 0; i < n; i++ {
			x += p.Capacity()
		}
	})
	var pn runtime.Pinner
	ptr := unsafe.Pointer(unsafe.SliceData(c.lines[len(c.lines)/2]))
	pin := best(func() {
		for i := 0; i < n; i++ {
			pn.Pin(ptr)
			pn.Unpin()
		}
	})
	if x == -1 {
		fmt.Println()
	}
	return []micro{{"bare cgo call (Parser.Capacity)", cgo}, {"runtime.Pinner Pin+Unpin of the input", pin}}
}

func printBreakdown(vs []*variant, micros []micro, events int) {
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(events) }
	step := func(v *variant, l int) float64 {
		if l == 0 {
			return per(v.med[0])
		}
		return per(v.med[l]) - per(v.med[l-1])
	}
	fmt.Println()
	fmt.Println("breakdown: median ns/event of partial loops (each row adds one read to the row above)")
	for _, v := range vs {
		fmt.Printf("  %-8s %s\n", v.name, v.desc)
	}
	fmt.Printf("  %-18s %4s", "loop", "cgo")
	for _, v := range vs {
		fmt.Printf(" %9s", v.name)
	}
	fmt.Printf(" | %9s\n", "go-native")
	for l := 0; l <= 5; l++ {
		fmt.Printf("  %-18s %4d", levelNames[l], l+1)
		for _, v := range vs {
			fmt.Printf(" %9.1f", per(v.med[l]))
		}
		fmt.Printf(" | %9.1f\n", per(vs[0].med[l])-per(vs[len(vs)-1].med[l]))
	}

	// The chain native -> c++shim -> go-raw -> go (the middle ones when
	// available): each column is what one link adds to a step's cost.
	var chain []*variant
	for i := len(vs) - 1; i >= 0; i-- {
		chain = append(chain, vs[i])
	}
	label := map[string]string{
		"native>c++shim": "shim C++", "c++shim>go-raw": "cgo", "go-raw>go": "Go wrapper",
		"native>go-raw": "shim+cgo", "c++shim>go": "cgo+wrapper", "native>go": "Go extra",
	}
	cols := []string{"native"}
	for i := 1; i < len(chain); i++ {
		cols = append(cols, label[chain[i-1].name+">"+chain[i].name])
	}
	cols = append(cols, "Go total")
	fmt.Println()
	fmt.Println("cost of each step, ns/event: native C++, what each layer of the Go path adds, and the Go total")
	fmt.Printf("  %-16s", "step")
	for _, c := range cols {
		fmt.Printf(" %11s", c)
	}
	fmt.Println()
	tot := make([]float64, len(cols))
	for l := 0; l <= 5; l++ {
		row := []float64{step(chain[0], l)}
		for i := 1; i < len(chain); i++ {
			row = append(row, step(chain[i], l)-step(chain[i-1], l))
		}
		row = append(row, step(chain[len(chain)-1], l))
		fmt.Printf("  %-16s", strings.TrimPrefix(levelNames[l], "+ "))
		for i, x := range row {
			fmt.Printf(" %11.1f", x)
			tot[i] += x
		}
		fmt.Println()
	}
	fmt.Printf("  %-16s", "total")
	for _, x := range tot {
		fmt.Printf(" %11.1f", x)
	}
	fmt.Println()
	fmt.Println("  6 cgo calls/event (Parse, 2 Field, 3 Get; StringBytes reads what the lookup returned). Measured alone:")
	for _, m := range micros {
		fmt.Printf("    %-40s %6.1f ns\n", m.name, m.ns)
	}
	fmt.Println()
}
