//go:build cgo

package ghtable

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/simdjson-cgo/simdjson"
)

// FieldError's error says what is wrong in the words both programs print,
// and wraps simdjson.ErrBadLine (and the row's error), so that MapFields
// under SkipBadLines skips the event as a bad line, naming its line, and
// goes on; without SkipBadLines it stops with a *FuncError.
func TestFieldErrorIsBadLine(t *testing.T) {
	input := "{\"type\":\"PushEvent\"}\n{\"type\":7}\n{\"id\":1}\n" +
		"{\"type\":\"PullRequestEvent\",\"payload\":{\"action\":[]}}\n" +
		"{\"type\":\"PullRequestEvent\",\"payload\":{\"action\":\"opened\",\"pull_request\":{\"base\":{\"repo\":{\"language\":1.5}}}}}\n" +
		"{\"type\":\"WatchEvent\"}\n"
	want := []string{
		"line 2: /type is an int64, not a string",
		"line 3: no /type: not a GH Archive event",
		"line 4: /payload/action is an array, not a string",
		"line 5: /payload/pull_request/base/repo/language is a float64, not a string",
	}
	proj, err := simdjson.NewProjection(Pointers...)
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	fn := func(n *int, row simdjson.Row) error {
		typ, ok := row.Bytes(0)
		if !ok {
			return FieldError(row, 0)
		}
		if string(typ) == "PullRequestEvent" {
			if _, ok := row.Bytes(1); !ok {
				return FieldError(row, 1)
			}
			if _, ok := row.Bytes(2); !ok {
				return FieldError(row, 2)
			}
		}
		*n++
		return nil
	}
	var got []string
	states, err := simdjson.MapFields(simdjson.Bytes([]byte(input)), proj, func(int) *int { return new(int) }, fn,
		simdjson.Threads(1), simdjson.SkipBadLines(func(le *simdjson.LineError) {
			if !errors.Is(le, simdjson.ErrBadLine) {
				t.Errorf("%v does not wrap ErrBadLine", le)
			}
			got = append(got, fmt.Sprintf("line %d: %v", le.Line, le.Err))
		}))
	if err != nil {
		t.Fatal(err)
	}
	if *states[0] != 2 || !reflect.DeepEqual(got, want) {
		t.Fatalf("counted %d, bad lines %q; want 2, %q", *states[0], got, want)
	}
	_, err = simdjson.MapFields(simdjson.Bytes([]byte(input)), proj, func(int) *int { return new(int) }, fn, simdjson.Threads(1))
	var fe *simdjson.FuncError
	if !errors.As(err, &fe) || fe.Line != 2 || fe.Err.Error() != "/type is an int64, not a string" || !errors.Is(err, simdjson.ErrBadLine) {
		t.Fatalf("stop policy: %v", err)
	}
}

// Classify gives the type of every countable event, the language of opened
// pull requests only (NoLanguage for null or absent), and FieldError's
// error, with nothing else, for an event that cannot be counted.
func TestClassify(t *testing.T) {
	pr := func(action, lang string) string {
		return `{"type":"PullRequestEvent","payload":{"action":` + action + `,"pull_request":{"base":{"repo":{` + lang + `}}}}}`
	}
	lines := []string{
		`{"type":"PushEvent"}`,
		pr(`"closed"`, `"language":"Go"`),
		pr(`"opened"`, `"language":"Go"`),
		pr(`"opened"`, `"language":null`),
		pr(`"opened"`, ``),
		pr(`"opened"`, `"language":3`),
		pr(`7`, `"language":"Go"`),
		`{"type":null}`,
	}
	want := []string{
		"PushEvent", "PullRequestEvent", "PullRequestEvent lang Go", "PullRequestEvent lang (none)",
		"PullRequestEvent lang (none)", "error /payload/pull_request/base/repo/language is an int64, not a string",
		"error /payload/action is an int64, not a string", "error /type is a null, not a string",
	}
	proj, err := simdjson.NewProjection(Pointers...)
	if err != nil {
		t.Fatal(err)
	}
	defer proj.Close()
	input := ""
	for _, l := range lines {
		input += l + "\n"
	}
	states, err := simdjson.MapFields(simdjson.Bytes([]byte(input)), proj, func(int) *[]string { return new([]string) },
		func(got *[]string, row simdjson.Row) error {
			typ, language, lang, err := Classify(row)
			switch {
			case err != nil:
				if typ != nil || language != nil || lang {
					t.Errorf("error %v with type %q, language %q, %v", err, typ, language, lang)
				}
				*got = append(*got, "error "+err.Error())
			case lang:
				*got = append(*got, string(typ)+" lang "+string(language))
			default:
				*got = append(*got, string(typ))
			}
			return nil
		}, simdjson.Threads(1))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*states[0], want) {
		t.Fatalf("got\n%q\nwant\n%q", *states[0], want)
	}
}
