//go:build cgo

package simdjson_test

import (
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// TestNoSuchFieldNamesKey: a miss says which key, pointer or JSONPath was
// asked for, and still matches ErrNoSuchField.
func TestNoSuchFieldNamesKey(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse([]byte(`{"type":"PushEvent","payload":{"size":1,"a/b":{"c":2}},"list":[{"x":1}]}`))
	require.NoError(t, err)
	payload, err := doc.Field("payload")
	require.NoError(t, err)
	obj, err := payload.Object()
	require.NoError(t, err)
	lookups := []struct {
		name string
		do   func() error
		key  string
		path string
		kind string
		msg  string
	}{
		{"Field", func() error { _, err := doc.Field("action"); return err }, "action", "/action", "key", `simdjson: no such field "action"`},
		{"FindField", func() error { _, err := doc.FindField("nope"); return err }, "nope", "/nope", "key", `simdjson: no such field "nope"`},
		{"Object.Field", func() error { _, err := obj.Field("action"); return err }, "action", "/action", "key", `simdjson: no such field "action"`},
		{"Get, last key", func() error { _, err := doc.Get("payload", "action"); return err }, "action", "/payload/action", "key", `simdjson: no such field "action" (path /payload/action)`},
		{"Get, first key", func() error { _, err := doc.Get("actor", "login"); return err }, "actor", "/actor", "key", `simdjson: no such field "actor"`},
		{"Get, escaped", func() error { _, err := doc.Get("payload", "a/b", "d~"); return err }, "d~", "/payload/a~1b/d~0", "key", `simdjson: no such field "d~" (path /payload/a~1b/d~0)`},
		{"AtPointer", func() error { _, err := doc.AtPointer("/payload/action"); return err }, "", "/payload/action", "JSON pointer", `simdjson: no such field at JSON pointer "/payload/action"`},
		{"AtPath", func() error { _, err := doc.AtPath("$.list[0].y"); return err }, "", "$.list[0].y", "JSONPath", `simdjson: no such field at JSONPath "$.list[0].y"`},
	}
	for _, l := range lookups {
		t.Run(l.name, func(t *testing.T) {
			err := l.do()
			require.ErrorIs(t, err, simdjson.ErrNoSuchField)
			var fe *simdjson.NoSuchFieldError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, l.key, fe.Key)
			assert.Equal(t, l.path, fe.Path)
			assert.Equal(t, l.kind, fe.Kind)
			assert.Equal(t, l.msg, err.Error())
			var code simdjson.ErrorCode
			require.ErrorAs(t, err, &code)
			assert.Equal(t, simdjson.ErrNoSuchField, code)
		})
	}
}

// TestNoSuchFieldKeptError: an error kept by the caller does not change
// when the parser misses other keys (the cache hands out immutable
// errors), and a key built in a reused buffer is copied.
func TestNoSuchFieldKeptError(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse([]byte(`{"a":1}`))
	require.NoError(t, err)
	buf := []byte("zz")
	_, kept := doc.Field(string(buf))
	require.Error(t, kept)
	before := kept.Error()
	for i := range 1000 {
		buf[0], buf[1] = byte('a'+i%26), byte('A'+i/26%26)
		_, err := doc.Field(string(buf))
		require.ErrorIs(t, err, simdjson.ErrNoSuchField)
		_, _ = doc.Get("a", string(buf))
		_, _ = doc.AtPointer("/" + string(buf))
	}
	assert.Equal(t, before, kept.Error())
	assert.Equal(t, `simdjson: no such field "zz"`, kept.Error())
	// The same lookup again: the same error (from the cache).
	_, again := doc.Field("zz")
	_, again2 := doc.Field("zz")
	assert.Same(t, again.(*simdjson.NoSuchFieldError), again2.(*simdjson.NoSuchFieldError))
}

// TestNoSuchFieldNoAlloc: a repeated miss on the hot path (the seed's
// payload.action, absent from most events) allocates nothing.
func TestNoSuchFieldNoAlloc(t *testing.T) {
	if instrumented {
		t.Skip("the race detector and the sanitizers change what Go code allocates")
	}
	p := simdjson.NewParser()
	defer p.Close()
	events := [][]byte{
		simdjson.Pad([]byte(`{"type":"PushEvent","payload":{"size":1}}`)),
		simdjson.Pad([]byte(`{"type":"PullRequestEvent","payload":{"action":"opened"}}`)),
	}
	var misses int
	allocs := testing.AllocsPerRun(1000, func() {
		for _, e := range events {
			doc, err := p.Parse(e)
			if err != nil {
				panic(err)
			}
			if _, err := doc.Get("payload", "action"); errors.Is(err, simdjson.ErrNoSuchField) {
				misses++
			}
			if _, err := doc.Field("missing"); !errors.Is(err, simdjson.ErrNoSuchField) {
				panic(err)
			}
			if _, err := doc.AtPointer("/payload/number"); !errors.Is(err, simdjson.ErrNoSuchField) {
				panic(err)
			}
		}
	})
	assert.Zero(t, allocs)
	assert.Equal(t, 1001, misses)
}

// notJSONInputs are documents that are not JSON at all, with the offset of
// their first byte.
var notJSONInputs = []struct {
	in  string
	off int64
}{
	{"not json", 0},
	{"hello", 0},
	{"  True", 2},
	{"NaN", 0},
	{"<html><body>", 0},
	{"'single'", 0},
	{"key=value", 0},
	{"\t#comment", 1},
	{"@", 0},
}

