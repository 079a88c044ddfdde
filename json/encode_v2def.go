//go:build go1.27 && goexperiment.jsonv2

package json

import (
	"encoding/binary"
	"io"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/dupname"
	"github.com/simdjson-cgo/simdjson/internal/v2link"
)

// The fast path of json/v2's Marshal with default options (issue 47): an
// encoder of encoding/json/v2's default rules for plain data types, which
// differ from encoding/json's: nil slices write [] and nil maps {}; no
// HTML escaping, and U+2028/U+2029 are written as they are; omitempty
// omits a field whose value writes null, "", {} or []; invalid UTF-8 in a
// string or a map key is an error (left to encoding/json/v2, for its
// error); map entries are written in Go's map order, as
// encoding/json/v2 writes them without Deterministic(true), and sorted by
// key with it (sorted: Deterministic's order).
//
// Each Go type is checked once (v2Plain, cached with its encoder): booleans,
// integers (not uintptr), floats, strings, the empty interface, unnamed
// pointers, slices and arrays (not of bytes: base64) and maps with keys of
// type string, of those; structs without embedded fields whose tags are a
// plain name with omitempty and/or omitzero, the names unique even
// case-insensitively, with at least one such field (or none at all); no
// type with a method but time.Time (written in encoding/json/v2's own
// format, as it does, not by its methods) and json.RawMessage (see
// encode_v2raw.go). Anything else, including the dynamic type of an
// interface value that is not plain, NaN and infinities, invalid UTF-8,
// times that format has no place for, and nesting deeper than
// v2DefMaxDepth, stops the encoding: json/v2 calls encoding/json/v2, which
// gives its bytes or its error.

func init() {
	v2link.MarshalDefault = marshalV2Default
	v2link.MarshalDefaultWrite = marshalV2DefaultWrite
}

// v2DefMaxDepth: past this many nested containers and pointers the
// encoding is left to encoding/json/v2, which fails at 10000 nested
// containers and detects cycles (a cycle here runs to this depth, then
// the standard reports it).
const v2DefMaxDepth = 9999

type v2Fn func(s *v2State, p unsafe.Pointer)

type v2Type struct {
	fn     v2Fn // nil: not plain
	direct bool // an interface holding this type holds the value itself
}

type v2State struct {
	buf   []byte
	own   []byte // the buffer kept with the state (buf starts as own[:0])
	depth int
	// sorted: map entries sorted by key (Deterministic(true)); else in
	// Go's map order, each written as the iteration meets it.
	sorted bool
	// ks: map keys, pushed and sorted by encState's methods
	// (encode_map.go), as stacks for nested maps; vals: map[string]any's
	// values, a stack too.
	ks   encState
	vals []any
	// scratch: slices of map values (by slice type) kept for reuse, as
	// stacks (nested maps of one type each take their own).
	scratch map[reflect.Type][]reflect.Value
	// rawNames: the names of the objects of a json.RawMessage being
	// scanned (encode_v2raw.go), a stack; rawDups: their duplicate check.
	rawNames [][]byte
	rawDups  dupname.Finder
	// lastTyp, lastVT: the type word any last looked up, and its entry
	// (a request handler marshals one type again and again: no sync.Map
	// lookup then).
	lastTyp unsafe.Pointer
	lastVT  *v2Type
	// top: the word of a top-level value stored directly in its interface
	// (a pointer, a map...), for its fn to read; nil between calls.
	top unsafe.Pointer
}

// takeValues returns a slice of type st, at least n long, zeroed.
func (s *v2State) takeValues(st reflect.Type, n int) reflect.Value {
	if vs := s.scratch[st]; len(vs) > 0 {
		v := vs[len(vs)-1]
		s.scratch[st] = vs[:len(vs)-1]
		if v.Len() >= n {
			return v
		}
	}
	return reflect.MakeSlice(st, max(n, 8), max(n, 8))
}

// putValues keeps v (its first n elements zeroed again, so that nothing
// the caller's map referred to is held) for the next takeValues.
func (s *v2State) putValues(st reflect.Type, v reflect.Value, n int) {
	if v.Len() > 4096 {
		return
	}
	v.Slice(0, n).Clear()
	if s.scratch == nil {
		s.scratch = map[reflect.Type][]reflect.Value{}
	}
	s.scratch[st] = append(s.scratch[st], v)
}

