package main

import (
	"fmt"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

// breakdownRow is one partial loop timed on both sides.
type breakdownRow struct {
	name   string
	level  int
	calls  int // cgo calls per event on the Go side
	goMed  time.Duration
	natMed time.Duration
}

var levelNames = []string{"Parse only", "+ type", "+ actor.login", "+ repo.name", "+ created_at", "+ payload.action (full)"}

// breakdown times the partial loops (levelPass / native pass<L>), each level
// interleaved between the two sides, and the cost of one bare cgo call
// (Parser.Capacity: a C function that returns a field).
func breakdown(p *simdjson.Parser, nat *native, c *corpus) ([]breakdownRow, float64) {
	var rows []breakdownRow
	for level := 0; level <= 5; level++ {
		var goT, natT []time.Duration
		var goSum uint64
		for r := 0; r < *flagRuns+1; r++ { // the first round warms up
			t0 := time.Now()
			s, err := levelPass(p, c.lines, level)
			d := time.Since(t0)
			if err != nil {
				fail("Go level %d: %v", level, err)
			}
			nd, ns, err := nat.run(level)
			if err != nil {
				fail("%v", err)
			}
			if s != ns {
				fail("level %d checksum differs: Go %d, native %d", level, s, ns)
			}
			goSum = s
			if r > 0 {
				goT = append(goT, d)
				natT = append(natT, nd)
			}
		}
		_ = goSum
		rows = append(rows, breakdownRow{name: levelNames[level], level: level, calls: level + 1,
			goMed: median(goT), natMed: median(natT)})
	}

	const n = 1_000_000
	var best time.Duration
	for r := 0; r < 5; r++ {
		t0 := time.Now()
		x := 0
		for i := 0; i < n; i++ {
			x += p.Capacity()
		}
		d := time.Since(t0)
		if x == -1 {
			fmt.Println()
		}
		if r == 0 || d < best {
			best = d
		}
	}
	return rows, float64(best.Nanoseconds()) / n
}

func printBreakdown(rows []breakdownRow, cgoNs float64, events int) {
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(events) }
	fmt.Println()
	fmt.Println("breakdown (median ns/event; \"step\" = cost added by the line; Go - native = the binding's overhead):")
	fmt.Printf("  %-24s %5s %9s %9s %9s %9s %12s\n", "loop", "cgo", "go", "native", "go step", "nat step", "go-nat step")
	var pg, pn float64
	for i, r := range rows {
		g, n := per(r.goMed), per(r.natMed)
		sg, sn := g, n
		if i > 0 {
			sg, sn = g-pg, n-pn
		}
		fmt.Printf("  %-24s %5d %9.1f %9.1f %9.1f %9.1f %12.1f\n", r.name, r.calls, g, n, sg, sn, sg-sn)
		pg, pn = g, n
	}
	last := rows[len(rows)-1]
	over := per(last.goMed) - per(last.natMed)
	fmt.Printf("  total Go overhead %.1f ns/event over %d cgo calls/event = %.1f ns per call; a bare cgo call (Parser.Capacity) costs %.1f ns\n",
		over, last.calls, over/float64(last.calls), cgoNs)
	fmt.Println()
}
