package ghbeam

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	os.Exit(m.Run())
}

// runPipeline runs the pipeline on prism, in this process, and returns the
// table it wrote and its counters.
func runPipeline(t *testing.T, o Options) (Table, map[string]int64, error) {
	t.Helper()
	if o.Output == "" {
		o.Output = filepath.Join(t.TempDir(), "table.txt")
	}
	p, s := beam.NewPipelineWithRoot()
	if _, err := Build(s, o); err != nil {
		return Table{}, nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	res, err := prism.Execute(ctx, p)
	if err != nil {
		return Table{}, nil, err
	}
	counters := map[string]int64{}
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Namespace() == Namespace {
			counters[c.Name()] += c.Result()
		}
	}
	t.Logf("prism: %v, counters %v", time.Since(start).Round(time.Millisecond), counters)
	tab, _, err := ReadOutput(ctx, o.Output)
	if err != nil {
		t.Fatalf("reading the table: %v", err)
	}
	return tab, counters, nil
}

// A small generator of GH Archive-like events: the fields the task reads in
// the places GH Archive has them, with decoys (a "type" in nested objects,
// the head repository's language), every language shape (a string with
// escapes or non-ASCII, null, no key, no base), field orders that vary, and
// text of varied length around them.
var langs = []string{"Go", "JavaScript", "Python", "C++", "Jupyter Notebook", "Vim Script", "C#", `Emoji "🚀" lang`, `back\slash`, "日本語"}

func genEvent(r *rand.Rand, id int) string {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	text := func() string {
		n := 20 + r.IntN(400)
		var b strings.Builder
		for b.Len() < n {
			b.WriteString([]string{"fix ", "the ", "parser ", "\"quoted\" ", "ünïcode ", "tab\t", "line\n", "merge ", "branch "}[r.IntN(9)])
		}
		return q(b.String())
	}
	actor := fmt.Sprintf(`{"id":%d,"login":%s,"url":"https://api.github.com/users/u%d"}`, r.IntN(1e6), q(fmt.Sprintf("user-%d", r.IntN(5000))), id)
	repo := fmt.Sprintf(`{"id":%d,"name":%s}`, r.IntN(1e6), q(fmt.Sprintf("org%d/repo%d", r.IntN(50), r.IntN(900))))
	var typ, payload string
	switch k := r.IntN(100); {
	case k < 45:
		typ = "PushEvent"
		payload = fmt.Sprintf(`{"push_id":%d,"size":1,"ref":"refs/heads/main","commits":[{"sha":"abc","message":%s,"author":{"name":"x","type":"User"}}]}`, id, text())
	case k < 60:
		typ = "CreateEvent"
		payload = `{"ref":"main","ref_type":"branch","master_branch":"main","description":null,"pusher_type":"user"}`
	case k < 72:
		typ = "WatchEvent"
		payload = `{"action":"started"}`
	case k < 80:
		typ = "IssueCommentEvent"
		payload = fmt.Sprintf(`{"action":"created","issue":{"number":%d,"title":%s,"user":{"type":"Bot"}},"comment":{"body":%s}}`, id, text(), text())
	case k < 97:
		typ = "PullRequestEvent"
		action := []string{"opened", "opened", "closed", "reopened", "synchronize"}[r.IntN(5)]
		var lang string
		switch l := r.IntN(14); {
		case l < 10:
			lang = fmt.Sprintf(`,"language":%s`, q(langs[l]))
		case l < 12:
			lang = `,"language":null`
		case l < 13:
			lang = "" // no language key
		}
		base := fmt.Sprintf(`"base":{"ref":"main","repo":{"id":%d,"name":"r"%s,"forks":3}}`, id, lang)
		if r.IntN(14) == 13 {
			base = `"base":{"ref":"main"}` // no base repository
		}
		payload = fmt.Sprintf(`{"action":%s,"number":%d,"pull_request":{"title":%s,"user":{"login":"a","type":"User"},"head":{"repo":{"language":"Decoy"}},%s,"body":%s}}`,
			q(action), id, text(), base, text())
	default:
		typ = []string{"ForkEvent", "DeleteEvent", "ReleaseEvent", "GollumEvent"}[r.IntN(4)]
		payload = fmt.Sprintf(`{"description":%s}`, text())
	}
	created := fmt.Sprintf(`"2024-01-01T%02d:%02d:%02dZ"`, id%24, r.IntN(60), r.IntN(60))
	if r.IntN(10) == 0 { // type after the payload
		return fmt.Sprintf(`{"id":"%d","actor":%s,"repo":%s,"payload":%s,"type":%s,"public":true,"created_at":%s}`, id, actor, repo, payload, q(typ), created)
	}
	return fmt.Sprintf(`{"id":"%d","type":%s,"actor":%s,"repo":%s,"payload":%s,"public":true,"created_at":%s}`, id, q(typ), actor, repo, payload, created)
}

