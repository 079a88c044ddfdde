// Routing file of the copy of Go's encoding/json that internal/gostd builds
// at test time (it is not compiled in this repository: testdata). The
// copy's own entry points were renamed std*; these take their names and
// hand every call to github.com/simdjson-cgo/simdjson/json, so the copied
// tests run against package json. Each wrapper records the call (hit) for
// the test that made it, and converts the errors package json returns of
// the two encoding/json error types the copy keeps (their unexported fields
// are set by the tests) into the copy's.

package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"io"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	sjson "github.com/simdjson-cgo/simdjson/json"
)

// The types that carry no behaviour, and the error types whose fields are
// all exported, are package json's (encoding/json's), as a program
// switching its import to package json gets them; the copy's declarations
// of these were removed. Aliasing the error types matters beyond the
// comparisons: an error a test's UnmarshalJSON returns reaches package json
// as is, and encoding/json adds the field context only to its own
// *UnmarshalTypeError.
type (
	Number      = sjson.Number
	RawMessage  = sjson.RawMessage
	Marshaler   = sjson.Marshaler
	Unmarshaler = sjson.Unmarshaler
	Token       = sjson.Token
	Delim       = sjson.Delim

	UnmarshalTypeError    = sjson.UnmarshalTypeError
	InvalidUnmarshalError = sjson.InvalidUnmarshalError
	UnsupportedTypeError  = sjson.UnsupportedTypeError
	UnsupportedValueError = sjson.UnsupportedValueError
	UnmarshalFieldError   = sjson.UnmarshalFieldError
	InvalidUTF8Error      = sjson.InvalidUTF8Error
)

func Unmarshal(data []byte, v any) error {
	hit("Unmarshal")
	return fromJSON(sjson.Unmarshal(data, v))
}

func Valid(data []byte) bool {
	hit("Valid")
	return sjson.Valid(data)
}

func Marshal(v any) ([]byte, error) {
	hit("Marshal")
	b, err := sjson.Marshal(v)
	return b, fromJSON(err)
}

func MarshalIndent(v any, prefix, indent string) ([]byte, error) {
	hit("MarshalIndent")
	b, err := sjson.MarshalIndent(v, prefix, indent)
	return b, fromJSON(err)
}

func Compact(dst *bytes.Buffer, src []byte) error {
	hit("Compact")
	return fromJSON(sjson.Compact(dst, src))
}

func Indent(dst *bytes.Buffer, src []byte, prefix, indent string) error {
	hit("Indent")
	return fromJSON(sjson.Indent(dst, src, prefix, indent))
}

func HTMLEscape(dst *bytes.Buffer, src []byte) {
	hit("HTMLEscape")
	sjson.HTMLEscape(dst, src)
}

// Decoder is a thin wrapper around package json's Decoder.
type Decoder struct{ d *sjson.Decoder }

func NewDecoder(r io.Reader) *Decoder {
	hit("NewDecoder")
	return &Decoder{d: sjson.NewDecoder(r)}
}

func (dec *Decoder) UseNumber() {
	hit("Decoder.UseNumber")
	dec.d.UseNumber()
}

func (dec *Decoder) DisallowUnknownFields() {
	hit("Decoder.DisallowUnknownFields")
	dec.d.DisallowUnknownFields()
}

func (dec *Decoder) Decode(v any) error {
	hit("Decoder.Decode")
	return fromJSON(dec.d.Decode(v))
}

func (dec *Decoder) Buffered() io.Reader {
	hit("Decoder.Buffered")
	return dec.d.Buffered()
}

func (dec *Decoder) Token() (Token, error) {
	hit("Decoder.Token")
	tok, err := dec.d.Token()
	return tok, fromJSON(err)
}

func (dec *Decoder) More() bool {
	hit("Decoder.More")
	return dec.d.More()
}

func (dec *Decoder) InputOffset() int64 {
	hit("Decoder.InputOffset")
	return dec.d.InputOffset()
}

// Encoder is a thin wrapper around package json's Encoder.
type Encoder struct{ e *sjson.Encoder }

func NewEncoder(w io.Writer) *Encoder {
	hit("NewEncoder")
	return &Encoder{e: sjson.NewEncoder(w)}
}

func (enc *Encoder) Encode(v any) error {
	hit("Encoder.Encode")
	return fromJSON(enc.e.Encode(v))
}

func (enc *Encoder) SetIndent(prefix, indent string) {
	hit("Encoder.SetIndent")
	enc.e.SetIndent(prefix, indent)
}

func (enc *Encoder) SetEscapeHTML(on bool) {
	hit("Encoder.SetEscapeHTML")
	enc.e.SetEscapeHTML(on)
}

