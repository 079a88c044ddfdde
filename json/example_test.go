package json_test

// Three ordinary programs, written for encoding/json, with the one-line
// import swap. TestExamplesMatchEncodingJSON runs this file again with the
// import put back to encoding/json: every Output below is encoding/json's
// too, byte for byte, error cases included.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/simdjson-cgo/simdjson/json"
)

// An HTTP handler: decode the request with NewDecoder (unknown fields
// rejected), answer with an Encoder.
func Example_handler() {
	type order struct {
		ID       string   `json:"id"`
		Quantity int      `json:"quantity"`
		Price    float64  `json:"price"`
		Tags     []string `json:"tags,omitempty"`
	}
	type reply struct {
		OK    bool    `json:"ok"`
		Total float64 `json:"total,omitempty"`
		Error string  `json:"error,omitempty"`
	}
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req order
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		w.Header().Set("Content-Type", "application/json")
		enc := json.NewEncoder(w)
		if err := dec.Decode(&req); err != nil {
			var se *json.SyntaxError
			var te *json.UnmarshalTypeError
			switch {
			case errors.As(err, &se):
				// se.Offset says where; which byte it counts differs
				// between encoding/json's builds (Go 1.26's jsonv2
				// experiment counts one less), so it is not printed here.
				err = fmt.Errorf("syntax error: %w", err)
			case errors.As(err, &te):
				err = fmt.Errorf("field %q wants %s: %w", te.Field, te.Type, err)
			}
			w.WriteHeader(http.StatusBadRequest)
			enc.Encode(reply{Error: err.Error()})
			return
		}
		enc.Encode(reply{OK: true, Total: float64(req.Quantity) * req.Price})
	})
	for _, body := range []string{
		`{"id":"A-1","quantity":3,"price":2.5,"tags":["<b>new</b>"]}`,
		`{"id":"A-2","quantity":"three","price":2.5}`,
		`{"id":"A-3","quantity":1,"price":1,"colour":"red"}`,
		`{"id":"A-4","quantity":1,`,
		`{"id":"A-5" "quantity":1}`,
		``,
	} {
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, httptest.NewRequest("POST", "/orders", strings.NewReader(body)))
		fmt.Print(rec.Code, " ", rec.Body.String())
	}
	// Output:
	// 200 {"ok":true,"total":7.5}
	// 400 {"ok":false,"error":"field \"quantity\" wants int: json: cannot unmarshal string into Go struct field order.quantity of type int"}
	// 400 {"ok":false,"error":"json: unknown field \"colour\""}
	// 400 {"ok":false,"error":"unexpected EOF"}
	// 400 {"ok":false,"error":"syntax error: invalid character '\"' after object key:value pair"}
	// 400 {"ok":false,"error":"EOF"}
}

