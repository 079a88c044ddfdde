package main

// This library's three ways through the seed's task, both on its parallel map
// (a pool of native threads, each with its own parser and *Counts, calling
// Go once per batch of documents):
//
//   - simdjson-lazy: Map with lazy Document handles: type, and for pull
//     request events payload.action and the base repository's language,
//     read as zero-copy string bytes.
//   - simdjson-struct: MapDecode into task.go's event struct (the struct
//     the pure-Go peers unmarshal into): each line decoded on the worker
//     threads, the subtrees the struct does not declare stepped over.
//   - simdjson-fields: MapFields with a projection of the same three JSON
//     pointers: the native threads extract them for a whole batch and Go
//     reads plain values, no cgo call per document. The two payload
//     pointers are a Case of the type: searched for only in pull request
//     events, as native-cpp (and simdjson-lazy) read the payload only there.
//
// Both also read an io.Reader (-reader), in chunks, for the streaming-memory
// measurement.

import (
	"fmt"
	"io"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/bench/internal/seed"
)

func init() {
	register("seed", Method{Name: "simdjson-lazy",
		Run:    seedMethod(func(data []byte, threads int) (*Counts, error) { return lazyRun(simdjson.Bytes(data), threads) }),
		Reader: readerMethod(lazyRun),
		Note:   "this library: Map, lazy Document handles"})
	register("seed", Method{Name: "simdjson-struct",
		Run:    seedMethod(func(data []byte, threads int) (*Counts, error) { return structRun(simdjson.Bytes(data), threads) }),
		Reader: readerMethod(structRun),
		Note:   "this library: MapDecode into the typed event struct (undeclared subtrees stepped over natively)"})
	register("seed", Method{Name: "simdjson-fields",
		Run:    seedMethod(func(data []byte, threads int) (*Counts, error) { return fieldsRun(simdjson.Bytes(data), threads) }),
		Reader: readerMethod(fieldsRun),
		Note:   "this library: MapFields, projection of 3 JSON pointers (2 of them a case of the type)"})
}

func readerMethod(f func(simdjson.Input, int) (*Counts, error)) func(io.Reader, int) (Result, error) {
	return func(r io.Reader, threads int) (Result, error) {
		c, err := f(simdjson.Reader(r), threads)
		if err != nil {
			return nil, err
		}
		c.flush()
		return c, nil
	}
}

func mergeStates(states []*Counts, err error) (*Counts, error) {
	if err != nil {
		return nil, err
	}
	total := newCounts()
	for _, s := range states {
		total.merge(s)
	}
	return total, nil
}

func lazyRun(in simdjson.Input, threads int) (*Counts, error) {
	return mergeStates(simdjson.Map(in, func(int) *Counts { return newCounts() }, lazyEvent, simdjson.Threads(threads)))
}

// lazyEvent counts one event from its lazy reads.
func lazyEvent(c *Counts, doc simdjson.Document) error {
	typ, lang, opened, err := seed.Read(doc)
	if err != nil {
		return err
	}
	c.AddType(typ)
	switch {
	case !opened:
	case lang == nil:
		c.Null++
	default:
		c.AddLang(lang)
	}
	return nil
}

func structRun(in simdjson.Input, threads int) (*Counts, error) {
	return mergeStates(simdjson.MapDecode(in, func(int) *Counts { return newCounts() }, func(c *Counts, ev *seed.Event) error {
		c.addEvent(ev)
		return nil
	}, simdjson.Threads(threads)))
}

var fieldPointers = []string{"/type", "/payload/action", "/payload/pull_request/base/repo/language"}

func fieldsRun(in simdjson.Input, threads int) (*Counts, error) { return fieldsRunOpts(in, threads) }

// fieldsRunOpts is fieldsRun with more options.
func fieldsRunOpts(in simdjson.Input, threads int, opts ...simdjson.StreamOption) (*Counts, error) {
	proj, err := simdjson.NewProjectionCases(fieldPointers,
		simdjson.Case{Guard: 0, Values: []string{"PullRequestEvent"}, Fields: []int{1, 2}})
	if err != nil {
		return nil, err
	}
	defer proj.Close()
	return mergeStates(simdjson.MapFields(in, proj, func(int) *Counts { return newCounts() }, fieldsEvent, append(opts, simdjson.Threads(threads))...))
}

func fieldsEvent(c *Counts, row simdjson.Row) error {
	typ, ok := row.Bytes(0)
	if !ok {
		return fieldError(row, 0)
	}
	c.AddType(typ)
	if string(typ) != "PullRequestEvent" {
		return nil
	}
	action, ok := row.Bytes(1)
	if !ok {
		return fieldError(row, 1)
	}
	if string(action) != "opened" {
		return nil
	}
	if lang, ok := row.Bytes(2); ok {
		c.AddLang(lang)
	} else if row.IsNull(2) || row.Missing(2) {
		c.Null++
	} else {
		return fieldError(row, 2)
	}
	return nil
}

func fieldError(row simdjson.Row, i int) error {
	if err := row.Err(i); err != nil {
		return fmt.Errorf("document at byte %d, %s: %w", row.Offset(), fieldPointers[i], err)
	}
	return fmt.Errorf("document at byte %d, %s: a %v, not a string", row.Offset(), fieldPointers[i], row.Kind(i))
}
