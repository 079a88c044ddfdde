//go:build !asan && !msan

package json

import (
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// paddedInPage reports whether the 64 bytes after p[:n] lie in the same
// 4 KiB page as its last byte. simdjson may read them but never uses their
// content, and a page is mapped as a whole: such input is parsed in place
// instead of being copied (os.ReadFile and io.ReadAll leave no spare
// capacity). Builds with a sanitizer, which would rightly flag the reads
// past the slice, always copy.
func paddedInPage(p unsafe.Pointer, n int) bool {
	if n == 0 {
		return false
	}
	last := uintptr(p) + uintptr(n) - 1
	return last>>12 == (last+shim.Padding)>>12
}
