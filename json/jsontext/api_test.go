//go:build go1.27 && goexperiment.jsonv2

package jsontext_test

import (
	"encoding/json/jsontext"
	"runtime"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/apicheck"
	ours "github.com/simdjson-cgo/simdjson/json/jsontext"
)

const ourPath = "github.com/simdjson-cgo/simdjson/json/jsontext"

// TestAPI: package jsontext exports what encoding/json/jsontext exports (but
// Internal), compared with go/types (by internal/apicheck) on the export
// data go list -export builds for the toolchain running the test, and
// nothing more. Functions and the methods of Decoder and Encoder have the
// same signatures (Decoder and Encoder being this package's own structs),
// every other type is an alias of the standard's, constants have the
// standard's type and value, variables the standard's type (TestAPIValues
// checks their values).
func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds export data")
	}
	std, our := apicheck.Load(t, "encoding/json/jsontext", ourPath)
	ok, n := apicheck.Report(t, std, our, apicheck.Config{
		// Both packages print as "jsontext", so that this package's
		// Decoder reads as the standard's; other packages by their path.
		Names: map[string]string{ourPath: "jsontext", "encoding/json/jsontext": "jsontext"},
		// The types this package defines itself.
		Own: map[string]apicheck.Own{"Decoder": apicheck.Struct, "Encoder": apicheck.Struct},
		// Internal is encoding/json/jsontext's back door for
		// encoding/json/v2, usable only with a value of an internal package
		// ("exempt from the Go compatibility agreement").
		Skip:   map[string]bool{"Internal": true},
		Consts: true,
		Vars:   true,
	})
	if ok < 50 {
		t.Errorf("only %d names checked: is this encoding/json/jsontext?", ok)
	}
	t.Logf("%s: %d/%d exported names of encoding/json/jsontext hold for package jsontext (skipped: Internal)", runtime.Version(), ok, n)
}

// TestAPIValues: the variables are the standard's values.
func TestAPIValues(t *testing.T) {
	if ours.ErrDuplicateName != jsontext.ErrDuplicateName || ours.ErrNonStringName != jsontext.ErrNonStringName {
		t.Error("error variables differ from the standard's")
	}
	for i, p := range [][2]ours.Token{
		{ours.Null, jsontext.Null}, {ours.False, jsontext.False}, {ours.True, jsontext.True},
		{ours.BeginObject, jsontext.BeginObject}, {ours.EndObject, jsontext.EndObject},
		{ours.BeginArray, jsontext.BeginArray}, {ours.EndArray, jsontext.EndArray},
	} {
		if p[0].Kind() != p[1].Kind() || p[0].String() != p[1].String() {
			t.Errorf("token variable %d: %v, want %v", i, p[0], p[1])
		}
	}
}
