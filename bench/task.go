package main

// The seed's task: count events by type, and count opened pull requests
// (type PullRequestEvent, payload.action "opened") by the language of their
// base repository (payload.pull_request.base.repo.language), null counted
// apart. A missing language counts as null (the generator always writes
// the key).

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/simdjson-cgo/simdjson/bench/internal/seed"
)

// Counts is the answer of the seed's task.
type Counts struct {
	Types map[string]int64 // events by type
	Langs map[string]int64 // opened pull requests by base-repository language
	Null  int64            // opened pull requests whose base repository has no language

	// What AddType and AddLang counted, until flush adds it to the maps.
	types, langs tally
}

// AddType counts an event of type t, AddLang an opened pull request whose
// base repository's language is l: the per-document counting of the methods
// that read the names as bytes. Indexing a Go map with string(b) in an
// increment allocates the key every time, so these count in a tally as
// native.cpp does (a short slice searched linearly) and flush adds the
// tallies to the maps at the end.
func (c *Counts) AddType(t []byte) { c.types.add(t) }

// AddLang: see AddType.
func (c *Counts) AddLang(l []byte) { c.langs.add(l) }

// flush adds the tallies of AddType and AddLang to the maps.
func (c *Counts) flush() {
	c.types.drain(c.Types)
	c.langs.drain(c.Langs)
}

// tally counts a few distinct keys without allocating per count.
type tally struct {
	keys []string
	n    []int64
}

func (t *tally) add(k []byte) {
	for i, s := range t.keys {
		if s == string(k) {
			t.n[i]++
			return
		}
	}
	if t.n == nil {
		// The counts, written for every document, get 512 bytes of their
		// own: workers' tallies allocated side by side must not share a
		// cache line (native.cpp's per-thread vectors come from separate
		// malloc arenas).
		t.n = make([]int64, 0, 64)
	}
	t.keys = append(t.keys, string(k))
	t.n = append(t.n, 1)
}

func (t *tally) drain(m map[string]int64) {
	for i, k := range t.keys {
		m[k] += t.n[i]
	}
	t.keys, t.n = t.keys[:0], t.n[:0]
}

func newCounts() *Counts {
	return &Counts{Types: map[string]int64{}, Langs: map[string]int64{}}
}

// Opened is the number of opened pull requests.
func (c *Counts) Opened() int64 {
	n := c.Null
	for _, v := range c.Langs {
		n += v
	}
	return n
}

// Events is the number of events.
func (c *Counts) Events() int64 {
	var n int64
	for _, v := range c.Types {
		n += v
	}
	return n
}

func (c *Counts) merge(o *Counts) {
	o.flush()
	for k, v := range o.Types {
		c.Types[k] += v
	}
	for k, v := range o.Langs {
		c.Langs[k] += v
	}
	c.Null += o.Null
}

// Diff implements Result: "" when c equals ref.
func (c *Counts) Diff(ref Result) string {
	r, ok := ref.(*Counts)
	if !ok {
		return fmt.Sprintf("result of type %T, reference %T", c, ref)
	}
	var b strings.Builder
	diffMap := func(what string, got, want map[string]int64) {
		for _, k := range slices.Sorted(maps.Keys(union(got, want))) {
			if got[k] != want[k] {
				fmt.Fprintf(&b, "  %s %q: %d, reference %d\n", what, k, got[k], want[k])
			}
		}
	}
	diffMap("type", c.Types, r.Types)
	diffMap("language", c.Langs, r.Langs)
	if c.Null != r.Null {
		fmt.Fprintf(&b, "  language null: %d, reference %d\n", c.Null, r.Null)
	}
	return b.String()
}

func union(a, b map[string]int64) map[string]int64 {
	u := maps.Clone(a)
	for k := range b {
		u[k] += 0
	}
	return u
}

