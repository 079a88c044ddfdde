//go:build go1.27 && goexperiment.jsonv2 && !race

package json_test

const raceEnabled = false
