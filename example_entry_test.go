//go:build cgo

package simdjson_test

import (
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/simdjson-cgo/simdjson"
)

// NewParser takes options, validated once: an option out of range is
// reported by the parser's first method call.
func ExampleNewParser() {
	p := simdjson.NewParser(simdjson.MaxDepth(64), simdjson.MaxCapacity(1<<20))
	defer p.Close()
	doc, err := p.Parse([]byte(`{"a":[[[1]]]}`))
	if err != nil {
		panic(err)
	}
	v, _ := doc.AtPointer("/a/0/0/0")
	n, _ := v.Int64()
	fmt.Println(n)
	// Output: 1
}

// ParseString parses a copy of a string.
func ExampleParser_ParseString() {
	var p simdjson.Parser
	defer p.Close()
	doc, err := p.ParseString(`{"name":"ann"}`)
	if err != nil {
		panic(err)
	}
	name, _ := doc.Field("name")
	s, _ := name.String()
	fmt.Println(s)
	// Output: ann
}

// ReadFile reads a file into a buffer with the padding simdjson needs, so
// that Parse reads it in place.
func ExampleReadFile() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "config.json")
	_ = os.WriteFile(path, []byte(`{"port": 8080}`), 0o600)

	buf, err := simdjson.ReadFile(path)
	if err != nil {
		panic(err)
	}
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.Parse(buf) // no copy
	port, _ := doc.Field("port")
	n, _ := port.Int64()
	fmt.Println(n, cap(buf)-len(buf) >= simdjson.Padding)
	// Output: 8080 true
}

// Pad returns b with Padding bytes of spare capacity (copying it only when
// it has too little), so that Parse reads it in place.
func ExamplePad() {
	b := simdjson.Pad([]byte(`[1,2,3]`))
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.Parse(b)
	n, _ := doc.Count()
	fmt.Println(n)
	// Output: 3
}

// MakePadded returns an empty buffer with room for n bytes and the
// padding after them: append up to n bytes, then parse in place.
func ExampleMakePadded() {
	src := `{"ok":true}`
	b := simdjson.MakePadded(len(src))
	b = append(b, src...)
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.Parse(b)
	ok, _ := doc.Field("ok")
	v, _ := ok.Bool()
	fmt.Println(v)
	// Output: true
}

// Get follows keys; a missing one is a *NoSuchFieldError that names it.
func ExampleValue_Get() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`{"actor":{"login":"octocat"},"payload":{}}`)
	login, _ := doc.Get("actor", "login")
	s, _ := login.String()
	fmt.Println(s)
	_, err := doc.Get("payload", "action")
	fmt.Println(errors.Is(err, simdjson.ErrNoSuchField), err)
	// Output:
	// octocat
	// true simdjson: no such field "action" (path /payload/action)
}

// AtPath reads simdjson's JSONPath subset; a wildcard needs AtPathAll.
func ExampleValue_AtPath() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`{"items":[{"id":7},{"id":8}]}`)
	v, _ := doc.AtPath("$.items[1].id")
	n, _ := v.Int64()
	fmt.Println(n)
	_, err := doc.AtPath("$.items[*]")
	fmt.Println(err)
	// Output:
	// 8
	// simdjson: malformed JSONPath (simdjson's subset: an optional $, then .key, ['key'] or [index] steps; AtPathAll also takes the wildcards .* and [*])
}

// AtPathAll yields every value at a path with wildcards, in document order;
// an element without the key is passed over.
func ExampleValue_AtPathAll() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`{"items":[{"id":7,"tags":["a","b"]},{"note":"no id"},{"id":9,"tags":["c"]}]}`)
	for v := range doc.AtPathAll("$.items[*].id") {
		n, err := v.Int64()
		if err != nil { // malformed JSON, or a path outside the subset
			fmt.Println(err)
			break
		}
		fmt.Println(n)
	}
	for v := range doc.AtPathAll("$.items[*].tags[*]") {
		s, _ := v.String()
		fmt.Print(s, " ")
	}
	fmt.Println()
	// Output:
	// 7
	// 9
	// a b c
}

