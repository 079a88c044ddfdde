//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	jsonv1 "encoding/json"
	jsonv2 "encoding/json/v2"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	json "github.com/simdjson-cgo/simdjson/json/v2"
)

// outcome runs f and reports its error or its panic, as text.
func outcome(f func() error) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprintf("panic: %v", r)
		}
	}()
	if err := f(); err != nil {
		return fmt.Sprintf("%T: %v", err, err)
	}
	return "ok"
}

type cyclic struct {
	Next *cyclic `json:"next"`
}

// Careless callers: the outcome (error or panic) is the standard's.
func TestAttackEntryPoints(t *testing.T) {
	doc := []byte(`{"name":"x"}`)
	var nilStruct *plainStruct
	var nilAny *any
	targets := []any{nil, 1, "s", plainStruct{}, nilStruct, nilAny, new(*plainStruct), new(chan int), new(func()), new([]byte), new(complex128)}
	for _, opts := range [][]json.Options{nil, {jsonv1.DefaultOptionsV1()}} {
		for _, out := range targets {
			got := outcome(func() error { return json.Unmarshal(doc, out, opts...) })
			want := outcome(func() error { return jsonv2.Unmarshal(doc, out, opts...) })
			if got != want {
				t.Errorf("Unmarshal into %T %v: %s, want %s", out, opts, got, want)
			}
			got = outcome(func() error { return json.UnmarshalRead(strings.NewReader(string(doc)), out, opts...) })
			want = outcome(func() error { return jsonv2.UnmarshalRead(strings.NewReader(string(doc)), out, opts...) })
			if got != want {
				t.Errorf("UnmarshalRead into %T %v: %s, want %s", out, opts, got, want)
			}
		}
		// A nil reader.
		var v any
		got := outcome(func() error { return json.UnmarshalRead(nil, &v, opts...) })
		want := outcome(func() error { return jsonv2.UnmarshalRead(nil, &v, opts...) })
		if got != want {
			t.Errorf("UnmarshalRead(nil) %v: %s, want %s", opts, got, want)
		}
		// Unsupported and cyclic values.
		c := &cyclic{}
		c.Next = c
		for _, in := range []any{make(chan int), func() {}, complex(1, 2), c, map[[2]int]int{{1, 2}: 3}, nil, (*plainStruct)(nil)} {
			var gb, wb []byte
			got := outcome(func() (err error) { gb, err = json.Marshal(in, opts...); return })
			want := outcome(func() (err error) { wb, err = jsonv2.Marshal(in, opts...); return })
			if got != want || string(gb) != string(wb) {
				t.Errorf("Marshal(%T) %v: %s %s, want %s %s", in, opts, gb, got, wb, want)
			}
		}
	}
	// Unmarshal into a **T and a prefilled pointer chain.
	pp := new(*plainStruct)
	wp := new(*plainStruct)
	if got, want := outcome(func() error { return json.Unmarshal(doc, pp) }), outcome(func() error { return jsonv2.Unmarshal(doc, wp) }); got != want || !reflect.DeepEqual(pp, wp) {
		t.Errorf("**T: %s %+v, want %s %+v", got, *pp, want, *wp)
	}
}

// A reader that returns the document one byte at a time, then an error
// mid-document; and one that hands data with io.EOF.
type byteReader struct {
	s   string
	err error
}

func (r *byteReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, r.err
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = r.s[0]
	r.s = r.s[1:]
	if r.s == "" && r.err == io.EOF {
		return 1, io.EOF
	}
	return 1, nil
}

func TestAttackReaders(t *testing.T) {
	for _, doc := range []string{`{"name":"x","tags":["a"]}`, `{"name":`, `[1,2,3]`, `{"name":"x"} {`} {
		for _, rerr := range []error{io.EOF, io.ErrUnexpectedEOF, fmt.Errorf("disk on fire")} {
			var g, w plainStruct
			got := outcome(func() error { return json.UnmarshalRead(&byteReader{doc, rerr}, &g) })
			want := outcome(func() error { return jsonv2.UnmarshalRead(&byteReader{doc, rerr}, &w) })
			if got != want || !reflect.DeepEqual(g, w) {
				t.Errorf("%q %v: %s %+v, want %s %+v", doc, rerr, got, g, want, w)
			}
			var ga, wa any
			got = outcome(func() error { return json.UnmarshalRead(&byteReader{doc, rerr}, &ga) })
			want = outcome(func() error { return jsonv2.UnmarshalRead(&byteReader{doc, rerr}, &wa) })
			if got != want || !reflect.DeepEqual(ga, wa) {
				t.Errorf("any %q %v: %s %v, want %s %v", doc, rerr, got, ga, want, wa)
			}
		}
	}
}

// Concurrent calls share the pooled parsers: run under -race.
func TestConcurrentUnmarshal(t *testing.T) {
	docs := []string{`{"name":"a","subs":[{"name":"b"}]}`, `{"name":"a","name":"b"}`, `[1,{"x":[2]}]`, `{"m":{"k":1}}`}
	done := make(chan error)
	for g := range 4 {
		go func() {
			for i := range 200 {
				doc := []byte(docs[(g+i)%len(docs)])
				var a, b any
				var s, w plainStruct
				e1, e2 := json.Unmarshal(doc, &a), jsonv2.Unmarshal(doc, &b)
				e3, e4 := json.Unmarshal(doc, &s), jsonv2.Unmarshal(doc, &w)
				if (e1 == nil) != (e2 == nil) || !reflect.DeepEqual(a, b) || (e3 == nil) != (e4 == nil) || !reflect.DeepEqual(s, w) {
					done <- fmt.Errorf("%s: %v %v / %v %v", doc, e1, e2, e3, e4)
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}
