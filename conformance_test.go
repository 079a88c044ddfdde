//go:build cgo

package simdjson_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// TestJSONTestSuite parses and fully traverses every file of JSONTestSuite's
// test_parsing: y_ files must be accepted, n_ files rejected; i_ outcomes are
// logged (the README's table) and checked against the recorded ones.
func TestJSONTestSuite(t *testing.T) {
	dir := filepath.Join(sharedData(t, "JSONTestSuite"), "test_parsing")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	p := simdjson.NewParser()
	defer p.Close()
	var implDefined []string
	counts := map[string]int{}
	for _, f := range files {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		_, perr := parseAll(p, b)
		// The same answer whatever the padding holds.
		_, perr2 := parseAll(p, padded(b, '['))
		assert.Equal(t, perr == nil, perr2 == nil, name)
		switch {
		case strings.HasPrefix(name, "y_"):
			assert.NoError(t, perr, name)
			counts["y accepted"]++
		case strings.HasPrefix(name, "n_"):
			assert.Error(t, perr, name)
			counts["n rejected"]++
		case strings.HasPrefix(name, "i_"):
			outcome := "accepted"
			if perr != nil {
				outcome = "rejected: " + errName(perr)
			}
			implDefined = append(implDefined, fmt.Sprintf("| %s | %s |", name, outcome))
			if want, ok := recordedImplDefined[name]; ok {
				assert.Equal(t, want, perr == nil, "%s changed outcome: %v", name, perr)
			} else {
				t.Errorf("%s: no recorded outcome", name)
			}
		}
	}
	sort.Strings(implDefined)
	t.Logf("%v\n%s", counts, strings.Join(implDefined, "\n"))
}

// streamOne reads b as a stream (whitespace-separated documents) and
// traverses it: accepted when it holds exactly one document, read cleanly.
func streamOne(t *testing.T, b []byte, opts ...simdjson.StreamOption) error {
	got := runStream(t, simdjson.Bytes(b), opts...)
	if got.Err != nil {
		return got.Err
	}
	if len(got.Docs) != 1 {
		return fmt.Errorf("%d documents", len(got.Docs))
	}
	return got.Docs[0].Err
}

// TestJSONTestSuiteStreams runs every test_parsing file through the stream
// entry point: as a concatenated stream, and as one line of NDJSON between
// two good lines when the file is one line. Outcomes equal Parse's.
func TestJSONTestSuiteStreams(t *testing.T) {
	dir := filepath.Join(sharedData(t, "JSONTestSuite"), "test_parsing")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	p := simdjson.NewParser()
	defer p.Close()
	for _, f := range files {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		_, perr := parseAll(p, b)
		serr := streamOne(t, b, simdjson.Concatenated())
		switch {
		case strings.HasPrefix(name, "y_"):
			assert.NoError(t, serr, name)
		case strings.HasPrefix(name, "n_"):
			assert.Error(t, serr, name)
		}
		assert.Equal(t, perr == nil, serr == nil, "%s: Parse %v, stream %v", name, perr, serr)
		if bytes.ContainsAny(b, "\n\r") || len(bytes.Trim(b, " \t")) == 0 {
			continue
		}
		// One NDJSON line between two good ones: the good lines are
		// delivered whatever the middle line holds.
		in := append(append([]byte("[0]\n"), b...), "\n[2]\n"...)
		got := runStream(t, simdjson.Bytes(in), simdjson.SkipBadLines(nil))
		require.NoError(t, got.Err, name)
		var ok []any
		middle := error(nil)
		for _, d := range got.Docs {
			switch {
			case d.Offset == 0 || d.Offset == int64(len(in)-4):
				require.NoError(t, d.Err, name)
				ok = append(ok, d.Value)
			case d.Err != nil:
				middle = d.Err
			}
		}
		require.Equal(t, []any{[]any{0.0}, []any{2.0}}, ok, name)
		if len(got.Bad) > 0 {
			middle = got.Bad[0]
		}
		if len(got.Docs)+len(got.Bad) != 3 {
			middle = fmt.Errorf("%d documents", len(got.Docs)+len(got.Bad))
		}
		if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
			// A byte order mark is skipped at the start of an input only.
			assert.Error(t, middle, name)
			continue
		}
		assert.Equal(t, perr == nil, middle == nil, "%s: Parse %v, NDJSON %v", name, perr, middle)
	}
}

