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
	"flag"
	"fmt"
	"os"

	"github.com/simdjson-cgo/simdjson"
	"github.com/simdjson-cgo/simdjson/bench/internal/seed"
)

// counts is the task's answer: events by type, opened pull requests by
// language (null apart).
type counts struct {
	types map[string]int64
	langs map[string]int64
	null  int64
}

// lazyEvent counts one event from the lazy row's reads.
func lazyEvent(c *counts, doc simdjson.Document) error {
	typ, lang, opened, err := seed.Read(doc)
	if err != nil {
		return err
	}
	c.types[string(typ)]++
	switch {
	case !opened:
	case lang == nil:
		c.null++
	default:
		c.langs[string(lang)]++
	}
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
			st, err = simdjson.MapDecode(simdjson.Bytes(data), nc, func(c *counts, ev *seed.Event) error {
				c.types[ev.Type]++
				if l, ok := ev.Opened(); ok && l != nil {
					c.langs[*l]++
				} else if ok {
					c.null++
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