// A configuration loader: plugin settings kept raw until their plugin is
// known (RawMessage), large integers kept exact (UseNumber, Number), the
// effective configuration printed with MarshalIndent.
func Example_config() {
	type plugin struct {
		Name     string          `json:"name"`
		Settings json.RawMessage `json:"settings"`
	}
	type config struct {
		Service string      `json:"service"`
		MaxBody json.Number `json:"max_body"`
		Limits  map[string]any
		Plugins []plugin `json:"plugins"`
	}
	load := func(src string) {
		dec := json.NewDecoder(strings.NewReader(src))
		dec.UseNumber()
		var c config
		if err := dec.Decode(&c); err != nil {
			fmt.Println("error:", err)
			return
		}
		n, err := c.MaxBody.Int64()
		fmt.Println("max_body:", n, err)
		for _, p := range c.Plugins {
			switch p.Name {
			case "ratelimit":
				var rl struct{ PerSecond int }
				if err := json.Unmarshal(p.Settings, &rl); err != nil {
					fmt.Println("ratelimit:", err)
					continue
				}
				fmt.Println("ratelimit per second:", rl.PerSecond)
			default:
				fmt.Printf("%s settings kept raw: %s\n", p.Name, p.Settings)
			}
		}
		out, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Println(string(out))
	}
	load(`{
		"service": "orders",
		"max_body": 9007199254740993,
		"Limits": {"burst": 12345678901234567890, "timeout": 2.5},
		"plugins": [
			{"name": "ratelimit", "settings": {"PerSecond": 200}},
			{"name": "audit", "settings": {"sink": "s3://logs", "level": [1, 2]}},
			{"name": "ratelimit", "settings": {"PerSecond": "fast"}}
		]
	}`)
	load(`{"service": "orders", "max_body": 1e3}`)
	load(`{"service": "orders", "plugins": [{"name": "x", "settings": {]}`)
	load(`{"service": 7}`)
	// Output:
	// max_body: 9007199254740993 <nil>
	// ratelimit per second: 200
	// audit settings kept raw: {"sink": "s3://logs", "level": [1, 2]}
	// ratelimit: json: cannot unmarshal string into Go struct field .PerSecond of type int
	// {
	//   "service": "orders",
	//   "max_body": 9007199254740993,
	//   "Limits": {
	//     "burst": 12345678901234567890,
	//     "timeout": 2.5
	//   },
	//   "plugins": [
	//     {
	//       "name": "ratelimit",
	//       "settings": {
	//         "PerSecond": 200
	//       }
	//     },
	//     {
	//       "name": "audit",
	//       "settings": {
	//         "sink": "s3://logs",
	//         "level": [
	//           1,
	//           2
	//         ]
	//       }
	//     },
	//     {
	//       "name": "ratelimit",
	//       "settings": {
	//         "PerSecond": "fast"
	//       }
	//     }
	//   ]
	// }
	// max_body: 0 strconv.ParseInt: parsing "1e3": invalid syntax
	// {
	//   "service": "orders",
	//   "max_body": 1e3,
	//   "Limits": null,
	//   "plugins": null
	// }
	// error: invalid character ']' looking for beginning of object key string
	// error: json: cannot unmarshal number into Go struct field config.service of type string
}

// A log processor: a top-level array of entries walked with Token and More
// (one entry in memory at a time), lines checked with Valid, payloads
// stored compacted and shown indented.
func Example_logProcessor() {
	type entry struct {
		Level   string          `json:"level"`
		Message string          `json:"msg"`
		Payload json.RawMessage `json:"payload"`
	}
	process := func(r io.Reader) {
		dec := json.NewDecoder(r)
		tok, err := dec.Token()
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		if d, ok := tok.(json.Delim); !ok || d != '[' {
			fmt.Printf("want an array, got %v\n", tok)
			return
		}
		for dec.More() {
			var e entry
			if err := dec.Decode(&e); err != nil {
				fmt.Println("error at", dec.InputOffset(), "-", err)
				return
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, e.Payload); err != nil {
				fmt.Println("compact:", err)
				continue
			}
			fmt.Printf("%s %s payload=%s\n", e.Level, e.Message, compact.Bytes())
		}
		tok, err = dec.Token()
		fmt.Println("end:", tok, err, "offset", dec.InputOffset())
	}
	process(strings.NewReader(`[
		{"level": "info", "msg": "started", "payload": {"port": 8080, "tls": true}},
		{"level": "warn", "msg": "slow", "payload": [ 1.5 , 2.25 ]},
		{"level": "error", "msg": "failed", "payload": null}
	]`))
	process(strings.NewReader(`[{"level": "info", "msg": "a", "payload": {}}, {"level": 7}]`))
	process(strings.NewReader(`[{"level": "info", "msg": "cut", "payload": [1,`))
	process(strings.NewReader(`{"level": "info"}`))

	for _, line := range []string{`{"a": [1, 2, {"b": null}]}`, `{"a": [1, 2,]}`, `{"a": "caf\u00e9 \ud83d"}`} {
		fmt.Println("valid:", json.Valid([]byte(line)))
		var out bytes.Buffer
		if err := json.Indent(&out, []byte(line), "> ", "\t"); err != nil {
			fmt.Println("indent:", err)
			continue
		}
		out.WriteTo(os.Stdout)
		fmt.Println()
	}
	// Output:
	// info started payload={"port":8080,"tls":true}
	// warn slow payload=[1.5,2.25]
	// error failed payload=null
	// end: ] <nil> offset 201
	// info a payload={}
	// error at 59 - json: cannot unmarshal number into Go struct field entry.level of type string
	// error at 1 - unexpected EOF
	// want an array, got {
	// valid: true
	// {
	// > 	"a": [
	// > 		1,
	// > 		2,
	// > 		{
	// > 			"b": null
	// > 		}
	// > 	]
	// > }
	// valid: false
	// indent: invalid character ']' looking for beginning of value
	// valid: true
	// {
	// > 	"a": "caf\u00e9 \ud83d"
	// > }
}

