package json_test

import (
	stdjson "encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The differential harness: decode the same input with encoding/json and
// with this package into fresh values of the same type, and require the
// same value (floats compared bit for bit, so -0 differs from 0) and the
// same error (type, message and fields).

// sameValue reports whether a and b are deeply equal, floats compared by
// their bits; path names the first difference.
func sameValue(a, b reflect.Value, path string) (bool, string) {
	if a.IsValid() != b.IsValid() {
		return false, path + ": validity"
	}
	if !a.IsValid() {
		return true, ""
	}
	if a.Type() != b.Type() {
		return false, fmt.Sprintf("%s: type %v vs %v", path, a.Type(), b.Type())
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		if math.Float64bits(a.Float()) != math.Float64bits(b.Float()) {
			return false, fmt.Sprintf("%s: %v vs %v", path, a.Float(), b.Float())
		}
		return true, ""
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() != b.IsNil() {
			return false, path + ": nil vs non-nil"
		}
		if a.IsNil() {
			return true, ""
		}
		return sameValue(a.Elem(), b.Elem(), path+".*")
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if ok, where := sameValue(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); !ok {
				return false, where
			}
		}
		return true, ""
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return false, path + ": nil slice vs empty slice"
		}
		fallthrough
	case reflect.Array:
		if a.Len() != b.Len() {
			return false, fmt.Sprintf("%s: len %d vs %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if ok, where := sameValue(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); !ok {
				return false, where
			}
		}
		return true, ""
	case reflect.Map:
		if a.IsNil() != b.IsNil() {
			return false, path + ": nil map vs empty map"
		}
		if a.Len() != b.Len() {
			return false, fmt.Sprintf("%s: len %d vs %d", path, a.Len(), b.Len())
		}
		it := a.MapRange()
		for it.Next() {
			bv := b.MapIndex(it.Key())
			if !bv.IsValid() {
				return false, fmt.Sprintf("%s: key %v missing", path, it.Key())
			}
			if ok, where := sameValue(it.Value(), bv, fmt.Sprintf("%s[%v]", path, it.Key())); !ok {
				return false, where
			}
		}
		return true, ""
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		if a.IsNil() != b.IsNil() {
			return false, path + ": nil vs non-nil"
		}
		return true, ""
	}
	if !reflect.DeepEqual(valueOf(a), valueOf(b)) {
		return false, fmt.Sprintf("%s: %v vs %v", path, a, b)
	}
	return true, ""
}

// valueOf reads a scalar even from an unexported field.
func valueOf(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Bool:
		return v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.String:
		return v.String()
	case reflect.Complex64, reflect.Complex128:
		return v.Complex()
	}
	return fmt.Sprintf("%v", v)
}

// sameError compares two errors by type, message and, for encoding/json's
// error types, by their fields.
func sameError(want, got error) (bool, string) {
	if (want == nil) != (got == nil) {
		return false, fmt.Sprintf("error %v vs %v", want, got)
	}
	if want == nil {
		return true, ""
	}
	if reflect.TypeOf(want) != reflect.TypeOf(got) && !sameAnonymousError(want, got) {
		return false, fmt.Sprintf("error type %T (%v) vs %T (%v)", want, want, got, got)
	}
	if want.Error() != got.Error() {
		if splitRune(want, got) {
			return true, ""
		}
		return false, fmt.Sprintf("error %q vs %q", want.Error(), got.Error())
	}
	var ws, gs *stdjson.SyntaxError
	if errors.As(want, &ws) && errors.As(got, &gs) && ws.Offset != gs.Offset {
		return false, fmt.Sprintf("syntax error offset %d vs %d", ws.Offset, gs.Offset)
	}
	var wt, gt *stdjson.UnmarshalTypeError
	if errors.As(want, &wt) && errors.As(got, &gt) {
		if wt.Offset != gt.Offset || wt.Struct != gt.Struct || wt.Field != gt.Field || wt.Value != gt.Value || wt.Type != gt.Type {
			return false, fmt.Sprintf("type error %+v vs %+v", *wt, *gt)
		}
	}
	return true, ""
}