// writeHourly writes files hourly files named like GH Archive's
// (2024-01-01-H.json.gz), each of about size bytes of events, and returns
// their paths.
func writeHourly(t *testing.T, dir string, files, size int, seed uint64, extra map[int][]string) []string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0))
	var paths []string
	id := 0
	for h := 0; h < files; h++ {
		var b bytes.Buffer
		for i := 0; b.Len() < size; i++ {
			if lines, ok := extra[h]; ok && i%50 == 7 && len(lines) > 0 {
				b.WriteString(lines[0] + "\n")
				extra[h] = lines[1:]
				continue
			}
			id++
			b.WriteString(genEvent(r, id))
			b.WriteByte('\n')
		}
		for _, l := range extra[h] { // any left
			b.WriteString(l + "\n")
		}
		paths = append(paths, writeGz(t, filepath.Join(dir, fmt.Sprintf("2024-01-01-%d.json.gz", h)), b.Bytes()))
	}
	return paths
}

func writeGz(t *testing.T, path string, data []byte) string {
	t.Helper()
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestSpeed)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func gunzipFile(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// refCount counts the files with encoding/json, with the pipeline's rules
// for bad lines (not JSON) and bad events (JSON, but not a countable event).
func refCount(t *testing.T, paths []string) (tab Table, badLines, badEvents int64) {
	t.Helper()
	tab = Table{Types: map[string]int64{}, Langs: map[string]int64{}}
	for _, p := range paths {
		sc := bufio.NewScanner(bytes.NewReader(gunzipFile(t, p)))
		sc.Buffer(nil, 1<<26)
		for sc.Scan() {
			line := sc.Bytes()
			if len(bytes.TrimSpace(line)) == 0 {
				continue
			}
			var v any
			if json.Unmarshal(line, &v) != nil {
				badLines++
				continue
			}
			if !refEvent(tab, v) {
				badEvents++
			}
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return tab, badLines, badEvents
}

func refEvent(tab Table, v any) bool {
	ev, _ := v.(map[string]any)
	typ, ok := ev["type"].(string)
	if !ok {
		return false
	}
	if typ == "PullRequestEvent" {
		payload, _ := ev["payload"].(map[string]any)
		action, ok := payload["action"].(string)
		if !ok {
			return false
		}
		if action == "opened" {
			var lang any
			if pr, ok := payload["pull_request"].(map[string]any); ok {
				if base, ok := pr["base"].(map[string]any); ok {
					if repo, ok := base["repo"].(map[string]any); ok {
						lang = repo["language"]
					}
				}
			}
			switch l := lang.(type) {
			case nil:
				tab.Langs[NoLanguage]++
			case string:
				tab.Langs[l]++
			default:
				return false
			}
		}
	}
	tab.Types[typ]++
	return true
}

func sameTable(t *testing.T, what string, got, want Table) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: counts differ\ngot:\n%v\nwant:\n%v", what, got, want)
	}
}

// ghcountTable runs the repository's ghcount over each file (decompressed
// first: ghcount reads one NDJSON file) and sums its tables. The binary is
// built from ../cmd/ghcount; without a go command the comparison is skipped.
func ghcountTable(t *testing.T, paths []string) Table {
	t.Helper()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build ghcount: %v", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "ghcount")
	build := exec.Command(goCmd, "build", "-o", bin, "./cmd/ghcount")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building ghcount: %v\n%s", err, out)
	}
	// ghcount reads the .json.gz files itself (the library's gzip input)
	// and prints one table over all of them, with totals.
	out, err := exec.Command(bin, paths...).CombinedOutput()
	if err != nil {
		t.Fatalf("ghcount: %v\n%s", err, out)
	}
	tab, err := ParseTable(string(out))
	if err != nil {
		t.Fatalf("ghcount's output: %v\n%s", err, out)
	}
	return tab
}