// fromJSON converts a *SyntaxError or *MarshalerError of encoding/json's
// (package json's aliases) into the copy's, field for field, the unexported
// fields rebuilt from the error's message, a MarshalerError's Err (and the
// jsonv2 build's UnmarshalTypeError's Err) converted in turn. Any other error (the aliased types, io.EOF, an error a Marshaler
// returned, ...) is returned as is. An error of a type declared in this
// module's packages is noted: package json should return only
// encoding/json's errors and the caller's.
func fromJSON(err error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *sjson.SyntaxError:
		return &SyntaxError{msg: e.Error(), Offset: e.Offset}
	case *sjson.MarshalerError:
		// Error() is "json: error calling " + sourceFunc + " for type " +
		// Type.String() + ": " + Err.Error().
		msg := e.Error()
		src, _, ok := strings.Cut(strings.TrimPrefix(msg, "json: error calling "), " for type "+e.Type.String()+": ")
		if !ok || !strings.HasPrefix(msg, "json: error calling ") {
			note("MarshalerError with an unexpected message: " + msg)
		}
		return &MarshalerError{Type: e.Type, Err: fromJSON(e.Err), sourceFunc: src}
	case *sjson.UnmarshalTypeError:
		// The jsonv2 build's UnmarshalTypeError has an Err field, which
		// may hold a *SyntaxError: the copy's, as at the top level. (The
		// type is package json's either way; read by reflection, as the
		// classic build's has no such field.)
		if f := reflect.ValueOf(e).Elem().FieldByName("Err"); f.IsValid() && !f.IsNil() {
			inner := f.Interface().(error)
			if conv := fromJSON(inner); conv != inner {
				c := *e
				reflect.ValueOf(&c).Elem().FieldByName("Err").Set(reflect.ValueOf(&conv).Elem())
				return &c
			}
		}
		return e
	}
	if t := reflect.TypeOf(err); strings.HasPrefix(pkgPathOf(t), "github.com/simdjson-cgo/simdjson") {
		note("error of package json's own type " + t.String() + ": " + err.Error())
	}
	return err
}

func pkgPathOf(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath()
}

// errorPairs lists each error type the copy keeps with encoding/json's;
// TestMain checks that their fields match, so a field added by a later Go
// release cannot be dropped by fromJSON unnoticed.
var errorPairs = [][2]reflect.Type{
	{reflect.TypeFor[SyntaxError](), reflect.TypeFor[sjson.SyntaxError]()},
	{reflect.TypeFor[MarshalerError](), reflect.TypeFor[sjson.MarshalerError]()},
}

func checkErrorPairs() error {
	var errs []error
	for _, p := range errorPairs {
		if p[0].NumField() != p[1].NumField() {
			errs = append(errs, errors.New(p[0].String()+" and "+p[1].String()+" have different fields"))
			continue
		}
		for i := range p[0].NumField() {
			a, b := p[0].Field(i), p[1].Field(i)
			if a.Name != b.Name || a.Type != b.Type {
				errs = append(errs, errors.New(p[0].String()+"."+a.Name+" differs from "+p[1].String()+"."+b.Name))
			}
		}
	}
	return errors.Join(errs...)
}

// The route wrappers' records: every call, as the top-level test (Test*,
// Example*, Fuzz*) that made it and the entry point, and the notes, each a
// JSON object a line written at once to $GOSTD_LOG, so that they survive a
// test that ends the test binary (log.Fatal in an example, a panic).
var (
	routeMu   sync.Mutex
	routeSeen = map[string]bool{}
	routeLog  *os.File
)

type logRecord struct {
	Kind  string `json:"kind"` // hit, note, done
	Test  string `json:"test,omitempty"`
	Entry string `json:"entry,omitempty"`
	Note  string `json:"note,omitempty"`
}

func writeLog(r logRecord) {
	routeMu.Lock()
	defer routeMu.Unlock()
	if routeLog == nil {
		path := os.Getenv("GOSTD_LOG")
		if path == "" {
			return
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			panic("gostd: " + err.Error())
		}
		routeLog = f
	}
	if r.Kind == "note" {
		if routeSeen[r.Test+"\x00"+r.Note] {
			return
		}
		routeSeen[r.Test+"\x00"+r.Note] = true
	}
	b, err := stdjson.Marshal(r)
	if err == nil {
		_, err = routeLog.Write(append(b, '\n'))
	}
	if err != nil {
		panic("gostd: writing the log: " + err.Error())
	}
}

func hit(entry string) { writeLog(logRecord{Kind: "hit", Test: callingTest(), Entry: entry}) }

func note(s string) { writeLog(logRecord{Kind: "note", Test: callingTest(), Note: s}) }

// callingTest names the top-level test whose code made the call: the
// outermost frame of the calling goroutine that is a function of this
// package or its external test package named as go test names tests, or a
// closure within one (subtests, fuzz functions and goroutines a test starts
// are closures named after the test). Calls from elsewhere (package
// initialisation, a goroutine started by a library) count under "(no test)".
func callingTest() string {
	pcs := make([]uintptr, 128)
	for {
		n := runtime.Callers(3, pcs)
		if n < len(pcs) {
			pcs = pcs[:n]
			break
		}
		pcs = make([]uintptr, 2*len(pcs))
	}
	test := "(no test)"
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		if name := testName(f.Function); name != "" {
			test = name
		}
		if !more {
			break
		}
	}
	return test
}

const pkgPath = "gostdjson"

func testName(function string) string {
	rest, ok := strings.CutPrefix(function, pkgPath+".")
	if !ok {
		if rest, ok = strings.CutPrefix(function, pkgPath+"_test."); !ok {
			return ""
		}
	}
	name, _, _ := strings.Cut(rest, ".")
	if name == "TestMain" { // the examples run on its goroutine
		return ""
	}
	for _, prefix := range []string{"Test", "Example", "Fuzz"} {
		if after, ok := strings.CutPrefix(name, prefix); ok {
			// go test's rule: the prefix alone, or followed by a
			// non-lower-case letter.
			if r, _ := utf8.DecodeRuneInString(after); after == "" || !unicode.IsLower(r) {
				return name
			}
		}
	}
	return ""
}
