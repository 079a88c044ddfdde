package main

// Output formatting: the seed-style table (a column per thread count) and
// the legend under it, and the number formats the suites share (GB/s,
// rounding for -json, thousands separators, thread counts as words).

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// printTable prints the rows as a table: a line per method, a GB/s column
// per thread count, the CPU share of each column's best run, the validates
// column and the method's note.
func printTable(w io.Writer, rows []*row, threads int) {
	counts := threadCounts(threads)
	header := fmt.Sprintf("%-16s", "method")
	for _, t := range counts {
		header += fmt.Sprintf(" %12s", threadsName(t))
	}
	fmt.Fprintf(w, "%s  %*s   %-28s %s\n", header, 4*len(counts)+1, "CPU", "validates (errors/corrupted)", "how")
	byMethod := map[string][]*row{}
	var order []string
	for _, rw := range rows {
		if _, ok := byMethod[rw.m.Name]; !ok {
			order = append(order, rw.m.Name)
		}
		byMethod[rw.m.Name] = append(byMethod[rw.m.Name], rw)
	}
	for _, name := range order {
		rs := byMethod[name]
		m := rs[0].m
		line := fmt.Sprintf("%-16s", name)
		if m.Skip != "" {
			for range counts {
				line += fmt.Sprintf(" %12s", "skipped")
			}
			fmt.Fprintf(w, "%s  %*s   %-28s %s\n", line, 4*len(counts)+1, "", "-", m.Skip)
			continue
		}
		var shares []string
		for _, t := range counts {
			col, share := "", ""
			for _, rw := range rs {
				if rw.threads == t {
					col, share = fmt.Sprintf("%.2f GB/s", rw.gbps()), fmt.Sprintf("%.0f%%", 100*rw.bestShare)
				}
			}
			line += fmt.Sprintf(" %12s", col)
			shares = append(shares, fmt.Sprintf("%4s", share))
		}
		fmt.Fprintf(w, "%s  %*s   %-28s %s\n", line, 4*len(counts)+1, strings.Join(shares, " "), rs[0].valid.String(), m.Note)
	}
}

// printLegend explains the table's columns, under it.
func printLegend(w io.Writer, threads, runs int, validates bool) {
	fmt.Fprintf(w, "\nColumns:\n")
	var cols []string
	for _, t := range threadCounts(threads) {
		cols = append(cols, threadsName(t))
	}
	fmt.Fprintf(w, "  %-20s GB/s = input bytes (10^9) / the best of %d runs' time, with GOMAXPROCS and the method's threads set to that count; every run's counts were checked equal to the reference method's first\n", strings.Join(cols, ", "), runs)
	fmt.Fprintf(w, "  CPU                  the process's CPU time / (wall time × threads) in the best run of each column: under 100%% means other processes took cores, or the method does not keep its threads busy\n")
	if validates {
		fmt.Fprintf(w, "  validates            yes when the method reported an error on each of 5 corrupted inputs (one bad event each, in a part the task never reads); in brackets: errors reported / inputs, and which corruptions it caught\n")
	}
	fmt.Fprintf(w, "  how                  what the method does for the task\n")
}

var dataLen int // bytes of the input, for row.gbps

func (rw *row) gbps() float64 { return gbps(dataLen, rw.best) }

// gbps is n bytes in d as GB/s (10^9 bytes a second); 0 when d is not
// positive.
func gbps(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds() / 1e9
}

// round3 rounds x to three decimals, for -json figures.
func round3(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 3, 64), 64)
	return v
}

// round1 rounds x, not negative, to one decimal (half up), for the request
// suites' figures.
func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

// commas writes n with thousands separators: 20,001,526.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// threadsName is "1 thread" or "n threads", a column's name.
func threadsName(n int) string {
	if n == 1 {
		return "1 thread"
	}
	return fmt.Sprintf("%d threads", n)
}

// threadsWord is " 1 thread " or "%2d threads", aligned (ten characters
// under 100 threads), for progress lines.
func threadsWord(n int) string {
	if n == 1 {
		return " 1 thread "
	}
	return fmt.Sprintf("%2d threads", n)
}
