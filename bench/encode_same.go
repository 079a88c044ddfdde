package main

import (
	"bytes"
	"slices"
)

// membersSorted returns the compact JSON text b (what Marshal writes: no
// whitespace, valid) with the members of every object sorted by their name's
// bytes, everything else as written. encoding/json/v2's Marshal writes a
// map's members in random order under its default options, so two v2
// encoders agree on a value when their outputs agree once sorted; a
// struct's fields, in a fixed order, are compared in that order all the same
// when no two encoders disagree on it. It returns nil for text it cannot
// read.
func membersSorted(b []byte) []byte {
	out, rest, ok := sortValue(nil, b)
	if !ok || len(rest) != 0 {
		return nil
	}
	return out
}

// sortValue appends the value at the start of b, its objects' members
// sorted, to dst, and returns what follows it in b.
func sortValue(dst, b []byte) ([]byte, []byte, bool) {
	if len(b) == 0 {
		return dst, b, false
	}
	switch b[0] {
	case '{':
		type member struct{ name, text []byte }
		var ms []member
		b = b[1:]
		for len(b) > 0 && b[0] != '}' {
			if len(ms) > 0 {
				if b[0] != ',' {
					return dst, b, false
				}
				b = b[1:]
			}
			name, rest, ok := stringToken(b)
			if !ok || len(rest) == 0 || rest[0] != ':' {
				return dst, b, false
			}
			text, rest, ok := sortValue(nil, rest[1:])
			if !ok {
				return dst, b, false
			}
			ms = append(ms, member{name, text})
			b = rest
		}
		if len(b) == 0 {
			return dst, b, false
		}
		slices.SortFunc(ms, func(x, y member) int { return bytes.Compare(x.name, y.name) })
		dst = append(dst, '{')
		for k, m := range ms {
			if k > 0 {
				dst = append(dst, ',')
			}
			dst = append(append(append(dst, m.name...), ':'), m.text...)
		}
		return append(dst, '}'), b[1:], true
	case '[':
		dst = append(dst, '[')
		b = b[1:]
		for n := 0; len(b) > 0 && b[0] != ']'; n++ {
			if n > 0 {
				if b[0] != ',' {
					return dst, b, false
				}
				dst = append(dst, ',')
				b = b[1:]
			}
			var ok bool
			if dst, b, ok = sortValue(dst, b); !ok {
				return dst, b, false
			}
		}
		if len(b) == 0 {
			return dst, b, false
		}
		return append(dst, ']'), b[1:], true
	case '"':
		s, rest, ok := stringToken(b)
		return append(dst, s...), rest, ok
	}
	// A number or a literal: up to the next delimiter (whitespace, which
	// compact text has none of, included: it then fails the caller).
	k := 0
	for k < len(b) && !scalarEnd(b[k]) {
		k++
	}
	if k == 0 {
		return dst, b, false
	}
	return append(dst, b[:k]...), b[k:], true
}

func scalarEnd(c byte) bool {
	switch c {
	case ',', ']', '}', ':', ' ', '\t', '\n', '\r':
		return true
	}
	return false
}

// stringToken splits the string token at the start of b (quotes included)
// from what follows it.
func stringToken(b []byte) ([]byte, []byte, bool) {
	if len(b) == 0 || b[0] != '"' {
		return nil, b, false
	}
	for k := 1; k < len(b); k++ {
		switch b[k] {
		case '\\':
			k++
		case '"':
			return b[:k+1], b[k+1:], true
		}
	}
	return nil, b, false
}
