package json

import (
	"bytes"
	"encoding/binary"
	"math"
	"runtime"
	"sync"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Tape word tags (simdjson's doc/tape.md): the top byte of each word.
const (
	tagRoot     = 'r'
	tagObject   = '{'
	tagObjEnd   = '}'
	tagArray    = '['
	tagArrEnd   = ']'
	tagString   = '"'
	tagInt64    = 'l'
	tagUint64   = 'u'
	tagFloat64  = 'd'
	tagTrue     = 't'
	tagFalse    = 'f'
	tagNull     = 'n'
	payloadMask = 1<<56 - 1
	countMask   = 0xFFFFFF // container counts saturate here

	// A string word with strInInput set refers to the input: its length
	// in bits 32-54, its offset in bits 0-31 (dom.cpp's parse_lazy writes
	// such words for strings without escapes). Other string words hold an
	// offset into simdjson's string buffer.
	strInInput = 1 << 55
	strLenMask = 1<<23 - 1
)

// domParser is one native simdjson DOM parser. Parsers are pooled; the
// native memory is freed by a cleanup when the pool drops one, or at once
// when a document made it large.
type domParser struct {
	c       unsafe.Pointer
	view    *shim.DomView
	pad     []byte // padded copy of inputs that lack 64 readable bytes
	cleanup runtime.Cleanup
	state   decodeState // reused by each Unmarshal that takes the parser
}

// Parsers sized for documents larger than this are freed after use rather
// than pooled: simdjson's DOM needs about 14 bytes of native memory per byte
// of document.
const maxPooledCapacity = 4 << 20

var domParserPool sync.Pool

func getDomParser() *domParser {
	if x := domParserPool.Get(); x != nil {
		return x.(*domParser)
	}
	c := shim.DomNew()
	if c == nil {
		return nil
	}
	dp := &domParser{c: c, view: shim.DomViewOf(c)}
	dp.cleanup = runtime.AddCleanup(dp, func(c unsafe.Pointer) { shim.DomFree(c) }, c)
	return dp
}

func putDomParser(dp *domParser) {
	if dp.view.Capacity > maxPooledCapacity {
		dp.cleanup.Stop()
		shim.DomFree(dp.c)
		dp.c = nil
		return
	}
	if cap(dp.pad) > maxPooledCapacity {
		dp.pad = nil
	}
	domParserPool.Put(dp)
}

// parse runs simdjson over data: 0 or simdjson's error code.
func (dp *domParser) parse(data []byte, lazyNumbers bool) int {
	return shim.DomParse(dp.c, dp.padded(data), uint64(len(data)), lazyNumbers)
}

// parseUnique is parse that also checks, in the same call, that no object
// of the document has a name twice: shim.NamesDup when one has.
func (dp *domParser) parseUnique(data []byte, lazyNumbers bool) int {
	return shim.DomParseUnique(dp.c, dp.padded(data), uint64(len(data)), lazyNumbers)
}

// parsePlan is parse with lazy numbers following plan: 0 when the plan
// applied, shim.PlanOff when Go must walk the tape, or simdjson's error code.
// With v2, by encoding/json/v2's default rules (shim.DomParsePlan): also
// shim.NamesDup.
func (dp *domParser) parsePlan(data []byte, plan *structPlan, v2 bool) int {
	return shim.DomParsePlan(dp.c, dp.padded(data), uint64(len(data)), plan.c, v2)
}

// padded returns data's bytes followed by shim.Padding readable bytes: data
// itself when it has them, else a copy.
func (dp *domParser) padded(data []byte) unsafe.Pointer {
	n := len(data)
	p := unsafe.Pointer(unsafe.SliceData(data))
	if cap(data)-n < shim.Padding && !paddedInPage(p, n) {
		if cap(dp.pad) < n+shim.Padding {
			dp.pad = make([]byte, n+shim.Padding)
		}
		copy(dp.pad, data)
		p = unsafe.Pointer(unsafe.SliceData(dp.pad))
	}
	return p
}

// Tape access.

func tagOf(w uint64) byte { return byte(w >> 56) }

// next returns the index of the tape word after the value at i.
func (d *decodeState) next(i uint32) uint32 {
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject, tagArray:
		return uint32(w)
	case tagInt64, tagUint64, tagFloat64:
		return i + 2
	}
	return i + 1
}

// isNumberTag reports whether a tape word tagged t is a number (two words).
func isNumberTag(t byte) bool { return t == tagInt64 || t == tagUint64 || t == tagFloat64 }

// count returns the number of elements (fields) of the container at i.
func (d *decodeState) count(i uint32) int {
	w := d.tape[i]
	if n := int(w>>32) & countMask; n < countMask {
		return n
	}
	n := 0
	obj := tagOf(w) == tagObject
	end := uint32(w) - 1
	for j := i + 1; j < end; n++ {
		if obj {
			j++
		}
		j = d.next(j)
	}
	return n
}

// maxMapHint caps the size hint of the maps Unmarshal makes: the most
// entries one table of Go's maps holds without growing (1024 slots at a
// load of 7/8). The tape's field count includes duplicate keys, which
// encoding/json's maps never hold: an object of one key repeated a million
// times would pre-size a map for a million entries (24 MiB and more) to
// keep one. Up to the cap the hint spares a small map its rehashing growth
// steps; past it, Go's maps grow by splitting one full table at a time,
// which a larger hint saves little of.
const maxMapHint = 896

// mapHint returns the size hint of a map for the object at i: its field
// count, at most maxMapHint (and without counting past the tape's field
// count, which saturates).
func (d *decodeState) mapHint(i uint32) int {
	if n := int(d.tape[i]>>32) & countMask; n < countMask {
		return min(n, maxMapHint)
	}
	return maxMapHint
}

// strBytes returns the unescaped string at i, in simdjson's buffer (valid
// until the parser is reused) or, without escapes, in the input.
func (d *decodeState) strBytes(i uint32) []byte {
	return d.strBytesWord(d.tape[i])
}

// strBytesWord is strBytes of a string's tape word.
func (d *decodeState) strBytesWord(w uint64) []byte {
	if w&strInInput != 0 {
		return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(d.data)), uint32(w))), uint32(w>>32)&strLenMask)
	}
	p := unsafe.Add(d.strs, w&payloadMask)
	n := *(*uint32)(p)
	return unsafe.Slice((*byte)(unsafe.Add(p, 4)), n)
}

