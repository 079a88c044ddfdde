//go:build !goexperiment.jsonv2

package json_test

import "testing"

// skipUnlessClassicJSON: the differential tests compare with the classic
// encoding/json, whose messages and offsets Unmarshal reproduces.
func skipUnlessClassicJSON(t testing.TB) {}
