// Command consumer is a program outside this module that uses it as a user
// would: lazy handles, a stream, Map and Unmarshal from package json. make
// test-consumer builds it against a module zip of a clean clone (served by a
// file:// GOPROXY) and again from a vendor/ tree, and compares its output
// with want.txt.
package main

import (
	"fmt"
	"os"
	"sort"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/json"
)

const event = `{"type":"PullRequestEvent","actor":{"login":"octocat"},` +
	`"payload":{"action":"opened","pull_request":{"number":42,"title":"caf\u00e9","base":{"repo":{"language":"Go"}}}}}`

const events = `{"type":"PushEvent","payload":{"size":3}}
{"type":"PullRequestEvent","payload":{"action":"opened"}}
{"type":"PushEvent","payload":{"size":1}}
`

type Event struct {
	Type  string `json:"type"`
	Actor struct {
		Login string `json:"login"`
	} `json:"actor"`
	Payload struct {
		Action      string `json:"action"`
		PullRequest struct {
			Number int    `json:"number"`
			Title  string `json:"title"`
			Base   struct {
				Repo struct {
					Language *string `json:"language"`
				} `json:"repo"`
			} `json:"base"`
		} `json:"pull_request"`
	} `json:"payload"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
}

func run() error {
	// Whether the native code is in, on stdout (the same on every machine
	// with cgo); the kernel, which depends on the CPU, on stderr.
	fmt.Println("native:", simdjson.ActiveImplementation() != "")
	fmt.Fprintf(os.Stderr, "consumer: accelerated %v, kernel %s\n", simdjson.Accelerated(), simdjson.ActiveImplementation())

	// Lazy handles.
	p := simdjson.NewParser()
	defer p.Close()
	doc, err := p.Parse([]byte(event))
	if err != nil {
		return err
	}
	typ, err := doc.Field("type")
	if err != nil {
		return err
	}
	t, err := typ.String()
	if err != nil {
		return err
	}
	login, err := doc.Get("actor", "login")
	if err != nil {
		return err
	}
	who, err := login.String()
	if err != nil {
		return err
	}
	num, err := doc.AtPointer("/payload/pull_request/number")
	if err != nil {
		return err
	}
	n, err := num.Int64()
	if err != nil {
		return err
	}
	fmt.Printf("handles: %s by %s, #%d\n", t, who, n)

	// A stream over NDJSON.
	s := p.Stream(simdjson.Bytes([]byte(events)))
	types := map[string]int{}
	for _, d := range s.Documents() {
		v, err := d.Field("type")
		if err != nil {
			return err
		}
		b, err := v.StringBytes()
		if err != nil {
			return err
		}
		types[string(b)]++
	}
	if err := s.Err(); err != nil {
		return err
	}
	fmt.Println("stream:", sorted(types))

	// Map: every core, one state per worker.
	states, err := simdjson.Map(simdjson.Bytes([]byte(events)),
		func(int) *int64 { return new(int64) },
		func(sum *int64, d simdjson.Document) error {
			v, err := d.Get("payload", "size")
			if err != nil {
				return nil // not a PushEvent
			}
			k, err := v.Int64()
			*sum += k
			return err
		})
	if err != nil {
		return err
	}
	var total int64
	for _, s := range states {
		total += *s
	}
	fmt.Println("map: pushed", total)

	// Package json, the drop-in encoding/json.
	var ev Event
	if err := json.Unmarshal([]byte(event), &ev); err != nil {
		return err
	}
	pr := ev.Payload.PullRequest
	fmt.Printf("json: %s %s by %s: #%d %q in %s\n", ev.Type, ev.Payload.Action, ev.Actor.Login, pr.Number, pr.Title, *pr.Base.Repo.Language)
	if !json.Valid([]byte(events[:20])) {
		fmt.Println("json: a truncated line is not valid")
	}
	return nil
}

func sorted(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := ""
	for _, k := range keys {
		out += fmt.Sprintf("%s=%d ", k, m[k])
	}
	return out[:len(out)-1]
}
