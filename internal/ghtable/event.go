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

// NoLanguage is the tables' name for opened pull requests whose base
// repository has no language (null or absent).
const NoLanguage = "(none)"

// noLanguage is NoLanguage as bytes, for Classify to return without
// allocating.
var noLanguage = []byte(NoLanguage)

// Classify reads the seed task's fields from an event row (projected with
// Pointers): the event's type and, for an opened pull request (lang true),
// the language of its base repository, NoLanguage when it is null or
// absent. The bytes are the row's, valid while the row is. An event that
// cannot be counted returns FieldError's error and should count nothing,
// not even its type.
func Classify(row simdjson.Row) (typ, language []byte, lang bool, err error) {
	typ, ok := row.Bytes(0)
	if !ok {
		return nil, nil, false, FieldError(row, 0)
	}
	if string(typ) != "PullRequestEvent" {
		return typ, nil, false, nil
	}
	action, ok := row.Bytes(1)
	if !ok {
		return nil, nil, false, FieldError(row, 1)
	}
	if string(action) != "opened" {
		return typ, nil, false, nil
	}
	if l, ok := row.Bytes(2); ok {
		return typ, l, true, nil
	}
	if row.IsNull(2) || row.Missing(2) {
		return typ, noLanguage, true, nil
	}
	return nil, nil, false, FieldError(row, 2)
}