// add appends str to s.buf in place: only a growth stores the buffer's
// pointer (an append stored back stores it every time, with a write
// barrier while the garbage collector marks: see encState.add).
func (s *v2State) add(str string) {
	n := len(s.buf)
	if cap(s.buf)-n < len(str) {
		s.buf = append(s.buf, str...)
		return
	}
	s.buf = s.buf[:n+len(str)]
	copy(s.buf[n:], str)
}

func (s *v2State) addByte(c byte) {
	n := len(s.buf)
	if n == cap(s.buf) {
		s.buf = append(s.buf, c)
		return
	}
	s.buf = s.buf[:n+1]
	s.buf[n] = c
}

// set sets s.buf to b, s.buf appended to: its length only while b is in
// s.buf's array.
func (s *v2State) set(b []byte) {
	if unsafe.SliceData(b) == unsafe.SliceData(s.buf) {
		s.buf = s.buf[:len(b)]
		return
	}
	s.buf = b
}

type v2Stop struct{}

func (s *v2State) stop() { panic(v2Stop{}) }

// v2StatePool: states with their buffers. A state made anew (after a
// garbage collection emptied the pool) gets a buffer of the size of the
// last output kept (v2LastOut), so that it does not grow in steps.
var v2StatePool = sync.Pool{New: func() any { return new(v2State) }}

var v2LastOut atomic.Int64

// v2MaxKeptBuf: larger buffers are not kept.
const v2MaxKeptBuf = 16 << 20

var (
	v2Cache    sync.Map // reflect.Type -> *v2Type
	v2ByWord   sync.Map // type word -> *v2Type
	v2Mu       sync.Mutex
	v2Building = map[reflect.Type]*v2Type{}
)

// marshalV2Default returns in's encoding by encoding/json/v2's default
// rules in a new slice (Marshal's result); false when the encoding is left
// to encoding/json/v2.
func marshalV2Default(in any, sorted bool) ([]byte, bool) {
	s := getV2State(sorted)
	ok := s.encode(in)
	var out []byte
	if ok {
		// An append, not make and copy: the result is not cleared first.
		out = append([]byte(nil), s.buf...)
	}
	putV2State(s)
	return out, ok
}

// marshalV2DefaultWrite writes in's encoding to w in one Write, as
// marshalV2Default encodes it; ok false when the encoding is left to
// encoding/json/v2 (nothing written), err the Write's error.
func marshalV2DefaultWrite(w io.Writer, in any, sorted bool) (ok bool, err error) {
	s := getV2State(sorted)
	if ok = s.encode(in); ok {
		_, err = w.Write(s.buf)
	}
	putV2State(s)
	return ok, err
}

// getV2State takes a state from the pool, its buffer empty.
func getV2State(sorted bool) *v2State {
	s := v2StatePool.Get().(*v2State)
	if s.own == nil {
		s.own = make([]byte, 0, max(1024, int(v2LastOut.Load())))
	}
	s.buf = s.own[:0]
	s.depth = 0
	s.sorted = sorted
	return s
}

// putV2State puts s back, keeping the buffer it grew (up to
// v2MaxKeptBuf) and nothing the value encoded referred to.
func putV2State(s *v2State) {
	if cap(s.buf) <= v2MaxKeptBuf {
		s.own = s.buf[:0]
		if n := int64(len(s.buf)); v2LastOut.Load() != n {
			v2LastOut.Store(n)
		}
	} else {
		s.own = nil
	}
	s.buf = nil
	s.top = nil
	s.ks.popKeys(0)
	clear(s.rawNames)
	s.rawNames = s.rawNames[:0]
	clear(s.vals)
	s.vals = s.vals[:0]
	v2StatePool.Put(s)
}

// encode writes in to s.buf; false when the encoding stopped (s.buf's
// bytes are then undefined). Any other panic goes on, the state not put
// back.
func (s *v2State) encode(in any) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, stopped := r.(v2Stop); !stopped {
				panic(r)
			}
			ok = false
		}
	}()
	s.any(in)
	return true
}

