//go:build !race && !asan && !msan

package simdjson_test

// instrumented: the race detector or a sanitizer changes what the Go code
// allocates (TestUnmarshalDuplicateKeysAlloc then checks only what is held).
const instrumented = false
