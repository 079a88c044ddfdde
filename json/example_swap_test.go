package json_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestExamplesMatchEncodingJSON runs example_test.go with its import line
// swapped back to encoding/json, in a module of its own: the examples'
// Output comments, which go test checks against this package, must hold
// for encoding/json too. The swap is the user's one-line change, reversed.
func TestExamplesMatchEncodingJSON(t *testing.T) {
	skipUnlessClassicJSON(t)
	if testing.Short() {
		t.Skip("skipping in -short mode: builds a module")
	}
	src, err := os.ReadFile("example_test.go")
	if err != nil {
		t.Fatal(err)
	}
	ours := []byte(`"github.com/simdjson-cgo/simdjson/json"`)
	if bytes.Count(src, ours) != 1 {
		t.Fatalf("example_test.go should import package json once")
	}
	src = bytes.Replace(src, ours, []byte(`"encoding/json"`), 1)
	dir := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module swapcheck\n\ngo 1.26\n"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "example_test.go"), src, 0o644))
	cmd := exec.Command("go", "test", "-count=1", "-run", "^Example", "-v", ".")
	cmd.Dir = dir
	// The host's build, whatever this test binary was built for (make
	// test-arm64 runs it under qemu with GOARCH=arm64 and cross compilers
	// in the environment): the examples need no cgo.
	cmd.Env = append(os.Environ(), "GOEXPERIMENT=", "GOFLAGS=", "GOOS=", "GOARCH=", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the examples with encoding/json: %v\n%s", err, out)
	}
	want := bytes.Count(src, []byte("\nfunc Example"))
	if n := bytes.Count(out, []byte("--- PASS: Example")); n != want || want < 3 {
		t.Fatalf("%d examples passed with encoding/json, want %d:\n%s", n, want, out)
	}
}
