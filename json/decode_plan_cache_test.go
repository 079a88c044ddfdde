package json

import (
	"reflect"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// TestCachePlanFreesLoser: of two plans built for one type at the same time
// (two goroutines decoding it first), the one stored second is freed and
// both callers get the first; a nil plan (a type without one) is stored
// and frees nothing.
func TestCachePlanFreesLoser(t *testing.T) {
	var freed []*structPlan
	saved := freePlan
	freePlan = func(p *structPlan) { freed = append(freed, p); saved(p) }
	defer func() { freePlan = saved }()

	type planned struct{ A string }
	typ := reflect.TypeOf(planned{})
	first := &structPlan{c: shim.Malloc(8)}
	second := &structPlan{c: shim.Malloc(8)}
	if got := cachePlan(typ, first); got != first {
		t.Fatalf("first store: got %p, want %p", got, first)
	}
	if got := cachePlan(typ, second); got != first {
		t.Fatalf("second store: got %p, want %p", got, first)
	}
	if len(freed) != 1 || freed[0] != second {
		t.Fatalf("freed %v, want only the second plan %p", freed, second)
	}

	type unplanned struct{ A string }
	ut := reflect.TypeOf(unplanned{})
	if got := cachePlan(ut, nil); got != nil {
		t.Fatalf("nil store: got %p", got)
	}
	if got := cachePlan(ut, nil); got != nil || len(freed) != 1 {
		t.Fatalf("second nil store: got %p, freed %d", got, len(freed))
	}
	planCache.Delete(typ)
	planCache.Delete(ut)
	saved(first)
}
