package main

// The seed suite: the seed benchmark's task (task.go) over generated GH
// Archive-like events (gen.go), by the methods in the seed's table.

import "bytes"

func init() {
	registerSuite(&Suite{
		Name: "seed",
		Doc:  "count events by type and opened pull requests by base-repository language (the seed benchmark)",
		Order: []string{"native-cpp", "simdjson-lazy", "simdjson-fields", "simdjson-struct", "encoding/json", "json/v2",
			"goccy", "sonic", "simdjson-go", "gjson", "jsonparser", "fastjson"},
		Reference: "encoding/json",
		Generate: func(size int64, seed uint64) ([]byte, Result) {
			g := NewGenerator(seed)
			data := g.Generate(size)
			return data, g.Tally()
		},
		Write:       WriteEvents,
		Corruptions: seedCorruptions,
	})
}

// seedCorruptions: 100 generated events, and five copies of them in which
// one push event is corrupted in its actor object or its public field,
// which the task never reads (a method reading a prefix of each event, or
// skipping what it does not need without checking it, misses them).
func seedCorruptions() ([]byte, []Corruption) {
	g := NewGenerator(7)
	var clean []byte
	var lines [][]byte
	for range 100 {
		start := len(clean)
		clean = g.Next(clean)
		lines = append(lines, clean[start:])
	}
	// The first push event from the middle on.
	victim := -1
	for i := 50; i < len(lines); i++ {
		if bytes.HasPrefix(lines[i][bytes.Index(lines[i], []byte(`"type":`)):], []byte(`"type":"PushEvent"`)) {
			victim = i
			break
		}
	}
	if victim < 0 {
		panic("bench: no push event to corrupt")
	}
	line := lines[victim]
	actor := bytes.Index(line, []byte(`"actor":{"id":`))
	loginKey := []byte(`"login":"`)
	login := actor + bytes.Index(line[actor:], loginKey) + len(loginKey) // first byte of the login
	actorEnd := actor + bytes.Index(line[actor:], []byte(`},"repo":`))   // the actor's closing brace
	public := bytes.Index(line, []byte(`"public":true`))
	if actor < 0 || actorEnd < actor || public < 0 {
		panic("bench: unexpected event shape")
	}
	edit := func(name, doc string, at, drop int, insert string) Corruption {
		bad := bytes.Clone(line[:at])
		bad = append(bad, insert...)
		bad = append(bad, line[at+drop:]...)
		var data []byte
		for i, l := range lines {
			if i == victim {
				l = bad
			}
			data = append(data, l...)
		}
		return Corruption{Name: name, Doc: doc, Data: pad(data)}
	}
	idAt := actor + len(`"actor":{"id":`)
	return pad(clean), []Corruption{
		edit("utf8", `invalid UTF-8 (byte 0xFF) inside actor.login`, login+1, 0, "\xff"),
		edit("literal", `"public":tru instead of true`, public+len(`"public":`), 4, "tru"),
		edit("control", `a raw control character (0x01) inside actor.login`, login+1, 0, "\x01"),
		edit("brackets", `the actor object's closing brace removed`, actorEnd, 1, ""),
		edit("number", `actor.id with a leading zero (0123...)`, idAt, 0, "0"),
	}
}

func pad(b []byte) []byte {
	out := make([]byte, len(b), len(b)+64)
	copy(out, b)
	return out
}

// tally counts what the generator writes, independently of any parser.
func (g *Generator) tallyEvent(k kind, lang string) {
	if g.tally == nil {
		g.tally = newCounts()
	}
	g.tally.Types[kindInfo[k].typ]++
	if k == kPROpened {
		if lang == "" {
			g.tally.Null++
		} else {
			g.tally.Langs[lang]++
		}
	}
}

// Tally returns the counts of the events generated so far: the seed task's
// answer, known without parsing.
func (g *Generator) Tally() *Counts {
	if g.tally == nil {
		return newCounts()
	}
	return g.tally
}
