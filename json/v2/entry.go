//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"bytes"
	jsonv1 "encoding/json"
	stdjsontext "encoding/json/jsontext"
	jsonv2 "encoding/json/v2"
	"io"
	"reflect"

	"github.com/simdjson-cgo/simdjson/internal/bufpool"
	"github.com/simdjson-cgo/simdjson/internal/jtlink"
	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/v2link"
	sjson "github.com/simdjson-cgo/simdjson/json"
	"github.com/simdjson-cgo/simdjson/json/jsontext"
)

// v1Options is the option set Go 1.27's encoding/json passes to
// encoding/json/v2 (its DefaultOptionsV1 returns one pointer): a call with
// exactly it is encoding/json's Marshal or Unmarshal, which package json
// of this module reproduces.
var v1Options = jsonv1.DefaultOptionsV1()

// isV1 reports whether opts is exactly encoding/json's option set.
func isV1(opts []Options) bool { return len(opts) == 1 && opts[0] == v1Options }

// Marshal returns the JSON encoding of in: encoding/json/v2's Marshal.
// With default options (none, or only DefaultOptionsV2() and
// Deterministic(true)) and a value of plain data types (booleans,
// numbers, strings, any, and pointers, slices, arrays, string-keyed maps
// and structs of those, without methods: see package json's
// encode_v2def.go), this module's encoder writes encoding/json/v2's bytes:
// map entries in Go's map order, as encoding/json/v2 writes them by
// default, and sorted by key with Deterministic(true), as it sorts them;
// everything else, and every error, is encoding/json/v2's.
// With exactly encoding/json's options (encoding/json's
// DefaultOptionsV1()) and a value whose types implement neither
// MarshalerTo nor UnmarshalerFrom, this module's package json encodes it.
func Marshal(in any, opts ...Options) (out []byte, err error) {
	if isDefault(opts) && v2link.MarshalDefault != nil {
		if out, ok := v2link.MarshalDefault(in, sorted(opts)); ok {
			return out, nil
		}
	}
	if isV1(opts) && !reachesMethods(reflect.TypeOf(in)) {
		return sjson.Marshal(in)
	}
	return jsonv2.Marshal(in, bridgeOpts(nil, opts)...)
}

// MarshalWrite serializes in as JSON into out: encoding/json/v2's
// MarshalWrite. With default options and a value of plain data types (see
// Marshal), the whole encoding is written by one call of out.Write;
// otherwise encoding/json/v2's MarshalWrite writes.
func MarshalWrite(out io.Writer, in any, opts ...Options) (err error) {
	if isDefault(opts) && v2link.MarshalDefaultWrite != nil && out != nil {
		if ok, werr := v2link.MarshalDefaultWrite(out, in, sorted(opts)); ok {
			if werr != nil {
				return writeError(werr)
			}
			return nil
		}
	}
	return jsonv2.MarshalWrite(out, in, bridgeOpts(nil, opts)...)
}

// MarshalEncode serializes in as JSON into out: encoding/json/v2's
// MarshalEncode on the standard Encoder behind out.
func MarshalEncode(out *jsontext.Encoder, in any, opts ...Options) (err error) {
	e := jtlink.StdEncoder(out)
	return jsonv2.MarshalEncode(e, in, bridgeOpts(encoderOptions(e), opts)...)
}

// isDefault reports whether opts are encoding/json/v2's default options
// for Marshal: none, DefaultOptionsV2() (one pointer) or
// Deterministic(true), whose bytes the fast path writes.
func isDefault(opts []Options) bool {
	for _, o := range opts {
		if o != defaultV2 && o != deterministic {
			return false
		}
	}
	return true
}

// sorted reports whether default options opts (isDefault) ask for map
// entries sorted by key: Deterministic(true) among them. (A
// DefaultOptionsV2() after it turns Deterministic off again; sorted is
// then one of the orders the standard may write.)
func sorted(opts []Options) bool {
	for _, o := range opts {
		if o == deterministic {
			return true
		}
	}
	return false
}

var (
	defaultV2     = jsonv2.DefaultOptionsV2()
	deterministic = jsonv2.Deterministic(true)
)

// Unmarshal decodes in into out: encoding/json/v2's Unmarshal. With
// default options into a nil any, or with exactly encoding/json's options
// (encoding/json's DefaultOptionsV1()), the document is decoded on
// simdjson; what the fast path does not take exactly goes to
// encoding/json/v2, which decides.
func Unmarshal(in []byte, out any, opts ...Options) (err error) {
	if len(opts) == 0 {
		if unmarshalFast(in, out) {
			return nil
		}
	} else if isV1(opts) && !reachesMethods(reflect.TypeOf(out)) {
		return sjson.Unmarshal(in, out)
	}
	return jsonv2.Unmarshal(in, out, bridgeOpts(nil, opts)...)
}

// fastTarget reports whether Unmarshal with default options may take out
// on its fast path, before the input is read.
func fastTarget(out any) bool {
	if p, ok := out.(*any); ok {
		return p != nil && *p == nil && v2link.UnmarshalAny != nil
	}
	return mayShape(out)
}

