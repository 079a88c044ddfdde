package json_test

import (
	"bytes"
	stdjson "encoding/json"
	"testing"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// FuzzCompactIndent: Compact, Indent and Valid give encoding/json's
// results and errors, and leave dst as encoding/json does, on any input.
func FuzzCompactIndent(f *testing.F) {
	for _, in := range indentInputs {
		f.Add([]byte(in), "", "\t")
	}
	f.Add([]byte(`{"a":[1,{"b":"\\"}"}]}`), ">", " ")
	f.Fuzz(func(t *testing.T, src []byte, prefix, indent string) {
		skipUnlessClassicJSON(t)
		if len(prefix) > 8 || len(indent) > 8 {
			return
		}
		if got, want := sjson.Valid(src), stdjson.Valid(src); got != want {
			t.Fatalf("Valid(%q) = %v, want %v", src, got, want)
		}
		var want, got bytes.Buffer
		want.WriteString("x")
		got.WriteString("x")
		werr := stdjson.Compact(&want, src)
		gerr := sjson.Compact(&got, src)
		compare(t, "Compact", string(src), want.Bytes(), got.Bytes(), werr, gerr)
		want.Truncate(1)
		got.Truncate(1)
		werr = stdjson.Indent(&want, src, prefix, indent)
		gerr = sjson.Indent(&got, src, prefix, indent)
		compare(t, "Indent", string(src), want.Bytes(), got.Bytes(), werr, gerr)
	})
}
