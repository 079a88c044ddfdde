//go:build cgo

package simdjson_test

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/simdjson-cgo/simdjson"
)

const exampleEvents = `{"id":"1","type":"PushEvent","payload":{"size":1}}
{"id":"2","type":"PullRequestEvent","payload":{"action":"opened","pull_request":{"base":{"repo":{"language":"Go"}}}}}

{"id":"3","type":"PushEvent","payload":{"size":2}
{"id":"4","type":"PullRequestEvent","payload":{"action":"opened","pull_request":{"base":{"repo":{"language":null}}}}}
`

// A stream yields each document of an NDJSON input with lazy handles. By
// default the first bad line stops it; SkipBadLines reports and skips.
func ExampleParser_Stream() {
	p := simdjson.NewParser()
	defer p.Close()
	s := p.Stream(simdjson.Reader(strings.NewReader(exampleEvents)), simdjson.SkipBadLines(nil))
	for i, doc := range s.Documents() {
		id, _ := doc.Field("id")
		v, _ := id.String()
		fmt.Println(i, "id", v, "at byte", doc.Offset())
	}
	if err := s.Err(); err != nil {
		panic(err)
	}
	for _, bad := range s.BadLines() {
		fmt.Println("skipped line", bad.Line, errors.Is(bad, simdjson.ErrIncompleteArrayOrObject))
	}
	// Output:
	// 0 id 1 at byte 0
	// 1 id 2 at byte 51
	// 2 id 4 at byte 220
	// skipped line 4 true
}

// Map runs a function over every document on all cores; each worker keeps
// its own counters, merged at the end.
func ExampleMap() {
	type counts map[string]int
	states, err := simdjson.Map(simdjson.Bytes([]byte(exampleEvents)),
		func(worker int) counts { return counts{} },
		func(c counts, doc simdjson.Document) error {
			v, err := doc.Field("type")
			if err != nil {
				return err
			}
			t, _ := v.StringBytes()
			c[string(t)]++
			return nil
		}, simdjson.SkipBadLines(func(e *simdjson.LineError) { fmt.Println("bad line", e.Line) }))
	if err != nil {
		panic(err)
	}
	total := counts{}
	for _, c := range states {
		for k, n := range c {
			total[k] += n
		}
	}
	fmt.Println(total["PushEvent"], total["PullRequestEvent"])
	// Output:
	// bad line 4
	// 1 2
}

// MapFields extracts declared JSON pointers natively; the function reads
// them from a Row without a cgo call.
func ExampleMapFields() {
	proj, err := simdjson.NewProjection("/type", "/payload/action", "/payload/pull_request/base/repo/language")
	if err != nil {
		panic(err)
	}
	defer proj.Close()
	type langs map[string]int
	states, err := simdjson.MapFields(simdjson.Bytes([]byte(exampleEvents)), proj,
		func(int) langs { return langs{} },
		func(l langs, r simdjson.Row) error {
			if t, _ := r.Bytes(0); string(t) != "PullRequestEvent" {
				return nil
			}
			if a, _ := r.Bytes(1); string(a) != "opened" {
				return nil
			}
			if r.IsNull(2) {
				l["null"]++
			} else if lang, ok := r.String(2); ok {
				l[lang]++
			}
			return nil
		}, simdjson.SkipBadLines(nil), simdjson.Threads(2))
	if err != nil {
		panic(err)
	}
	total := langs{}
	for _, l := range states {
		for k, n := range l {
			total[k] += n
		}
	}
	keys := make([]string, 0, len(total))
	for k := range total {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		fmt.Println(k, total[k])
	}
	// Output:
	// Go 1
	// null 1
}

// A Case restricts projected fields to the documents a field selects, like
// a tagged union: here the payload's pull request fields are searched for
// only in pull request events, and read as missing in the others.
func ExampleNewProjectionCases() {
	proj, err := simdjson.NewProjectionCases(
		[]string{"/type", "/payload/action", "/payload/size"},
		simdjson.Case{Guard: 0, Values: []string{"PullRequestEvent"}, Fields: []int{1}},
		simdjson.Case{Guard: 0, Values: []string{"PushEvent"}, Fields: []int{2}})
	if err != nil {
		panic(err)
	}
	defer proj.Close()
	_, err = simdjson.MapFields(simdjson.Bytes([]byte(exampleEvents)), proj,
		func(int) struct{} { return struct{}{} },
		func(_ struct{}, r simdjson.Row) error {
			t, _ := r.String(0)
			fmt.Println(t, r.Kind(1), r.Kind(2))
			return nil
		}, simdjson.SkipBadLines(nil), simdjson.Threads(1))
	if err != nil {
		panic(err)
	}
	// Output:
	// PushEvent missing int64
	// PullRequestEvent string missing
	// PullRequestEvent string missing
}

// Row.Decode decodes a projected field into a Go value, as Value.Decode
// does: here the base repository of each opened pull request.
func ExampleRow_Decode() {
	proj, err := simdjson.NewProjection("/type", "/payload/pull_request/base/repo")
	if err != nil {
		panic(err)
	}
	defer proj.Close()
	type repo struct {
		Language *string `json:"language"`
	}
	states, err := simdjson.MapFields(simdjson.Bytes([]byte(exampleEvents)), proj,
		func(int) *[]string { return new([]string) },
		func(langs *[]string, r simdjson.Row) error {
			if t, _ := r.Bytes(0); string(t) != "PullRequestEvent" {
				return nil
			}
			var x repo
			if err := r.Decode(1, &x); err != nil {
				return err
			}
			if x.Language == nil {
				*langs = append(*langs, "null")
			} else {
				*langs = append(*langs, *x.Language)
			}
			return nil
		}, simdjson.SkipBadLines(nil), simdjson.Threads(1))
	if err != nil {
		panic(err)
	}
	fmt.Println(*states[0])
	// Output:
	// [Go null]
}
