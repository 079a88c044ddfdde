//go:build !cgo

// Without cgo (CGO_ENABLED=0) the package keeps its API so that the module
// still compiles: Available is false, and every function fails (noCGO, nil,
// zero). The root package checks Available first: Unmarshal, Valid and the
// Decoder fall back to encoding/json, and the On-Demand, stream and parallel
// APIs return ErrNoCGO. nocgo_test.go checks that this file declares what
// the cgo files export.
package shim

import "unsafe"

// Available reports whether the native code is compiled in.
const Available = false

// noCGO is the root package's ErrNoCGO code, returned by every call.
const noCGO = 1004

// Codes the shim returns beyond simdjson's error codes (see simdjson_go.h).
const (
	Done      = 1000
	BadHandle = 1001
	FlagStr   = 1
	FlagDead  = 2
)

// Kinds of projected values (see simdjson_go.h).
const (
	FMissing = 0
	FNull    = 1
	FBool    = 2
	FInt64   = 3
	FUint64  = 4
	FDouble  = 5
	FString  = 6
	FBigInt  = 7
	FObject  = 8
	FArray   = 9
	FError   = 10
)

func Malloc(n uint64) unsafe.Pointer {
	return nil
}

func Free(ptr unsafe.Pointer) {
}

func NewParser(maxCapacity uint64, maxDepth uint32) unsafe.Pointer {
	return nil
}

func FreeParser(x unsafe.Pointer) {
}

func ResultOf(x unsafe.Pointer) *Result {
	return nil
}

func Capacity(x unsafe.Pointer) uint64 {
	return 0
}

func StackLevels(x unsafe.Pointer) uint64 { return 0 }

// Parser statistics for tests (see parser.go).
const (
	StatStage1Bytes    = 0
	StatStringExtra    = 1
	StatRowBytes       = 2
	StatRetiredBytes   = 3
	StatStringBuf      = 4
	StatStringBufBytes = 5
)

func ParserStat(x unsafe.Pointer, which int) uint64 {
	return 0
}

func Parse(x unsafe.Pointer, buf unsafe.Pointer, n, capacity uint64, walk bool) int {
	return noCGO
}

func Batch(x unsafe.Pointer, buf unsafe.Pointer, n, capacity uint64, mode int, final bool, proj unsafe.Pointer) int {
	return noCGO
}

func NewProjection(pointers []string, cases []ProjectionCase) (unsafe.Pointer, int) {
	return nil, noCGO
}

func FreeProjection(pr unsafe.Pointer) {
}

func RunMap(c *MapConfig) (rc int) {
	return noCGO
}

func ChunkScanBytes() uint64 { return 0 }

func Abandon() {}

func Release(x unsafe.Pointer) {
}

func Find(x unsafe.Pointer, tok uint32, depth int32, key string, mode int, hint uint32) int {
	return noCGO
}

func Path(x unsafe.Pointer, tok uint32, depth int32, packed []byte) int {
	return noCGO
}

// Wildcard is the length that marks a wildcard step (see the cgo build).
const Wildcard = 0xFFFFFFFF

func PathAll(x unsafe.Pointer, tok uint32, depth int32, packed []byte) (matches []uint64, rc int) {
	return nil, noCGO
}

func Pointer(x unsafe.Pointer, tok uint32, depth int32, ptr string) int {
	return noCGO
}

func Index(x unsafe.Pointer, tok uint32, depth int32, i uint64) int {
	return noCGO
}

func String(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Int64(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Uint64(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Double(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Bool(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Null(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Number(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Raw(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func Count(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

func ObjNext(x unsafe.Pointer, tok uint32, depth int32, prev uint32) int {
	return noCGO
}

func ArrNext(x unsafe.Pointer, tok uint32, depth int32, prev uint32) int {
	return noCGO
}

func Reset(x unsafe.Pointer, tok uint32, depth int32) int {
	return noCGO
}

// Walk is not available without cgo.
func Walk(x unsafe.Pointer) int { return noCGO }

func ErrorMessage(code int) string {
	return ""
}

func ActiveImplementation() string {
	return ""
}

func BuiltinImplementation() string {
	return ""
}

func Implementations() []Implementation {
	return nil
}

func SetImplementation(name string) int {
	return noCGO
}

func DomNew() unsafe.Pointer {
	return nil
}

func DomFree(x unsafe.Pointer) {
}

func DomViewOf(x unsafe.Pointer) *DomView {
	return nil
}

func DomParse(x unsafe.Pointer, buf unsafe.Pointer, n uint64, lazyNumbers bool) int {
	return noCGO
}

func DomParseUnique(x unsafe.Pointer, buf unsafe.Pointer, n uint64, lazyNumbers bool) int {
	return noCGO
}

// NamesDup is SJ_NAMES_DUP.
const NamesDup = -2

func DomParsePlan(x unsafe.Pointer, buf unsafe.Pointer, n uint64, plan unsafe.Pointer, v2 bool) int {
	return noCGO
}

// PlanOff is SJ_PLAN_OFF.
const PlanOff = -1

func DomOffsets(x unsafe.Pointer, buf unsafe.Pointer, n uint64) int {
	return noCGO
}

func DomNegZero(x unsafe.Pointer, buf unsafe.Pointer, n uint64) bool {
	return false
}

func Minify(buf unsafe.Pointer, n uint64, dst unsafe.Pointer) uint64 { return 0 }
