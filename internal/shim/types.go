package shim

import "unsafe"

// The types and constants of the shim's API, the same with and without cgo.
// They live here, not beside the wrappers (parser.go, batch.go, ...), because
// a file that imports "C" is left out of a build without cgo, and
// shim_nocgo.go needs them too. Result (parser.h), Doc (batch.h), Field and
// ProjectionCase (projection.h), MapConfig and MapHandler (map.h),
// Implementation (kernels.h), DomView and the plan types (dom.cpp) mirror
// declarations of simdjson_go.h; parser.go, batch.go, projection.go and
// dom.go check the structs' layout against the C side at compile time.

// Result mirrors sj_result: the shim writes each call's results there and Go
// reads them in place.
type Result struct {
	Str    unsafe.Pointer
	Key    unsafe.Pointer
	Slen   uint64
	Klen   uint64
	U      uint64
	F      float64
	ErrOff int64
	Tok    uint32
	Off    uint32
	Depth  int32
	Flags  uint32
	Kind   uint32
	_      uint32

	Docs     unsafe.Pointer // *Doc: the documents of the last batch
	Fields   unsafe.Pointer // *Field: their projected values
	Ndocs    uint64
	Consumed uint64
	Idx      unsafe.Pointer // *uint32: the structural indexes of the input
	Ntok     uint64
	Jump     unsafe.Pointer // *uint64: (epoch << 32) | closing token of each opening one
	Epoch    uint64
}

// Doc mirrors sj_doc: one document (or bad line) of a batch.
type Doc struct {
	Tok    uint32
	Off    uint32
	End    uint32
	Err    int32
	ErrOff uint32
	_      uint32
}

// Field mirrors sj_field: one projected value.
type Field struct {
	Str  unsafe.Pointer
	Len  uint64
	U    uint64
	F    float64
	Kind uint32
	_    uint32
}

// MapConfig configures RunMap.
type MapConfig struct {
	Buf     unsafe.Pointer // the input ([]byte mode; the caller pins it)
	Len     uint64
	Cap     uint64
	Chunk   uint64
	Batch   uint64
	MaxDoc  uint64 // longest line parsed (newline excluded); longer: a bad line
	Parsers []unsafe.Pointer
	Proj    unsafe.Pointer
	Handler MapHandler // receives the workers' calls
	Reader  bool
}

// Implementation describes one compiled-in kernel.
type Implementation struct {
	Name, Description string
	Supported         bool
}

// MapHandler receives the parallel map's calls from its worker threads.
type MapHandler interface {
	// Batch delivers the documents the worker's parser holds (its Result),
	// parsed from buf[:n] at offset base of the input. It returns 0 to go on,
	// 1 to stop every worker, 2 after a bad line under the stop policy, 3
	// after one whose offset is its own file's (a Files input: offsets of
	// different files are not comparable, so no later offset is skipped).
	Batch(worker int, base uint64, buf unsafe.Pointer, n uint64) int
	// NextChunk hands the worker its next chunk of whole lines (C memory,
	// readable up to capacity bytes); ok is false when there are no more.
	NextChunk(worker int) (buf unsafe.Pointer, n, capacity, base uint64, ok bool)
}

// DomView mirrors sj_dom_view: where the last parse left its tape and strings.
type DomView struct {
	Tape     unsafe.Pointer // TapeLen uint64 words
	Strings  unsafe.Pointer // per string not left in the input: uint32 length, bytes, NUL
	Offsets  unsafe.Pointer // TapeLen uint32 input offsets, after DomOffsets
	TapeLen  uint64
	Capacity uint64
	Slots    unsafe.Pointer // DomParsePlan's results: per slot, a tape word or 0
}

// Plan kinds (SJ_PLAN_*).
const (
	PlanString = 1
	PlanBool   = 2
	PlanObject = 3
)

// PlanMaxSlots is the most slots a plan may have.
const PlanMaxSlots = 256

// PlanField mirrors sj_plan_field.
type PlanField struct {
	Word   uint64 // the name's first eight bytes, native order, zero past its end
	Len    uint32
	Name   uint32 // offset in the names of the name, then of its upper-cased form
	Kind   uint32
	Target uint32 // slot or node
}

// PlanNode mirrors sj_plan_node: an object's fields.
type PlanNode struct {
	First, Count uint32
	Lens         uint64 // bit min(len, 63) set for the length of each name
}

// Plan mirrors sj_plan; it and what it points to live in C memory.
type Plan struct {
	Nodes  unsafe.Pointer
	Fields unsafe.Pointer
	Names  unsafe.Pointer
	NSlots uint32
	_      uint32
}

// ProjectionCase is a case of a projection (see sj_projection_new): the
// fields searched for only in the documents whose field Guard is a string
// equal to one of Values.
type ProjectionCase struct {
	Guard  int
	Values []string
	Fields []int
}

// Padding is the number of readable bytes simdjson needs after the input
// (simdjson::SIMDJSON_PADDING), shared by every package that parses.
const Padding = 64

// Some of simdjson's error codes (their values in 4.6.7, which members.h
// checks; the root package exports them all as ErrorCode values): the ones
// Go code outside the root package tests for.
const (
	CodeTape                    = 3
	CodeTAtom                   = 6
	CodeFAtom                   = 7
	CodeNAtom                   = 8
	CodeEmpty                   = 13
	CodeUnescapedChars          = 14
	CodeUnclosedString          = 15
	CodeIncompleteArrayOrObject = 28
	CodeTrailingContent         = 31
)

// MaxEmptyReads is how many reads in a row may return neither bytes nor an
// error before a reader of this module stops with io.ErrNoProgress
// (bufio's figure).
const MaxEmptyReads = 100
