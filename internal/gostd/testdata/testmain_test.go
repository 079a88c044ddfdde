// TestMain of the copy of Go's encoding/json tests that internal/gostd
// builds at test time (not compiled in this repository: testdata). It
// checks the copy's error types against encoding/json's, runs the tests,
// and marks the end of the run in the route wrappers' log ($GOSTD_LOG).

package json

import (
	"fmt"
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	if err := checkErrorPairs(); err != nil {
		fmt.Fprintln(os.Stderr, "gostd: the route wrappers' error conversion is out of date:", err)
		os.Exit(3)
	}
	code := m.Run()
	writeLog(logRecord{Kind: "done"})
	os.Exit(code)
}
