//go:build go1.27 && goexperiment.jsonv2 && race

package json_test

// raceEnabled: the race detector makes sync.Pool drop a share of what is
// put in it at random, so pooling is not measurable.
const raceEnabled = true
