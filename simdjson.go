// Package simdjson binds the C++ simdjson library (4.6.7, vendored) to Go
// through cgo: JSON and NDJSON parsed at gigabytes per second, read through
// lazy handles over simdjson's On-Demand API, which parse only the values
// read.
//
// The entry points, by what there is to read:
//
//   - One document: Parser.Parse (or ParseString) returns a Document; read
//     it through handles (Document, Value, Object, Array) with Field, Get,
//     Index, AtPointer, AtPath (AtPathAll for wildcards), then String,
//     Int64, Float64, ... A Parser is reused for document after document.
//   - Many documents on one goroutine: Parser.Stream over an Input yields
//     the documents of NDJSON (one value per line; Concatenated for
//     whitespace-separated values), one stage-1 pass per batch of lines.
//   - Many documents on all cores: Map runs a function over every line of an
//     Input on native worker threads, each with its own parser and its own
//     state (no locks), handing it a lazy Document; MapFields does the same
//     with a Projection, whose JSON pointers the threads extract natively
//     into a Row, with no cgo call per line.
//   - Inputs: Bytes (in memory, parsed in place), Reader, File, Gzip, Files
//     and Glob (many files, gzip recognised and decompressed). ReadFile,
//     Pad and MakePadded make the padded buffers Parse reads without a copy.
//   - Into Go types: Value.Decode (and Object's, Array's, Document's)
//     stores a value into a Go value with encoding/json's Unmarshal rules,
//     reading only the fields the target declares; MapDecode does it per
//     line on all cores, Decoded over a Stream.
//   - Encoding and the rest of the encoding/json API are in package json
//     (github.com/simdjson-cgo/simdjson/json), a drop-in encoding/json that
//     this package does not import.
//
// The fastest correct use of one document parses into a reused Parser and
// reads only the values it needs:
//
//	p := simdjson.NewParser()
//	defer p.Close()
//	buf, _ := simdjson.ReadFile("event.json") // padded: parsed without a copy
//	doc, err := p.Parse(buf)
//	if err != nil { ... }
//	login, err := doc.Get("actor", "login") // found in Go over simdjson's index, usually with no cgo call
//	name, err := login.StringBytes()        // already read with the lookup: no call
//
// Handles are small values. They stay valid until their parser parses
// another document or is closed; after that every method returns
// ErrStaleHandle or ErrParserClosed, never garbage. Unlike simdjson's C++
// On-Demand API, handles of the current document may be read in any order
// and any number of times: the shim moves simdjson's iterator back to a
// handle before using it, and caches unescaped strings. In a stream a
// document is valid until the next one; in a map, during its call.
//
// A Parser is not safe for concurrent use; use one per goroutine (a second
// goroutine gets ErrParserInUse). Several maps may run at once.
//
// Input needs 64 readable bytes after its end (simdjson's SIMD loads may read
// that far; their content does not matter). A []byte with cap-len >= 64 is
// parsed in place; any other input is copied once into a buffer the parser
// reuses. ReadFile and Pad produce padded buffers.
package simdjson