func (s *v2State) any(x any) {
	switch v := x.(type) {
	case nil:
		s.add("null")
		return
	case string:
		s.str(v)
		return
	case float64:
		s.float(v, 64)
		return
	case bool:
		s.bool(v)
		return
	case map[string]any:
		s.mapStringAny(v)
		return
	case []any:
		s.sliceAny(v)
		return
	}
	ef := (*eface)(unsafe.Pointer(&x))
	vt := s.lastVT
	if ef.typ != s.lastTyp {
		if c, ok := v2ByWord.Load(ef.typ); ok {
			vt = c.(*v2Type)
		} else {
			vt = v2TypeOf(reflect.TypeOf(x))
			v2ByWord.Store(ef.typ, vt)
		}
		s.lastTyp, s.lastVT = ef.typ, vt
	}
	if vt.fn == nil {
		s.stop()
	}
	if vt.direct {
		// fn takes a pointer to the word: the top-level value's is kept
		// in the state (a local would escape, through the indirect call,
		// and cost an allocation per Marshal of a pointer). Nested
		// interface values are at depth 1 or more, after their container
		// has read its own word.
		if s.depth == 0 {
			s.top = ef.data
			vt.fn(s, unsafe.Pointer(&s.top))
			return
		}
		d := ef.data
		vt.fn(s, unsafe.Pointer(&d))
		return
	}
	vt.fn(s, ef.data)
}

func (s *v2State) enter() {
	if s.depth++; s.depth > v2DefMaxDepth {
		s.stop()
	}
}

// time writes *t in encoding/json/v2's default format (RFC 3339 with
// nanoseconds); the times it refuses stop the encoding, for its error.
func (s *v2State) time(t *time.Time) {
	b, ok := appendTime(s.buf, t)
	if !ok {
		s.stop()
	}
	s.set(b)
}

func (s *v2State) bool(b bool) {
	if b {
		s.add("true")
	} else {
		s.add("false")
	}
}

func (s *v2State) float(f float64, bits int) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		s.stop()
	}
	s.set(appendFloat(s.buf, f, bits))
}

// str writes a string as encoding/json/v2 does by default: '"', '\\' and
// control characters escaped (\b \t \n \f \r by name, others \u00XX),
// everything else as it is; invalid UTF-8 stops the encoding.
func (s *v2State) str(v string) {
	if n := len(s.buf); len(v) <= shortString && cap(s.buf)-n >= shortString+2 {
		// Short and nothing to escape: word stores (putShortString, whose
		// test without html is v2's: control characters, '"', '\\', and
		// non-ASCII, looked at below).
		if m := putShortString(unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.buf)), n), v, false); m >= 0 {
			s.buf = s.buf[:n+m]
			return
		}
	}
	s.strLong(v)
}

// strLong writes v as str does, without its short-string path.
func (s *v2State) strLong(v string) {
	b := unsafe.Slice(unsafe.StringData(v), len(v))
	i := nextEscape(b, 0, false)
	if i == len(b) {
		s.addByte('"')
		s.add(v)
		s.addByte('"')
		return
	}
	// From 32 bytes on, with AVX2: skipUTF8 passes over valid UTF-8 and
	// ASCII that needs no escape (it stops at U+2028 and U+2029 too, which
	// v2 writes as they are, and at what may be invalid: decoded here).
	for utf8Scan && len(b)-i >= 32 {
		if i = skipUTF8(b, i, false); i == len(b) {
			s.addByte('"')
			s.add(v)
			s.addByte('"')
			return
		}
		if b[i] < utf8.RuneSelf {
			break // an escape, or a byte of a spurious flag
		}
		c, size := utf8.DecodeRune(b[i:])
		if c == utf8.RuneError && size == 1 {
			s.stop()
		}
		i += size
	}
	if !utf8.ValidString(v[i:]) {
		s.stop()
	}
	s.set(appendV2Escaped(s.buf, v, i))
}

