package json

import (
	"bytes"
	stdjson "encoding/json"
	"errors"
	"reflect"
	"strconv"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/dupname"
	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Unmarshal parses the JSON-encoded data and stores the result in the value
// pointed to by v, with the semantics of encoding/json's Unmarshal: struct
// tags, embedded structs, case-insensitive keys, json.Unmarshaler and
// encoding.TextUnmarshaler, json.Number and json.RawMessage, the same errors
// (*json.SyntaxError, *json.UnmarshalTypeError, *json.InvalidUnmarshalError)
// and the same values.
//
// One cgo call parses data with simdjson's DOM parser into its tape; Go then
// walks the tape in place with a decoder built once per Go type, skipping
// the subtrees a struct does not want in constant time. (A struct of strings
// and bools, through nested structs, has its keys matched in C during that
// call, and Go only copies the values it reads: see decode_plan.go.)
// Documents simdjson rejects but encoding/json accepts (invalid UTF-8 or lone surrogates in
// strings, which encoding/json replaces with U+FFFD; nesting deeper than 1024;
// integers beyond 64 bits; numbers beyond float64's range) and every
// malformed document are handed to encoding/json itself, so results and
// errors match it exactly, at encoding/json's speed.
//
// encoding/json is the build's: built with GOEXPERIMENT=jsonv2 (the
// default from Go 1.27), Unmarshal gives what encoding/json on
// encoding/json/v2 gives, its errors and the few values it decodes
// otherwise included (decode_v2.go).
func Unmarshal(data []byte, v any) error {
	return unmarshal(data, v, 0)
}

// Decoding options (the Decoder's).
const (
	optUseNumber = 1 << iota
	optDisallowUnknownFields
)

// unmarshal is Unmarshal with the Decoder's options.
func unmarshal(data []byte, v any, opts int) error {
	if !shim.Available || len(data) == 0 || text.HasBOM(data) {
		return fallbackUnmarshal(data, v, opts)
	}
	dp := getDomParser()
	if dp == nil {
		return fallbackUnmarshal(data, v, opts)
	}
	d := &dp.state
	// The root pointer. encoding/json applies its rules to the pointer
	// itself (so that *T's UnmarshalJSON is used); a pointer without
	// methods to a value that is not an interface goes straight to the
	// pointee's decoder (direct). A root of the same type as the last
	// Unmarshal on this parser, when that type was direct, needs no
	// reflection.
	var rv reflect.Value
	var direct unsafe.Pointer // the pointee, when the root is direct
	e := (*eface)(unsafe.Pointer(&v))
	if e.typ == d.topType && e.typ != nil && e.data != nil {
		direct = e.data
	} else {
		rv = reflect.ValueOf(v)
		if rv.Kind() != reflect.Pointer || rv.IsNil() {
			// encoding/json checks the syntax first: a syntax error wins
			// over this one. (No number is read, so none is converted.)
			if dp.parse(data, true) != 0 {
				putDomParser(dp)
				return fallbackUnmarshal(data, v, opts)
			}
			putDomParser(dp)
			return &stdjson.InvalidUnmarshalError{Type: reflect.TypeOf(v)}
		}
		d.root(rv.Type(), e.typ)
		if stdV2 && d.topStd {
			putDomParser(dp)
			return fallbackUnmarshal(data, v, opts)
		}
		if d.topType != nil {
			direct = rv.UnsafePointer()
		}
	}
	if plan := d.topPlan; plan != nil && direct != nil && opts&optDisallowUnknownFields == 0 {
		switch dp.parsePlan(data, plan, false) {
		case 0:
			d.init(dp, data, opts)
			d.fillPlan(plan, direct)
			d.release()
			putDomParser(dp)
			return nil
		case shim.PlanOff: // the tape is there: walk it
		default:
			putDomParser(dp)
			return fallbackUnmarshal(data, v, opts)
		}
	} else if dp.parse(data, d.topNoNumbers) != 0 {
		putDomParser(dp)
		return fallbackUnmarshal(data, v, opts)
	}
	d.init(dp, data, opts)
	var err error
	if direct != nil {
		err = d.topTD.plain(d, 1, direct)
	} else {
		err = d.valueReflect(1, rv)
	}
	if err == nil {
		err = d.saved
	}
	d.release()
	putDomParser(dp)
	if stdV2 && err != nil {
		// encoding/json/v2's errors are its own, and so are some of its
		// values after one: it decodes the document again, over what was
		// written (see decode_v2.go).
		return fallbackUnmarshal(data, v, opts)
	}
	return err
}

// errUseStd is recorded by the decoders of what encoding/json decides
// itself (stdV2 only): Unmarshal then decodes with encoding/json, whose
// result it returns.
var errUseStd = errors.New("json: left to encoding/json")

// fallbackUnmarshal decodes with encoding/json: the documents simdjson
// rejects (see Unmarshal) and builds without cgo.
func fallbackUnmarshal(data []byte, v any, opts int) error {
	if opts == 0 {
		return stdjson.Unmarshal(data, v)
	}
	// The options exist only on encoding/json's Decoder. data holds exactly
	// one value (or is invalid): Decode reports what Unmarshal would, except
	// that it accepts trailing data, which is checked first.
	if !stdjson.Valid(data) {
		return stdjson.Unmarshal(data, v)
	}
	dec := stdjson.NewDecoder(bytesReader(data))
	if opts&optUseNumber != 0 {
		dec.UseNumber()
	}
	if opts&optDisallowUnknownFields != 0 {
		dec.DisallowUnknownFields()
	}
	return dec.Decode(v)
}

// errV2Decline is returned by a decoder that meets, with decodeState.v2
// set, what encoding/json/v2's default rules decode otherwise than
// encoding/json's: json/v2 then hands the document to encoding/json/v2.
var errV2Decline = errors.New("json: left to encoding/json/v2")

// The checks of decodeState.v2 that need encoding/json/v2's rules, set by
// v2link.go (built with Go 1.27's jsonv2 only, the only build that sets
// v2): an any decoded by them, and whether the value at a tape index (a
// json.RawMessage's, or one a struct skips) has no duplicate name.
var (
	v2AnyValue func(d *decodeState, i uint32) (any, bool)
	v2RawOK    func(d *decodeState, i uint32) bool
)

// decodeState walks one parsed document into Go values.
type decodeState struct {
	dp   *domParser
	tape []uint64
	strs unsafe.Pointer // simdjson's string buffer
	data []byte         // the input, for raw values and error offsets
	offs []uint32       // input offset of each tape word, built on demand

	negZero int8 // 0 unknown, 1 the document has an integer -0, -1 not

	useNumber       bool
	disallowUnknown bool

	saved error // the first type error: decoding goes on

	// Chunks that strings and interface boxes are carved from (see str).
	arena           []byte
	strBox          []string
	floatBox        []float64
	anyBuf          []any            // backing arrays of short []any (anySlice)
	sliceBox        [][]any          // boxes of the []any put in interfaces (boxSlice)
	mapBlocks       []anyMapBlock    // small map[string]any built in place (anymap.go)
	strMapBlocks    []strMapBlock    // small map[string]string built in place
	scalarMapBlocks []scalarMapBlock // small maps of scalars by strings built in place
	keys            *keyCache        // names made into map keys, remembered (keycache.go)

	// The type error whose Struct the innermost struct has set (addFrame).
	framed *stdjson.UnmarshalTypeError

	// The root pointer type of the last Unmarshal, its pointee's decoders
	// and whether it reads no number (root: saves the cache lookups when
	// the same type comes again).
	topT         reflect.Type
	topTD        *typeDecoder
	topNoNumbers bool
	topStd       bool           // stdV2: the root type reaches a stdOnly type
	topFused     int8           // v2link.go's fusedV2 of the pointee: 0 not asked yet, 1 yes, -1 no
	topSkips     bool           // the last json/v2 decoding of the pointee skipped much (v2link.go)
	v2Keys       [][]byte       // json/v2's duplicate-name check (v2link.go)
	v2Dups       dupname.Finder // its hash table
	topPlan      *structPlan    // the pointee's plan, when it has one
	// v2: the decoders check, as they go, what encoding/json/v2's default
	// rules decode otherwise than encoding/json's, and return errV2Decline
	// where they differ (see v2link.go's decodeShapedV2). Set only there.
	v2 bool
	// v2Names: with v2, the decoders also check that no object has a name
	// twice; unset, the parse checked the whole document (see v2link.go).
	v2Names bool
	// v2SkipWords: with v2, the tape words of the values structs skipped.
	v2SkipWords int
	// topType is the type word of the interface that held the root
	// pointer, when that type is direct (nil otherwise): unmarshal
	// compares it with the next call's.
	topType unsafe.Pointer

	// The fields the keys of recent objects matched, by struct decoder and
	// key position (see keyMemo).
	memo [keyMemoSets]keyMemo
}

func (d *decodeState) init(dp *domParser, data []byte, opts int) {
	v := dp.view
	d.dp = dp
	d.tape = unsafe.Slice((*uint64)(v.Tape), v.TapeLen)
	d.strs = v.Strings
	d.data = data
	d.offs = nil
	d.negZero = 0
	d.useNumber = opts&optUseNumber != 0
	d.disallowUnknown = opts&optDisallowUnknownFields != 0
	d.saved = nil
	d.framed = nil
	d.v2 = false
	d.v2Names = true
	if d.keys != nil {
		d.keys.taken = false // this call's maps take the seed anew (mapSeed)
	}
}

func (d *decodeState) release() {
	// The chunks of []any, of their boxes and of maps hold the caller's
	// values, which would keep its whole result reachable from the pool:
	// they are not kept from one Unmarshal to the next.
	d.anyBuf, d.sliceBox, d.mapBlocks, d.strMapBlocks, d.scalarMapBlocks = nil, nil, nil, nil, nil
	d.dp = nil
	d.tape = nil
	d.strs = nil
	d.data = nil
	d.offs = nil
	d.saved = nil
	d.framed = nil
}

// root sets topT, topTD and topNoNumbers for the root pointer type t, and
// topType to typ, the type word of the interface that held the root, when
// that type is direct (see unmarshal), else to nil.
func (d *decodeState) root(t reflect.Type, typ unsafe.Pointer) {
	if t != d.topT {
		d.topT, d.topTD, d.topNoNumbers = t, decoderFor(t.Elem()), readsNoNumber(t)
		d.topType, d.topPlan, d.topFused, d.topSkips = nil, nil, 0, false
		if d.topStd = reachesStdOnly(t); d.topStd {
			return // decoded by encoding/json, never by the direct path
		}
		if td := d.topTD; td.ptrPlain && (td.ptrNoMethods || t.Name() != "") {
			d.topType = typ
		}
		if td := d.topTD; td.ptrPlain && td.ptrNoMethods {
			d.topPlan = planFor(t.Elem(), td.sd) // nil unless a struct
		}
	}
}

// Errors, with encoding/json's offsets: literals report the offset after
// them, objects and arrays the offset after their opening bracket.

func (d *decodeState) saveError(err error) {
	if d.saved == nil {
		d.saved = err
	}
}

func (d *decodeState) typeError(i uint32, what string, t reflect.Type) {
	if d.saved != nil {
		return
	}
	var off int
	switch tagOf(d.tape[i]) {
	case tagObject, tagArray:
		off = d.start(i) + 1
	default:
		off = d.end(i)
	}
	d.saveError(&stdjson.UnmarshalTypeError{Value: what, Type: t, Offset: int64(off)})
}

// numberError reports a number that does not fit t ("number <text>").
func (d *decodeState) numberError(i uint32, t reflect.Type) {
	if d.saved != nil {
		return
	}
	d.saveError(&stdjson.UnmarshalTypeError{Value: "number " + string(d.raw(i)), Type: t, Offset: int64(d.end(i))})
}

func joinFields(path []string) string {
	switch len(path) {
	case 0:
		return ""
	case 1:
		return path[0]
	}
	n := len(path) - 1
	for _, p := range path {
		n += len(p)
	}
	b := make([]byte, 0, n)
	for k, p := range path {
		if k > 0 {
			b = append(b, '.')
		}
		b = append(b, p...)
	}
	return string(b)
}

// quoteRaw formats the raw text of a value as encoding/json's %q does.
func quoteRaw(b []byte) string { return strconv.Quote(string(b)) }

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