import (
	"runtime"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Padding is the number of readable bytes simdjson needs after the input.
const Padding = 64

// Padding must equal the shim's: a negative array length fails the build.
var (
	_ [Padding - shim.Padding]struct{}
	_ [shim.Padding - Padding]struct{}
)

// DefaultMaxDepth is the nesting limit of a parser built without MaxDepth.
const DefaultMaxDepth = 1024

// Parser parses JSON documents with simdjson. It is reusable: each Parse
// replaces the previous document and reuses the memory. A Parser is not safe
// for concurrent use: a method called while another goroutine is inside a
// method of the same parser (or of one of its handles) returns
// ErrParserInUse instead of touching it. The zero Parser is ready to use.
// Close releases its native memory; a forgotten Parser is released by the
// garbage collector.
type Parser struct {
	nat *native
	res *shim.Result
	// gen is bumped by every document (Parse, each document of a stream or
	// a map) and by Close: a handle whose generation differs is stale. 64
	// bits never wrap (2^64 documents at one per nanosecond take 584
	// years), so a kept handle can never pass the check again.
	gen uint64
	// busy is 1 while a goroutine is inside a method of the parser or of
	// its handles (enter/exit): a second goroutine gets ErrParserInUse.
	busy        atomic.Uint32
	closed      bool
	optErr      error // the first option out of range (NewParser)
	maxCapacity uint64
	maxDepth    uint32

	input   []byte  // the current document (user's buffer or the copy)
	batch   bool    // input holds a batch of documents (a stream's or a map's)
	base    int64   // bytes skipped before input (UTF-8 byte order mark)
	pinned  bool    // nat.pin holds the current input's array
	pinLo   uintptr // address range of the pinned slice (comparison only)
	pinHi   uintptr
	keys    map[string]string // interned object keys
	scratch []byte
	missBuf []byte // missKeys' JSON pointer
	decBuf  []byte // Decode's unescaped strings, kept for the next Decode
	arena   []byte // the chunk Decode copies short strings into (decoder.string)

	// The structural index of the current input (C memory) for the Go fast
	// path, and the generation whose document the shim declared dead.
	idx     unsafe.Pointer
	jump    unsafe.Pointer // *uint64: (epoch << 32) | closing token of each opening one
	ntok    uint32
	deadGen uint64
	deadSet bool
	epoch   uint32 // the shim's epoch of the current input (jump table entries)
	walkGen uint64 // the generation whose document walkDoc walked (or tried to)
	walkSet bool
	// The generation of the last document where a lookup stepped over a
	// container: Parse then walks the next document in its own cgo call.
	jumpGen uint64
	jumpSet bool
	resume  [resumeSlots]resume

	// The last string the shim read along with a lookup.
	strTok uint32
	strGen uint64
	strPtr unsafe.Pointer
	strLen uint64

	// The errors of recent misses (missKeys, missText), last: the hot
	// fields above stay where they were.
	miss     [missSlots]missEntry
	missNext uint8 // which slot of a pair the next new miss takes
}

// native holds what the C++ side owns, and the pin of the Go input it
// keeps between calls; a cleanup frees it if Close is never called. The
// Pinner lives here, not in the Parser, so that a forgotten Parser's
// cleanup can unpin: a Pinner that becomes unreachable while it pins
// something makes the Go runtime panic.
type native struct {
	c      unsafe.Pointer // sj_parser
	buf    unsafe.Pointer // padded copy buffer (C memory)
	bufCap uint64
	pin    runtime.Pinner
	pinned atomic.Bool
}

// unpin releases the pinned input, once (Close and the cleanup may both
// call it).
func (n *native) unpin() {
	if n.pinned.CompareAndSwap(true, false) {
		n.pin.Unpin()
	}
}

// free is safe to call twice and concurrently (Close and the cleanup can
// race when the Parser becomes unreachable inside Close): each pointer is
// taken exactly once.
func (n *native) free() {
	n.unpin()
	if c := atomic.SwapPointer(&n.c, nil); c != nil {
		shim.FreeParser(c)
	}
	if b := atomic.SwapPointer(&n.buf, nil); b != nil {
		shim.Free(b)
	}
}

// NewParser returns a parser configured by opts.
func NewParser(opts ...Option) *Parser {
	p := &Parser{}
	for _, o := range opts {
		o(p)
	}
	return p
}

func (p *Parser) init() error {
	if p.nat != nil {
		return nil
	}
	if p.optErr != nil {
		return p.optErr
	}
	if !shim.Available {
		return ErrNoCGO
	}
	c := shim.NewParser(p.maxCapacity, p.maxDepth)
	if c == nil {
		return &Error{Code: ErrMemAlloc, Offset: -1}
	}
	p.nat = &native{c: c}
	p.res = shim.ResultOf(c)
	runtime.AddCleanup(p, func(n *native) { n.free() }, p.nat)
	return nil
}

// bumpGen moves p to a new generation. A Row's accessors read the
// generation without holding the parser (Row.live, Row.still); the
// increment is a plain one all the same: an atomic add per document made
// MapFields 5 % slower on the seed benchmark (a Row used from another
// goroutine is a data race, which the race detector then reports).
func (p *Parser) bumpGen() { p.gen++ }

// enter claims p for the calling goroutine for one method call; false when
// another goroutine holds it. exit gives it back. An uncontended claim and
// release cost about 3 ns (one compare-and-swap and one store).
func (p *Parser) enter() bool { return p.busy.CompareAndSwap(0, 1) }

func (p *Parser) exit() { p.busy.Store(0) }

// enterWait claims p, waiting for a method call of another goroutine to end
// (streams and maps take their parser back between documents: a handle used
// from another goroutine finishes its call, then finds itself stale).
func (p *Parser) enterWait() {
	for !p.enter() {
		runtime.Gosched()
	}
}

// Close frees the parser's native memory. Handles and zero-copy byte slices
// of its document become invalid: handles then return ErrParserClosed.
// Close is idempotent. It returns ErrParserInUse, and does nothing, while
// another goroutine is using the parser.
func (p *Parser) Close() error {
	if !p.enter() {
		return ErrParserInUse
	}
	defer p.exit()
	if p.closed {
		return nil
	}
	p.closed = true
	p.bumpGen()
	p.unpin()
	p.input = nil
	if p.nat != nil {
		p.nat.free()
	}
	runtime.KeepAlive(p) // no cleanup while Close runs
	return nil
}

func (p *Parser) unpin() {
	if p.pinned {
		p.nat.unpin()
		p.pinned = false
	}
}

// Capacity returns the largest document (bytes) the parser has memory for.
func (p *Parser) Capacity() int {
	if !p.enter() {
		return 0
	}
	defer p.exit()
	if p.nat == nil || p.nat.c == nil {
		return 0
	}
	n := int(shim.Capacity(p.nat.c))
	runtime.KeepAlive(p)
	return n
}

// Parse parses b and returns its document: stage 1 (the SIMD scan that finds
// the structure and validates UTF-8) runs now; values are parsed and
// validated when read. The previous document's handles become stale.
//
// When cap(b)-len(b) >= Padding, b is parsed in place (zero-copy) and must
// not be modified until the next Parse or Close; otherwise b is copied once
// into a buffer the parser reuses. A UTF-8 byte order mark is skipped; a
// second one right after it is an error (ErrTape at byte 3), as any byte
// order mark is for encoding/json.
func (p *Parser) Parse(b []byte) (Document, error) {
	if !p.enter() {
		return Document{}, ErrParserInUse
	}
	defer p.exit()
	if p.closed {
		return Document{}, ErrParserClosed
	}
	if err := p.init(); err != nil {
		return Document{}, err
	}
	// Lookups that step over containers need the document walked; when the
	// last document's did, walk this one within Parse's cgo call.
	walk := p.jumpSet && p.jumpGen == p.gen
	p.bumpGen()
	p.forget() // the pin stays: the next input may lie in the same array
	base := int64(0)
	if text.HasBOM(b) {
		b = b[3:]
		base = 3
		// simdjson would skip a second mark itself, and every offset
		// would then be 3 bytes off.
		if text.HasBOM(b) {
			p.release()
			return Document{}, &Error{Code: ErrTape, Offset: 3}
		}
	}
	in := b
	var ptr unsafe.Pointer
	var capacity uint64
	if cap(b)-len(b) >= Padding && cap(b) > 0 {
		ptr = unsafe.Pointer(unsafe.SliceData(b))
		capacity = uint64(cap(b))
		// simdjson keeps pointers into b until the next parse: pin its
		// backing array, unless it lies within the array pinned for the
		// previous document (lines of one buffer parsed in turn), which
		// saves a pin and an unpin per document.
		p.pin(ptr, capacity)
	} else {
		p.unpin()
		dst, err := p.copyPadded(b)
		if err != nil {
			return Document{}, err
		}
		ptr = p.nat.buf
		capacity = p.nat.bufCap
		in = dst
	}
	rc := shim.Parse(p.nat.c, ptr, uint64(len(in)), capacity, walk)
	if rc != 0 {
		off := p.res.ErrOff
		if ErrorCode(rc) == ErrUTF8 {
			off = int64(invalidUTF8(in))
		}
		if off >= 0 {
			off += base
		}
		p.release()
		return Document{}, &Error{Code: ErrorCode(rc), Offset: off}
	}
	if off := int(p.res.Off); off < len(in) && in[off] != '{' && in[off] != '[' && notJSON(in[off:]) {
		p.release()
		return Document{}, &Error{Code: ErrNotJSON, Offset: int64(off) + base}
	}
	p.adopt(in, base, false)
	if walk {
		p.walkSet, p.walkGen = true, p.gen // walked, or failed: do not try again
	}
	return Document{p.value(0, p.res.Off, 1)}, nil
}

// adopt makes in, the bytes at input offset base, the parser's current
// input (one document, or a batch of documents of a stream or map), with
// the structural index of the shim's last result. Every input a parser
// reads is adopted here.
func (p *Parser) adopt(in []byte, base int64, batch bool) {
	res := p.res
	p.input, p.base, p.batch = in, base, batch
	p.idx, p.jump, p.ntok, p.epoch = res.Idx, res.Jump, uint32(res.Ntok), uint32(res.Epoch)
}

// forget drops the current input from the parser's Go side.
func (p *Parser) forget() {
	p.input, p.batch = nil, false
	p.idx, p.jump = nil, nil
}

// release drops the current input on both sides: the shim's state of it
// and the pin of its array.
func (p *Parser) release() {
	p.forget()
	shim.Release(p.nat.c)
	p.unpin()
}

// copyPadded copies b into the parser's C buffer, followed by Padding zero
// bytes, and returns the copy.
func (p *Parser) copyPadded(b []byte) ([]byte, error) {
	need := uint64(len(b)) + Padding
	if p.nat.bufCap < need {
		if p.nat.buf != nil {
			shim.Free(p.nat.buf)
			p.nat.buf, p.nat.bufCap = nil, 0
		}
		n := need + need/4
		p.nat.buf = shim.Malloc(n)
		if p.nat.buf == nil {
			return nil, &Error{Code: ErrMemAlloc, Offset: -1}
		}
		p.nat.bufCap = n
	}
	dst := unsafe.Slice((*byte)(p.nat.buf), p.nat.bufCap)
	copy(dst, b)
	clear(dst[len(b):need]) // deterministic padding
	return dst[:len(b):len(b)], nil
}

// pin keeps the array at ptr (capacity bytes) pinned for the C++ side,
// unless it lies within the array already pinned.
func (p *Parser) pin(ptr unsafe.Pointer, capacity uint64) {
	lo, hi := uintptr(ptr), uintptr(ptr)+uintptr(capacity)
	if !p.pinned || lo < p.pinLo || hi > p.pinHi {
		p.unpin()
		p.nat.pin.Pin(ptr)
		p.nat.pinned.Store(true)
		p.pinned, p.pinLo, p.pinHi = true, lo, hi
	}
}

// ParseString parses a copy of s.
func (p *Parser) ParseString(s string) (Document, error) {
	return p.Parse(unsafe.Slice(unsafe.StringData(s), len(s))[:len(s):len(s)])
}

// invalidUTF8 returns the offset of the first byte that is not valid UTF-8.
func invalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}
