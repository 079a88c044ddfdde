package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// lines splits generated data into its events (without newlines).
func lines(t *testing.T, data []byte) [][]byte {
	t.Helper()
	if len(data) == 0 || data[len(data)-1] != '\n' {
		t.Fatal("data does not end with a newline")
	}
	return bytes.Split(data[:len(data)-1], []byte{'\n'})
}

func TestGeneratorDeterministic(t *testing.T) {
	a := NewGenerator(1).Generate(2 << 20)
	b := NewGenerator(1).Generate(2 << 20)
	if !bytes.Equal(a, b) {
		t.Fatal("same seed, different bytes")
	}
	if c := NewGenerator(2).Generate(2 << 20); bytes.Equal(a[:1<<20], c[:1<<20]) {
		t.Fatal("seeds 1 and 2 give the same bytes")
	}
	small := NewGenerator(1).Generate(1 << 20)
	if !bytes.HasPrefix(a, small) {
		t.Fatal("a smaller size is not a prefix of a larger one")
	}
	var buf bytes.Buffer
	n, err := WriteEvents(&buf, 2<<20, 1)
	if err != nil || n != int64(buf.Len()) || !bytes.Equal(buf.Bytes(), a) {
		t.Fatalf("WriteEvents differs from Generate (n %d, err %v)", n, err)
	}
	if cap(a)-len(a) < 64 {
		t.Fatalf("Generate leaves %d bytes of padding capacity, want 64", cap(a)-len(a))
	}
}

// topKeys returns the keys of the top-level object of line, in order.
func topKeys(t *testing.T, line []byte) []string {
	var keys []string
	for _, p := range keyPaths(t, line) {
		if strings.Count(p, "/") == 1 {
			keys = append(keys, p[1:])
		}
	}
	return keys
}

func TestGeneratorEvents(t *testing.T) {
	data := NewGenerator(1).Generate(8 << 20)
	want := []string{"id", "type", "actor", "repo", "payload", "public", "created_at"}
	var escapes, nonASCII int
	for i, line := range lines(t, data) {
		if !utf8.Valid(line) || !json.Valid(line) {
			t.Fatalf("event %d is not valid JSON: %.200s", i, line)
		}
		keys := topKeys(t, line)
		if len(keys) == 8 && keys[7] == "org" {
			keys = keys[:7]
		}
		if !slices.Equal(keys, want) {
			t.Fatalf("event %d: keys %v, want %v (org optional)", i, keys, want)
		}
		escapes += bytes.Count(line, []byte(`\u00e9`)) + bytes.Count(line, []byte(`\"`))
		for _, c := range line {
			if c >= 0x80 {
				nonASCII++
				break
			}
		}
	}
	if escapes == 0 || nonASCII == 0 || !bytes.Contains(data, []byte(`\r\n`)) {
		t.Fatalf("no escapes (%d), non-ASCII events (%d) or \\r\\n in the generated text", escapes, nonASCII)
	}
}

// TestGeneratorSchedule: over 2.2 million events the schedule gives exactly
// the seed's counts.
func TestGeneratorSchedule(t *testing.T) {
	g := NewGenerator(1)
	counts := map[kind]int{}
	n := 0
	for n < seedEvents {
		g.fillBlock()
		for _, k := range g.kinds {
			counts[k]++
		}
		n += len(g.kinds)
	}
	if n != seedEvents {
		t.Fatalf("%d events scheduled, want %d", n, seedEvents)
	}
	others := 0
	for k := kind(1); k < numKinds; k++ {
		if counts[k] != kindInfo[k].n {
			t.Errorf("%s (kind %d): %d, want %d", kindInfo[k].typ, k, counts[k], kindInfo[k].n)
		}
		others += counts[k]
	}
	if counts[kPROpened] != 65_269 {
		t.Errorf("opened pull requests: %d, want 65,269", counts[kPROpened])
	}
	langs := map[string]int{}
	for range 65_269 {
		langs[g.nextLanguage()]++
	}
	for _, l := range prLanguages {
		if langs[l.name] != l.n {
			t.Errorf("language %q: %d, want %d", l.name, langs[l.name], l.n)
		}
	}
	for name, want := range map[string]int{"TypeScript": 11_565, "JavaScript": 7_778, "Python": 7_057, "Java": 4_668, "": 5_857} {
		if langs[name] != want {
			t.Errorf("seed language %q: %d, want %d", name, langs[name], want)
		}
	}
}

