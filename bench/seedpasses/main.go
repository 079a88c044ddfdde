// Command seedpasses runs the seed task's lazy row (Map with lazy reads) or
// struct row (MapDecode into the task's struct) over NDJSON files, a given
// number of passes on one thread: the instructions of the Go walk are the
// difference between two counts under callgrind, at 1 and 6 passes, which
// leaves out start-up (bench/RESULTS.md#struct-walk):
//
//	GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 valgrind --tool=callgrind \
//	    seedpasses -mode struct -passes 6 ../shared/data/gharchive/*.ndjson
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/simdjson-cgo/simdjson"
)

// event is bench/task.go's struct of the seed task.
type event struct {
	Type    string `json:"type"`
	Payload struct {
		Action      string `json:"action"`
		PullRequest struct {
			Base struct {
				Repo struct {
					Language *string `json:"language"`
				} `json:"repo"`
			} `json:"base"`
		} `json:"pull_request"`
	} `json:"payload"`
}

// counts is the task's answer: events by type, opened pull requests by
// language (null apart).
type counts struct {
	types map[string]int64
	langs map[string]int64
	null  int64
}

// lazyEvent is the lazy row's reads (bench/library.go's lazyEvent).
func lazyEvent(c *counts, doc simdjson.Document) error {
	t, err := doc.Field("type")
	if err != nil {
		return err
	}
	typ, err := t.StringBytes()
	if err != nil {
		return err
	}
	c.types[string(typ)]++
	if string(typ) != "PullRequestEvent" {
		return nil
	}
	payload, err := doc.Field("payload")
	if err != nil {
		return err
	}
	a, err := payload.Field("action")
	if err != nil {
		return err
	}
	action, err := a.StringBytes()
	if err != nil || string(action) != "opened" {
		return err
	}
	l, err := payload.Get("pull_request", "base", "repo", "language")
	if errors.Is(err, simdjson.ErrNoSuchField) {
		c.null++
		return nil
	}
	if err != nil {
		return err
	}
	if null, err := l.IsNull(); err != nil {
		return err
	} else if null {
		c.null++
		return nil
	}
	lang, err := l.StringBytes()
	if err != nil {
		return err
	}
	c.langs[string(lang)]++
	return nil
}

func main() {
	mode := flag.String("mode", "struct", "lazy (Map) or struct (MapDecode)")
	passes := flag.Int("passes", 1, "passes over the input")
	flag.Parse()
	if flag.NArg() == 0 || (*mode != "lazy" && *mode != "struct") {
		fmt.Fprintln(os.Stderr, "usage: seedpasses [-mode lazy|struct] [-passes n] file.ndjson...")
		os.Exit(2)
	}
	var data []byte
	for _, f := range flag.Args() {
		b, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		data = append(data, b...)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			data = append(data, '\n')
		}
	}
	nc := func(int) *counts { return &counts{types: map[string]int64{}, langs: map[string]int64{}} }
	var total int64
	for range *passes {
		var st []*counts
		var err error
		if *mode == "lazy" {
			st, err = simdjson.Map(simdjson.Bytes(data), nc, lazyEvent, simdjson.Threads(1))
		} else {
			st, err = simdjson.MapDecode(simdjson.Bytes(data), nc, func(c *counts, ev *event) error {
				c.types[ev.Type]++
				if ev.Type == "PullRequestEvent" && ev.Payload.Action == "opened" {
					if l := ev.Payload.PullRequest.Base.Repo.Language; l != nil {
						c.langs[*l]++
					} else {
						c.null++
					}
				}
				return nil
			}, simdjson.Threads(1))
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, c := range st {
			for _, n := range c.types {
				total += n
			}
		}
	}
	fmt.Println(len(data), "bytes,", total, "events")
}
