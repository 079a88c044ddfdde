//go:build go1.27 && goexperiment.jsonv2 && !(race || asan || msan)

package jsontext_test

const instrumented = false