// Summary implements Result: the counts, largest first, as the seed gives
// its answer.
func (c *Counts) Summary() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d events; by type:\n", c.Events())
	for _, kv := range sortedByCount(c.Types) {
		fmt.Fprintf(&b, "  %-32s %9d\n", kv.k, kv.v)
	}
	fmt.Fprintf(&b, "%d opened pull requests; by base-repository language:\n", c.Opened())
	langs := maps.Clone(c.Langs)
	for i, kv := range sortedByCount(langs) {
		if i == 8 {
			var rest int64
			for _, kv := range sortedByCount(langs)[8:] {
				rest += kv.v
			}
			fmt.Fprintf(&b, "  %-32s %9d\n", fmt.Sprintf("(%d other languages)", len(langs)-8), rest)
			break
		}
		fmt.Fprintf(&b, "  %-32s %9d\n", kv.k, kv.v)
	}
	fmt.Fprintf(&b, "  %-32s %9d\n", "null (no language)", c.Null)
	return b.String()
}

type kv struct {
	k string
	v int64
}

func sortedByCount(m map[string]int64) []kv {
	var s []kv
	for k, v := range m {
		s = append(s, kv{k, v})
	}
	slices.SortFunc(s, func(a, b kv) int {
		if c := cmp.Compare(b.v, a.v); c != 0 {
			return c
		}
		return strings.Compare(a.k, b.k)
	})
	return s
}

// seedMethod adapts a method that returns *Counts.
func seedMethod(f func(data []byte, threads int) (*Counts, error)) func([]byte, int) (Result, error) {
	return func(data []byte, threads int) (Result, error) {
		c, err := f(data, threads)
		if err != nil {
			return nil, err
		}
		c.flush()
		return c, nil
	}
}

// splitLines cuts data into n parts of about equal size, each ending after
// a newline (or at the end of data).
func splitLines(data []byte, n int) [][]byte {
	parts := make([][]byte, 0, n)
	start := 0
	for i := 1; i <= n; i++ {
		end := len(data)
		if i < n {
			end = max(len(data)*i/n, start)
			if j := bytes.IndexByte(data[end:], '\n'); j >= 0 {
				end += j + 1
			} else {
				end = len(data)
			}
		}
		parts = append(parts, data[start:end:end])
		start = end
	}
	return parts
}

// parallel runs work over the parts of data on one goroutine each, with
// counters of its own, and merges them: the pure-Go peers' way to use all
// cores.
func parallel(data []byte, threads int, work func(part []byte, c *Counts) error) (*Counts, error) {
	if threads <= 1 {
		c := newCounts()
		return c, work(data, c)
	}
	parts := splitLines(data, threads)
	counts := make([]*Counts, len(parts))
	errs := make([]error, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		counts[i] = newCounts()
		wg.Go(func() { errs[i] = work(p, counts[i]) })
	}
	wg.Wait()
	total := newCounts()
	for i := range parts {
		if errs[i] != nil {
			return nil, errs[i]
		}
		total.merge(counts[i])
	}
	return total, nil
}

// eachLine calls fn for each non-blank line of data (without its newline).
func eachLine(data []byte, fn func(line []byte) error) error {
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) == 0 || (len(line) == 1 && line[0] == '\r') {
			continue
		}
		if err := fn(line); err != nil {
			return err
		}
	}
	return nil
}

// event is the typed struct of the seed's task (see seed.Event).
type event = seed.Event

func (c *Counts) addEvent(ev *event) {
	c.Types[ev.Type]++
	if l, ok := ev.Opened(); ok && l != nil {
		c.Langs[*l]++
	} else if ok {
		c.Null++
	}
}

// structMethod runs unmarshal, a decoder's Unmarshal into a typed struct,
// on each line.
func structMethod(unmarshal func([]byte, any) error) func([]byte, int) (*Counts, error) {
	return func(data []byte, threads int) (*Counts, error) {
		return parallel(data, threads, func(part []byte, c *Counts) error {
			var ev event
			return eachLine(part, func(line []byte) error {
				ev = event{}
				if err := unmarshal(line, &ev); err != nil {
					return err
				}
				c.addEvent(&ev)
				return nil
			})
		})
	}
}
