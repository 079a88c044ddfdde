package ghtable

import (
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite testdata/table.golden")

// GoldenTypes and GoldenLangs are the counts of testdata/table.golden:
// every GH Archive event type (PullRequestReviewCommentEvent, 29
// characters, is longer than the old fixed 28-character column), an
// unknown longer name, names that must be quoted, and a count wider than
// the count column's minimum.
var (
	GoldenTypes = map[string]int64{
		"PushEvent": 61234567890, "CreateEvent": 1234, "PullRequestEvent": 900, "IssueCommentEvent": 800,
		"WatchEvent": 700, "DeleteEvent": 600, "PullRequestReviewEvent": 500, "PullRequestReviewCommentEvent": 400,
		"IssuesEvent": 300, "ForkEvent": 200, "ReleaseEvent": 100, "CommitCommentEvent": 90, "PublicEvent": 80,
		"MemberEvent": 70, "GollumEvent": 60, "DiscussionEvent": 50,
		"SomeFutureGitHubEventTypeWithAVeryLongNameIndeed": 1,
		"":              2,
		"total":         3,
		"two\nlines":    4,
		" padded ":      5,
		"\xff\xfebytes": 6,
	}
	GoldenLangs = map[string]int64{"Go": 12, "(none)": 3, "Jupyter Notebook": 2, "Visual Basic .NET": 2, "C++": 1}
)

// The table of GoldenTypes and GoldenLangs is testdata/table.golden, the
// text cmd/ghcount's and beam's tests also compare theirs with.
func TestGolden(t *testing.T) {
	got := Format(GoldenTypes, GoldenLangs)
	if *update {
		if err := os.WriteFile("testdata/table.golden", []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/table.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("Format:\n%s\nwant:\n%s", got, want)
	}
}

// Every row of a table is as long as every other (the columns line up),
// whatever the names; Parse reads back exactly the counts.
func TestAlignedAndParsed(t *testing.T) {
	for _, c := range []struct{ types, langs map[string]int64 }{
		{GoldenTypes, GoldenLangs},
		{map[string]int64{}, map[string]int64{}},
		{map[string]int64{"PullRequestReviewCommentEvent": 1}, map[string]int64{}},
		{map[string]int64{"PushEvent": 1}, map[string]int64{strings.Repeat("é", 40): 1 << 62}},
		{map[string]int64{"PushEvent": 1, strings.Repeat("x", maxName): 2, strings.Repeat("y", 1<<20): 3}, map[string]int64{"Go": 1}},
	} {
		text := Format(c.types, c.langs)
		width := -1
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
			if line == "" || utf8.RuneCountInString(line) > maxName+minCount+1 {
				continue // a row of a name longer than maxName
			}
			n := utf8.RuneCountInString(line)
			if width < 0 {
				width = n
			}
			if n != width {
				t.Errorf("row %q: %d runes, the first row %d\n%s", line, n, width, text)
			}
		}
		types, langs, err := Parse("a line before\n" + text + "\n1 files, ...\n")
		if err != nil {
			t.Fatalf("Parse: %v\n%s", err, text)
		}
		if !reflect.DeepEqual(types, c.types) || !reflect.DeepEqual(langs, c.langs) {
			t.Fatalf("Parse: %v %v, want %v %v", types, langs, c.types, c.langs)
		}
	}
}

func TestParseRejects(t *testing.T) {
	for _, text := range []string{
		"nothing",
		"event type count\nPushEvent 3\ntotal 3\n",                                          // one section
		"event type count\nPushEvent 3\ntotal 4\n\nopened PRs by language count\ntotal 0\n", // wrong total
		"event type count\nPushEvent x\n\nopened PRs by language count\n",                   // no number
		"event type count\n\"bad 1\n\nopened PRs by language count\n",                       // broken quote
	} {
		if _, _, err := Parse(text); err == nil {
			t.Errorf("Parse(%q): no error", text)
		}
	}
}

// A name longer than maxName does not widen the table: the output stays
// about as long as its names, not rows times the longest name.
func TestLongNameBounded(t *testing.T) {
	long := strings.Repeat("y", 1<<20)
	types := map[string]int64{long: 1}
	for i := range 100 {
		types[strings.Repeat("z", i+1)] = int64(i + 2)
	}
	text := Format(types, map[string]int64{"Go": 1})
	if len(text) > len(long)+110*(maxName+minCount+2) {
		t.Fatalf("table of %d bytes for names of %d", len(text), len(long))
	}
	first, _, _ := strings.Cut(text, "\n")
	if n := utf8.RuneCountInString(first); n != maxName+1+minCount {
		t.Fatalf("header row %d runes, want %d", n, maxName+1+minCount)
	}
}
