package main

// Suites: a task, its input and the methods that perform it. The seed suite
// is the seed benchmark's task over GH Archive-like events (seed.go); another
// file may add a suite with registerSuite and its methods with register,
// and `-suite NAME` runs it.

import (
	"fmt"
	"io"
	"slices"
	"sort"
)

// Result is what a method computes. All methods of a suite must compute
// equal results.
type Result interface {
	// Diff describes how the result differs from ref ("" when equal).
	Diff(ref Result) string
	// Summary is the result for people to read.
	Summary() string
}

// Method is one way to perform a suite's task.
type Method struct {
	Name string
	Note string // how it does the task, in a few words
	Skip string // non-empty: not available in this build, and why

	// Run performs the task over data, whole lines of NDJSON with at
	// least 64 bytes of capacity after them (simdjson's padding, which
	// methods may read but never write), on threads threads or
	// goroutines.
	Run func(data []byte, threads int) (Result, error)

	// Reader, if set, performs the task over r without reading it all into
	// memory first (-reader mode).
	Reader func(r io.Reader, threads int) (Result, error)
}

// Corruption is one corrupted input for the validates column.
type Corruption struct {
	Name string // short, e.g. "utf8"
	Doc  string
	Data []byte
}

// Suite is a task with its input and methods.
type Suite struct {
	Name string
	Doc  string
	// Reference is the method whose one-thread result every other method's
	// must equal.
	Reference string
	// Order lists method names in table order; methods not listed follow
	// in the order of their names.
	Order []string
	// Generate makes the input (whole lines, 64 bytes of spare capacity)
	// and, if known independently of any parser, the result it must give.
	Generate func(size int64, seed uint64) (data []byte, expected Result)
	// Run, if set, is a suite that runs itself: its own inputs, methods,
	// timing and output (the decode, encode and request suites); the
	// harness only checks -methods' names against the registered methods.
	Run func() error
	// Write writes the same input as Generate to w (-out).
	Write func(w io.Writer, size int64, seed uint64) (int64, error)
	// Corruptions, if set, returns a clean input and corrupted inputs: a
	// method validates when it computes the reference result over the
	// clean one and reports an error on every corrupted one.
	Corruptions func() (clean []byte, bad []Corruption)

	methods map[string]Method
}

var suites = map[string]*Suite{}

// suiteNamed returns the suite called name, created empty if need be (so
// that methods may register before their suite, whatever the order in
// which files initialise).
func suiteNamed(name string) *Suite {
	s := suites[name]
	if s == nil {
		s = &Suite{Name: name, methods: map[string]Method{}}
		suites[name] = s
	}
	return s
}

// registerSuite adds s (its methods come from register).
func registerSuite(s *Suite) {
	existing := suiteNamed(s.Name)
	s.methods = existing.methods
	suites[s.Name] = s
}

// register adds a method to the suite called suite.
func register(suite string, m Method) {
	s := suiteNamed(suite)
	if _, dup := s.methods[m.Name]; dup {
		panic(fmt.Sprintf("bench: method %q registered twice in suite %q", m.Name, suite))
	}
	s.methods[m.Name] = m
}

// Methods returns the suite's methods in table order.
func (s *Suite) Methods() []Method {
	var out []Method
	seen := map[string]bool{}
	for _, n := range s.Order {
		if m, ok := s.methods[n]; ok {
			out = append(out, m)
			seen[n] = true
		}
	}
	var rest []string
	for n := range s.methods {
		if !seen[n] {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	for _, n := range rest {
		out = append(out, s.methods[n])
	}
	return out
}

func suiteNames() []string {
	var names []string
	for n := range suites {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