// unmarshalFast is Unmarshal's fast path with default options: it reports
// whether it decoded in into out (a nil any, or a zero value of a type
// shapeFor accepts).
func unmarshalFast(in []byte, out any) bool {
	if p, ok := out.(*any); ok {
		if p == nil || *p != nil || v2link.UnmarshalAny == nil {
			return false
		}
		if v, ok := v2link.UnmarshalAny(in); ok {
			*p = v
			return true
		}
		return false
	}
	return unmarshalShaped(in, out)
}

// UnmarshalRead decodes the whole of in into out: encoding/json/v2's
// UnmarshalRead. Where Unmarshal has a fast path, the input is read first
// (to io.EOF, into a pooled buffer) and decoded as Unmarshal decodes it; if
// the reader fails, returns a count out of range or nothing 100 times in a
// row, encoding/json/v2 reads what was read and then the reader's result.
func UnmarshalRead(in io.Reader, out any, opts ...Options) (err error) {
	fast := false
	if len(opts) == 0 {
		fast = fastTarget(out)
	} else {
		fast = isV1(opts) && !reachesMethods(reflect.TypeOf(out))
	}
	if !fast || in == nil {
		return jsonv2.UnmarshalRead(in, out, bridgeOpts(nil, opts)...)
	}
	data, h, rest := readAll(in)
	defer bufpool.Put(h) // nothing decoded keeps the input's bytes
	if rest != nil {
		return jsonv2.UnmarshalRead(io.MultiReader(bytes.NewReader(data), rest), out, bridgeOpts(nil, opts)...)
	}
	if len(opts) == 0 {
		if unmarshalFast(data, out) {
			return nil
		}
		return jsonv2.UnmarshalRead(bytes.NewReader(data), out, bridgeOpts(nil, opts)...)
	}
	return sjson.Unmarshal(data, out)
}

// UnmarshalDecode decodes the next value of in into out:
// encoding/json/v2's UnmarshalDecode on the standard Decoder behind in.
// Where Unmarshal has a fast path (default options, in's among them) and in
// is between top-level values, the value is found in in's buffer and
// decoded as Unmarshal decodes it; if that does not take it, nothing was
// read past it and the standard Decoder behind in reads it (a syntax
// error's text then quotes what the fast path had buffered past the error,
// not only what the reader's last call returned).
func UnmarshalDecode(in *jsontext.Decoder, out any, opts ...Options) (err error) {
	if len(opts) == 0 && in != nil && jtlink.DecodeNext != nil && fastTarget(out) &&
		jtlink.DecodeNext(in, unmarshalFast, out) {
		return nil
	}
	d := jtlink.StdDecoder(in)
	return jsonv2.UnmarshalDecode(d, out, bridgeOpts(decoderOptions(d), opts)...)
}

// readAll reads r to its end into a pooled buffer (data, its holder h).
// Where r does something else (fails, returns a count out of range, or
// returns nothing 100 times in a row), rest is what encoding/json/v2 must
// read after data: r's result again, then r.
func readAll(r io.Reader) (data []byte, h *[]byte, rest io.Reader) {
	n := 4096
	if l, ok := r.(interface{ Len() int }); ok {
		if k := l.Len(); k >= 0 {
			n = min(k, 1<<22) + 1 // room to see the end
		}
	}
	data, h = bufpool.Get(n)
	empty := 0
	for {
		if len(data) == cap(data)-shim.Padding {
			nb, nh := bufpool.Get(2 * len(data))
			nb = append(nb, data...)
			bufpool.Put(h)
			data, h = nb, nh
		}
		room := data[len(data) : cap(data)-shim.Padding]
		k, err := r.Read(room)
		if k < 0 || k > len(room) {
			return data, h, &replay{n: k, err: err, r: r}
		}
		data = data[:len(data)+k]
		switch {
		case err == io.EOF:
			return data, h, nil
		case err != nil:
			return data, h, errReader{err}
		case k > 0:
			empty = 0
		default:
			if empty++; empty >= 100 {
				return data, h, r
			}
		}
	}
}

// replay is a reader that returns n and err once (a reader's result out of
// range, for encoding/json/v2 to see), then reads r.
type replay struct {
	n    int
	err  error
	done bool
	r    io.Reader
}

func (p *replay) Read(b []byte) (int, error) {
	if !p.done {
		p.done = true
		return p.n, p.err
	}
	return p.r.Read(b)
}

// writeError returns err as encoding/json/v2's MarshalWrite returns a
// writer's error: wrapped by jsontext ("jsontext: write error: ...", an
// unexported type), made by a standard Encoder over a writer failing so.
func writeError(err error) error {
	if werr := stdjsontext.NewEncoder(errWriter{err}).WriteToken(stdjsontext.Null); werr != nil {
		return werr
	}
	return err
}

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func encoderOptions(e interface{ Options() Options }) Options {
	if e == nil || reflect.ValueOf(e).IsNil() {
		return nil
	}
	return e.Options()
}

func decoderOptions(d interface{ Options() Options }) Options {
	if d == nil || reflect.ValueOf(d).IsNil() {
		return nil
	}
	return d.Options()
}