// TestGeneratorCalibration: the mean event is ~3.45 kB (7.6 GB / 2.2 M), and
// opened pull requests are 65,269 / 2.2 M of the events.
func TestGeneratorCalibration(t *testing.T) {
	size := int64(64 << 20)
	if testing.Short() {
		size = 16 << 20
	}
	g := NewGenerator(1)
	data := g.Generate(size)
	c := g.Tally()
	mean := float64(len(data)) / float64(c.Events())
	if mean < 3350 || mean > 3560 {
		t.Errorf("mean event size %.0f bytes, want ~3,454", mean)
	}
	share := float64(c.Opened()) / float64(c.Events())
	if want := 65_269.0 / seedEvents; share < want*0.97 || share > want*1.03 {
		t.Errorf("opened share %.5f, want %.5f", share, want)
	}
	if c.Types["PushEvent"] < c.Events()/2 {
		t.Errorf("PushEvent %d of %d events, want the majority", c.Types["PushEvent"], c.Events())
	}
	t.Logf("%d bytes, %d events, mean %.0f bytes, %d opened", len(data), c.Events(), mean, c.Opened())
}

// TestGeneratorShapes compares the generated events with the real ones of
// ../../shared/data/gharchive (the 2023 Events API page): the same keys in
// the same order, wherever both have them.
func TestGeneratorShapes(t *testing.T) {
	real, err := os.ReadFile(filepath.Join("..", "..", "shared", "data", "gharchive", "dlt__github.events.load_page_1_duck.ndjson"))
	if err != nil {
		t.Skipf("skipping: the shared corpus is absent (%v)", err)
	}
	gen := NewGenerator(1).Generate(8 << 20)
	firstOf := func(data []byte) map[string][]string {
		m := map[string][]string{}
		for _, line := range bytes.Split(bytes.TrimSpace(data), []byte{'\n'}) {
			var ev map[string]any
			if err := json.Unmarshal(line, &ev); err != nil {
				t.Fatal(err)
			}
			typ := ev["type"].(string)
			if _, ok := m[typ]; !ok {
				m[typ] = keyPaths(t, line)
			}
		}
		return m
	}
	realPaths, genPaths := firstOf(real), firstOf(gen)
	for typ, rp := range realPaths {
		gp, ok := genPaths[typ]
		if !ok {
			t.Errorf("no generated %s", typ)
			continue
		}
		in := func(s []string) map[string]bool {
			m := map[string]bool{}
			for _, p := range s {
				m[p] = true
			}
			return m
		}
		// org is there only for organisations' repositories.
		rp = slices.DeleteFunc(rp, func(p string) bool { return strings.HasPrefix(p, "/org") })
		rs, gs := in(rp), in(gp)
		var rc, gc []string
		for _, p := range rp {
			if gs[p] {
				rc = append(rc, p)
			}
		}
		for _, p := range gp {
			if rs[p] {
				gc = append(gc, p)
			}
		}
		if !slices.Equal(rc, gc) {
			t.Errorf("%s: keys in another order than the real event's", typ)
		}
		if len(rc) < len(rp)*8/10 {
			t.Errorf("%s: only %d of the real event's %d keys", typ, len(rc), len(rp))
		}
	}
}

// keyPaths lists the key paths of a JSON document in order, array elements
// collapsed to their first.
func keyPaths(t *testing.T, line []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var out []string
	var walk func(prefix string)
	walk = func(prefix string) {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		switch tok {
		case json.Delim('{'):
			for dec.More() {
				k, _ := dec.Token()
				p := prefix + "/" + k.(string)
				out = append(out, p)
				walk(p)
			}
			dec.Token()
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if i == 0 {
					walk(prefix + "/0")
				} else {
					n := len(out)
					walk(prefix + "/0")
					out = out[:n]
				}
			}
			dec.Token()
		}
	}
	walk("")
	return out
}

