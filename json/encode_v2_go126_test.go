//go:build goexperiment.jsonv2 && !go1.27

package json_test

// edgeValuesTo: Go 1.26 with GOEXPERIMENT=jsonv2 has MarshalJSONTo too,
// but naming jsontext in a go 1.26 module fails go vet under Go 1.27
// (stdversion): the values are tested with Go 1.27 only.
func edgeValuesTo() map[string]any { return nil }

// stdReentrantEncoderBroken: Go 1.26's encoding/json on encoding/json/v2
// garbles an Encoder's output when a MarshalJSON calls Encode on the same
// Encoder (its buffer is shared; Go 1.27's is not): the test expects the
// classic bytes there.
const stdReentrantEncoderBroken = true