// key returns the string at i, as strBytes does, and its first eight
// bytes, little-endian, zero past its end. Eight bytes are readable at the
// start of every string: simdjson's string buffer has SIMDJSON_PADDING
// bytes past the longest content a document can write to it, and parse_lazy
// leaves a string in the input only when eight bytes of the input start
// there.
func (d *decodeState) key(i uint32) ([]byte, uint64) {
	b := d.strBytes(i)
	// A shift by 64 or more gives 0: the mask is all ones from 8 bytes.
	return b, binary.LittleEndian.Uint64(unsafe.Slice(unsafe.SliceData(b), 8)) & (1<<(8*uint(len(b))) - 1)
}

// str returns a Go copy of the string at i. Short strings are copied into
// chunks of arenaChunk bytes shared by the strings of this and later
// documents decoded with this state: one allocation serves many strings.
// A string kept alive keeps its chunk alive (4 KiB at most).
func (d *decodeState) str(i uint32) string {
	return d.strWord(d.tape[i])
}

// strWord is str of a string's tape word.
func (d *decodeState) strWord(w uint64) string {
	b := d.strBytesWord(w)
	n := len(b)
	if n > arenaMaxString {
		return string(b)
	}
	if n == 0 {
		return ""
	}
	off := len(d.arena)
	if off+n > cap(d.arena) {
		d.arena = make([]byte, 0, arenaChunk)
		off = 0
	}
	d.arena = d.arena[:off+n]
	dst := d.arena[off:]
	copy(dst, b)
	return unsafe.String(unsafe.SliceData(dst), n)
}

const (
	arenaChunk     = 4096
	arenaMaxString = 512
	boxChunk       = 128
	anyChunk       = 256 // 4 KiB of interface values
	anyMaxSlice    = 32
)

// anySlice returns a new []any of length n (all nil). Short ones are carved
// from a shared chunk, with capacity n so that an append by the caller
// copies rather than writes over a neighbour: decoding canada.json into
// interface{} makes 112,000 arrays of two numbers, and allocating each was
// a third of the time, with the garbage collector.
func (d *decodeState) anySlice(n int) []any {
	if n == 0 || n > anyMaxSlice {
		return make([]any, n) // n == 0: empty, not nil, and no allocation
	}
	if len(d.anyBuf)+n > cap(d.anyBuf) {
		// Chunks start small and double: a document with few arrays
		// allocates little.
		size := max(min(2*cap(d.anyBuf), anyChunk), 16)
		d.anyBuf = make([]any, 0, max(size, n))
	}
	off := len(d.anyBuf)
	d.anyBuf = d.anyBuf[:off+n]
	return d.anyBuf[off : off+n : off+n]
}

