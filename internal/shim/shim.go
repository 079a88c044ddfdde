//go:build cgo

// Package shim is the only cgo package of the module: it compiles the vendored
// simdjson and the extern "C" shim (shim.cpp, include/simdjson_go.h), and
// wraps each C function in a small Go function that takes plain values and
// unsafe.Pointer. The root package stays pure Go, so editing it does not
// recompile the C++.
//
// Every wrapper is one cgo crossing. Hot calls are marked noescape (their
// pointer arguments are not retained: only the input buffer of Parse is, and
// the caller pins it) and nocallback (the shim never calls Go).
package shim

/*
#include <stdlib.h>
#include "simdjson_go.h"

#if SJ_SHIM_ABI != 13
#error "include/simdjson_go.h changed: bump SJ_SHIM_ABI in internal/shim/shim.go too"
#endif

#cgo noescape sj_parse
#cgo nocallback sj_parse
#cgo noescape sj_find
#cgo nocallback sj_find
#cgo noescape sj_path
#cgo nocallback sj_path
#cgo noescape sj_pointer
#cgo nocallback sj_pointer
#cgo nocallback sj_index
#cgo nocallback sj_string
#cgo nocallback sj_int64
#cgo nocallback sj_uint64
#cgo nocallback sj_double
#cgo nocallback sj_bool
#cgo nocallback sj_null
#cgo nocallback sj_number
#cgo nocallback sj_raw
#cgo nocallback sj_count
#cgo nocallback sj_obj_next
#cgo nocallback sj_arr_next
#cgo nocallback sj_reset
#cgo nocallback sj_walk
#cgo nocallback sj_release
#cgo noescape sj_batch
#cgo nocallback sj_batch
#cgo noescape sj_projection_new
#cgo nocallback sj_projection_new
#cgo nocallback sj_projection_free
#cgo noescape sj_set_implementation
#cgo nocallback sj_set_implementation
#cgo nocallback sj_map_abandon
*/
import "C"

import (
	"runtime/cgo"
	"sync"
	"unsafe"
)

// Malloc allocates n bytes of C memory (nil when out of memory): Go may keep
// views of it across calls without pinning.
func Malloc(n uint64) unsafe.Pointer { return C.malloc(C.size_t(n)) }

// Free releases memory from Malloc.
func Free(ptr unsafe.Pointer) { C.free(ptr) }

// Available reports whether the native code is compiled in.
const Available = true

// Codes the shim returns beyond simdjson's error codes.
const (
	Done      = C.SJ_DONE
	BadHandle = C.SJ_BAD_HANDLE
	FlagStr   = C.SJ_FLAG_STR
	FlagDead  = C.SJ_FLAG_DEAD
)

// Kinds of projected values.
const (
	FMissing = C.SJ_F_MISSING
	FNull    = C.SJ_F_NULL
	FBool    = C.SJ_F_BOOL
	FInt64   = C.SJ_F_INT64
	FUint64  = C.SJ_F_UINT64
	FDouble  = C.SJ_F_DOUBLE
	FString  = C.SJ_F_STRING
	FBigInt  = C.SJ_F_BIGINT
	FObject  = C.SJ_F_OBJECT
	FArray   = C.SJ_F_ARRAY
	FError   = C.SJ_F_ERROR
)

