package main

import (
	"strings"
	"testing"
)

// TestSummary: plain go test output back from -json events, failures with
// their output, and the line naming the tests skipped for missing corpora.
func TestSummary(t *testing.T) {
	in := `{"Action":"start","Package":"m"}
{"Action":"run","Package":"m","Test":"TestPass"}
{"Action":"output","Package":"m","Test":"TestPass","Output":"=== RUN   TestPass\n"}
{"Action":"output","Package":"m","Test":"TestPass","Output":"    a_test.go:3: hello\n"}
{"Action":"output","Package":"m","Test":"TestPass","Output":"--- PASS: TestPass (0.00s)\n"}
{"Action":"pass","Package":"m","Test":"TestPass"}
{"Action":"output","Package":"m","Test":"TestSkip","Output":"    a_test.go:4: skipping: /x/shared/data/gharchive not found (the shared corpora are not next to this checkout)\n"}
{"Action":"output","Package":"m","Test":"TestSkip","Output":"--- SKIP: TestSkip (0.00s)\n"}
{"Action":"skip","Package":"m","Test":"TestSkip"}
{"Action":"output","Package":"m","Test":"TestSub/a","Output":"    a_test.go:5: skipping: in -short mode\n"}
{"Action":"skip","Package":"m","Test":"TestSub/a"}
{"Action":"output","Package":"m","Test":"TestCorpus/x","Output":"    c_test.go:9: skipping: the shared corpus is absent (open ...)\n"}
{"Action":"skip","Package":"m","Test":"TestCorpus/x"}
{"Action":"output","Package":"m","Test":"TestFail","Output":"    a_test.go:6: boom\n"}
{"Action":"output","Package":"m","Test":"TestFail","Output":"--- FAIL: TestFail (0.00s)\n"}
{"Action":"fail","Package":"m","Test":"TestFail"}
{"Action":"output","Package":"m","Output":"FAIL\n"}
{"Action":"output","Package":"m","Output":"FAIL\tm\t0.005s\n"}
{"Action":"fail","Package":"m"}
{"Action":"output","Package":"n","Output":"PASS\n"}
{"Action":"output","Package":"n","Output":"ok  \tn\t0.1s\n"}
FAIL
`
	var b strings.Builder
	s := newSummary(&b)
	s.read(strings.NewReader(in))
	s.finish()
	want := "--- FAIL: TestFail (0.00s)\n    a_test.go:6: boom\nFAIL\nFAIL\tm\t0.005s\nok  \tn\t0.1s\nFAIL\n" +
		"skipped: 2 tests need the shared corpora, absent from ../shared/data next to this checkout (docs/TESTING.md says where to get them): TestCorpus, TestSkip\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}

// TestSummaryNoCorpusSkips: no corpus line when nothing skipped for them.
func TestSummaryNoCorpusSkips(t *testing.T) {
	var b strings.Builder
	s := newSummary(&b)
	s.read(strings.NewReader(`{"Action":"output","Package":"n","Output":"ok  \tn\t0.1s\n"}` + "\n"))
	s.finish()
	if b.String() != "ok  \tn\t0.1s\n" {
		t.Errorf("got %q", b.String())
	}
}

// TestSummaryCrash: when the test binary dies inside a test (a panic in a
// goroutine, a timeout), the output of the tests still running is shown.
func TestSummaryCrash(t *testing.T) {
	in := `{"Action":"run","Package":"m","Test":"TestHang"}
{"Action":"output","Package":"m","Test":"TestHang","Output":"=== RUN   TestHang\n"}
{"Action":"output","Package":"m","Test":"TestHang","Output":"    h_test.go:3: waiting\n"}
{"Action":"output","Package":"m","Output":"panic: test timed out after 1s\n"}
{"Action":"output","Package":"m","Output":"FAIL\tm\t1.0s\n"}
{"Action":"fail","Package":"m"}
`
	var b strings.Builder
	s := newSummary(&b)
	s.read(strings.NewReader(in))
	s.finish()
	want := "panic: test timed out after 1s\n    h_test.go:3: waiting\nFAIL\tm\t1.0s\n"
	if b.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
	}
}
