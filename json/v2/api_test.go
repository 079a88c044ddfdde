//go:build go1.27 && goexperiment.jsonv2

package json_test

import (
	jsonv2 "encoding/json/v2"
	"runtime"
	"testing"

	"github.com/simdjson-cgo/simdjson/internal/apicheck"
	json "github.com/simdjson-cgo/simdjson/json/v2"
)

const (
	ourPath         = "github.com/simdjson-cgo/simdjson/json/v2"
	ourJSONTextPath = "github.com/simdjson-cgo/simdjson/json/jsontext"
)

// TestAPI: package json/v2 exports what encoding/json/v2 exports (export
// data of the toolchain running the test, compared with go/types by
// internal/apicheck), and nothing more; functions have the same signatures
// with this module's jsontext.Encoder and Decoder for the standard's; types
// are aliases identical to the standard's, but for MarshalerTo and
// UnmarshalerFrom, interfaces with the standard's methods (modulo
// jsontext); ErrUnknownName has the standard's type and is the standard's
// value.
func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping in -short mode: builds export data")
	}
	if json.ErrUnknownName != jsonv2.ErrUnknownName {
		t.Error("ErrUnknownName is not encoding/json/v2's")
	}
	std, ours := apicheck.Load(t, "encoding/json/v2", ourPath)
	ok, n := apicheck.Report(t, std, ours, apicheck.Config{
		// Both packages json print as "json" and both jsontext packages as
		// "jsontext", so that a signature with this module's Encoder reads
		// as the standard's.
		Names: map[string]string{
			ourPath: "json", "encoding/json/v2": "json",
			ourJSONTextPath: "jsontext", "encoding/json/jsontext": "jsontext",
		},
		// The names this package declares itself (their methods take this
		// module's jsontext types); every other type is an alias of
		// encoding/json/v2's.
		Own:  map[string]apicheck.Own{"MarshalerTo": apicheck.Interface, "UnmarshalerFrom": apicheck.Interface},
		Vars: true,
	})
	t.Logf("%s: %d/%d exported names of encoding/json/v2 hold for json/v2", runtime.Version(), ok, n)
}
