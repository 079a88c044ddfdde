// Command ghcount runs the seed benchmark's task over an NDJSON file of
// GitHub events with this library's lazy handles, on one goroutine: count
// events by type, and newly opened pull requests by the language of their
// base repository. It is the small example make demo runs (the main
// command is make bench, the benchmark over 1 GB of generated events):
//
//	go run ./cmd/ghcount testdata/events.ndjson
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/simdjson-cgo/simdjson"
)

func main() {
	runs := flag.Int("runs", 5, "passes over the data; the best is reported")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: ghcount [-runs N] FILE.ndjson")
		os.Exit(2)
	}
	data, err := simdjson.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	p := simdjson.NewParser()
	defer p.Close()
	var best time.Duration
	var types, langs map[string]int
	for r := 0; r < *runs; r++ {
		start := time.Now()
		types, langs, err = count(p, data)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		if d := time.Since(start); r == 0 || d < best {
			best = d
		}
	}
	fmt.Printf("%-28s %8s\n", "event type", "count")
	for _, k := range sorted(types) {
		fmt.Printf("%-28s %8d\n", k, types[k])
	}
	fmt.Printf("\n%-28s %8s\n", "opened PRs by language", "count")
	for _, k := range sorted(langs) {
		fmt.Printf("%-28s %8d\n", k, langs[k])
	}
	fmt.Printf("\n%d bytes, best of %d: %v, %.2f GB/s (one goroutine, lazy handles; kernel %s, On-Demand %s)\n",
		len(data), *runs, best, float64(len(data))/best.Seconds()/1e9,
		simdjson.ActiveImplementation(), simdjson.BuiltinImplementation())
}

// count parses each line as its own document: lines are slices of the padded
// file buffer, so only the last one lacks 64 bytes after it and gets copied.
func count(p *simdjson.Parser, data []byte) (types, langs map[string]int, err error) {
	types, langs = map[string]int{}, map[string]int{}
	for lineNo := 1; len(data) > 0; lineNo++ {
		line := data
		rest := []byte(nil)
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, rest = data[:i], data[i+1:]
		}
		data = rest
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		doc, err := p.Parse(line)
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		t, err := doc.Field("type")
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		tb, err := t.StringBytes()
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		types[string(tb)]++ // no allocation: map key lookup from bytes
		if string(tb) != "PullRequestEvent" {
			continue
		}
		action, err := doc.Get("payload", "action")
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if ab, _ := action.StringBytes(); string(ab) != "opened" {
			continue
		}
		lang, err := doc.AtPointer("/payload/pull_request/base/repo/language")
		if errors.Is(err, simdjson.ErrNoSuchField) {
			langs["(none)"]++
			continue
		}
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		if isNull, _ := lang.IsNull(); isNull {
			langs["(none)"]++
			continue
		}
		lb, err := lang.StringBytes()
		if err != nil {
			return nil, nil, fmt.Errorf("line %d: %w", lineNo, err)
		}
		langs[string(lb)]++
	}
	return types, langs, nil
}

func sorted(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}
