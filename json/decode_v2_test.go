//go:build goexperiment.jsonv2

package json_test

import "testing"

// skipUnlessClassicJSON skips the differential tests: under
// GOEXPERIMENT=jsonv2, encoding/json's v1 API runs on the v2 implementation,
// whose error messages and some behaviours differ from the classic one that
// Unmarshal reproduces.
func skipUnlessClassicJSON(t testing.TB) {
	t.Skip("skipping: GOEXPERIMENT=jsonv2 changes encoding/json's behaviour; the differential tests compare with the classic encoding/json")
}
