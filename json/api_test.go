package json_test

import (
	stdjson "encoding/json"
	"go/types"
	"reflect"
	"runtime"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/apicheck"
)

const ourPath = "github.com/simdjson-cgo/simdjson/json"

// TestAPI: package json exports what encoding/json exports, in the
// toolchain and build running the test (the export data of both packages,
// from go list -export, compared with go/types by internal/apicheck), and
// nothing more. Each function and each method of Decoder and Encoder has
// the same signature (Decoder and Encoder being this package's types),
// Decoder and Encoder are this package's structs with no exported field,
// every other name is a type alias whose type is identical to
// encoding/json's (an alias here for each type and each alias there). So a
// Go release or a GOEXPERIMENT that adds a name to encoding/json (jsonv2
// adds Options and its constructors) fails this test until the name exists
// here. encoding/json exports no variable or constant today: one would
// need its own rule (Check reports it).
func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds export data")
	}
	std, ours := apicheck.Load(t, "encoding/json", ourPath)
	// The go command built the export data for the build this test binary
	// runs (GOEXPERIMENT=jsonv2 or not): RawMessage is jsontext.Value in
	// one, encoding/json's own type in the other.
	want := reflect.TypeFor[stdjson.RawMessage]().PkgPath()
	if got := typePkgPath(std.Scope().Lookup("RawMessage")); got != want {
		t.Fatalf("go list -export built encoding/json's RawMessage in package %s, the test binary in %s: not the same build (GOEXPERIMENT, GOTOOLCHAIN?)", got, want)
	}
	ok, n := apicheck.Report(t, std, ours, apicheck.Config{
		// Both packages print as "json", so that this package's Decoder
		// reads as encoding/json's; other packages by their path.
		Names: map[string]string{ourPath: "json", "encoding/json": "json"},
		// The types this package defines itself; every other type name is
		// encoding/json's.
		Own: map[string]apicheck.Own{"Decoder": apicheck.Struct, "Encoder": apicheck.Struct},
	})
	t.Logf("%s (%s): %d/%d exported names of encoding/json hold for package json", runtime.Version(), reflect.TypeFor[stdjson.RawMessage](), ok, n)
}

func typePkgPath(obj types.Object) string {
	if obj == nil {
		return ""
	}
	if n, ok := types.Unalias(obj.Type()).(*types.Named); ok && n.Obj().Pkg() != nil {
		return n.Obj().Pkg().Path()
	}
	return ""
}
