package json_test

import "testing"

// FuzzCompactIndent: Compact, Indent and Valid give encoding/json's
// results and errors, and leave dst as encoding/json does, on any input.
func FuzzCompactIndent(f *testing.F) {
	for _, in := range indentInputs {
		f.Add([]byte(in), "", "\t")
	}
	f.Add([]byte(`{"a":[1,{"b":"\\"}"}]}`), ">", " ")
	f.Fuzz(func(t *testing.T, src []byte, prefix, indent string) {
		if len(prefix) > 8 || len(indent) > 8 {
			return
		}
		checkCompactIndent(t, src, [2]string{prefix, indent})
	})
}
