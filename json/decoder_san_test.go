//go:build asan || msan

package json_test

// sanitizerEnabled: under -asan and -msan values escape to the heap that do
// not otherwise (sync.Map's Load, reflect's unpacking, float boxing), so
// allocation counts are not the product's.
const sanitizerEnabled = true
