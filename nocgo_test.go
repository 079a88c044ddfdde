//go:build !cgo

package simdjson_test

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// Without cgo the On-Demand, stream and parallel APIs compile and report
// ErrNoCGO (package json's Unmarshal, Valid and Decoder fall back to
// encoding/json: its tests run in both builds).
func TestWithoutCGO(t *testing.T) {
	p := simdjson.NewParser()
	_, err := p.Parse([]byte(`{"a":1}`))
	require.ErrorIs(t, err, simdjson.ErrNoCGO)
	s := p.Stream(simdjson.Bytes([]byte("{\"a\":1}\n")))
	for range s.Documents() {
		t.Fatal("a document without cgo")
	}
	require.ErrorIs(t, s.Err(), simdjson.ErrNoCGO)
	_, err = simdjson.Map(simdjson.Reader(bytes.NewReader([]byte("[1]\n"))), func(int) *int { return new(int) },
		func(*int, simdjson.Document) error { return nil })
	require.ErrorIs(t, err, simdjson.ErrNoCGO)
	_, err = simdjson.NewProjection("/a")
	require.ErrorIs(t, err, simdjson.ErrNoCGO)
	_, err = simdjson.NewProjectionCases([]string{"/t", "/a"}, simdjson.Case{Guard: 0, Values: []string{"x"}, Fields: []int{1}})
	require.ErrorIs(t, err, simdjson.ErrNoCGO)
	require.NoError(t, p.Close())
}