// asciiEscape8 flags (high bit) the bytes of w (8 bytes, little-endian)
// below 0x20 and those equal to '"' or '\\': the lowest flag is exact.
func asciiEscape8(w uint64) uint64 {
	lt := (w - lsb*0x20) &^ w
	q := w ^ (lsb * '"')
	q = (q - lsb) &^ q
	bs := w ^ (lsb * '\\')
	bs = (bs - lsb) &^ bs
	return (lt | q | bs) & msb
}

// appendV2Escaped appends v quoted, its bytes before i written as they
// are; v[i:] is valid UTF-8 (checked by the caller).
func appendV2Escaped(dst []byte, v string, i int) []byte {
	dst = append(dst, '"')
	start := 0
	n := len(v)
	b := unsafe.Slice(unsafe.StringData(v), n)
	for i < n {
		if i+8 <= n {
			m := asciiEscape8(binary.LittleEndian.Uint64(b[i:]))
			if m == 0 {
				i += 8
				continue
			}
			i += bits.TrailingZeros64(m) >> 3
		} else {
			c := v[i]
			if c >= utf8.RuneSelf || safeByte[c] {
				i++
				continue
			}
		}
		c := v[i]
		dst = appendEscapedASCII(append(dst, v[start:i]...), c)
		i++
		start = i
	}
	dst = append(dst, v[start:]...)
	return append(dst, '"')
}

func (s *v2State) sliceAny(v []any) {
	if len(v) == 0 {
		s.add("[]")
		return
	}
	s.enter()
	s.addByte('[')
	for i, x := range v {
		if i > 0 {
			s.addByte(',')
		}
		s.any(x)
	}
	s.addByte(']')
	s.depth--
}

func (s *v2State) key(k string) {
	s.str(k)
	s.addByte(':')
}

func (s *v2State) mapStringAny(m map[string]any) {
	if len(m) == 0 {
		s.add("{}")
		return
	}
	s.enter()
	s.addByte('{')
	if len(m) == 1 || !s.sorted {
		first := true
		for k, x := range m {
			if !first {
				s.addByte(',')
			}
			first = false
			s.key(k)
			s.any(x)
		}
	} else {
		base, vbase := len(s.ks.keys), len(s.vals)
		for k, x := range m {
			s.ks.pushKey(k, len(s.vals))
			s.vals = append(s.vals, x)
		}
		n := len(s.ks.keys) - base
		s.ks.sortKeys(base)
		for j := range n {
			if j > 0 {
				s.addByte(',')
			}
			// Indexed anew each time: nested maps may move the stacks.
			k := &s.ks.keys[s.ks.order[base+j]]
			s.key(k.s)
			s.any(s.vals[k.i])
		}
		s.ks.popKeys(base)
		clear(s.vals[vbase:])
		s.vals = s.vals[:vbase]
	}
	s.addByte('}')
	s.depth--
}

// v2TypeOf returns t's entry: fn nil when t is not plain.
func v2TypeOf(t reflect.Type) *v2Type {
	if c, ok := v2Cache.Load(t); ok {
		return c.(*v2Type)
	}
	v2Mu.Lock()
	defer v2Mu.Unlock()
	return v2TypeLocked(t)
}

func v2TypeLocked(t reflect.Type) *v2Type {
	if c, ok := v2Cache.Load(t); ok {
		return c.(*v2Type)
	}
	if vt, ok := v2Building[t]; ok {
		return vt
	}
	vt := &v2Type{}
	_, vt.direct = typeWord(t)
	v2Building[t] = vt
	// A recursive type refers to vt while it is built: its fn calls
	// through vt, set once the build succeeds.
	var fn v2Fn
	ok := v2Build(t, vt, &fn)
	delete(v2Building, t)
	if ok {
		vt.fn = fn
	}
	if len(v2Building) == 0 {
		v2Cache.Store(t, vt)
	}
	// Within a build, entries are stored by the outermost call only once
	// it knows whether the whole succeeds (a recursive type's parts are
	// plain only if the whole is): see v2Build's callers.
	return vt
}

// v2Elem returns a function that encodes a value of type t through its
// (possibly still being built) entry, or nil when t is not plain.
func v2Elem(t reflect.Type) v2Fn {
	vt := v2TypeLocked(t)
	if _, building := v2Building[t]; building {
		return func(s *v2State, p unsafe.Pointer) {
			if vt.fn == nil {
				s.stop()
			}
			vt.fn(s, p)
		}
	}
	return vt.fn
}

