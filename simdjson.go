// Package simdjson binds the C++ simdjson library (3.9.4, vendored) to Go
// through cgo: JSON parsed at gigabytes per second, read through lazy
// handles over simdjson's On-Demand API.
//
// The fastest correct use parses into a reused Parser and reads only the
// values it needs:
//
//	p := simdjson.NewParser()
//	defer p.Close()
//	buf, _ := simdjson.ReadFile("event.json") // padded: parsed without a copy
//	doc, err := p.Parse(buf)
//	if err != nil { ... }
//	login, err := doc.Get("actor", "login") // one cgo call
//	name, err := login.StringBytes()        // already read: no call
//
// Handles (Document, Value, Object, Array) are small values. They stay valid
// until their parser parses another document or is closed; after that every
// method returns ErrStaleHandle or ErrParserClosed, never garbage. Unlike
// simdjson's C++ On-Demand API, handles of the current document may be read
// in any order and any number of times: the shim moves simdjson's iterator
// back to a handle before using it, and caches unescaped strings.
//
// A Parser is not safe for concurrent use; use one per goroutine.
//
// Input needs 64 readable bytes after its end (simdjson's SIMD loads may read
// that far; their content does not matter). A []byte with cap-len >= 64 is
// parsed in place; any other input is copied once into a buffer the parser
// reuses. ReadFile and Pad produce padded buffers.
package simdjson

import (
	"io"
	"os"
	"runtime"
	"strconv"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
	"github.com/simdjson-cgo/simdjson/internal/text"
)

// Padding is the number of readable bytes simdjson needs after the input.
const Padding = 64

// DefaultMaxDepth is the nesting limit of a parser built without MaxDepth.
const DefaultMaxDepth = 1024

// Limits of the parser options: MaxDepth(n) takes 1 <= n <= MaxDepthLimit,
// MaxCapacity(n) takes 0 <= n <= MaxCapacityLimit (0: the default, which is
// the limit, simdjson's 4 GiB - 1).
const (
	MaxDepthLimit    = 1 << 30
	MaxCapacityLimit = 1<<32 - 1
)

// Option configures a Parser.
type Option func(*Parser)

// OptionError reports an option outside its documented range. NewParser
// keeps the first one; every method of that parser (Parse, Stream, ...)
// then returns it. errors.Is(err, ErrInvalidOption) holds.
type OptionError struct {
	Option   string // e.g. "MaxDepth"
	Value    int64  // the value given
	Min, Max int64  // the accepted range
}

func (e *OptionError) Error() string {
	return "simdjson: " + e.Option + "(" + strconv.FormatInt(e.Value, 10) + ") out of range [" +
		strconv.FormatInt(e.Min, 10) + ", " + strconv.FormatInt(e.Max, 10) + "]"
}

// Unwrap returns ErrInvalidOption.
func (e *OptionError) Unwrap() error { return ErrInvalidOption }

// optionError returns an *OptionError when n is outside [lo, hi].
func optionError(name string, n, lo, hi int64) error {
	if n < lo || n > hi {
		return &OptionError{Option: name, Value: n, Min: lo, Max: hi}
	}
	return nil
}

// MaxCapacity caps the size of the documents a parser accepts (bytes);
// larger ones fail with ErrCapacity. The default (and n = 0) is simdjson's
// limit, MaxCapacityLimit. A negative n or one above the limit is an
// *OptionError.
func MaxCapacity(n int) Option {
	return func(p *Parser) {
		if err := optionError("MaxCapacity", int64(n), 0, MaxCapacityLimit); err != nil {
			p.setOptErr(err)
			return
		}
		p.maxCapacity = uint64(n)
	}
}

// MaxDepth sets the deepest nesting of arrays and objects the parser accepts
// (default 1024), from 1 to MaxDepthLimit; any other n is an *OptionError.
// On-Demand checks it lazily: a container deeper than the limit fails with
// ErrDepth when it is reached. A large limit costs nothing up front: the
// parser's depth stacks grow with the depth its documents actually reach.
func MaxDepth(n int) Option {
	return func(p *Parser) {
		if err := optionError("MaxDepth", int64(n), 1, MaxDepthLimit); err != nil {
			p.setOptErr(err)
			return
		}
		p.maxDepth = uint32(n)
	}
}

