//go:build cgo

package simdjson_test

import (
	"errors"
	"fmt"

	"github.com/simdjson-cgo/simdjson"
)

// The fastest correct use: a reused parser, a padded buffer, and only the
// values needed.
func Example() {
	p := simdjson.NewParser()
	defer p.Close()

	event := simdjson.Pad([]byte(`{"type":"PullRequestEvent","actor":{"login":"octocat"},"payload":{"action":"opened"}}`))
	doc, err := p.Parse(event) // padded: parsed in place
	if err != nil {
		panic(err)
	}
	typ, _ := doc.Field("type")
	name, _ := typ.StringBytes() // valid until the next Parse
	login, _ := doc.Get("actor", "login")
	who, _ := login.String() // a copy
	action, err := doc.AtPointer("/payload/action")
	if err == nil {
		a, _ := action.String()
		fmt.Println(string(name), who, a)
	}
	// Output: PullRequestEvent octocat opened
}

func ExampleParser_Parse() {
	var p simdjson.Parser // the zero Parser is ready to use
	defer p.Close()
	doc, err := p.Parse([]byte(`[1, 2.5, "three"]`)) // not padded: copied once
	if err != nil {
		panic(err)
	}
	arr, _ := doc.Array()
	for i, v := range arr.Elements() {
		raw, _ := v.RawJSON()
		fmt.Println(i, v.Type(), string(raw))
	}
	// Output:
	// 0 number 1
	// 1 number 2.5
	// 2 string "three"
}

func ExampleValue_Field() {
	p := simdjson.NewParser()
	defer p.Close()
	doc, _ := p.Parse([]byte(`{"b": 2, "a": 1}`))
	// Keys in any order, any number of times.
	a, _ := doc.Field("a")
	b, _ := doc.Field("b")
	x, _ := a.Int64()
	y, _ := b.Int64()
	x2, _ := a.Int64()
	fmt.Println(x, y, x2)
	_, err := doc.Field("c")
	fmt.Println(errors.Is(err, simdjson.ErrNoSuchField))
	// Output:
	// 1 2 1
	// true
}

func ExampleObject_Fields() {
	p := simdjson.NewParser()
	defer p.Close()
	doc, _ := p.Parse([]byte(`{"name": "gopher", "age": 16, "tags": ["go", "json"]}`))
	obj, _ := doc.Object()
	for key, v := range obj.Fields() {
		if err := v.Err(); err != nil {
			panic(err)
		}
		fmt.Println(key, v.Type())
	}
	// Output:
	// name string
	// age number
	// tags array
}

func ExampleValue_AtPointer() {
	p := simdjson.NewParser()
	defer p.Close()
	doc, _ := p.Parse([]byte(`{"items": [{"id": 7}, {"id": 9}]}`))
	v, _ := doc.AtPointer("/items/1/id")
	id, _ := v.Int64()
	w, _ := doc.AtPath("$.items[0].id")
	id0, _ := w.Int64()
	fmt.Println(id, id0)
	// Output: 9 7
}

func ExampleError() {
	p := simdjson.NewParser()
	defer p.Close()
	_, err := p.Parse([]byte("[\"ok\", \"\xff\"]"))
	var se *simdjson.Error
	if errors.As(err, &se) {
		fmt.Println(se.Code == simdjson.ErrUTF8, se.Offset)
	}
	doc, _ := p.Parse([]byte(`{"a": 1}`))
	_, _ = p.Parse([]byte(`{}`))
	_, err = doc.Field("a") // doc belongs to the previous document
	fmt.Println(errors.Is(err, simdjson.ErrStaleHandle))
	// Output:
	// true 8
	// true
}

func ExampleValue_RawNumber() {
	p := simdjson.NewParser()
	defer p.Close()
	doc, _ := p.Parse([]byte(`{"id": 123456789012345678901234567890}`))
	v, _ := doc.Field("id")
	_, err := v.Int64()
	raw, _ := v.RawNumber()
	fmt.Println(errors.Is(err, simdjson.ErrNumberOutOfRange), string(raw))
	// Output: true 123456789012345678901234567890
}