// splitRune reports whether want and got are the one syntax error the
// Decoder cannot reproduce under v2 (stdJSONv2): an invalid non-ASCII
// character that encoding/json names by its first byte because its own
// read ended inside the character, where this Decoder, whose reads differ,
// has the whole character and names it (and, from Go 1.27, counts the
// offset past the character rather than past its first byte). Which reads
// encoding/json makes depends on how the reader answers requests this
// Decoder does not make (decoder_jsontext.go's replayError).
func splitRune(want, got error) bool {
	ws, ok1 := want.(*stdjson.SyntaxError)
	gs, ok2 := got.(*stdjson.SyntaxError)
	if !stdJSONv2 || !ok1 || !ok2 {
		return false
	}
	const p = "invalid character '"
	wm, gm := ws.Error(), gs.Error()
	if !strings.HasPrefix(wm, p) || !strings.HasPrefix(gm, p) {
		return false
	}
	for _, pair := range [2][2]string{{wm, gm}, {gm, wm}} {
		one, whole := pair[0][len(p):], pair[1][len(p):]
		i := strings.IndexByte(one, '\'')
		j := strings.IndexByte(whole, '\'')
		if i < 0 || j < 0 || one[i:] != whole[j:] {
			continue
		}
		b, err1 := strconv.Unquote(`"` + one[:i] + `"`)
		r, err2 := strconv.Unquote(`"` + whole[:j] + `"`)
		if err1 != nil || err2 != nil || len(b) != 1 || len(r) < 2 || r[0] != b[0] || !utf8.ValidString(r) {
			continue
		}
		off := ws.Offset - gs.Offset
		if pair[0] == gm {
			off = -off
		}
		// The whole character's offset is past it from Go 1.27 on.
		if want := int64(len(r) - 1); !sjson.StdGo127 && off == 0 || sjson.StdGo127 && off == -want {
			return true
		}
	}
	return false
}

// sameFinalError reports whether two final errors a Decoder repeats read
// the same (splitRune's difference aside).
func sameFinalError(e1, e2 error) bool {
	if (e1 == nil) != (e2 == nil) {
		return false
	}
	return e1 == nil || e1.Error() == e2.Error() || splitRune(e1, e2)
}

// sameAnonymousError accepts our message-only errors where encoding/json
// uses fmt.Errorf (whose type is unexported): only the message matters.
func sameAnonymousError(want, got error) bool {
	wt := reflect.TypeOf(want).String()
	return wt == "*errors.errorString" || wt == "*fmt.wrapError"
}

// checkUnmarshal decodes data into two fresh values from mk and compares.
func checkUnmarshal(t testing.TB, name string, data []byte, mk func() any) {
	t.Helper()
	want, got := mk(), mk()
	werr, wpanic := catch(func() error { return stdjson.Unmarshal(data, want) })
	gerr, gpanic := catch(func() error { return sjson.Unmarshal(data, got) })
	if wpanic != nil || gpanic != nil {
		// encoding/json panics on a few inputs in some builds (Go 1.26's
		// GOEXPERIMENT=jsonv2): this package, which hands them to it,
		// must too.
		if wpanic == nil || gpanic == nil {
			t.Errorf("%s into %T: panic %v vs %v\ninput: %.200q", name, want, wpanic, gpanic, data)
		}
		return
	}
	if ok, why := sameError(werr, gerr); !ok {
		t.Errorf("%s into %T: %s\ninput: %.200q", name, want, why, data)
		return
	}
	if ok, where := sameValue(reflect.ValueOf(want), reflect.ValueOf(got), "v"); !ok {
		t.Errorf("%s into %T: values differ at %s\ninput: %.200q", name, want, where, data)
	}
}

// catch runs f, returning its error or what it panicked with.
func catch(f func() error) (err error, panicked any) {
	defer func() { panicked = recover() }()
	return f(), nil
}

// checkDecodeOpts is checkUnmarshal through a Decoder with options.
func checkDecodeOpts(t testing.TB, name string, data []byte, mk func() any, useNumber, strict bool) {
	t.Helper()
	want, got := mk(), mk()
	jd := stdjson.NewDecoder(strings.NewReader(string(data)))
	sd := sjson.NewDecoder(strings.NewReader(string(data)))
	if useNumber {
		jd.UseNumber()
		sd.UseNumber()
	}
	if strict {
		jd.DisallowUnknownFields()
		sd.DisallowUnknownFields()
	}
	werr := jd.Decode(want)
	gerr := sd.Decode(got)
	if ok, why := sameError(werr, gerr); !ok {
		t.Errorf("%s into %T (UseNumber %v, DisallowUnknownFields %v): %s\ninput: %.200q", name, want, useNumber, strict, why, data)
		return
	}
	if ok, where := sameValue(reflect.ValueOf(want), reflect.ValueOf(got), "v"); !ok {
		t.Errorf("%s into %T (UseNumber %v, DisallowUnknownFields %v): values differ at %s\ninput: %.200q", name, want, useNumber, strict, where, data)
	}
}
