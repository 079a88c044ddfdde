//go:build go1.27 && goexperiment.jsonv2

package json

import (
	stdjsontext "encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"errors"
	"reflect"
	"sync"

	"github.com/simdjson-cgo/simdjson/internal/jtlink"
	"github.com/simdjson-cgo/simdjson/json/jsontext"
)

// MarshalerTo is implemented by types that can marshal themselves: the
// method of encoding/json/v2's MarshalerTo, taking this module's
// jsontext.Encoder. It takes precedence over Marshaler and the text
// methods, as encoding/json/v2's does; the requirements are
// encoding/json/v2's (write exactly one value, or return
// errors.ErrUnsupported without writing; do not retain the Encoder).
type MarshalerTo interface {
	MarshalJSONTo(*jsontext.Encoder) error
}

// UnmarshalerFrom is implemented by types that can unmarshal themselves:
// the method of encoding/json/v2's UnmarshalerFrom, taking this module's
// jsontext.Decoder. The requirements are encoding/json/v2's.
type UnmarshalerFrom interface {
	UnmarshalJSONFrom(*jsontext.Decoder) error
}

// MarshalToFunc is encoding/json/v2's MarshalToFunc for a function taking
// this module's jsontext.Encoder: a type-specific marshaler for values of
// type T (any type but a named pointer).
func MarshalToFunc[T any](fn func(*jsontext.Encoder, T) error) *Marshalers {
	return jsonv2.MarshalToFunc(func(e *stdjsontext.Encoder, v T) error {
		return fn(wrapEncoder(e), v)
	})
}

// UnmarshalFromFunc is encoding/json/v2's UnmarshalFromFunc for a function
// taking this module's jsontext.Decoder: a type-specific unmarshaler for
// values of type T (an unnamed pointer or an interface).
func UnmarshalFromFunc[T any](fn func(*jsontext.Decoder, T) error) *Unmarshalers {
	return jsonv2.UnmarshalFromFunc(func(d *stdjsontext.Decoder, v T) error {
		return fn(wrapDecoder(d), v)
	})
}

func wrapEncoder(e *stdjsontext.Encoder) *jsontext.Encoder {
	return jtlink.WrapEncoder(e).(*jsontext.Encoder)
}

func wrapDecoder(d *stdjsontext.Decoder) *jsontext.Decoder {
	return jtlink.WrapDecoder(d).(*jsontext.Decoder)
}

// The bridge. encoding/json/v2 looks for its own MarshalerTo and
// UnmarshalerFrom, whose methods take the standard Encoder and Decoder; a
// type implementing this package's interfaces is not one of them. So every
// call handed to encoding/json/v2 carries a marshal and an unmarshal
// function for this package's interfaces (a function of an interface type
// applies to every type whose pointer implements it), joined after the
// caller's own functions, which keep their precedence. Functions come
// before methods in encoding/json/v2, as MarshalerTo comes before
// Marshaler and the text methods, so the order of precedence is the
// standard's.
//
// What differs from a method is fixed here: encoding/json/v2 wraps a
// function's error in a SemanticError naming the function's type (the
// interface); for a method it names the receiver's type. The bridge sets
// GoType to the receiver's type first (a SemanticError's empty fields are
// the only ones encoding/json/v2 fills).
var (
	bridgeMarshalers = jsonv2.MarshalToFunc(func(e *stdjsontext.Encoder, v MarshalerTo) error {
		return methodError(v.MarshalJSONTo(wrapEncoder(e)), v, false)
	})
	bridgeUnmarshalers = jsonv2.UnmarshalFromFunc(func(d *stdjsontext.Decoder, v UnmarshalerFrom) error {
		return methodError(v.UnmarshalJSONFrom(wrapDecoder(d)), v, true)
	})
	bridgeOptions = []Options{jsonv2.WithMarshalers(bridgeMarshalers), jsonv2.WithUnmarshalers(bridgeUnmarshalers)}
)

// ioErrorType is encoding/json/jsontext's error type of a failing
// io.Reader or io.Writer, which encoding/json/v2 passes on unwrapped.
var ioErrorType = func() reflect.Type {
	var w failWriter
	e := stdjsontext.NewEncoder(&w)
	err := e.WriteToken(stdjsontext.Null)
	return reflect.TypeOf(err)
}()

type failWriter struct{}

func (*failWriter) Write([]byte) (int, error) { return 0, errors.New("fail") }

