package corpus

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// SharedData returns the shared corpora's directory <sub>
// (../shared/data/<sub> next to the module's checkout), skipping the test
// when it is not there. It works from any package of the module.
func SharedData(t testing.TB, sub string) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Skip("skipping: cannot locate the module's checkout")
	}
	// file is <checkout>/internal/corpus/shared.go.
	dir := filepath.Join(filepath.Dir(file), "..", "..", "..", "shared", "data", sub)
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("skipping: %s not found (the shared corpora are not next to this checkout)", dir)
	}
	return filepath.Clean(dir)
}
