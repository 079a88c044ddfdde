//go:build asan || msan

package json

import "unsafe"

// paddedInPage is false under -asan and -msan: inputs without 64 bytes of
// spare capacity are always copied (see decode_page.go).
func paddedInPage(p unsafe.Pointer, n int) bool { return false }