// TestNotJSON: a document that is not JSON at all is reported as such,
// with its offset, from Parse, streams and maps; JSON values and
// malformed literals keep simdjson's errors.
func TestNotJSON(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, c := range notJSONInputs {
		_, err := p.Parse([]byte(c.in))
		require.ErrorIs(t, err, simdjson.ErrNotJSON, "%q", c.in)
		require.ErrorIs(t, err, simdjson.ErrTape, "%q", c.in)
		var e *simdjson.Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, c.off, e.Offset, "%q", c.in)
		assert.Contains(t, err.Error(), "not JSON", "%q", c.in)
	}
	for _, in := range []string{`{}`, `[]`, `"s"`, `-1`, `0`, `true`, `false`, `null`, " \n 12 "} {
		_, err := p.Parse([]byte(in))
		require.NoError(t, err, "%q", in)
	}
	// Malformed literals and numbers: simdjson's own errors when read.
	for _, in := range []string{`nul`, `truex`, `tru`, `-`} {
		doc, err := p.Parse([]byte(in))
		require.NoError(t, err, "%q", in)
		_, err = doc.Bool()
		require.Error(t, err)
		assert.NotErrorIs(t, err, simdjson.ErrNotJSON, "%q", in)
	}
	// A byte order mark before it: the offset counts it.
	_, err := p.Parse([]byte("\xef\xbb\xbfhello"))
	var e *simdjson.Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, simdjson.ErrNotJSON, e.Code)
	assert.Equal(t, int64(3), e.Offset)
}

// TestNotJSONLines: in NDJSON streams and maps a line that is not JSON is
// a bad line whose error says so, with its line and offset; in a
// concatenated stream, such a document stops the stream.
func TestNotJSONLines(t *testing.T) {
	for _, c := range notJSONInputs {
		input := []byte("{\"a\":1}\n" + c.in + "\n{\"b\":2}\n")
		check := func(what string, err error) {
			var le *simdjson.LineError
			require.ErrorAs(t, err, &le, "%s %q", what, c.in)
			assert.Equal(t, 2, le.Line, "%s %q", what, c.in)
			assert.Equal(t, int64(8), le.Offset, "%s %q", what, c.in)
			require.ErrorIs(t, err, simdjson.ErrNotJSON, "%s %q", what, c.in)
			var e *simdjson.Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, 8+c.off, e.Offset, "%s %q", what, c.in)
		}
		p := simdjson.NewParser()
		s := p.Stream(simdjson.Bytes(input))
		n := 0
		for range s.Documents() {
			n++
		}
		assert.Equal(t, 1, n)
		check("stream", s.Err())

		s = p.Stream(simdjson.Bytes(input), simdjson.SkipBadLines(nil))
		n = 0
		for range s.Documents() {
			n++
		}
		require.NoError(t, s.Err())
		assert.Equal(t, 2, n)
		require.Len(t, s.BadLines(), 1)
		check("stream, skipped", s.BadLines()[0])

		_, err := simdjson.Map(simdjson.Bytes(input), func(int) *int { return new(int) },
			func(*int, simdjson.Document) error { return nil }, simdjson.Threads(1))
		check("map", err)
		proj, err := simdjson.NewProjection("/a")
		require.NoError(t, err)
		_, err = simdjson.MapFields(simdjson.Bytes(input), proj, func(int) *int { return new(int) },
			func(*int, simdjson.Row) error { return nil }, simdjson.Threads(1))
		check("map fields", err)

		s = p.Stream(simdjson.Bytes([]byte(`{"a":1} `+c.in)), simdjson.Concatenated())
		n = 0
		for range s.Documents() {
			n++
		}
		assert.Equal(t, 1, n)
		require.ErrorIs(t, s.Err(), simdjson.ErrNotJSON, "concatenated %q", c.in)
		p.Close()
	}
}

// TestJSONPathErrorSaysJSONPath: a malformed JSONPath is reported as a
// JSONPath, not as a JSON pointer.
func TestJSONPathErrorSaysJSONPath(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse([]byte(`{"a":[1]}`))
	require.NoError(t, err)
	for _, path := range []string{"$$", "$.a[", "$['a", "a..b", "$.a[x]"} {
		_, err := doc.AtPath(path)
		require.ErrorIs(t, err, simdjson.ErrInvalidJSONPath, path)
		assert.Contains(t, err.Error(), "JSONPath", path)
		assert.NotContains(t, err.Error(), "pointer", path)
	}
}

// TestGoDocNoInternalNames: go doc of the public packages names no
// internal package (a constant declared as shim.X would show as such).
func TestGoDocNoInternalNames(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go doc")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command in PATH")
	}
	for _, pkg := range []string{".", "./json"} {
		out, err := exec.Command(gobin, "doc", "-all", pkg).CombinedOutput()
		require.NoError(t, err, "%s", out)
		// An identifier of an internal package (shim.FMissing) or its path.
		internal := regexp.MustCompile(`\b(shim|text|corpus|gostd|testsummary)\.[A-Z]|/internal/`)
		for _, line := range strings.Split(string(out), "\n") {
			assert.False(t, internal.MatchString(line), "go doc %s: %s", pkg, line)
		}
	}
}