// Compile-time layout checks against the C struct.
var (
	_ [unsafe.Sizeof(Result{}) - unsafe.Sizeof(C.sj_result{})]byte
	_ [unsafe.Sizeof(C.sj_result{}) - unsafe.Sizeof(Result{})]byte
	_ [unsafe.Offsetof(Result{}.Tok) - unsafe.Offsetof(C.sj_result{}.tok)]byte
	_ [unsafe.Offsetof(C.sj_result{}.tok) - unsafe.Offsetof(Result{}.Tok)]byte
	_ [unsafe.Offsetof(Result{}.Kind) - unsafe.Offsetof(C.sj_result{}.kind)]byte
	_ [unsafe.Offsetof(C.sj_result{}.kind) - unsafe.Offsetof(Result{}.Kind)]byte
	_ [unsafe.Offsetof(Result{}.Consumed) - unsafe.Offsetof(C.sj_result{}.consumed)]byte
	_ [unsafe.Offsetof(C.sj_result{}.consumed) - unsafe.Offsetof(Result{}.Consumed)]byte
	_ [unsafe.Sizeof(Doc{}) - unsafe.Sizeof(C.sj_doc{})]byte
	_ [unsafe.Sizeof(C.sj_doc{}) - unsafe.Sizeof(Doc{})]byte
	_ [unsafe.Offsetof(Doc{}.ErrOff) - unsafe.Offsetof(C.sj_doc{}.err_off)]byte
	_ [unsafe.Offsetof(C.sj_doc{}.err_off) - unsafe.Offsetof(Doc{}.ErrOff)]byte
	_ [unsafe.Sizeof(Field{}) - unsafe.Sizeof(C.sj_field{})]byte
	_ [unsafe.Sizeof(C.sj_field{}) - unsafe.Sizeof(Field{})]byte
	_ [unsafe.Offsetof(Field{}.Kind) - unsafe.Offsetof(C.sj_field{}.kind)]byte
	_ [unsafe.Offsetof(C.sj_field{}.kind) - unsafe.Offsetof(Field{}.Kind)]byte
)

func p(x unsafe.Pointer) *C.sj_parser { return (*C.sj_parser)(x) }

// NewParser allocates a native parser; nil when out of memory.
func NewParser(maxCapacity uint64, maxDepth uint32) unsafe.Pointer {
	return unsafe.Pointer(C.sj_parser_new(C.uint64_t(maxCapacity), C.uint32_t(maxDepth)))
}

// FreeParser releases a native parser.
func FreeParser(x unsafe.Pointer) { C.sj_parser_free(p(x)) }

// ResultOf returns the parser's result area (C memory, stable for its life).
func ResultOf(x unsafe.Pointer) *Result { return (*Result)(unsafe.Pointer(C.sj_parser_result(p(x)))) }

// Capacity returns the parser's allocated capacity in bytes.
func Capacity(x unsafe.Pointer) uint64 { return uint64(C.sj_parser_capacity(p(x))) }

// StackLevels returns how many levels the parser's depth stacks hold.
func StackLevels(x unsafe.Pointer) uint64 { return uint64(C.sj_parser_stack_levels(p(x))) }

// Parser statistics for tests (ParserStat).
const (
	StatStage1Bytes    = C.SJ_STAT_STAGE1_BYTES     // bytes handed to stage 1 since the parser was made
	StatStringExtra    = C.SJ_STAT_STRING_EXTRA     // bytes held for strings beyond the string buffer
	StatRowBytes       = C.SJ_STAT_ROW_BYTES        // capacity of a batch's projected rows, in bytes
	StatRetiredBytes   = C.SJ_STAT_RETIRED_BYTES    // bytes a running map keeps of replaced buffers
	StatStringBuf      = C.SJ_STAT_STRING_BUF       // address of the string buffer
	StatStringBufBytes = C.SJ_STAT_STRING_BUF_BYTES // its size
)

// ParserStat returns one of the parser's statistics (Stat*): a test hook.
func ParserStat(x unsafe.Pointer, which int) uint64 {
	return uint64(C.sj_parser_stat(p(x), C.int(which)))
}

// Parse runs stage 1 over buf[:n]; buf must be readable up to capacity bytes.
func Parse(x unsafe.Pointer, buf unsafe.Pointer, n, capacity uint64, walk bool) int {
	w := C.int(0)
	if walk {
		w = 1
	}
	return int(C.sj_parse(p(x), (*C.uint8_t)(buf), C.uint64_t(n), C.uint64_t(capacity), w))
}

// Batch runs stage 1 over buf[:n] (readable up to capacity bytes) and splits
// it into documents: mode 0 NDJSON, 1 whitespace-separated; proj (may be nil)
// is extracted from each document in the same pass.
func Batch(x unsafe.Pointer, buf unsafe.Pointer, n, capacity uint64, mode int, final bool, proj unsafe.Pointer) int {
	f := C.int(0)
	if final {
		f = 1
	}
	return int(C.sj_batch(p(x), (*C.uint8_t)(buf), C.uint64_t(n), C.uint64_t(capacity), C.int(mode), f, (*C.sj_projection)(proj)))
}

