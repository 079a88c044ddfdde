package main

import (
	"encoding/json"
	"testing"
)

// TestMembersSorted: objects' members sorted at every depth, arrays,
// strings (escaped quotes and backslashes included) and scalars kept as
// written; text that is not one whole value gives nil.
func TestMembersSorted(t *testing.T) {
	for in, want := range map[string]string{
		`{"b":1,"a":{"d":[1,{"z":"\"x}","y":null}],"c":true}}`: `{"a":{"c":true,"d":[1,{"y":null,"z":"\"x}"}]},"b":1}`,
		`[{"b\\":2,"a":-1.5e3},[],{}]`:                         `[{"a":-1.5e3,"b\\":2},[],{}]`,
		`"x"`:                                                  `"x"`,
		`{"é":0,"e":1}`:                                        `{"e":1,"é":0}`,
	} {
		if got := membersSorted([]byte(in)); string(got) != want {
			t.Errorf("membersSorted(%s) = %s, want %s", in, got, want)
		}
	}
	for _, bad := range []string{``, `{`, `{"a":1`, `{"a"}`, `[1 2]`, `{"a":1}x`, `"abc`, `[1,]x`} {
		if got := membersSorted([]byte(bad)); got != nil {
			t.Errorf("membersSorted(%s) = %s, want nil", bad, got)
		}
	}
	// A map written in two orders compares equal once sorted.
	m := map[string]any{"z": []any{1.0, "q"}, "a": map[string]any{"y": true, "b": nil}}
	sorted, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if got := membersSorted([]byte(`{"a":{"y":true,"b":null},"z":[1,"q"]}`)); string(got) != string(sorted) {
		t.Errorf("got %s, want %s", got, sorted)
	}
}
