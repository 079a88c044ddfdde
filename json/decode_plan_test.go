package json

import (
	"reflect"
	"strings"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// TestPlanApplies checks which documents the plan answers (0) and which it
// leaves to the tape walk (shim.PlanOff), so that the differential tests of
// the plan (TestUnmarshalPlan) cover both.
func TestPlanApplies(t *testing.T) {
	if !shim.Available {
		t.Skip("no cgo")
	}
	type inner struct {
		OK bool `json:"ok"`
	}
	type root struct {
		S  string `json:"s"`
		In inner  `json:"in"`
	}
	typ := reflect.TypeFor[root]()
	plan := planFor(typ, decoderFor(typ).sd)
	if plan == nil {
		t.Fatal("no plan for a struct of strings, bools and a struct")
	}
	for doc, want := range map[string]int{
		`{"s":"x","in":{"ok":true}}`:          0,
		`{"S":"x","IN":{"OK":false},"z":[1]}`: 0,
		`{"s":null,"in":null,"n":1.5}`:        0,
		`{"\u0073":"escaped","s":"x\ny"}`:     0,
		`{"s":1}`:                             shim.PlanOff,
		`{"in":{"ok":"true"}}`:                shim.PlanOff,
		`{"in":[]}`:                           shim.PlanOff,
		`{"ſ":"folds to S"}`:                  shim.PlanOff,
		`{"é":"not ASCII, matches no name"}`:  shim.PlanOff,
		`[{"s":"x"}]`:                         shim.PlanOff,
		`{"s":"x","more":[` + strings.Repeat(`"y",`, 200) + `"z"]}`: 0, // simdjson's stage 2 wrote the tape
	} {
		dp := getDomParser()
		if got := dp.parsePlan([]byte(doc), plan); got != want {
			t.Errorf("parsePlan(%q) = %d, want %d", doc, got, want)
		}
		putDomParser(dp)
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[struct{ N int }](),
		reflect.TypeFor[struct{ L []string }](),
		reflect.TypeFor[struct{ P *string }](),
		reflect.TypeFor[struct {
			S string `json:",string"`
		}](),
		reflect.TypeFor[struct {
			É string
		}](),
	} {
		if planFor(typ, decoderFor(typ).sd) != nil {
			t.Errorf("%v has a plan", typ)
		}
	}
}