func (p *Parser) setOptErr(err error) {
	if p.optErr == nil {
		p.optErr = err
	}
}

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
	p.input = nil
	p.batch = false
	p.idx, p.jump = nil, nil
	p.base = 0
	if text.HasBOM(b) {
		b = b[3:]
		p.base = 3
		// simdjson would skip a second mark itself, and every offset
		// would then be 3 bytes off.
		if text.HasBOM(b) {
			shim.Release(p.nat.c)
			p.unpin()
			return Document{}, &Error{Code: ErrTape, Offset: 3}
		}
	}
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
		p.input = b
	} else {
		p.unpin()
		dst, err := p.copyPadded(b)
		if err != nil {
			return Document{}, err
		}
		ptr = p.nat.buf
		capacity = p.nat.bufCap
		p.input = dst
	}
	rc := shim.Parse(p.nat.c, ptr, uint64(len(p.input)), capacity, walk)
	if rc != 0 {
		off := p.res.ErrOff
		if ErrorCode(rc) == ErrUTF8 {
			off = int64(invalidUTF8(p.input))
		}
		if off >= 0 {
			off += p.base
		}
		shim.Release(p.nat.c)
		p.unpin()
		p.input = nil
		return Document{}, &Error{Code: ErrorCode(rc), Offset: off}
	}
	if off := int(p.res.Off); off < len(p.input) && p.input[off] != '{' && p.input[off] != '[' && notJSON(p.input[off:]) {
		shim.Release(p.nat.c)
		p.unpin()
		p.input = nil
		return Document{}, &Error{Code: ErrNotJSON, Offset: int64(off) + p.base}
	}
	p.idx, p.jump, p.ntok, p.epoch = p.res.Idx, p.res.Jump, uint32(p.res.Ntok), uint32(p.res.Epoch)
	if walk {
		p.walkSet, p.walkGen = true, p.gen // walked, or failed: do not try again
	}
	return Document{p.value(0, p.res.Off, 1)}, nil
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

// Pad returns b with at least Padding bytes of spare capacity, copying only
// when b lacks them.
func Pad(b []byte) []byte {
	if cap(b)-len(b) >= Padding {
		return b
	}
	out := make([]byte, len(b), len(b)+Padding)
	copy(out, b)
	return out
}

// MakePadded returns a zero-length slice with room for n bytes plus padding:
// append up to n bytes to it and parse it without a copy.
func MakePadded(n int) []byte { return make([]byte, 0, n+Padding) }

// ReadFile reads a whole file into a padded buffer, ready for a zero-copy
// Parse.
func ReadFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	size := int(fi.Size())
	buf := make([]byte, 0, size+Padding+512)
	for {
		if cap(buf)-len(buf) < Padding+512 {
			nb := make([]byte, len(buf), 2*cap(buf)+Padding)
			copy(nb, buf)
			buf = nb
		}
		n, err := f.Read(buf[len(buf) : cap(buf)-Padding])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return buf, nil
		}
	}
}

// ActiveImplementation names the stage-1 kernel that parsers created from
// now on use: icelake (AVX-512), haswell (AVX2), westmere (SSE4.2), arm64,
// or fallback. simdjson picks the best one the CPU supports at run time; the
// environment variable SIMDJSON_FORCE_IMPLEMENTATION (read at the first use)
// or SetImplementation overrides the choice. A name that the variable gives
// but no kernel has makes it "unsupported" (every parse then fails with
// ErrUnsupportedArchitecture). In a build without cgo it returns "", as
// BuiltinImplementation does, and Implementations returns nil: Accelerated
// answers whether the fast path is in.
func ActiveImplementation() string {
	if !shim.Available {
		return ""
	}
	return shim.ActiveImplementation()
}

// BuiltinImplementation names the kernel the On-Demand stage 2 (value
// parsing and navigation) is compiled for. It is chosen at build time:
// "fallback" on amd64 by default, "haswell" when built with GOAMD64=v3 or v4.
func BuiltinImplementation() string {
	if !shim.Available {
		return ""
	}
	return shim.BuiltinImplementation()
}

// Implementation describes a stage-1 kernel compiled into the library.
type Implementation struct {
	Name        string // e.g. "haswell"
	Description string // e.g. "Intel/AMD AVX2"
	Supported   bool   // whether this CPU can run it
}

// Implementations lists the stage-1 kernels compiled in.
func Implementations() []Implementation {
	if !shim.Available {
		return nil
	}
	var out []Implementation
	for _, i := range shim.Implementations() {
		out = append(out, Implementation{Name: i.Name, Description: i.Description, Supported: i.Supported})
	}
	return out
}

// SetImplementation makes the named kernel the stage-1 kernel of parsers
// created (or first used) from now on; existing parsers keep theirs. It
// fails with ErrUnsupportedArchitecture for an unknown name or a kernel this
// CPU cannot run. Meant for tests and benchmarks; results are identical
// whichever kernel runs.
func SetImplementation(name string) error {
	if !shim.Available {
		return ErrNoCGO
	}
	if rc := shim.SetImplementation(name); rc != 0 {
		return ErrorCode(rc)
	}
	return nil
}