func v2Build(t reflect.Type, vt *v2Type, out *v2Fn) bool {
	if t == timeType {
		// encoding/json/v2's own format for time.Time (its methods are
		// not called), which it also uses through pointers.
		*out = func(s *v2State, p unsafe.Pointer) { s.time((*time.Time)(p)) }
		return true
	}
	if t == rawMessageType {
		// Through its MarshalJSON and the Encoder's WriteValue: see
		// encode_v2raw.go.
		*out = func(s *v2State, p unsafe.Pointer) { s.raw(*(*[]byte)(p)) }
		return true
	}
	if t.Kind() != reflect.Interface && t != ptrTimeType && t != ptrRawMessageType && (t.NumMethod() > 0 || reflect.PointerTo(t).NumMethod() > 0) {
		return false
	}
	switch t.Kind() {
	case reflect.Bool:
		*out = func(s *v2State, p unsafe.Pointer) { s.bool(*(*bool)(p)) }
	case reflect.Int:
		*out = func(s *v2State, p unsafe.Pointer) { s.int(int64(*(*int)(p))) }
	case reflect.Int8:
		*out = func(s *v2State, p unsafe.Pointer) { s.int(int64(*(*int8)(p))) }
	case reflect.Int16:
		*out = func(s *v2State, p unsafe.Pointer) { s.int(int64(*(*int16)(p))) }
	case reflect.Int32:
		*out = func(s *v2State, p unsafe.Pointer) { s.int(int64(*(*int32)(p))) }
	case reflect.Int64:
		*out = func(s *v2State, p unsafe.Pointer) { s.int(*(*int64)(p)) }
	case reflect.Uint:
		*out = func(s *v2State, p unsafe.Pointer) { s.uint(uint64(*(*uint)(p))) }
	case reflect.Uint8:
		*out = func(s *v2State, p unsafe.Pointer) { s.uint(uint64(*(*uint8)(p))) }
	case reflect.Uint16:
		*out = func(s *v2State, p unsafe.Pointer) { s.uint(uint64(*(*uint16)(p))) }
	case reflect.Uint32:
		*out = func(s *v2State, p unsafe.Pointer) { s.uint(uint64(*(*uint32)(p))) }
	case reflect.Uint64:
		*out = func(s *v2State, p unsafe.Pointer) { s.uint(*(*uint64)(p)) }
	case reflect.Float32:
		*out = func(s *v2State, p unsafe.Pointer) { s.float(float64(*(*float32)(p)), 32) }
	case reflect.Float64:
		*out = func(s *v2State, p unsafe.Pointer) { s.float(*(*float64)(p), 64) }
	case reflect.String:
		*out = func(s *v2State, p unsafe.Pointer) { s.str(*(*string)(p)) }
	case reflect.Interface:
		if t.NumMethod() != 0 {
			return false
		}
		*out = func(s *v2State, p unsafe.Pointer) { s.any(*(*any)(p)) }
	case reflect.Pointer:
		if t.Name() != "" {
			return false
		}
		elem := v2Elem(t.Elem())
		if elem == nil {
			return false
		}
		*out = func(s *v2State, p unsafe.Pointer) {
			q := *(*unsafe.Pointer)(p)
			if q == nil {
				s.add("null")
				return
			}
			s.enter()
			elem(s, q)
			s.depth--
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return false
		}
		elem := v2Elem(t.Elem())
		if elem == nil {
			return false
		}
		size := t.Elem().Size()
		if k := t.Elem().Kind(); k == reflect.Int && size == 8 || k == reflect.Int64 {
			// Slices of integers: each written by a direct call.
			*out = func(s *v2State, p unsafe.Pointer) {
				v := *(*[]int64)(p)
				if len(v) == 0 {
					s.add("[]")
					return
				}
				s.enter()
				s.addByte('[')
				for i, x := range v {
					if i > 0 {
						s.addByte(',')
					}
					s.int(x)
				}
				s.addByte(']')
				s.depth--
			}
			return true
		}
		*out = func(s *v2State, p unsafe.Pointer) {
			sh := (*struct {
				data unsafe.Pointer
				n    int
			})(p)
			s.elems(elem, sh.data, sh.n, size)
		}
	case reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return false
		}
		elem := v2Elem(t.Elem())
		if elem == nil {
			return false
		}
		size, n := t.Elem().Size(), t.Len()
		*out = func(s *v2State, p unsafe.Pointer) { s.elems(elem, p, n, size) }
	case reflect.Map:
		k := t.Key()
		if k.Kind() != reflect.String || k.NumMethod() > 0 || reflect.PointerTo(k).NumMethod() > 0 {
			return false
		}
		if t.Elem() == anyType && k == stringType {
			*out = func(s *v2State, p unsafe.Pointer) { s.mapStringAny(*(*map[string]any)(p)) }
			return true
		}
		elem := v2Elem(t.Elem())
		if elem == nil {
			return false
		}
		*out = v2MapFn(t, elem)
	case reflect.Struct:
		return v2StructFn(t, out)
	default:
		return false
	}
	return true
}

