// Package jsontext is a drop-in replacement for Go 1.27's
// encoding/json/jsontext: change the import path and keep the identifier
// jsontext.
//
// The types that carry no behaviour of their own (Value, Token, Kind,
// Options, Pointer, SyntacticError) are aliases of the standard ones, and the
// option constructors, token constructors and error variables are the
// standard ones, so values, options and errors pass freely between this
// package, encoding/json/jsontext, encoding/json/v2 and this module's json/v2.
//
// Decoder and Encoder are this package's own types with exactly the standard
// methods. Decoder.ReadValue and Decoder.SkipValue of complete top-level
// values (a large document, a stream of NDJSON lines) take a fast path on
// this module's structural scanner; every other call, and any input the fast
// path cannot decide, is handled by a standard Decoder positioned exactly
// where the fast path stopped, so results, errors and offsets are the
// standard's.
//
// The package needs Go 1.27 (where encoding/json/jsontext is part of the
// standard library); built by an older Go it is empty but for this comment.
package jsontext
