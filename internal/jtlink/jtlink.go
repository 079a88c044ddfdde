//go:build go1.27 && goexperiment.jsonv2

package jtlink

import stdjsontext "encoding/json/jsontext"

var (
	// StdDecoder returns the standard Decoder behind d (a *jsontext.Decoder
	// of this module), positioned exactly where d is, with the input's
	// offsets and top-level count: a caller may read from it and go on
	// reading from d afterwards. It returns nil for a nil d.
	//
	// Handing over is for good: d then delegates every call to it (no
	// fast path). Where d had read past the input's start on its fast
	// path, the first handover costs a pass over a stand-in as long as the
	// offset (skipped token by token, bounded memory); a caller that only
	// needs one top-level value can instead take d.ReadValue and
	// unmarshal that.
	StdDecoder func(d any) *stdjsontext.Decoder

	// DecodeNext offers the next top-level value of d (a *jsontext.Decoder
	// of this module) to take, when d has default options and reads on its
	// fast path between top-level values: take(v, out) is called with the
	// value's bytes (found by their extent, not yet validated; readable
	// bytes follow them up to cap(v) and at least shim.Padding) and
	// reports whether it decoded them, whole and valid, into out. Then d
	// moves past the value and DecodeNext returns true; otherwise nothing
	// was read past (take may be called twice, with the rest of a line and
	// then with a value's extent) and it returns false.
	DecodeNext func(d any, take func(v []byte, out any) bool, out any) bool

	// StdEncoder returns the standard Encoder behind e (a *jsontext.Encoder
	// of this module); it returns nil for a nil e.
	StdEncoder func(e any) *stdjsontext.Encoder

	// WrapDecoder returns a *jsontext.Decoder of this module that reads
	// through d: every method call is d's. It returns nil for a nil d.
	WrapDecoder func(d *stdjsontext.Decoder) any

	// WrapEncoder returns a *jsontext.Encoder of this module that writes
	// through e. It returns nil for a nil e.
	WrapEncoder func(e *stdjsontext.Encoder) any
)