var (
	stringType = reflect.TypeFor[string]()
)

func (s *v2State) int(v int64) {
	if v < 0 {
		s.digits(uint64(-v), true) // -MinInt64 is MinInt64: 1<<63 as a uint64
		return
	}
	s.digits(uint64(v), false)
}

func (s *v2State) uint(u uint64) { s.digits(u, false) }

// digits writes u's decimal digits, after a '-' when neg, in place: up to
// nine digits in one or two stores without a call (as package json's
// inlineElems), more by putDigits.
func (s *v2State) digits(u uint64, neg bool) {
	n := len(s.buf)
	if cap(s.buf)-n < 25 {
		s.buf = slices.Grow(s.buf, 25)
	}
	q := unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.buf)), n)
	if neg {
		*(*byte)(q) = '-'
		q = unsafe.Add(q, 1)
		n++
	}
	switch {
	case u < 10:
		*(*byte)(q) = byte('0' + u)
		s.buf = s.buf[:n+1]
	case u < 1e8:
		k := decimalLen(u)
		*(*uint64)(q) = digits8(uint32(u)) >> (64 - 8*k)
		s.buf = s.buf[:n+k]
	case u < 1e9: // nine digits: ids, timestamps in seconds
		hi := u / 1e8
		*(*byte)(q) = byte('0' + hi)
		*(*uint64)(unsafe.Add(q, 1)) = digits8(uint32(u - hi*1e8))
		s.buf = s.buf[:n+9]
	default:
		s.buf = s.buf[:n+putDigits(unsafe.Slice((*byte)(q), 24), u)]
	}
}

func (s *v2State) elems(elem v2Fn, p unsafe.Pointer, n int, size uintptr) {
	if n == 0 {
		s.add("[]")
		return
	}
	s.enter()
	s.addByte('[')
	for i := range n {
		if i > 0 {
			s.addByte(',')
		}
		elem(s, unsafe.Add(p, uintptr(i)*size))
	}
	s.addByte(']')
	s.depth--
}

func v2MapFn(t reflect.Type, elem v2Fn) v2Fn {
	et := t.Elem()
	size := et.Size()
	sliceT := reflect.SliceOf(et)
	kt := t.Key()
	return func(s *v2State, p unsafe.Pointer) {
		m := reflect.NewAt(t, p).Elem()
		n := m.Len()
		if n == 0 {
			s.add("{}")
			return
		}
		s.enter()
		if !s.sorted || n == 1 {
			// In Go's map order: each value copied into one slot (map
			// values are not addressable) and written.
			vals := s.takeValues(sliceT, 1)
			data := vals.UnsafePointer()
			slot := vals.Index(0)
			var it reflect.MapIter
			it.Reset(m)
			key := reflect.New(kt).Elem()
			s.addByte('{')
			for i := 0; it.Next(); i++ {
				if i > 0 {
					s.addByte(',')
				}
				key.SetIterKey(&it)
				slot.SetIterValue(&it)
				s.key(key.String())
				elem(s, data)
			}
			s.addByte('}')
			s.depth--
			s.putValues(sliceT, vals, 1)
			return
		}
		// The values are copied into one slice (map values are not
		// addressable), the keys sorted with their indexes.
		vals := s.takeValues(sliceT, n)
		base := len(s.ks.keys)
		var it reflect.MapIter
		it.Reset(m)
		key := reflect.New(kt).Elem() // SetIterKey into it: Key() would allocate per entry
		i := 0
		for it.Next() {
			if i == n { // the map grew under us: a data race of the caller's
				break
			}
			key.SetIterKey(&it)
			s.ks.pushKey(key.String(), i)
			vals.Index(i).SetIterValue(&it)
			i++
		}
		data := vals.UnsafePointer()
		s.ks.sortKeys(base)
		s.addByte('{')
		for j := range i {
			if j > 0 {
				s.addByte(',')
			}
			k := &s.ks.keys[s.ks.order[base+j]]
			s.key(k.s)
			elem(s, unsafe.Add(data, uintptr(k.i)*size))
		}
		s.addByte('}')
		s.ks.popKeys(base)
		s.depth--
		s.putValues(sliceT, vals, i)
	}
}

