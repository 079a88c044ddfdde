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
	// Each document's result by encoding/json's rules and by
	// encoding/json/v2's (exact names, no name twice in any object).
	for doc, want := range map[string][2]int{
		`{"s":"x","in":{"ok":true}}`:          {0, 0},
		`{"S":"x","IN":{"OK":false},"z":[1]}`: {0, 0}, // v2: three unknown names
		`{"s":null,"in":null,"n":1.5}`:        {0, 0},
		`{"\u0073":"escaped","s":"x\ny"}`:     {0, shim.NamesDup},
		`{"s":"x","z":{"a":1,"a":2}}`:         {0, shim.NamesDup},
		`{"s":1}`:                             {shim.PlanOff, shim.PlanOff},
		`{"S":1}`:                             {shim.PlanOff, 0}, // v2: unknown
		`{"in":{"ok":"true"}}`:                {shim.PlanOff, shim.PlanOff},
		`{"in":[]}`:                           {shim.PlanOff, shim.PlanOff},
		`{"ſ":"folds to S"}`:                  {shim.PlanOff, 0},
		`{"é":"not ASCII, matches no name"}`:  {shim.PlanOff, 0},
		`[{"s":"x"}]`:                         {shim.PlanOff, shim.PlanOff},
		`{"s":"x","more":[` + strings.Repeat(`"y",`, 200) + `"z"]}`: {0, 0}, // simdjson's stage 2 wrote the tape
	} {
		for k, v2 := range []bool{false, true} {
			dp := getDomParser()
			if got := dp.parsePlan([]byte(doc), plan, v2); got != want[k] {
				t.Errorf("parsePlan(%q, v2 %v) = %d, want %d", doc, v2, got, want[k])
			}
			putDomParser(dp)
		}
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
