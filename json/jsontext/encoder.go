//go:build go1.27 && goexperiment.jsonv2

package jsontext

import (
	"encoding/json/jsontext"
	"io"
)

// Encoder is a streaming encoder from raw JSON tokens and values. It has the
// methods of encoding/json/jsontext's Encoder and writes through one: the
// output, errors and offsets are the standard's.
//
// The zero Encoder is not usable, as the standard's: use NewEncoder.
type Encoder struct {
	s *jsontext.Encoder
}

// NewEncoder constructs a new streaming encoder writing to w configured
// with the provided options. It flushes the internal buffer when the buffer
// is sufficiently full or when a top-level value has been written.
//
// If w is a *bytes.Buffer, the encoder appends directly into the buffer
// without copying the contents from an intermediate buffer.
func NewEncoder(w io.Writer, opts ...Options) *Encoder {
	return &Encoder{s: jsontext.NewEncoder(w, opts...)}
}

// std returns the standard Encoder, made on first use for a zero Encoder so
// that its methods behave (and panic) as the standard zero Encoder's.
func (e *Encoder) std() *jsontext.Encoder {
	if e.s == nil {
		e.s = new(jsontext.Encoder)
	}
	return e.s
}

// Reset resets an encoder such that it is writing afresh to w and
// configured with the provided options. Reset must not be called on an
// Encoder passed to an encoding/json/v2 MarshalerTo method or a
// MarshalToFunc function.
func (e *Encoder) Reset(w io.Writer, opts ...Options) {
	if e == nil {
		panic("jsontext: invalid nil Encoder")
	}
	e.std().Reset(w, opts...)
}

// Options returns the options used to construct the encoder and may
// additionally contain semantic options passed to an encoding/json/v2
// MarshalEncode call.
func (e *Encoder) Options() Options { return e.std().Options() }

// WriteToken writes the next token and advances the internal write offset.
func (e *Encoder) WriteToken(t Token) error { return e.std().WriteToken(t) }

// WriteValue writes the next raw value and advances the internal write
// offset.
func (e *Encoder) WriteValue(v Value) error { return e.std().WriteValue(v) }

// AvailableBuffer returns a zero-length buffer with a possible non-zero
// capacity, to be appended to and passed to a following WriteValue or
// WriteToken call.
func (e *Encoder) AvailableBuffer() []byte { return e.std().AvailableBuffer() }

// OutputOffset returns the current output byte offset.
func (e *Encoder) OutputOffset() int64 { return e.std().OutputOffset() }

// StackDepth returns the depth of the state machine for written JSON data.
func (e *Encoder) StackDepth() int { return e.std().StackDepth() }

// StackIndex returns information about the specified stack level.
func (e *Encoder) StackIndex(i int) (Kind, int64) { return e.std().StackIndex(i) }

// StackPointer returns a JSON Pointer (RFC 6901) to the most recently
// written value.
func (e *Encoder) StackPointer() Pointer { return e.std().StackPointer() }
