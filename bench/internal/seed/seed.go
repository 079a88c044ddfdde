// Package seed holds the seed task's reads, shared by the benchmark's rows
// and the tools that measure them (bench/seedpasses): the typed event
// struct and the lazy reads of one event.
package seed

import (
	"errors"

	"github.com/simdjson-cgo/simdjson"
)

// Event is the typed struct of the seed's task for the decoders that fill
// structs (this library's MapDecode, encoding/json, json/v2, goccy, sonic),
// as msgspec's typed struct in the seed: only the fields read, the rest
// skipped.
type Event struct {
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

// Opened reports whether the event is an opened pull request, and then the
// language of its base repository (nil when null or absent).
func (ev *Event) Opened() (language *string, opened bool) {
	if ev.Type != "PullRequestEvent" || ev.Payload.Action != "opened" {
		return nil, false
	}
	return ev.Payload.PullRequest.Base.Repo.Language, true
}

// Read reads the task's fields from an event with lazy handles, touching
// only what the task needs: the event's type and, for an opened pull
// request (opened true), the language of its base repository (nil when it
// is null or absent). The bytes are the parser's, valid until its next
// document.
func Read(doc simdjson.Document) (typ, language []byte, opened bool, err error) {
	t, err := doc.Field("type")
	if err != nil {
		return nil, nil, false, err
	}
	if typ, err = t.StringBytes(); err != nil || string(typ) != "PullRequestEvent" {
		return typ, nil, false, err
	}
	payload, err := doc.Field("payload")
	if err != nil {
		return nil, nil, false, err
	}
	a, err := payload.Field("action")
	if err != nil {
		return nil, nil, false, err
	}
	action, err := a.StringBytes()
	if err != nil || string(action) != "opened" {
		return typ, nil, false, err
	}
	l, err := payload.Get("pull_request", "base", "repo", "language")
	if errors.Is(err, simdjson.ErrNoSuchField) {
		return typ, nil, true, nil
	}
	if err != nil {
		return nil, nil, false, err
	}
	if null, err := l.IsNull(); err != nil || null {
		return typ, nil, err == nil, err
	}
	if language, err = l.StringBytes(); err != nil {
		return nil, nil, false, err
	}
	return typ, language, true, nil
}
