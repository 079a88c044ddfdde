//go:build !cgo

package simdjson_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/simdjson-cgo/simdjson"
)

// Without cgo nothing is accelerated and no kernel is named.
func TestAcceleratedWithoutCGO(t *testing.T) {
	require.False(t, simdjson.Accelerated())
	require.Empty(t, simdjson.ActiveImplementation())
	require.Empty(t, simdjson.BuiltinImplementation())
	require.Empty(t, simdjson.Implementations())
	require.ErrorIs(t, simdjson.SetImplementation("haswell"), simdjson.ErrNoCGO)
}
