//go:build !race

package json_test

const raceEnabled = false