// NewProjection compiles JSON pointers and the cases that restrict some of
// them (consistent: the caller checked them); on failure it returns nil and
// the index of the bad pointer (-1: out of memory).
func NewProjection(pointers []string, cases []ProjectionCase) (unsafe.Pointer, int) {
	var all []byte
	lens := make([]uint64, len(pointers)+1)
	for i, s := range pointers {
		all = append(all, s...)
		lens[i] = uint64(len(s))
	}
	all = append(all, 0)
	groups := make([]uint32, len(pointers)+1)
	guards := make([]int64, len(cases)+1)
	nvalues := make([]uint64, len(cases)+1)
	var values []byte
	var valueLens []uint64
	for c, k := range cases {
		guards[c] = int64(k.Guard)
		nvalues[c] = uint64(len(k.Values))
		for _, v := range k.Values {
			values = append(values, v...)
			valueLens = append(valueLens, uint64(len(v)))
		}
		for _, f := range k.Fields {
			groups[f] = uint32(c + 1)
		}
	}
	values = append(values, 0)
	valueLens = append(valueLens, 0)
	var bad C.int64_t = -1
	pr := C.sj_projection_new((*C.char)(unsafe.Pointer(&all[0])), (*C.uint64_t)(unsafe.Pointer(&lens[0])), C.uint64_t(len(pointers)),
		(*C.uint32_t)(unsafe.Pointer(&groups[0])), (*C.int64_t)(unsafe.Pointer(&guards[0])),
		(*C.char)(unsafe.Pointer(&values[0])), (*C.uint64_t)(unsafe.Pointer(&valueLens[0])),
		(*C.uint64_t)(unsafe.Pointer(&nvalues[0])), C.uint64_t(len(cases)), &bad)
	if pr == nil {
		return nil, int(bad)
	}
	return unsafe.Pointer(pr), -1
}

// FreeProjection releases a projection.
func FreeProjection(pr unsafe.Pointer) { C.sj_projection_free((*C.sj_projection)(pr)) }

// RunMap runs the parallel map with one worker per parser and returns when
// all have finished. Worker 0 runs on the calling goroutine, the others on
// goroutines of their own: every call back into Go then runs on a thread of
// the Go runtime, where a runtime.Goexit (t.Fatal) unwinds its goroutine as
// anywhere else. If worker 0's goroutine exits that way, RunMap's deferred
// part still waits for the other workers (the handler must stop them) and
// frees the map.
func RunMap(c *MapConfig) (rc int) {
	n := len(c.Parsers)
	if n < 1 {
		return 0
	}
	h := cgo.NewHandle(c.Handler)
	defer h.Delete()
	arr := (*[1 << 28]*C.sj_parser)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(uintptr(0)))))[:n:n]
	defer C.free(unsafe.Pointer(&arr[0]))
	for i, x := range c.Parsers {
		arr[i] = p(x)
	}
	cfg := C.sj_map_cfg{
		len:     C.uint64_t(c.Len),
		cap:     C.uint64_t(c.Cap),
		chunk:   C.uint64_t(c.Chunk),
		batch:   C.uint64_t(c.Batch),
		parsers: &arr[0],
		proj:    (*C.sj_projection)(c.Proj),
		ctx:     C.uintptr_t(h),
		threads: C.int32_t(n),
		max_doc: C.uint64_t(c.MaxDoc),
	}
	if c.Reader {
		cfg.reader = 1
	}
	m := C.sj_map_new(&cfg, (*C.uint8_t)(c.Buf))
	if m == nil {
		return 2 // simdjson's MEMALLOC
	}
	var wg sync.WaitGroup
	defer func() {
		wg.Wait()
		rc = int(C.sj_map_free(m))
	}()
	for i := 1; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			C.sj_map_work(m, C.int(i))
		}()
	}
	C.sj_map_work(m, 0)
	return 0
}

// Abandon tells the shim that the map callback running on this thread is
// ending its goroutine (runtime.Goexit): the worker's C frames will not
// return. Call it from a deferred function of the callback.
func Abandon() { C.sj_map_abandon() }

