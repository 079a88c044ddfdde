//go:build !go1.27

package json

// stdGo127 reports whether the toolchain is Go 1.27 or later; it matters
// only under stdV2, where Go 1.26's GOEXPERIMENT=jsonv2 encoding/json (an
// experiment) differs from Go 1.27's in a few rules (see decode_v2.go and
// decoder_jsontext.go).
const stdGo127 = false