// TestJSONTestSuiteTransform reads test_transform's files (valid JSON with
// corner cases: big and tiny numbers, duplicate keys, escaped and invalid
// code points) through Parse and streams, and records what comes out.
func TestJSONTestSuiteTransform(t *testing.T) {
	dir := filepath.Join(sharedData(t, "JSONTestSuite"), "test_transform")
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	p := simdjson.NewParser()
	defer p.Close()
	var rows []string
	for _, f := range files {
		name := filepath.Base(f)
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		v, perr := parseAll(p, b)
		serr := streamOne(t, b, simdjson.Concatenated())
		assert.Equal(t, perr == nil, serr == nil, "%s: Parse %v, stream %v", name, perr, serr)
		if perr != nil {
			rows = append(rows, fmt.Sprintf("| %s | rejected: %s |", name, errName(perr)))
		} else {
			rows = append(rows, fmt.Sprintf("| %s | %v |", name, v))
		}
	}
	t.Logf("\n%s", strings.Join(rows, "\n"))
}

func errName(err error) string {
	var se *simdjson.Error
	if asError(err, &se) {
		return strings.SplitN(se.Code.Error(), ":", 2)[0]
	}
	return err.Error()
}

func asError(err error, target **simdjson.Error) bool {
	for err != nil {
		if e, ok := err.(*simdjson.Error); ok {
			*target = e
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// recordedImplDefined: true where the i_ file is accepted (README table).
var recordedImplDefined = map[string]bool{
	"i_number_double_huge_neg_exp.json":                   true,
	"i_number_huge_exp.json":                              false,
	"i_number_neg_int_huge_exp.json":                      false,
	"i_number_pos_double_huge_exp.json":                   false,
	"i_number_real_neg_overflow.json":                     false,
	"i_number_real_pos_overflow.json":                     false,
	"i_number_real_underflow.json":                        true,
	"i_number_too_big_neg_int.json":                       true,
	"i_number_too_big_pos_int.json":                       true,
	"i_number_very_big_negative_int.json":                 true,
	"i_object_key_lone_2nd_surrogate.json":                false,
	"i_string_1st_surrogate_but_2nd_missing.json":         false,
	"i_string_1st_valid_surrogate_2nd_invalid.json":       false,
	"i_string_UTF-16LE_with_BOM.json":                     false,
	"i_string_UTF-8_invalid_sequence.json":                false,
	"i_string_UTF8_surrogate_U+D800.json":                 false,
	"i_string_incomplete_surrogate_and_escape_valid.json": false,
	"i_string_incomplete_surrogate_pair.json":             false,
	"i_string_incomplete_surrogates_escape_valid.json":    false,
	"i_string_invalid_lonely_surrogate.json":              false,
	"i_string_invalid_surrogate.json":                     false,
	"i_string_invalid_utf-8.json":                         false,
	"i_string_inverted_surrogates_U+1D11E.json":           false,
	"i_string_iso_latin_1.json":                           false,
	"i_string_lone_second_surrogate.json":                 false,
	"i_string_lone_utf8_continuation_byte.json":           false,
	"i_string_not_in_unicode_range.json":                  false,
	"i_string_overlong_sequence_2_bytes.json":             false,
	"i_string_overlong_sequence_6_bytes.json":             false,
	"i_string_overlong_sequence_6_bytes_null.json":        false,
	"i_string_truncated-utf-8.json":                       false,
	"i_string_utf16BE_no_BOM.json":                        false,
	"i_string_utf16LE_no_BOM.json":                        false,
	"i_structure_500_nested_arrays.json":                  true,
	"i_structure_UTF-8_BOM_empty_object.json":             true,
}

// TestJSONCheckers runs json.org's checker files and the jsonchecker corpus:
// pass files accepted, fail files rejected (except the ones whose rule is
// not RFC 8259's: the depth limit of fail18 and a top-level scalar string of
// fail01).
func TestJSONCheckers(t *testing.T) {
	p := simdjson.NewParser()
	defer p.Close()
	for _, sub := range []string{"json-org-checker", "jsonchecker"} {
		dir := sharedData(t, sub)
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		require.NotEmpty(t, files)
		for _, f := range files {
			name := filepath.Base(f)
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			_, perr := parseAll(p, b)
			// The stream entry point answers as Parse does.
			serr := streamOne(t, b, simdjson.Concatenated())
			assert.Equal(t, perr == nil, serr == nil, "%s/%s: Parse %v, stream %v", sub, name, perr, serr)
			switch {
			case strings.HasPrefix(name, "pass"):
				assert.NoError(t, perr, "%s/%s", sub, name)
			case strings.Contains(name, "EXCLUDE"), name == "fail1.json", name == "fail18.json", name == "fail41_toolarge.json":
				// fail1: a top-level string (valid since RFC 7159); fail18: 20
				// levels of nesting, "too deep" only for json.org's checker;
				// fail41_toolarge: 2^64, valid JSON, read as a big integer.
			case strings.HasPrefix(name, "fail"):
				assert.Error(t, perr, "%s/%s: %s", sub, name, b)
			}
		}
	}
}
