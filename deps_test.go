package simdjson_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The root package does not depend on package json (the drop-in
// encoding/json): a program that uses only handles, streams and maps does
// not compile it. Checked with and without cgo, as go list reports the
// package's dependencies (tests excluded).
func TestRootDoesNotImportJSON(t *testing.T) {
	gocmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gocmd); err != nil {
		t.Skipf("skipping: no go command at %s", gocmd)
	}
	for _, cgo := range []string{"1", "0"} {
		cmd := exec.Command(gocmd, "list", "-deps", ".")
		cmd.Env = append(os.Environ(), "CGO_ENABLED="+cgo)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("CGO_ENABLED=%s go list -deps .: %v\n%s", cgo, err, out)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 10 {
			t.Fatalf("CGO_ENABLED=%s go list -deps . listed %d packages: %q", cgo, len(deps), deps)
		}
		for _, d := range deps {
			if d == "github.com/simdjson-cgo/simdjson/json" || strings.HasPrefix(d, "github.com/simdjson-cgo/simdjson/json/") {
				t.Errorf("CGO_ENABLED=%s: the root package depends on %s", cgo, d)
			}
		}
	}
}