// Interface values holding a string or a float64 point to a boxed copy;
// the boxes come from chunks too (Go would allocate each).
var (
	stringTypeWord  = (*eface)(unsafe.Pointer(&[]any{""}[0])).typ
	float64TypeWord = (*eface)(unsafe.Pointer(&[]any{0.0}[0])).typ
	sliceTypeWord   = (*eface)(unsafe.Pointer(&[]any{[]any(nil)}[0])).typ
)

func (d *decodeState) boxSlice(a []any) any {
	if len(d.sliceBox) == cap(d.sliceBox) {
		d.sliceBox = make([][]any, 0, max(min(2*cap(d.sliceBox), boxChunk), 4))
	}
	d.sliceBox = append(d.sliceBox, a)
	var v any
	*(*eface)(unsafe.Pointer(&v)) = eface{typ: sliceTypeWord, data: unsafe.Pointer(&d.sliceBox[len(d.sliceBox)-1])}
	return v
}

func (d *decodeState) boxString(s string) any {
	if len(d.strBox) == cap(d.strBox) {
		d.strBox = make([]string, 0, boxChunk)
	}
	d.strBox = append(d.strBox, s)
	var v any
	*(*eface)(unsafe.Pointer(&v)) = eface{typ: stringTypeWord, data: unsafe.Pointer(&d.strBox[len(d.strBox)-1])}
	return v
}

func (d *decodeState) boxFloat(f float64) any {
	if len(d.floatBox) == cap(d.floatBox) {
		d.floatBox = make([]float64, 0, boxChunk)
	}
	d.floatBox = append(d.floatBox, f)
	var v any
	*(*eface)(unsafe.Pointer(&v)) = eface{typ: float64TypeWord, data: unsafe.Pointer(&d.floatBox[len(d.floatBox)-1])}
	return v
}

func (d *decodeState) int64At(i uint32) int64     { return int64(d.tape[i+1]) }
func (d *decodeState) uint64At(i uint32) uint64   { return d.tape[i+1] }
func (d *decodeState) float64At(i uint32) float64 { return math.Float64frombits(d.tape[i+1]) }

// float returns the number at i as encoding/json's ParseFloat(text, 64) would.
func (d *decodeState) float(i uint32) float64 {
	switch tagOf(d.tape[i]) {
	case tagFloat64:
		return d.float64At(i)
	case tagUint64:
		return float64(d.uint64At(i))
	}
	n := d.int64At(i)
	if n == 0 && d.isNegZero(i) {
		return math.Copysign(0, -1)
	}
	return float64(n)
}

var negZeroText = []byte("-0")

// isNegZero reports whether the integer 0 at i was written -0.
func (d *decodeState) isNegZero(i uint32) bool {
	if d.negZero == 0 {
		// Most documents have no "-0" anywhere (strings included):
		// a vector search of the text settles those without walking
		// the structural indexes in C.
		d.negZero = -1
		if bytes.Contains(d.data, negZeroText) && shim.DomNegZero(d.dp.c, unsafe.Pointer(unsafe.SliceData(d.data)), uint64(len(d.data))) {
			d.negZero = 1
		}
	}
	if d.negZero < 0 {
		return false
	}
	s := d.start(i)
	return d.data[s] == '-'
}

// Input offsets, for raw values and errors.

func (d *decodeState) offsets() []uint32 {
	if d.offs == nil {
		if rc := shim.DomOffsets(d.dp.c, unsafe.Pointer(unsafe.SliceData(d.data)), uint64(len(d.data))); rc != 0 {
			panic("simdjson: cannot map the tape to the input: " + shim.ErrorMessage(int(rc)))
		}
		d.offs = unsafe.Slice((*uint32)(d.dp.view.Offsets), len(d.tape))
	}
	return d.offs
}

// start returns the input offset where the value at i begins.
func (d *decodeState) start(i uint32) int { return int(d.offsets()[i]) }

// end returns the input offset just after the value at i.
func (d *decodeState) end(i uint32) int {
	w := d.tape[i]
	switch tagOf(w) {
	case tagObject, tagArray:
		return d.start(uint32(w)-1) + 1
	}
	s := d.start(i)
	b := d.data
	switch b[s] {
	case '"':
		for k := s + 1; k < len(b); k++ {
			switch b[k] {
			case '\\':
				k++
			case '"':
				return k + 1
			}
		}
		return len(b)
	case 't', 'n':
		return s + 4
	case 'f':
		return s + 5
	}
	k := s
	for k < len(b) && isNumberByte(b[k]) {
		k++
	}
	return k
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// raw returns the input text of the value at i.
func (d *decodeState) raw(i uint32) []byte { return d.data[d.start(i):d.end(i)] }

// numberText returns the text of the number at i, as json.Number keeps it.
func (d *decodeState) numberText(i uint32) string { return string(d.raw(i)) }
