package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// TestCountMatchesEncodingJSON checks the task's answer against encoding/json
// on the fixture.
func TestCountMatchesEncodingJSON(t *testing.T) {
	const file = "../../testdata/events.ndjson"
	data, err := simdjson.ReadFile(file)
	require.NoError(t, err)
	p := simdjson.NewParser()
	defer p.Close()
	types, langs, err := count(p, data)
	require.NoError(t, err)

	wantTypes, wantLangs := map[string]int{}, map[string]int{}
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var ev struct {
			Type    string
			Payload struct {
				Action      string
				PullRequest struct {
					Base struct {
						Repo struct{ Language *string }
					}
				} `json:"pull_request"`
			}
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &ev))
		wantTypes[ev.Type]++
		if ev.Type == "PullRequestEvent" && ev.Payload.Action == "opened" {
			if l := ev.Payload.PullRequest.Base.Repo.Language; l != nil {
				wantLangs[*l]++
			} else {
				wantLangs["(none)"]++
			}
		}
	}
	require.Equal(t, wantTypes, types)
	require.Equal(t, wantLangs, langs)
	require.NotEmpty(t, wantLangs)

	_, _, err = count(p, []byte("{\"type\": \"PushEvent\"}\n{\"type\": \"PushEv\xffent\"}\n"))
	require.ErrorContains(t, err, "line 2")
}
