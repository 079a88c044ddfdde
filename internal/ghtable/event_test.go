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
