// Package structfields holds encoding/json's rules for the fields of a
// struct type, written once for the two decoders that need them: package
// json's (over simdjson's DOM tape) and the root package's Decode (over the
// structural index), which must not import package json.
package structfields

import (
	"cmp"
	"reflect"
	"slices"
	"strings"
	"unicode"
)

// Field is a struct field as encoding/json sees it.
type Field struct {
	Name   string
	Tagged bool  // the name comes from a tag
	Index  []int // path of field indexes from the outer struct
	Quoted bool  // ",string"
}

// Fields lists the fields encoding/json decodes into for struct type t,
// in the order of their index paths. The rules are encoding/json's: exported
// fields, and the fields of embedded structs (even of unexported struct
// types) promoted breadth first; a tag renames a field or (with "-") hides
// it; among fields of one name, the shallowest wins, then a tagged one, and
// a tie at the same depth hides them all.
func Fields(t reflect.Type) []Field {
	type pending struct {
		typ   reflect.Type
		index []int
	}
	var found []Field
	visited := map[reflect.Type]bool{}
	level := []pending{{typ: t}}
	levelCount := map[reflect.Type]int{}
	for len(level) > 0 {
		var nextLevel []pending
		nextCount := map[reflect.Type]int{}
		for _, p := range level {
			if visited[p.typ] {
				continue
			}
			visited[p.typ] = true
			for k := 0; k < p.typ.NumField(); k++ {
				sf := p.typ.Field(k)
				if sf.Anonymous {
					et := sf.Type
					if et.Kind() == reflect.Pointer {
						et = et.Elem()
					}
					if !sf.IsExported() && et.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !ValidTagName(name) {
					name = ""
				}
				index := append(slices.Clip(p.index), k)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					f := Field{Name: name, Tagged: name != "", Index: index}
					if f.Name == "" {
						f.Name = sf.Name
					}
					if HasOption(opts, "string") {
						switch ft.Kind() {
						case reflect.Bool,
							reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
							reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
							reflect.Float32, reflect.Float64, reflect.String:
							f.Quoted = true
						}
					}
					found = append(found, f)
					if levelCount[p.typ] > 1 {
						// The struct appears twice at this depth: a
						// duplicate makes its fields cancel out below.
						found = append(found, f)
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					nextLevel = append(nextLevel, pending{typ: ft, index: index})
				}
			}
		}
		level, levelCount = nextLevel, nextCount
	}

	slices.SortFunc(found, func(a, b Field) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.Index), len(b.Index)); c != 0 {
			return c
		}
		if a.Tagged != b.Tagged {
			if a.Tagged {
				return -1
			}
			return 1
		}
		return slices.Compare(a.Index, b.Index)
	})
	out := found[:0]
	for i := 0; i < len(found); {
		j := i + 1
		for j < len(found) && found[j].Name == found[i].Name {
			j++
		}
		group := found[i:j]
		if len(group) == 1 || len(group[0].Index) != len(group[1].Index) || group[0].Tagged != group[1].Tagged {
			out = append(out, group[0])
		}
		i = j
	}
	slices.SortFunc(out, func(a, b Field) int { return slices.Compare(a.Index, b.Index) })
	return out
}

// ValidTagName reports whether a tag's name part is usable as a JSON key.
func ValidTagName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// HasOption reports whether the comma-separated tag options opts hold name.
func HasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
