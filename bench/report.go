package main

// Reports from -json output (one object per line):
//   - -chart FILE: an SVG bar chart of the one-thread and all-threads figures
//     (with -thread-list's output: the most threads);
//   - -aggregate FILE,FILE,...: the median and range of each figure over
//     several invocations, as a Markdown table (a column per thread count),
//     or with -json as JSON lines of the medians (which -chart reads).

import (
	"bufio"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"math"
	"os"
	"slices"
	"strings"
)

func readRows(path string) ([]jsonRow, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []jsonRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || !strings.HasPrefix(line, "{") {
			continue
		}
		var r jsonRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		rows = append(rows, r)
	}
	return rows, sc.Err()
}

// aggregate prints the median, minimum and maximum of each method's figures
// over the files (each the -json output of one invocation).
func aggregate(w io.Writer, paths []string, asJSON bool) error {
	type key struct {
		method  string
		threads int
	}
	var order []key
	figs := map[key][]float64{}
	meta := map[key]jsonRow{}
	for _, p := range paths {
		rows, err := readRows(p)
		if err != nil {
			return err
		}
		for _, r := range rows {
			k := key{r.Method, r.Threads}
			if _, ok := meta[k]; !ok {
				order = append(order, k)
				meta[k] = r
			}
			m := meta[k]
			m.OK = m.OK && r.OK
			m.Validates = m.Validates && r.Validates
			meta[k] = m
			if r.OK {
				figs[k] = append(figs[k], r.GBps)
			}
		}
	}
	median := func(v []float64) float64 {
		s := slices.Clone(v)
		slices.Sort(s)
		if len(s)%2 == 1 {
			return s[len(s)/2]
		}
		return (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	if asJSON {
		enc := json.NewEncoder(w)
		for _, k := range order {
			r := meta[k]
			if v := figs[k]; len(v) > 0 {
				r.GBps = round3(median(v))
			} else {
				r.GBps, r.OK = 0, false
			}
			if err := enc.Encode(r); err != nil {
				return err
			}
		}
		return nil
	}
	// One column per thread count that any file has (1 and -threads, or
	// -thread-list's counts).
	var counts []int
	for _, k := range order {
		if !slices.Contains(counts, k.threads) {
			counts = append(counts, k.threads)
		}
	}
	slices.Sort(counts)
	fmt.Fprintf(w, "| method |")
	for _, t := range counts {
		fmt.Fprintf(w, " %s, GB/s |", threadsName(t))
	}
	fmt.Fprintf(w, " validates |\n|---|%s:---:|\n", strings.Repeat("---:|", len(counts)))
	cell := func(k key) string {
		v := figs[k]
		switch {
		case len(v) == 0:
			return "skipped"
		case len(v) == 1:
			return fmt.Sprintf("%.2f", v[0])
		}
		return fmt.Sprintf("%.2f (%.2f-%.2f)", median(v), slices.Min(v), slices.Max(v))
	}
	done := map[string]bool{}
	for _, k := range order {
		if done[k.method] {
			continue
		}
		done[k.method] = true
		one := key{k.method, counts[0]}
		v := "no"
		if meta[one].Validates {
			v = "yes"
		}
		if len(figs[one]) == 0 {
			v = "-"
		}
		fmt.Fprintf(w, "| %s |", k.method)
		for _, t := range counts {
			fmt.Fprintf(w, " %s |", cell(key{k.method, t}))
		}
		fmt.Fprintf(w, " %s |\n", v)
	}
	fmt.Fprintf(w, "\nMedian (minimum-maximum) over %d invocations, each the best of its runs.\n", len(paths))
	return nil
}

type jsonRow struct {
	Method    string  `json:"method"`
	Threads   int     `json:"threads"`
	GBps      float64 `json:"gbps"`
	Validates bool    `json:"validates"`
	OK        bool    `json:"ok"`
}

func writeChart(w io.Writer, path string) error {
	rows, err := readRows(path)
	if err != nil {
		return err
	}
	type bars struct {
		name      string
		one, all  float64
		threads   int
		validates bool
		ok        bool
	}
	var order []*bars
	byName := map[string]*bars{}
	for _, r := range rows {
		b := byName[r.Method]
		if b == nil {
			b = &bars{name: r.Method}
			byName[r.Method] = b
			order = append(order, b)
		}
		b.validates = r.Validates
		b.ok = r.OK
		if r.Threads == 1 {
			b.one = r.GBps
		}
		if r.Threads > 1 && r.Threads >= b.threads { // the most threads (-thread-list)
			b.all, b.threads = r.GBps, r.Threads
		}
	}
	if len(order) == 0 {
		return fmt.Errorf("%s: no rows", path)
	}
	threads := 0
	top := 0.0
	for _, b := range order {
		threads = max(threads, b.threads)
		top = max(top, b.one, b.all)
	}
	step := niceStep(top / 6)
	axisMax := math.Ceil(top/step) * step
	if axisMax == 0 {
		axisMax = 1
	}

	const (
		left, right, barH, gap, group = 190.0, 40.0, 13.0, 2.0, 40.0
		width                         = 860.0
		topPad                        = 70.0
	)
	plotW := width - left - right
	height := topPad + float64(len(order))*group + 50
	x := func(v float64) float64 { return left + v/axisMax*plotW }

	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&s, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	title := "Seed task over GH Archive-like NDJSON: GB/s (higher is better)"
	if *flagChartTitle != "" {
		title = *flagChartTitle
	}
	fmt.Fprintf(&s, `<text x="%.0f" y="22" font-size="15" font-weight="bold">%s</text>`+"\n", left-170, html.EscapeString(title))
	legend := func(xx float64, color, label string) {
		fmt.Fprintf(&s, `<rect x="%.0f" y="34" width="12" height="12" fill="%s"/><text x="%.0f" y="45">%s</text>`+"\n", xx, color, xx+16, html.EscapeString(label))
	}
	legend(left, "#4c78a8", "1 thread")
	allLabel := "all threads"
	if threads > 0 {
		allLabel = fmt.Sprintf("%d threads", threads)
	}
	legend(left+100, "#f58518", allLabel)
	fmt.Fprintf(&s, `<text x="%.0f" y="45" fill="#555">* validates its whole input (measured)</text>`+"\n", left+220)
	// Grid and axis labels.
	for v := 0.0; v <= axisMax+step/2; v += step {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="%.0f" x2="%.1f" y2="%.0f" stroke="#ddd"/>`+"\n", x(v), topPad-8, x(v), height-40)
		fmt.Fprintf(&s, `<text x="%.1f" y="%.0f" text-anchor="middle" fill="#555">%s</text>`+"\n", x(v), height-24, trimFloat(v))
	}
	fmt.Fprintf(&s, `<text x="%.0f" y="%.0f" text-anchor="middle" fill="#555">GB/s</text>`+"\n", left+plotW/2, height-8)
	for i, b := range order {
		y := topPad + float64(i)*group
		name := b.name
		if b.validates {
			name += " *"
		}
		fmt.Fprintf(&s, `<text x="%.0f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, y+barH+3, html.EscapeString(name))
		if !b.ok {
			fmt.Fprintf(&s, `<text x="%.0f" y="%.1f" fill="#888">skipped</text>`+"\n", left+4, y+barH+3)
			continue
		}
		for j, v := range []float64{b.one, b.all} {
			if j == 1 && b.threads == 0 {
				continue
			}
			color := []string{"#4c78a8", "#f58518"}[j]
			yy := y + float64(j)*(barH+gap)
			fmt.Fprintf(&s, `<rect x="%.0f" y="%.1f" width="%.1f" height="%.0f" fill="%s"/>`+"\n", left, yy, max(x(v)-left, 0.5), barH, color)
			fmt.Fprintf(&s, `<text x="%.1f" y="%.1f" font-size="11">%.2f</text>`+"\n", x(v)+4, yy+barH-2, v)
		}
	}
	s.WriteString("</svg>\n")
	_, err = io.WriteString(w, s.String())
	return err
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}