// TestMethodsAgree: every method available in this build, on one thread and
// on three, gives the generator's tally.
func TestMethodsAgree(t *testing.T) {
	g := NewGenerator(3)
	data := g.Generate(6 << 20)
	want := g.Tally()
	if want.Opened() == 0 || want.Null == 0 {
		t.Fatalf("too few opened pull requests: %+v", want)
	}
	for _, m := range suites["seed"].Methods() {
		if m.Skip != "" {
			t.Logf("%s skipped: %s", m.Name, m.Skip)
			continue
		}
		for _, threads := range []int{1, 3} {
			got, err := m.Run(data, threads)
			if err != nil {
				t.Errorf("%s, %d threads: %v", m.Name, threads, err)
				continue
			}
			if d := got.Diff(want); d != "" {
				t.Errorf("%s, %d threads:\n%s", m.Name, threads, d)
			}
		}
		if m.Reader != nil {
			got, err := m.Reader(bytes.NewReader(data), 2)
			if err != nil {
				t.Errorf("%s from a reader: %v", m.Name, err)
			} else if d := got.Diff(want); d != "" {
				t.Errorf("%s from a reader:\n%s", m.Name, d)
			}
		}
	}
}

// TestCorruptions: the clean input is valid; each corrupted one has exactly
// one line that a strict validator rejects, and that line differs from the
// clean one only inside actor or public.
func TestCorruptions(t *testing.T) {
	clean, bad := seedCorruptions()
	cl := lines(t, clean)
	for i, l := range cl {
		if !json.Valid(l) || !utf8.Valid(l) {
			t.Fatalf("clean line %d invalid", i)
		}
	}
	if len(bad) != 5 {
		t.Fatalf("%d corruptions, want 5", len(bad))
	}
	for _, c := range bad {
		bl := lines(t, c.Data)
		if len(bl) != len(cl) {
			t.Fatalf("%s: %d lines, want %d", c.Name, len(bl), len(cl))
		}
		invalid := 0
		for i := range bl {
			if bytes.Equal(bl[i], cl[i]) {
				continue
			}
			invalid++
			if json.Valid(bl[i]) && utf8.Valid(bl[i]) {
				t.Errorf("%s: the corrupted line is valid: %.300s", c.Name, bl[i])
			}
			// The type and payload are untouched.
			var ev struct {
				Type    string          `json:"type"`
				Payload json.RawMessage `json:"payload"`
			}
			json.Unmarshal(cl[i], &ev)
			if !bytes.Contains(bl[i], []byte(`"type":"`+ev.Type+`"`)) || !bytes.Contains(bl[i], ev.Payload) {
				t.Errorf("%s: corruption touches type or payload", c.Name)
			}
		}
		if invalid != 1 {
			t.Errorf("%s: %d lines differ, want 1", c.Name, invalid)
		}
		if cap(c.Data)-len(c.Data) < 64 {
			t.Errorf("%s: no padding", c.Name)
		}
	}
}

func TestSplitLines(t *testing.T) {
	data := []byte("a\nbb\nccc\n\ndddd\ne")
	for n := 1; n <= 8; n++ {
		parts := splitLines(data, n)
		if len(parts) != n {
			t.Fatalf("n=%d: %d parts", n, len(parts))
		}
		var joined []byte
		for i, p := range parts {
			joined = append(joined, p...)
			if len(p) > 0 && p[len(p)-1] != '\n' && len(joined) != len(data) {
				t.Fatalf("n=%d: part %d %q ends inside a line", n, i, p)
			}
		}
		if !bytes.Equal(joined, data) {
			t.Fatalf("n=%d: parts %q do not rebuild the data", n, parts)
		}
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1GB": 1e9, "256MB": 256e6, "7.6GB": 7.6e9, "1GiB": 1 << 30,
		"64MiB": 64 << 20, "1000": 1000, "2 gb": 2e9, "10kB": 10e3} {
		got, err := parseSize(in)
		if err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "GB", "-1GB", "x"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q): no error", in)
		}
	}
}

