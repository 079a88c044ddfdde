// Package jtlink links (under Go 1.27) this module's json/jsontext and json/v2 without an
// import cycle or exported back doors: package jsontext sets these function
// variables in its init, and json/v2 uses them to hand this module's
// Decoder and Encoder to encoding/json/v2 (which only knows the standard
// types) and to wrap the standard ones it receives in callbacks.
//
// The arguments and results typed any are *jsontext.Decoder and
// *jsontext.Encoder of github.com/simdjson-cgo/simdjson/json/jsontext.
package jtlink
