package ghtable

import (
	"fmt"
	"strings"

	"github.com/simdjson-cgo/simdjson"
)

// Pointers are the fields of a GH Archive event the seed task reads, in
// the order of both programs' projections: the type, a pull request
// event's action, and the language of its base repository.
var Pointers = []string{"/type", "/payload/action", "/payload/pull_request/base/repo/language"}

// FieldError says what is wrong with field i (of Pointers) of an event row,
// in the words both programs print. The error wraps simdjson.ErrBadLine
// (and the row's own error, if any): a map function that returns it under
// SkipBadLines has the event skipped and reported as a bad line, with its
// file and line; without SkipBadLines MapFields returns it in a
// *simdjson.FuncError, which names the file, line and byte.
func FieldError(row simdjson.Row, i int) error {
	if err := row.Err(i); err != nil {
		return &badEvent{fmt.Sprintf("%s: %v", Pointers[i], err), err}
	}
	k := row.Kind(i)
	if k == simdjson.FieldMissing {
		return &badEvent{fmt.Sprintf("no %s: not a GH Archive event", Pointers[i]), nil}
	}
	article := "a"
	if strings.ContainsRune("aeiou", rune(k.String()[0])) {
		article = "an"
	}
	return &badEvent{fmt.Sprintf("%s is %s %v, not a string", Pointers[i], article, k), nil}
}

// badEvent is FieldError's error: a JSON line that is no countable event.
type badEvent struct {
	msg   string
	cause error // the row's error for the field, or nil
}

func (e *badEvent) Error() string { return e.msg }

// Unwrap returns simdjson.ErrBadLine and the cause.
func (e *badEvent) Unwrap() []error {
	if e.cause == nil {
		return []error{simdjson.ErrBadLine}
	}
	return []error{simdjson.ErrBadLine, e.cause}
}