// TestPipelineCounts: generated hourly .json.gz files (and the repository's
// testdata/events.ndjson, gzipped), counted on prism, equal encoding/json's
// counts and ghcount's; with more threads per file and more files per
// bundle spread the counts are identical.
func TestPipelineCounts(t *testing.T) {
	dir := t.TempDir()
	paths := writeHourly(t, dir, 6, 1<<20, 1, nil)
	paths = append(paths, writeGz(t, filepath.Join(dir, "testdata-events.json.gz"), gunzipFile(t, "../testdata/events.ndjson")))
	want, bl, be := refCount(t, paths)
	if bl != 0 || be != 0 {
		t.Fatalf("generated data has %d bad lines, %d bad events", bl, be)
	}
	if want.Langs[NoLanguage] == 0 || want.Langs[`Emoji "🚀" lang`] == 0 || want.Types["PullRequestEvent"] < 100 {
		t.Fatalf("generated data misses cases: %v", want)
	}
	got, counters, err := runPipeline(t, Options{Input: filepath.Join(dir, "*.json.gz"), Threads: 1})
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, "pipeline vs encoding/json", got, want)
	var events int64
	for _, v := range want.Types {
		events += v
	}
	if counters[MetricFiles] != int64(len(paths)) || counters[MetricEvents] != events || counters[MetricBadLines] != 0 {
		t.Fatalf("counters %v: want %d files, %d events, no bad lines", counters, len(paths), events)
	}
	var size int64
	for _, p := range paths {
		size += int64(len(gunzipFile(t, p)))
	}
	if counters[MetricBytes] != size {
		t.Fatalf("bytes counter %d, want %d", counters[MetricBytes], size)
	}

	t.Run("ghcount", func(t *testing.T) {
		sameTable(t, "pipeline vs ghcount", got, ghcountTable(t, paths))
	})

	t.Run("parallel", func(t *testing.T) {
		// The same events cut into 4 times as many files, 4 threads in each
		// file's map.
		dir2 := t.TempDir()
		var parts []string
		for i, p := range paths {
			lines := bytes.SplitAfter(gunzipFile(t, p), []byte("\n"))
			for j := 0; j < 4; j++ {
				lo, hi := len(lines)*j/4, len(lines)*(j+1)/4
				parts = append(parts, writeGz(t, filepath.Join(dir2, fmt.Sprintf("%d-%d.json.gz", i, j)), bytes.Join(lines[lo:hi], nil)))
			}
		}
		got2, counters2, err := runPipeline(t, Options{Input: filepath.Join(dir2, "*.json.gz"), Threads: 4})
		if err != nil {
			t.Fatal(err)
		}
		sameTable(t, "4 threads, 4x files vs 1 thread", got2, got)
		if counters2[MetricFiles] != int64(len(parts)) || counters2[MetricEvents] != events {
			t.Fatalf("counters %v: want %d files, %d events", counters2, len(parts), events)
		}
		t.Logf("%d bundles over %d files", counters2[MetricBundles], len(parts))
	})
}

// badLines are inserted into the files of the bad-line tests: two that are
// not JSON, four events the task cannot count, a blank line (not bad).
var badLines = []string{
	`{"type":"PushEvent","payload":`,
	`not json at all`,
	`{"type":5,"payload":{}}`,
	`{"id":"1","payload":{"action":"opened"}}`,
	`{"type":"PullRequestEvent","payload":{"action":7}}`,
	`{"type":"PullRequestEvent","payload":{"action":"opened","pull_request":{"base":{"repo":{"language":42}}}}}`,
	`   `,
}

func TestPipelineBadLines(t *testing.T) {
	dir := t.TempDir()
	extra := map[int][]string{1: append([]string(nil), badLines...), 2: {badLines[1], badLines[3]}}
	paths := writeHourly(t, dir, 3, 200<<10, 2, extra)
	want, wantBadLines, wantBadEvents := refCount(t, paths)
	if wantBadLines != 3 || wantBadEvents != 5 {
		t.Fatalf("reference found %d bad lines and %d bad events, want 3 and 5", wantBadLines, wantBadEvents)
	}
	glob := filepath.Join(dir, "*.json.gz")

	t.Run("skip", func(t *testing.T) {
		got, counters, err := runPipeline(t, Options{Input: glob, Bad: BadSkip})
		if err != nil {
			t.Fatal(err)
		}
		sameTable(t, "skip vs encoding/json", got, want)
		if counters[MetricBadLines] != wantBadLines || counters[MetricBadEvents] != wantBadEvents {
			t.Fatalf("counters %v: want %d bad lines, %d bad events", counters, wantBadLines, wantBadEvents)
		}
	})
	t.Run("stop", func(t *testing.T) {
		_, _, err := runPipeline(t, Options{Input: glob, Bad: BadStop})
		if err == nil {
			t.Fatal("the stop policy let a file with bad lines through")
		}
		if !strings.Contains(err.Error(), "2024-01-01-") || !strings.Contains(err.Error(), ".json.gz") {
			t.Fatalf("error does not name the file: %v", err)
		}
		t.Logf("stop: %v", firstLine(err.Error()))
	})
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

func TestPipelineErrors(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runPipeline(t, Options{Input: dir + "/*.json.gz", Bad: "ignore"}); err == nil || !strings.Contains(err.Error(), "ignore") {
		t.Fatalf("a bad policy: %v", err)
	}
	if _, _, err := runPipeline(t, Options{Input: dir + "/*.json.gz", Threads: -1}); err == nil {
		t.Fatal("negative threads accepted")
	}
	// A truncated gzip file fails the job with its name, whatever the policy.
	full := gunzipFile(t, writeHourly(t, dir, 1, 64<<10, 3, nil)[0])
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(full)
	zw.Close()
	os.WriteFile(filepath.Join(dir, "2024-01-01-0.json.gz"), z.Bytes()[:z.Len()/2], 0o644)
	_, _, err := runPipeline(t, Options{Input: dir + "/*.json.gz", Bad: BadSkip})
	if err == nil || !strings.Contains(err.Error(), "2024-01-01-0.json.gz") {
		t.Fatalf("a truncated gzip file: %v", err)
	}
	t.Logf("truncated: %v", firstLine(err.Error()))
}

func TestParseTable(t *testing.T) {
	tab := Table{Types: map[string]int64{"PushEvent": 3, "WatchEvent": 1}, Langs: map[string]int64{"Jupyter Notebook": 2, NoLanguage: 1}}
	got, err := ParseTable("ghcount header line\n" + tab.String() + "\n1234 bytes, best of 1: 1ms, 0.1 GB/s\n")
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, "round trip", got, tab)
	if _, err := ParseTable("nothing"); err == nil {
		t.Fatal("ParseTable accepted a non-table")
	}
}

