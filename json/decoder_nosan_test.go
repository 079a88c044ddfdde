//go:build !asan && !msan

package json_test

const sanitizerEnabled = false