func TestChart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.json")
	var b strings.Builder
	for _, r := range []jsonRow{
		{"native-cpp", 1, 5.5, false, true}, {"native-cpp", 2, 10.8, false, true},
		{"json/v2", 1, 0, false, false}, {"json/v2", 2, 0, false, false},
		{"encoding/json", 1, 0.2, true, true}, {"encoding/json", 2, 0.39, true, true},
	} {
		line, _ := json.Marshal(r)
		fmt.Fprintf(&b, "%s\n", line)
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
	var out bytes.Buffer
	if err := writeChart(&out, path); err != nil {
		t.Fatal(err)
	}
	svg := out.String()
	for _, want := range []string{"native-cpp", "encoding/json *", "skipped", "10.80", "2 threads"} {
		if !strings.Contains(svg, want) {
			t.Errorf("chart lacks %q", want)
		}
	}
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := dec.Token(); err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("chart is not well-formed XML: %v", err)
			}
			break
		}
	}
}

func TestAggregate(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i, g := range []float64{5.0, 6.0, 7.0} {
		var b strings.Builder
		for _, r := range []jsonRow{
			{"native-cpp", 1, g, false, true}, {"native-cpp", 2, 2 * g, false, true},
			{"json/v2", 1, 0, false, false}, {"json/v2", 2, 0, false, false},
			{"fastjson", 1, 1, i != 1, true}, {"fastjson", 2, 2, i != 1, true},
		} {
			line, _ := json.Marshal(r)
			fmt.Fprintf(&b, "%s\n", line)
		}
		p := filepath.Join(dir, fmt.Sprintf("r%d.json", i))
		os.WriteFile(p, []byte(b.String()), 0o644)
		paths = append(paths, p)
	}
	var md bytes.Buffer
	if err := aggregate(&md, paths, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| native-cpp | 6.00 (5.00-7.00) | 12.00 (10.00-14.00) | no |", "| json/v2 | skipped | skipped | - |", "| fastjson | 1.00 (1.00-1.00) | 2.00 (2.00-2.00) | no |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("aggregate lacks %q:\n%s", want, md.String())
		}
	}
	var js bytes.Buffer
	if err := aggregate(&js, paths, true); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `{"method":"native-cpp","threads":2,"gbps":12,"validates":false,"ok":true}`) {
		t.Errorf("aggregate -json:\n%s", js.String())
	}
}

func TestParseThreadList(t *testing.T) {
	got, err := parseThreadList("1, 2,4,8,16")
	if err != nil || fmt.Sprint(got) != "[1 2 4 8 16]" {
		t.Errorf("parseThreadList = %v, %v", got, err)
	}
	for _, in := range []string{"", "0", "1,x", "4,2", "2,2", "1,,2", "-1"} {
		if _, err := parseThreadList(in); err == nil {
			t.Errorf("parseThreadList(%q): no error", in)
		}
	}
}

// -thread-list's columns: the table, -aggregate and the chart (the most
// threads) each show every thread count, not only 1 and the largest.
func TestThreadListColumns(t *testing.T) {
	defer func(old []int) { threadList = old }(threadList)
	threadList = []int{1, 2, 4, 16}
	m := Method{Name: "m", Note: "how"}
	v := &validity{}
	dataLen = 1e9
	var rows []*row
	for i, n := range threadList {
		rows = append(rows, &row{m: m, threads: n, valid: v, best: time.Second / time.Duration(i+1), bestShare: 1})
	}
	var table bytes.Buffer
	printTable(&table, rows, 16)
	for _, want := range []string{"4 threads", "16 threads", "1.00 GB/s", "2.00 GB/s", "3.00 GB/s", "4.00 GB/s"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}

	dir := t.TempDir()
	path := filepath.Join(dir, "r.json")
	var b strings.Builder
	for _, r := range []jsonRow{{"m", 1, 1, false, true}, {"m", 2, 2, false, true}, {"m", 16, 16, false, true}, {"m", 4, 4, false, true}} {
		line, _ := json.Marshal(r)
		fmt.Fprintf(&b, "%s\n", line)
	}
	os.WriteFile(path, []byte(b.String()), 0o644)
	var md bytes.Buffer
	if err := aggregate(&md, []string{path}, false); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| 1 thread, GB/s | 2 threads, GB/s | 4 threads, GB/s | 16 threads, GB/s |", "| m | 1.00 | 2.00 | 4.00 | 16.00 | no |"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("aggregate lacks %q:\n%s", want, md.String())
		}
	}
	var svg bytes.Buffer
	if err := writeChart(&svg, path); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(svg.String(), "16 threads") || !strings.Contains(svg.String(), "16.00") {
		t.Errorf("chart does not draw the most threads:\n%s", svg.String())
	}
}
