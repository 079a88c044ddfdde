//go:build cgo

package simdjson_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/simdjson-cgo/simdjson"
)

// hasDuplicateKeys reports whether some object of the (valid) document has a
// key twice: lookups then legitimately differ between parsers.
func hasDuplicateKeys(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		obj  bool
		keys map[string]bool
		key  bool // next string token is a key
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			return true
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.obj && top.key {
			if s, ok := tok.(string); ok {
				if top.keys[s] {
					return true
				}
				top.keys[s] = true
				top.key = false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, keys: map[string]bool{}, key: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 && stack[len(stack)-1].obj {
			stack[len(stack)-1].key = true
		}
	}
}

// accessOps drives random lookups over v (a Value) and the same place in ref
// (encoding/json's decoding), comparing as it goes. ops chooses, at each
// step, which key or index to follow, and when to jump back to the root.
func accessOps(t *testing.T, raw []byte, root simdjson.Value, ref any, ops []byte) {
	v, r := root, ref
	for i, op := range ops {
		if op >= 0xF0 { // back to the root: out of order from here
			v, r = root, ref
			continue
		}
		switch x := r.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			if op%7 == 6 || len(keys) == 0 { // a missing key
				_, err := v.Field("\x00missing")
				if !errors.Is(err, simdjson.ErrNoSuchField) {
					t.Fatalf("op %d: missing key: %v", i, err)
				}
				continue
			}
			k := keys[int(op)%len(keys)]
			var got simdjson.Value
			var err error
			if op%3 == 0 {
				got, err = v.Get(k)
			} else {
				got, err = v.Field(k)
			}
			if errors.Is(err, simdjson.ErrNoSuchField) && !rawKeyPresent(raw, k) {
				// Keys are compared as written: this one is spelled with
				// escapes in the input.
				v, r = root, ref
				continue
			}
			if err != nil {
				t.Fatalf("op %d: Field(%q): %v", i, k, err)
			}
			v, r = got, x[k]
		case []any:
			if len(x) == 0 {
				continue
			}
			j := int(op) % len(x)
			got, err := v.Index(j)
			if err != nil {
				t.Fatalf("op %d: Index(%d): %v", i, j, err)
			}
			v, r = got, x[j]
		default:
			a, err := toAny(v)
			if err != nil {
				t.Fatalf("op %d: scalar: %v", i, err)
			}
			if !reflect.DeepEqual(a, r) {
				t.Fatalf("op %d: scalar %v, encoding/json %v", i, a, r)
			}
			if isNull, err := v.IsNull(); err != nil || isNull != (r == nil) {
				t.Fatalf("op %d: IsNull = %v, %v for %v", i, isNull, err, r)
			}
			v, r = root, ref
		}
	}
	// The value reached, read whole.
	a, err := toAny(v)
	if err != nil {
		t.Fatalf("final read: %v", err)
	}
	if !reflect.DeepEqual(a, r) {
		t.Fatalf("final value %v, encoding/json %v", a, r)
	}
}