// TestPipelineBenchGenerator: the bench generator's events (../bench, make
// bench's data), cut into hourly .json.gz files, counted on prism as
// encoding/json and ghcount count them. It builds ../bench, so -short skips
// it.
func TestPipelineBenchGenerator(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds ../bench")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build ../bench: %v", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bench")
	build := exec.Command(goCmd, "build", "-o", bin, ".")
	build.Dir = "../bench"
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building ../bench: %v\n%s", err, out)
	}
	events := filepath.Join(dir, "events.ndjson")
	if out, err := exec.Command(bin, "-size", "12MB", "-seed", "22", "-out", events).CombinedOutput(); err != nil {
		t.Fatalf("bench -out: %v\n%s", err, out)
	}
	data, err := os.ReadFile(events)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(events)
	lines := bytes.SplitAfter(data, []byte("\n"))
	var paths []string
	const hours = 6
	for h := 0; h < hours; h++ {
		lo, hi := len(lines)*h/hours, len(lines)*(h+1)/hours
		paths = append(paths, writeGz(t, filepath.Join(dir, fmt.Sprintf("2024-01-01-%d.json.gz", h)), bytes.Join(lines[lo:hi], nil)))
	}
	want, bl, be := refCount(t, paths)
	if bl != 0 || be != 0 {
		t.Fatalf("the bench generator's events have %d bad lines, %d bad events", bl, be)
	}
	got, counters, err := runPipeline(t, Options{Input: filepath.Join(dir, "*.json.gz")})
	if err != nil {
		t.Fatal(err)
	}
	sameTable(t, "pipeline vs encoding/json", got, want)
	sameTable(t, "pipeline vs ghcount", got, ghcountTable(t, paths))
	if counters[MetricBytes] != int64(len(data)) {
		t.Fatalf("bytes counter %d, want %d", counters[MetricBytes], len(data))
	}
}

// The pipeline's table is ghcount's: the same function formats both
// (internal/ghtable), checked here against the golden text ghcount's test
// and internal/ghtable's also compare with. Its columns line up for the
// longest GH Archive type, PullRequestReviewCommentEvent (29 characters,
// one more than the old fixed column), and unknown longer names.
func TestTableGolden(t *testing.T) {
	golden, err := os.ReadFile("../internal/ghtable/testdata/table.golden")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ParseTable(string(golden))
	if err != nil {
		t.Fatal(err)
	}
	if tab.Types["PullRequestReviewCommentEvent"] == 0 {
		t.Fatal("the golden table lacks PullRequestReviewCommentEvent")
	}
	if got := tab.String(); got != string(golden) {
		t.Fatalf("Table.String:\n%s\nwant:\n%s", got, golden)
	}
}

// A bad event under the stop policy fails the file with its path, line and
// byte, and errors.Is sees the library's error under it.
func TestCountFileErrorSaysWhere(t *testing.T) {
	proj, err := NewFieldsProjection()
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	head := "{\"type\":\"PushEvent\"}\n\n{\"type\":\"WatchEvent\"}\n"
	for _, c := range []struct{ line, msg string }{
		{`{"type":5,"payload":{}}`, "/type is an int64, not a string (run with the skip policy to skip and count bad events)"},
		{`{"id":"1"}`, "no /type: not a GH Archive event"},
		{`not json at all`, "not JSON"},
	} {
		path := writeGz(t, filepath.Join(t.TempDir(), "2024-01-01-7.json.gz"), []byte(head+c.line+"\n"+head))
		_, err := CountFile(context.Background(), path, proj, 2, false)
		want := fmt.Sprintf("%s: line 4 (byte %d): ", path, len(head))
		if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.msg) {
			t.Fatalf("%q: error %v, want %q...%q", c.line, err, want, c.msg)
		}
	}
}