type v2Field struct {
	name string // `,"name":`; the first field written has '{' for the ','
	// lit: name's bytes in words, for one store of 32 bytes (litN of them
	// count); litN 0: name is longer, copied.
	lit       [4]uint64
	litN      int
	offset    uintptr
	fn        v2Fn
	kind      v2Kind // the kinds the struct loop writes itself
	cond      bool   // omitEmpty or omitZero: the field may be left out
	omitEmpty bool
	omitZero  func(unsafe.Pointer) bool
}

// v2Kind: the field kinds the struct loop writes without a call (and
// with omitempty decided before the value is written: an empty string is
// the only such value omitempty leaves out).
type v2Kind uint8

const (
	v2kOther v2Kind = iota
	v2kString
	v2kInt64 // int64, or int of 8 bytes
	v2kBool
)

func v2StructFn(t reflect.Type, out *v2Fn) bool {
	var fields []v2Field
	folded := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return false
		}
		tag, hasTag := f.Tag.Lookup("json")
		if !f.IsExported() {
			if hasTag && tag != "-" {
				return false // encoding/json/v2's error
			}
			continue
		}
		if tag == "-" {
			continue
		}
		name, opts, comma := strings.Cut(tag, ",")
		var omitEmpty, omitZero bool
		switch opts {
		case "":
			if comma {
				return false // a trailing ',': encoding/json/v2's error
			}
		case "omitempty":
			omitEmpty = true
		case "omitzero":
			omitZero = true
		case "omitempty,omitzero", "omitzero,omitempty":
			omitEmpty, omitZero = true, true
		default:
			return false
		}
		if !hasTag || name == "" {
			name = f.Name
			if !utf8.ValidString(name) {
				return false
			}
		} else if !v2PlainName(name) {
			return false
		}
		lower := strings.ToLower(name)
		if folded[lower] {
			return false
		}
		folded[lower] = true
		fn := v2Elem(f.Type)
		if fn == nil {
			return false
		}
		fd := v2Field{
			name:      "," + string(appendV2Escaped(nil, name, 0)) + ":",
			offset:    f.Offset,
			fn:        fn,
			omitEmpty: omitEmpty,
			cond:      omitEmpty || omitZero,
		}
		// fn is not nil: f.Type has no methods (v2Build), so these kinds
		// are written as v2Build's functions write them.
		switch k := f.Type.Kind(); {
		case k == reflect.String:
			fd.kind = v2kString
		case k == reflect.Int64 || k == reflect.Int && f.Type.Size() == 8:
			fd.kind = v2kInt64
		case k == reflect.Bool:
			fd.kind = v2kBool
		}
		if omitZero {
			// encoding/json/v2 calls IsZero where the type has it: of the
			// plain types only time.Time does (*time.Time: nil or IsZero).
			switch ft := f.Type; ft {
			case timeType:
				fd.omitZero = func(p unsafe.Pointer) bool { return (*time.Time)(p).IsZero() }
			case ptrTimeType:
				fd.omitZero = func(p unsafe.Pointer) bool {
					q := *(**time.Time)(p)
					return q == nil || q.IsZero()
				}
			default:
				fd.omitZero = func(p unsafe.Pointer) bool { return reflect.NewAt(ft, p).Elem().IsZero() }
			}
		}
		if len(fd.name) <= 32 {
			var b [32]byte
			copy(b[:], fd.name)
			for w := range fd.lit {
				fd.lit[w] = binary.LittleEndian.Uint64(b[8*w:])
			}
			fd.litN = len(fd.name)
		}
		fields = append(fields, fd)
	}
	if len(fields) == 0 && t.NumField() != 0 {
		return false
	}
	*out = func(s *v2State, p unsafe.Pointer) {
		s.enter()
		// Every name is written with its ','; the first one written is
		// made the '{' at the end, or "{}" written when none was.
		start := len(s.buf)
		for i := range fields {
			f := &fields[i]
			fp := unsafe.Add(p, f.offset)
			if f.cond {
				if f.omitZero != nil && f.omitZero(fp) {
					continue
				}
				if f.omitEmpty && f.kind == v2kString && len(*(*string)(fp)) == 0 {
					continue
				}
			}
			mark := len(s.buf)
			if n := mark; f.litN != 0 && cap(s.buf)-n >= 32+shortString+2 {
				// The name's words in one store, then the commonest kinds
				// within the room checked for both, without a call.
				dst := unsafe.Add(unsafe.Pointer(unsafe.SliceData(s.buf)), n)
				*(*[4]uint64)(dst) = f.lit
				n += f.litN
				dst = unsafe.Add(dst, f.litN)
				switch f.kind {
				case v2kString:
					// putShortString without html: v2's test (control
					// characters, '"', '\'; non-ASCII left to strLong,
					// which checks the UTF-8).
					v := *(*string)(fp)
					if m := putShortString(dst, v, false); m >= 0 {
						s.buf = s.buf[:n+m]
					} else {
						s.buf = s.buf[:n]
						s.strLong(v)
					}
					continue
				case v2kInt64:
					// Up to nine digits (most integers) without a call, as
					// package json's struct loop.
					v := *(*int64)(fp)
					if u := uint64(v); u < 10 {
						*(*byte)(dst) = byte('0' + v)
						s.buf = s.buf[:n+1]
					} else if u < 1e8 {
						k := decimalLen(u)
						*(*uint64)(dst) = digits8(uint32(u)) >> (64 - 8*k)
						s.buf = s.buf[:n+k]
					} else if u < 1e9 {
						hi := u / 1e8
						*(*byte)(dst) = byte('0' + hi)
						*(*uint64)(unsafe.Add(dst, 1)) = digits8(uint32(u - hi*1e8))
						s.buf = s.buf[:n+9]
					} else {
						s.buf = s.buf[:n+putInt(dst, v)]
					}
					continue
				case v2kBool:
					if *(*bool)(fp) {
						*(*[4]byte)(dst) = [4]byte{'t', 'r', 'u', 'e'}
						s.buf = s.buf[:n+4]
					} else {
						*(*[5]byte)(dst) = [5]byte{'f', 'a', 'l', 's', 'e'}
						s.buf = s.buf[:n+5]
					}
					continue
				}
				s.buf = s.buf[:n]
			} else {
				s.add(f.name)
			}
			at := len(s.buf)
			f.fn(s, fp)
			if f.omitEmpty && v2Empty(s.buf[at:]) {
				s.buf = s.buf[:mark]
			}
		}
		if len(s.buf) == start {
			s.add("{}")
		} else {
			s.buf[start] = '{'
			s.addByte('}')
		}
		s.depth--
	}
	return true
}

// v2Empty reports whether b is a value omitempty omits: null, "", {} or [].
func v2Empty(b []byte) bool {
	if len(b) == 2 {
		return b[0] == '"' && b[1] == '"' || b[0] == '{' && b[1] == '}' || b[0] == '[' && b[1] == ']'
	}
	return len(b) == 4 && string(b) == "null"
}

// v2PlainName reports whether a json tag's name is read alike by every
// rule set: ASCII letters, digits and punctuation other than quotes,
// backslash and comma.
func v2PlainName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c) >= 0) {
			return false
		}
	}
	return name != ""
}
