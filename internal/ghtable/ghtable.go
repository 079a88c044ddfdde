// Package ghtable is the table of the seed task's counts that cmd/ghcount
// and the Beam pipeline (beam/, which imports it through the root module)
// both print, so that the two print the same text for the same counts:
//
//	event type                        count
//	PushEvent                          1234
//	PullRequestReviewCommentEvent        56
//	total                              1290
//
//	opened PRs by language            count
//	Go                                   12
//	(none)                                3
//	total                                15
//
// Each section is sorted by count (descending), then name, and ends with
// its total. The name column is as wide as the longest name of both
// sections (at least 28 characters, counted in runes as fmt pads), the
// count column as wide as the longest count (at least 10), so that every
// row of the table lines up, whatever names the input holds (up to 100
// characters: a longer name's row alone is longer). A name that
// could be misread is written as a Go string literal (strconv.Quote): the
// empty name, a name with a character that is not graphic (a newline, a
// tab, invalid UTF-8), with a space at either end, starting with a quote,
// or the word "total" (the total rows are the only unquoted "total").
// Parse reads the text back, exactly.
package ghtable

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Section headers and the total rows' name.
const (
	TypesHeader = "event type"
	LangsHeader = "opened PRs by language"
	Total       = "total"
)

// Minimum widths of the columns (those of ghcount's table before the
// widths followed the names).
// A name longer than maxName runes does not widen the column (its own
// row's count then follows it after one space): one hostile type name
// of megabytes would otherwise pad every row of the table to its length.
const (
	minName  = 28
	minCount = 10
	maxName  = 100
)

// Format returns the table of types (events by type) and langs (opened
// pull requests by language): two sections, a blank line between them,
// each line ending in a newline.
func Format(types, langs map[string]int64) string {
	typeKeys, langKeys := sorted(types), sorted(langs)
	var typeTotal, langTotal int64
	nameW, countW := max(minName, len(LangsHeader)), minCount
	widen := func(name string, n int64) {
		if w := utf8.RuneCountInString(name); w <= maxName {
			nameW = max(nameW, w)
		}
		countW = max(countW, len(strconv.FormatInt(n, 10)))
	}
	for i, k := range typeKeys {
		typeKeys[i] = Name(k)
		widen(typeKeys[i], types[k])
		typeTotal += types[k]
	}
	for i, k := range langKeys {
		langKeys[i] = Name(k)
		widen(langKeys[i], langs[k])
		langTotal += langs[k]
	}
	widen(Total, typeTotal)
	widen(Total, langTotal)
	var b strings.Builder
	row := func(name, count string) { fmt.Fprintf(&b, "%-*s %*s\n", nameW, name, countW, count) }
	section := func(header string, shown []string, m map[string]int64, keys []string, total int64) {
		row(header, "count")
		for i, k := range keys {
			row(shown[i], strconv.FormatInt(m[k], 10))
		}
		row(Total, strconv.FormatInt(total, 10))
	}
	section(TypesHeader, typeKeys, types, sorted(types), typeTotal)
	b.WriteString("\n")
	section(LangsHeader, langKeys, langs, sorted(langs), langTotal)
	return b.String()
}

// Name is how the table writes name: as it is, or quoted when it could be
// misread (see the package's comment).
func Name(name string) string {
	if name == "" || name == Total || name[0] == '"' ||
		strings.TrimSpace(name) != name || !utf8.ValidString(name) ||
		strings.IndexFunc(name, func(r rune) bool { return !unicode.IsGraphic(r) }) >= 0 {
		return strconv.Quote(name)
	}
	return name
}

// Parse reads a table as Format writes it. Lines before the first section
// header and after the blank line that ends the second section are
// ignored (ghcount prints a summary line after the table); so are the
// rows of a section before its header. A total row must equal the sum of
// its section's rows.
func Parse(text string) (types, langs map[string]int64, err error) {
	types, langs = map[string]int64{}, map[string]int64{}
	var into map[string]int64
	var sum int64
	sections := 0
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, TypesHeader) && strings.HasSuffix(trimmed, "count") && sections == 0:
			into, sum, sections = types, 0, 1
			continue
		case strings.HasPrefix(trimmed, LangsHeader) && strings.HasSuffix(trimmed, "count") && sections == 1:
			into, sum, sections = langs, 0, 2
			continue
		case trimmed == "":
			into = nil
			continue
		case into == nil:
			continue
		}
		i := strings.LastIndexByte(trimmed, ' ')
		if i < 0 {
			return types, langs, fmt.Errorf("table line %q: no count", line)
		}
		n, err := strconv.ParseInt(trimmed[i+1:], 10, 64)
		if err != nil {
			return types, langs, fmt.Errorf("table line %q: %v", line, err)
		}
		name := strings.TrimRight(trimmed[:i], " ")
		if name == Total {
			if n != sum {
				return types, langs, fmt.Errorf("table line %q: the rows above sum to %d", line, sum)
			}
			continue
		}
		if strings.HasPrefix(name, `"`) {
			if name, err = strconv.Unquote(name); err != nil {
				return types, langs, fmt.Errorf("table line %q: %v", line, err)
			}
		}
		into[name] += n
		sum += n
	}
	if sections != 2 {
		return types, langs, fmt.Errorf("not a table (%d of its 2 section headers found)", sections)
	}
	return types, langs, nil
}

// sorted returns m's keys by count (descending), then name.
func sorted(m map[string]int64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}