// ChunkScanBytes returns the bytes searched for the map chunks' line
// starts, over all maps (for tests).
func ChunkScanBytes() uint64 { return uint64(C.sj_map_chunk_scan_bytes()) }

// Release forgets the current document.
func Release(x unsafe.Pointer) { C.sj_release(p(x)) }

// Find looks key up in the object at (tok, depth); mode 1 is ordered. An
// unordered search resumes after the value token hint when it is not 0.
func Find(x unsafe.Pointer, tok uint32, depth int32, key string, mode int, hint uint32) int {
	return int(C.sj_find(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.StringData(key))), C.uint64_t(len(key)), C.int(mode), C.uint32_t(hint)))
}

// Path follows packed keys (uint32 length + bytes each) from (tok, depth).
func Path(x unsafe.Pointer, tok uint32, depth int32, packed []byte) int {
	return int(C.sj_path(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.SliceData(packed))), C.uint64_t(len(packed))))
}

// Pointer follows an RFC 6901 JSON pointer from (tok, depth).
func Pointer(x unsafe.Pointer, tok uint32, depth int32, ptr string) int {
	return int(C.sj_pointer(p(x), C.uint32_t(tok), C.int32_t(depth), (*C.char)(unsafe.Pointer(unsafe.StringData(ptr))), C.uint64_t(len(ptr))))
}

// Index returns element i of the array at (tok, depth).
func Index(x unsafe.Pointer, tok uint32, depth int32, i uint64) int {
	return int(C.sj_index(p(x), C.uint32_t(tok), C.int32_t(depth), C.uint64_t(i)))
}

// String reads a string value.
func String(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_string(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Int64 reads a signed integer.
func Int64(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_int64(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Uint64 reads an unsigned integer.
func Uint64(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_uint64(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Double reads a number as float64.
func Double(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_double(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Bool reads true or false.
func Bool(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_bool(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Null checks for null.
func Null(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_null(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Number reads a number of any kind.
func Number(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_number(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Raw finds the end offset of the value's raw text.
func Raw(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_raw(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// Count counts the fields or elements of a container.
func Count(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_count(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// ObjNext moves to the field after the one whose value is at prev (0: first).
func ObjNext(x unsafe.Pointer, tok uint32, depth int32, prev uint32) int {
	return int(C.sj_obj_next(p(x), C.uint32_t(tok), C.int32_t(depth), C.uint32_t(prev)))
}

// ArrNext moves to the element after prev (0: first).
func ArrNext(x unsafe.Pointer, tok uint32, depth int32, prev uint32) int {
	return int(C.sj_arr_next(p(x), C.uint32_t(tok), C.int32_t(depth), C.uint32_t(prev)))
}

// Walk walks the document of the last Parse, filling its jump table.
func Walk(x unsafe.Pointer) int { return int(C.sj_walk(p(x))) }

// Reset forgets the lookup position saved for a container.
func Reset(x unsafe.Pointer, tok uint32, depth int32) int {
	return int(C.sj_reset(p(x), C.uint32_t(tok), C.int32_t(depth)))
}

// ErrorMessage returns simdjson's message for an error code.
func ErrorMessage(code int) string { return C.GoString(C.sj_error_message(C.int(code))) }

// ActiveImplementation names the kernel new parsers use for stage 1.
func ActiveImplementation() string { return C.GoString(C.sj_active_implementation()) }

// BuiltinImplementation names the kernel the On-Demand stage 2 is compiled for.
func BuiltinImplementation() string { return C.GoString(C.sj_builtin_implementation()) }

// Implementations lists the kernels compiled in.
func Implementations() []Implementation {
	n := int(C.sj_implementation_count())
	out := make([]Implementation, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, Implementation{
			Name:        C.GoString(C.sj_implementation_name(C.int(i))),
			Description: C.GoString(C.sj_implementation_description(C.int(i))),
			Supported:   C.sj_implementation_supported(C.int(i)) != 0,
		})
	}
	return out
}

// SetImplementation makes name the stage-1 kernel of parsers created later.
func SetImplementation(name string) int {
	return int(C.sj_set_implementation((*C.char)(unsafe.Pointer(unsafe.StringData(name))), C.uint64_t(len(name))))
}