// methodError is what encoding/json/v2 would have made of err, returned by
// the method of receiver v, before its own wrapping: a SemanticError with
// the receiver's type.
func methodError(err error, v any, unmarshal bool) error {
	if err == nil || errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	t := reflect.TypeOf(v).Elem() // v is a pointer (encoding/json/v2's castTo)
	if serr, ok := err.(*SemanticError); ok {
		if serr.GoType == nil {
			serr.GoType = t
		}
		return serr
	}
	if reflect.TypeOf(err) == ioErrorType {
		return err
	}
	if _, ok := err.(*stdjsontext.SyntacticError); ok && unmarshal {
		return err
	}
	return &SemanticError{Err: err, GoType: t}
}

// Joined lists of the caller's functions and the bridge, by the caller's
// list (programs make their lists once), and the set of lists that already
// hold the bridge (options inherited by a nested MarshalEncode).
var (
	joinedMarshalers   sync.Map // *Marshalers -> *Marshalers
	joinedUnmarshalers sync.Map // *Unmarshalers -> *Unmarshalers
	bridged            sync.Map // *Marshalers or *Unmarshalers -> struct{}
)

func init() {
	bridged.Store(bridgeMarshalers, struct{}{})
	bridged.Store(bridgeUnmarshalers, struct{}{})
}

func withBridgeM(m *Marshalers) *Marshalers {
	if m == nil {
		return bridgeMarshalers
	}
	if _, ok := bridged.Load(m); ok {
		return m
	}
	if j, ok := joinedMarshalers.Load(m); ok {
		return j.(*Marshalers)
	}
	j := jsonv2.JoinMarshalers(m, bridgeMarshalers)
	bridged.Store(j, struct{}{})
	jj, _ := joinedMarshalers.LoadOrStore(m, j)
	return jj.(*Marshalers)
}

func withBridgeU(u *Unmarshalers) *Unmarshalers {
	if u == nil {
		return bridgeUnmarshalers
	}
	if _, ok := bridged.Load(u); ok {
		return u
	}
	if j, ok := joinedUnmarshalers.Load(u); ok {
		return j.(*Unmarshalers)
	}
	j := jsonv2.JoinUnmarshalers(u, bridgeUnmarshalers)
	bridged.Store(j, struct{}{})
	jj, _ := joinedUnmarshalers.LoadOrStore(u, j)
	return jj.(*Unmarshalers)
}

// bridgeOpts returns opts with the bridge joined after the caller's
// functions. inherited are the options of the Encoder or Decoder the call
// uses (nil for Marshal and Unmarshal), which encoding/json/v2 joins
// before opts.
func bridgeOpts(inherited Options, opts []Options) []Options {
	if len(opts) == 0 && inherited == nil {
		return bridgeOptions
	}
	all := opts
	if inherited != nil {
		all = append([]Options{inherited}, opts...)
	}
	joined := jsonv2.JoinOptions(all...)
	m, _ := jsonv2.GetOption(joined, jsonv2.WithMarshalers)
	u, _ := jsonv2.GetOption(joined, jsonv2.WithUnmarshalers)
	bm, bu := withBridgeM(m), withBridgeU(u)
	if len(opts) == 0 && bm == m && bu == u {
		return nil // inherited from a call that has the bridge
	}
	out := make([]Options, 0, len(opts)+2)
	out = append(out, opts...)
	return append(out, jsonv2.WithMarshalers(bm), jsonv2.WithUnmarshalers(bu))
}

// reachesMethods reports whether a value of type t may reach a type
// implementing MarshalerTo or UnmarshalerFrom through its static types
// (pointers, slices, arrays, maps, struct fields). The fast paths on
// package json do not know those methods and leave such types to
// encoding/json/v2 with the bridge.
func reachesMethods(t reflect.Type) bool {
	if t == nil {
		return false
	}
	if v, ok := reachCache.Load(t); ok {
		return v.(bool)
	}
	r := reaches(t, map[reflect.Type]bool{})
	reachCache.Store(t, r)
	return r
}

var (
	reachCache          sync.Map // reflect.Type -> bool
	marshalerToType     = reflect.TypeFor[MarshalerTo]()
	unmarshalerFromType = reflect.TypeFor[UnmarshalerFrom]()
)

func reaches(t reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if t.Kind() != reflect.Interface {
		pt := reflect.PointerTo(t)
		if pt.Implements(marshalerToType) || pt.Implements(unmarshalerFromType) {
			return true
		}
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return reaches(t.Elem(), seen)
	case reflect.Map:
		return reaches(t.Key(), seen) || reaches(t.Elem(), seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if reaches(t.Field(i).Type, seen) {
				return true
			}
		}
	}
	return false
}