func ExampleUnmarshal() {
	var ev struct {
		Type  string `json:"type"`
		Actor struct {
			Login string `json:"login"`
		} `json:"actor"`
		Public bool `json:"public"`
	}
	err := json.Unmarshal([]byte(`{"type": "PushEvent", "actor": {"login": "ann"}, "public": true, "id": 1}`), &ev)
	fmt.Println(ev.Type, ev.Actor.Login, ev.Public, err)
	err = json.Unmarshal([]byte(`{"type": 7}`), &ev)
	fmt.Println(err)
	err = json.Unmarshal([]byte(`{"type": "x",}`), &ev)
	fmt.Println(err)
	// Output:
	// PushEvent ann true <nil>
	// json: cannot unmarshal number into Go struct field .type of type string
	// invalid character '}' looking for beginning of object key string
}

func ExampleValid() {
	fmt.Println(json.Valid([]byte(`{"a": [1, 2.5e3, "x", null]}`)))
	fmt.Println(json.Valid([]byte(`{"a": [1, 2.5e3, "x", null]`)))
	// Output:
	// true
	// false
}

func ExampleNewDecoder() {
	// Newline-delimited JSON, one value after another.
	dec := json.NewDecoder(strings.NewReader(`{"n": 1}
{"n": 2}
{"n": "three"}
{"n": 4}
`))
	for {
		var v struct {
			N int `json:"n"`
		}
		err := dec.Decode(&v)
		if err == io.EOF {
			break
		}
		fmt.Println(v.N, err)
	}
	// Output:
	// 1 <nil>
	// 2 <nil>
	// 0 json: cannot unmarshal string into Go struct field .n of type int
	// 4 <nil>
}

func ExampleDecoder_Token() {
	dec := json.NewDecoder(strings.NewReader(`{"a": [1, "b", true, null], "c": {}}`))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%T %v more=%v\n", tok, tok, dec.More())
	}
	// Output:
	// json.Delim { more=true
	// string a more=true
	// json.Delim [ more=true
	// float64 1 more=true
	// string b more=true
	// bool true more=true
	// <nil> <nil> more=false
	// json.Delim ] more=true
	// string c more=true
	// json.Delim { more=false
	// json.Delim } more=false
	// json.Delim } more=false
}

func ExampleMarshal() {
	type item struct {
		Name  string   `json:"name"`
		Price float64  `json:"price,omitempty"`
		Tags  []string `json:"tags"`
	}
	b, err := json.Marshal(item{Name: "<tea>", Tags: []string{"hot"}})
	fmt.Println(string(b), err)
	_, err = json.Marshal(map[string]any{"f": func() {}})
	fmt.Println(err)
	// Output:
	// {"name":"\u003ctea\u003e","tags":["hot"]} <nil>
	// json: unsupported type: func()
}

func ExampleCompact() {
	var out bytes.Buffer
	err := json.Compact(&out, []byte("{ \"a\" : [ 1 , 2 ] ,\n \"b\" : \"x y\" }"))
	fmt.Println(out.String(), err)
	// Output:
	// {"a":[1,2],"b":"x y"} <nil>
}

func ExampleIndent() {
	var out bytes.Buffer
	err := json.Indent(&out, []byte(`{"a":[1,2],"b":{}}`), "", "  ")
	fmt.Println(out.String(), err)
	// Output:
	// {
	//   "a": [
	//     1,
	//     2
	//   ],
	//   "b": {}
	// } <nil>
}
