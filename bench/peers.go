package main

// The pure-Go peers, each in its idiomatic fast way: typed structs for the
// decoders that fill structs, the path APIs for the others. Every method
// reads each event as its own line; with several threads, the input is cut
// at newlines into one part per goroutine, each with its own counters.

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/buger/jsonparser"
	"github.com/bytedance/sonic"
	goccy "github.com/goccy/go-json"
	simdjsongo "github.com/minio/simdjson-go"
	"github.com/tidwall/gjson"
	"github.com/valyala/fastjson"
)

func init() {
	note := "json.Unmarshal per line into a typed struct"
	if jsonV2Engine {
		note += " (v1 API on the v2 engine: GOEXPERIMENT=jsonv2)"
	}
	register("seed", Method{Name: "encoding/json", Run: seedMethod(structMethod(json.Unmarshal)), Note: note})
	register("seed", Method{Name: "goccy", Run: seedMethod(structMethod(goccy.Unmarshal)),
		Note: "goccy/go-json Unmarshal per line into a typed struct"})
	register("seed", Method{Name: "sonic", Run: seedMethod(structMethod(sonic.Unmarshal)),
		Note: "bytedance/sonic Unmarshal (ConfigDefault) per line into a typed struct"})
	m := Method{Name: "simdjson-go", Run: seedMethod(simdjsonGo),
		Note: "minio/simdjson-go ParseND over 4 MB newline-cut chunks, FindElement"}
	if !simdjsongo.SupportedCPU() {
		m.Skip = "simdjson-go: this CPU lacks AVX2/CLMUL"
	}
	register("seed", m)
	register("seed", Method{Name: "gjson", Run: seedMethod(gjsonRun),
		Note: "tidwall/gjson GetBytes per line (no validation)"})
	register("seed", Method{Name: "jsonparser", Run: seedMethod(jsonparserRun),
		Note: "buger/jsonparser Get per line (no validation)"})
	register("seed", Method{Name: "fastjson", Run: seedMethod(fastjsonRun),
		Note: "valyala/fastjson Parser.ParseBytes per line, Get"})
}

// simdjson-go parses many lines at once (ParseND) into a tape it reuses;
// strings stay in the input (WithCopyStrings(false), the documented fast
// option for input that outlives the parse).
func simdjsonGo(data []byte, threads int) (*Counts, error) {
	const chunk = 4 << 20
	return parallel(data, threads, func(part []byte, c *Counts) error {
		var pj *simdjsongo.ParsedJson
		var elem simdjsongo.Element
		for len(part) > 0 {
			n := min(chunk, len(part))
			if n < len(part) {
				// Cut after a newline.
				for n < len(part) && part[n-1] != '\n' {
					n++
				}
			}
			var err error
			pj, err = simdjsongo.ParseND(part[:n], pj, simdjsongo.WithCopyStrings(false))
			if err != nil {
				return err
			}
			part = part[n:]
			err = pj.ForEach(func(i simdjsongo.Iter) error {
				e, err := i.FindElement(&elem, "type")
				if err != nil {
					return err
				}
				t, err := e.Iter.StringBytes()
				if err != nil {
					return err
				}
				c.AddType(t)
				if string(t) != "PullRequestEvent" {
					return nil
				}
				e, err = i.FindElement(&elem, "payload", "action")
				if err != nil {
					return err
				}
				a, err := e.Iter.StringBytes()
				if err != nil || string(a) != "opened" {
					return err
				}
				e, err = i.FindElement(&elem, "payload", "pull_request", "base", "repo", "language")
				if errors.Is(err, simdjsongo.ErrPathNotFound) || (err == nil && e.Type == simdjsongo.TypeNull) {
					c.Null++
					return nil
				}
				if err != nil {
					return err
				}
				l, err := e.Iter.StringBytes()
				if err != nil {
					return err
				}
				c.AddLang(l)
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
}

func gjsonRun(data []byte, threads int) (*Counts, error) {
	return parallel(data, threads, func(part []byte, c *Counts) error {
		return eachLine(part, func(line []byte) error {
			t := gjson.GetBytes(line, "type")
			if t.Type != gjson.String {
				return fmt.Errorf("gjson: no type in %.60q", line)
			}
			c.Types[t.Str]++
			if t.Str != "PullRequestEvent" {
				return nil
			}
			p := gjson.GetBytes(line, "payload")
			if p.Get("action").Str != "opened" {
				return nil
			}
			l := p.Get("pull_request.base.repo.language")
			if l.Type == gjson.String {
				c.Langs[l.Str]++
			} else {
				c.Null++
			}
			return nil
		})
	})
}

func jsonparserRun(data []byte, threads int) (*Counts, error) {
	return parallel(data, threads, func(part []byte, c *Counts) error {
		return eachLine(part, func(line []byte) error {
			t, _, _, err := jsonparser.Get(line, "type")
			if err != nil {
				return fmt.Errorf("jsonparser: type: %w", err)
			}
			c.AddType(t)
			if string(t) != "PullRequestEvent" {
				return nil
			}
			p, _, _, err := jsonparser.Get(line, "payload")
			if err != nil {
				return fmt.Errorf("jsonparser: payload: %w", err)
			}
			a, _, _, err := jsonparser.Get(p, "action")
			if err != nil || string(a) != "opened" {
				return err
			}
			l, dt, _, err := jsonparser.Get(p, "pull_request", "base", "repo", "language")
			switch {
			case errors.Is(err, jsonparser.KeyPathNotFoundError) || (err == nil && dt == jsonparser.Null):
				c.Null++
			case err != nil:
				return fmt.Errorf("jsonparser: language: %w", err)
			default:
				c.AddLang(l)
			}
			return nil
		})
	})
}

func fastjsonRun(data []byte, threads int) (*Counts, error) {
	return parallel(data, threads, func(part []byte, c *Counts) error {
		var p fastjson.Parser
		return eachLine(part, func(line []byte) error {
			v, err := p.ParseBytes(line)
			if err != nil {
				return err
			}
			t := v.GetStringBytes("type")
			c.AddType(t)
			if string(t) != "PullRequestEvent" || string(v.GetStringBytes("payload", "action")) != "opened" {
				return nil
			}
			l := v.Get("payload", "pull_request", "base", "repo", "language")
			if l == nil || l.Type() == fastjson.TypeNull {
				c.Null++
			} else {
				c.AddLang(l.GetStringBytes())
			}
			return nil
		})
	})
}