// StringBytes returns the string without copying: the bytes are valid
// until the parser's next Parse (copy them to keep them).
func ExampleValue_StringBytes() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`{"type":"PushEvent"}`)
	v, _ := doc.Field("type")
	b, _ := v.StringBytes()
	kept := string(b) // a copy that outlives the next Parse
	_, _ = p.ParseString(`{}`)
	fmt.Println(kept)
	// Output: PushEvent
}

// Array.Elements iterates an array's values; a failed iteration yields a
// last value whose Err says why.
func ExampleArray_Elements() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`[10, 20, 30]`)
	arr, _ := doc.Array()
	sum := int64(0)
	for _, v := range arr.Elements() {
		n, err := v.Int64()
		if err != nil {
			panic(err)
		}
		sum += n
	}
	fmt.Println(sum)
	// Output: 60
}

// A miss names what was asked, and errors.Is still tells a miss from other
// errors.
func ExampleNoSuchFieldError() {
	var p simdjson.Parser
	defer p.Close()
	doc, _ := p.ParseString(`{"a":{}}`)
	_, err := doc.AtPointer("/a/b")
	var miss *simdjson.NoSuchFieldError
	if errors.As(err, &miss) {
		fmt.Println(miss.Kind, miss.Path)
	}
	// Output: JSON pointer /a/b
}

// Text that is not JSON at all is reported as such, with its offset.
func ExampleErrNotJSON() {
	var p simdjson.Parser
	defer p.Close()
	_, err := p.ParseString("<html>")
	fmt.Println(errors.Is(err, simdjson.ErrNotJSON), err)
	// Output: true simdjson: not JSON: the text does not start with a JSON value (at byte 0)
}

// Accelerated tells whether this build runs on simdjson (built with cgo);
// without cgo, package json falls back to encoding/json and the handles
// report ErrNoCGO.
func ExampleAccelerated() {
	if !simdjson.Accelerated() {
		// Without cgo, or on simdjson's portable kernel (the kernel
		// "fallback"): the same results, more slowly.
		log.Printf("simdjson: not accelerated (kernel %q)", simdjson.ActiveImplementation())
	}
	fmt.Println("ready")
	// Output: ready
}

// ActiveImplementation names the stage-1 kernel chosen for this CPU.
func ExampleActiveImplementation() {
	fmt.Println(simdjson.ActiveImplementation() != "")
	for _, impl := range simdjson.Implementations() {
		_ = impl // every kernel compiled in, and whether this CPU supports it
	}
	// Output: true
}

// NewProjection declares JSON pointers once; MapFields extracts them from
// every line natively.
func ExampleNewProjection() {
	proj, err := simdjson.NewProjection("/type", "/payload/size")
	if err != nil {
		panic(err)
	}
	states, err := simdjson.MapFields(simdjson.Bytes([]byte(exampleEvents)), proj,
		func(int) *int64 { return new(int64) },
		func(total *int64, r simdjson.Row) error {
			if n, ok := r.Int64(1); ok {
				*total += n
			}
			return nil
		}, simdjson.SkipBadLines(nil), simdjson.Threads(1))
	if err != nil {
		panic(err)
	}
	fmt.Println(*states[0])
	// Output: 1
}

// Reader streams an io.Reader (a file, a gzip reader, a socket) in chunks;
// File opens a path the same way.
func ExampleReader() {
	var p simdjson.Parser
	defer p.Close()
	s := p.Stream(simdjson.Reader(strings.NewReader("{\"a\":1}\n{\"a\":2}\n")))
	n := 0
	for range s.Documents() {
		n++
	}
	fmt.Println(n, s.Err())
	// Output: 2 <nil>
}

// SkipBadLines reports each bad line to its function and goes on.
func ExampleSkipBadLines() {
	var p simdjson.Parser
	defer p.Close()
	s := p.Stream(simdjson.Bytes([]byte("{\"a\":1}\nnot json\n{\"a\":2}\n")),
		simdjson.SkipBadLines(func(le *simdjson.LineError) { fmt.Println("skipped line", le.Line) }))
	n := 0
	for range s.Documents() {
		n++
	}
	fmt.Println(n, "documents")
	// Output:
	// skipped line 2
	// 2 documents
}
