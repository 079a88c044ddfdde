//go:build go1.27 && goexperiment.jsonv2 && (race || asan || msan)

package jsontext_test

// instrumented: the race detector makes sync.Pool drop a share of what is
// put in it at random, and the sanitizers change what Go code allocates,
// so allocation bounds are not measurable.
const instrumented = true