// FuzzHandles reads random documents through random sequences of lookups, in
// any order and repeatedly, from Parse and from a stream (where lookups run
// over the batch walk's jump table), and compares with encoding/json.
func FuzzHandles(f *testing.F) {
	for _, seed := range []string{
		`{"id":"1","type":"PushEvent","actor":{"id":2,"login":"x"},"repo":{"name":"r"},"payload":{"action":"opened","n":[1,2,{"a":null}]},"public":true,"created_at":"t"}`,
		`[1,{"a":[true,false,null],"b":"\u00e9\n"},[[]],{}]`,
		`{"a":{"b":{"c":{"d":[0,-1.5e3,"x\"y"]}}},"e":{},"f":[]}`,
		`{"k\"q":1,"k":2,"":3}`,
		`"scalar"`, `12345678901234567890`, `null`,
	} {
		f.Add([]byte(seed), []byte{0, 1, 2, 3, 0xF0, 5, 6, 7, 8, 0xF1, 2, 2, 2})
	}
	f.Fuzz(func(t *testing.T, data, ops []byte) {
		if len(data) > 1<<16 || len(ops) > 256 || !json.Valid(data) || !utf8.Valid(data) || hasDuplicateKeys(data) {
			return
		}
		if surrogateEscape.Match(data) {
			return // encoding/json replaces lone surrogates, simdjson rejects them (README)
		}
		var ref any
		if err := json.Unmarshal(data, &ref); err != nil {
			return
		}
		if depthOf(ref) > 500 {
			return
		}
		p := simdjson.NewParser()
		defer p.Close()
		doc, err := p.Parse(data)
		if err != nil {
			t.Fatalf("Parse rejects what encoding/json accepts: %v", err)
		}
		accessOps(t, data, doc.Value, ref, ops)
		wildcardOps(t, data, doc.Value, ref, ops)

		// The same document as a line of an NDJSON stream, between two others.
		var line bytes.Buffer
		if err := json.Compact(&line, data); err != nil {
			return
		}
		in := []byte(fmt.Sprintf("{\"before\":1}\n%s\n[\"after\"]\n", line.Bytes()))
		s := p.Stream(simdjson.Bytes(in))
		n := 0
		for i, d := range s.Documents() {
			if i == 1 {
				accessOps(t, data, d.Value, ref, ops)
				wildcardOps(t, data, d.Value, ref, ops)
			}
			n++
		}
		if s.Err() != nil || n != 3 {
			t.Fatalf("stream: %d documents, %v", n, s.Err())
		}
	})
}

// wildcardOps runs AtPathAll over a path that ops spell (wildcards, indexes
// and keys of the document) and compares with refPath, the same selection
// through Fields and Elements. Keys are compared as written, which refPath
// cannot see: documents with escapes are left out.
func wildcardOps(t *testing.T, raw []byte, root simdjson.Value, ref any, ops []byte) {
	if bytes.IndexByte(raw, '\\') >= 0 || len(ops) == 0 {
		return
	}
	var keys []string
	var collect func(any)
	collect = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				keys = append(keys, k)
				collect(e)
			}
		case []any:
			for _, e := range x {
				collect(e)
			}
		}
	}
	collect(ref)
	sort.Strings(keys)
	var steps []string
	path := "$"
	for _, op := range ops[:min(len(ops), 6)] {
		switch {
		case op%3 == 0 || op%3 == 2 && len(keys) == 0:
			steps = append(steps, "*")
			path += [2]string{".*", "[*]"}[op/3%2]
		case op%3 == 1:
			i := strconv.Itoa(int(op / 3 % 4))
			steps = append(steps, i)
			path += "[" + i + "]"
		default:
			k := keys[int(op/3)%len(keys)]
			if strings.ContainsAny(k, "'.[") {
				return // not a key this path syntax can spell
			}
			steps = append(steps, k)
			path += "['" + k + "']"
		}
	}
	var want, got []string
	refPath(root, steps, &want)
	for v := range root.AtPathAll(path) {
		if v.Err() != nil {
			t.Fatalf("AtPathAll(%q): %v", path, v.Err())
		}
		b, err := v.RawJSON()
		if err != nil {
			t.Fatalf("AtPathAll(%q): RawJSON: %v", path, err)
		}
		got = append(got, string(b))
	}
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("AtPathAll(%q) = %q, Fields and Elements find %q", path, got, want)
	}
}

func depthOf(v any) int {
	switch x := v.(type) {
	case map[string]any:
		d := 0
		for _, e := range x {
			d = max(d, depthOf(e))
		}
		return d + 1
	case []any:
		d := 0
		for _, e := range x {
			d = max(d, depthOf(e))
		}
		return d + 1
	}
	return 0
}

// rawKeyPresent reports whether k appears written without escapes as a key
// ("k" then ':') somewhere in data.
func rawKeyPresent(data []byte, k string) bool {
	pat := []byte("\"" + k + "\"")
	for i := 0; ; {
		j := bytes.Index(data[i:], pat)
		if j < 0 {
			return false
		}
		rest := bytes.TrimLeft(data[i+j+len(pat):], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' {
			return true
		}
		i += j + 1
	}
}

var surrogateEscape = regexp.MustCompile(`\\u[dD][89a-fA-F]`)
