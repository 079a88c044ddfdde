// Command testsummary runs go test with the arguments it is given, prints
// what go test prints without -v (each package's result line; the output
// of failed tests; build errors), and ends with one line naming the tests
// that skipped because the shared corpora are absent, and how to get them.
// Its exit status is go test's. make test runs it:
//
//	go run ./internal/testsummary -count=1 ./...
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
)

func main() {
	gobin := os.Getenv("GO")
	if gobin == "" {
		gobin = "go"
	}
	cmd := exec.Command(gobin, append([]string{"test", "-json"}, os.Args[1:]...)...)
	cmd.Stdin, cmd.Stderr = os.Stdin, os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
	s := newSummary(os.Stdout)
	s.read(out)
	err = cmd.Wait()
	s.finish()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		os.Exit(exit.ExitCode())
	case err != nil:
		fmt.Fprintln(os.Stderr, "testsummary:", err)
		os.Exit(2)
	}
}

// event is one line of go test -json (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
}

// summary turns go test -json's events back into go test's plain output
// and collects the skips.
type summary struct {
	w       io.Writer
	pending map[string][]string // output of each running test, by package and name
	corpus  []string            // tests skipped for missing corpora
	other   int                 // other skips
}

func newSummary(w io.Writer) *summary {
	return &summary{w: w, pending: map[string][]string{}}
}

// corpusSkip reports whether a skip message says the shared corpora are
// absent (internal/corpus.SharedData and the bench module's tests).
func corpusSkip(out []string) bool {
	for _, l := range out {
		if strings.Contains(l, "shared corpora") || strings.Contains(l, "shared corpus") {
			return true
		}
	}
	return false
}

func (s *summary) read(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(s.w, "%s\n", line) // not an event: as it came
			continue
		}
		s.event(e)
	}
}

func (s *summary) event(e event) {
	key := e.Package + "\x00" + e.Test
	switch e.Action {
	case "build-output":
		fmt.Fprint(s.w, e.Output)
	case "output":
		if e.Test == "" {
			if strings.HasPrefix(e.Output, "FAIL\t") {
				s.flush(e.Package) // before the package's result line
			}
			if e.Output != "PASS\n" {
				fmt.Fprint(s.w, e.Output)
			}
			return
		}
		if strings.HasPrefix(e.Output, "=== ") {
			return
		}
		s.pending[key] = append(s.pending[key], e.Output)
	case "fail":
		if e.Test == "" {
			s.flush(e.Package)
			return
		}
		out := s.pending[key]
		delete(s.pending, key)
		// go test without -v prints the result line first.
		for i, l := range out {
			if strings.HasPrefix(strings.TrimSpace(l), "--- FAIL") {
				out = append([]string{l}, slices.Delete(out, i, i+1)...)
				break
			}
		}
		for _, l := range out {
			fmt.Fprint(s.w, l)
		}
	case "skip":
		out := s.pending[key]
		delete(s.pending, key)
		if e.Test == "" {
			return
		}
		if corpusSkip(out) {
			top, _, _ := strings.Cut(e.Test, "/") // a subtest is named by its test
			s.corpus = append(s.corpus, top)
		} else {
			s.other++
		}
	case "pass":
		delete(s.pending, key)
	}
}

// flush prints the output of pkg's tests that never ended: the test binary
// died (a panic, a timeout) while they ran, and go test shows their output.
func (s *summary) flush(pkg string) {
	var keys []string
	for k := range s.pending {
		if strings.HasPrefix(k, pkg+"\x00") {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		for _, l := range s.pending[k] {
			fmt.Fprint(s.w, l)
		}
		delete(s.pending, k)
	}
}

// finish prints the summary line.
func (s *summary) finish() {
	if len(s.corpus) == 0 {
		if s.other > 0 {
			fmt.Fprintf(s.w, "skipped: %d tests for reasons of their own (go test -v shows them); none for missing corpora\n", s.other)
		}
		return
	}
	names := slices.Clone(s.corpus)
	slices.Sort(names)
	names = slices.Compact(names)
	verb := "tests need"
	if len(names) == 1 {
		verb = "test needs"
	}
	fmt.Fprintf(s.w, "skipped: %d %s the shared corpora, absent from ../shared/data next to this checkout (docs/TESTING.md says where to get them): %s\n",
		len(names), verb, strings.Join(names, ", "))
}
