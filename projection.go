package simdjson

import (
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Projection is a set of JSON pointers (RFC 6901) that MapFields extracts
// from every document, like the fields of a typed struct: declared once,
// compiled into a trie, and followed by the native threads in the same pass
// that finds where each document ends. Cases (NewProjectionCases) restrict
// some pointers to the documents a field selects, like a tagged union. Keys
// are compared as written in the input, as simdjson's find_field does: a key
// spelled with escape sequences in the input does not match. Of duplicate
// keys the first is taken, as AtPointer takes it. The search checks the
// structure of the containers it goes through (key, ':', value, ',') up to
// the last pointer it needs; a document malformed there is a bad line
// (ErrTape). The rest of the document is checked as every line is: its
// brackets.
//
// A Projection is safe for concurrent use by several maps. Close frees it;
// the garbage collector frees a forgotten one.
type Projection struct {
	pointers []string
	c        unsafe.Pointer
	cleanup  runtime.Cleanup

	mu     sync.Mutex
	active int  // maps using it
	closed bool // Close was called: the last map frees it
}

// NewProjection compiles pointers; field i of each Row is pointers[i]. An
// empty pointer selects the whole document. A pointer segment made of digits
// selects an array element as well as an object key.
func NewProjection(pointers ...string) (*Projection, error) {
	return NewProjectionCases(pointers)
}

// Case declares fields of a projection that are searched for only in some
// documents, as the variants of a tagged union: those in which field Guard
// is a string equal to one of Values (compared after unescaping). In every
// other document the case's fields are not searched and read as
// FieldMissing. A stream of events whose payload depends on a type field
// reads the payload fields of the types it wants, and nothing of the others.
type Case struct {
	Guard  int      // the selecting field: an index into the pointers, in no case
	Values []string // the Guard values that select the case (at least one)
	Fields []int    // the case's fields: indexes into the pointers (at least one)
}

// NewProjectionCases compiles pointers, as NewProjection does, with cases
// restricting some of them to the documents a guard field selects. A field
// belongs to one case at most; a guard belongs to none. The fields in no
// case are extracted first, then each case whose guard selects the
// document, so a guard may follow its case's fields in the document.
func NewProjectionCases(pointers []string, cases ...Case) (*Projection, error) {
	if !shim.Available {
		return nil, ErrNoCGO
	}
	caseErr := func(c int, format string, args ...any) error {
		return fmt.Errorf("simdjson: projection case %d: "+format, append([]any{c}, args...)...)
	}
	in := make([]int, len(pointers)) // case number + 1 of each field
	sc := make([]shim.ProjectionCase, len(cases))
	for c, k := range cases {
		if len(k.Values) == 0 || len(k.Fields) == 0 {
			return nil, caseErr(c, "no values or no fields")
		}
		for _, f := range k.Fields {
			switch {
			case f < 0 || f >= len(pointers):
				return nil, caseErr(c, "field %d out of range", f)
			case in[f] != 0:
				return nil, caseErr(c, "field %d already in case %d", f, in[f]-1)
			}
			in[f] = c + 1
		}
		sc[c] = shim.ProjectionCase{Guard: k.Guard, Values: k.Values, Fields: k.Fields}
	}
	for c, k := range cases { // after every case's fields are known
		switch {
		case k.Guard < 0 || k.Guard >= len(pointers):
			return nil, caseErr(c, "guard %d out of range", k.Guard)
		case in[k.Guard] != 0:
			return nil, caseErr(c, "guard %d is a field of case %d", k.Guard, in[k.Guard]-1)
		}
	}
	c, bad := shim.NewProjection(pointers, sc)
	if c == nil {
		if bad >= 0 {
			return nil, fmt.Errorf("simdjson: projection pointer %d (%q): %w", bad, pointers[bad], ErrInvalidJSONPointer)
		}
		return nil, &Error{Code: ErrMemAlloc, Offset: -1}
	}
	pr := &Projection{pointers: append([]string(nil), pointers...), c: c}
	pr.cleanup = runtime.AddCleanup(pr, func(c unsafe.Pointer) { shim.FreeProjection(c) }, c)
	return pr, nil
}

// Pointers returns the projection's pointers, in field order.
func (pr *Projection) Pointers() []string { return append([]string(nil), pr.pointers...) }

// Close frees the projection; maps running with it finish first (the last
// one frees it). Starting a map with a closed projection is an error.
func (pr *Projection) Close() error {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.closed {
		return nil
	}
	pr.closed = true
	if pr.active == 0 {
		pr.free()
	}
	return nil
}

func (pr *Projection) free() {
	if pr.c != nil {
		pr.cleanup.Stop()
		shim.FreeProjection(pr.c)
		pr.c = nil
	}
}

// acquire marks the projection in use by a map; false when it is closed.
func (pr *Projection) acquire() (unsafe.Pointer, bool) {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.closed || pr.c == nil {
		return nil, false
	}
	pr.active++
	return pr.c, true
}

func (pr *Projection) release() {
	pr.mu.Lock()
	defer pr.mu.Unlock()
	pr.active--
	if pr.active == 0 && pr.closed {
		pr.free()
	}
}

// FieldKind is the kind of a projected value.
type FieldKind uint8

// Kinds of projected values.
const (
	FieldMissing FieldKind = 0 // the pointer leads nowhere in this document
	FieldNull    FieldKind = 1
	FieldBool    FieldKind = 2
	FieldInt64   FieldKind = 3 // an integer that fits int64
	FieldUint64  FieldKind = 4 // an integer above math.MaxInt64 that fits uint64
	FieldFloat64 FieldKind = 5
	FieldString  FieldKind = 6
	FieldBigInt  FieldKind = 7  // an integer beyond 64 bits: Raw holds its text
	FieldObject  FieldKind = 8  // Raw holds its JSON text
	FieldArray   FieldKind = 9  // Raw holds its JSON text
	FieldError   FieldKind = 10 // malformed value: Err says why
)

var fieldKindNames = [...]string{"missing", "null", "bool", "int64", "uint64", "float64", "string", "bigint", "object", "array", "error"}

func (k FieldKind) String() string {
	if int(k) < len(fieldKindNames) {
		return fieldKindNames[k]
	}
	return "FieldKind(" + fmt.Sprint(int(k)) + ")"
}

// Row holds the projected values of one document: field i is the value of
// the projection's pointer i. Its accessors read flat memory the native
// thread filled: no cgo call, no allocation (String excepted). A Row and the
// byte slices it returns are valid only during the call of the map function
// that received it. A Row kept past that call is stale: Kind returns
// FieldError and Err ErrStaleHandle for every field, the other accessors
// report no value, and none reads the memory the Row pointed into.
//
// Unlike a Document's handles, a Row's accessors do not hold the parser
// (that would cost about 3 % of a MapFields map): they check the Row's
// generation before and after they copy what they read, so that a Row used
// from another goroutine while its worker moves on reads as stale, not as
// the next document's bytes. The buffers a later batch replaces are kept
// until the map returns, so such a read never touches freed memory; still,
// do not share a Row between goroutines: all it can give another goroutine
// is a value or a report that it is stale.
type Row struct {
	p   *Parser
	gen uint64 // the parser's generation for this document
	f   []shim.Field
	off int64
}

// live reports whether the Row's document is still the worker's current
// one (the zero Row is not).
func (r Row) live() bool { return r.p != nil && atomic.LoadUint64(&r.p.gen) == r.gen }

// still is the second check, after the reads, of a Row known not to be the
// zero Row: the reads are ordered before it (genStill).
func (r Row) still() bool { return genStill(&r.p.gen, r.gen) }

// The accessors check live, read the words they need of field i, and
// check still: what they return belongs to the Row's document. An index out
// of range panics, as a slice index does (no memory is read for it).

// kind returns the kind of field i, FError for a stale Row.
func (r Row) kind(i int) uint32 {
	if f := &r.f[i]; r.live() {
		if k := f.Kind; r.still() {
			return k
		}
	}
	return shim.FError
}

// Len returns the number of fields.
func (r Row) Len() int { return len(r.f) }

// Offset returns the byte offset of the document in the input.
func (r Row) Offset() int64 { return r.off }

// Kind returns the kind of field i (FieldError for a stale Row).
func (r Row) Kind(i int) FieldKind { return FieldKind(r.kind(i)) }

// Missing reports whether field i is absent from the document.
func (r Row) Missing(i int) bool { return r.kind(i) == shim.FMissing }

// IsNull reports whether field i is null.
func (r Row) IsNull(i int) bool { return r.kind(i) == shim.FNull }

// Bytes returns the unescaped bytes of field i when it is a string (a view
// of memory valid during the call, as the Row).
func (r Row) Bytes(i int) ([]byte, bool) {
	if f := &r.f[i]; r.live() && f.Kind == shim.FString {
		if b, n := f.Str, f.Len; r.still() {
			return unsafe.Slice((*byte)(b), n), true
		}
	}
	return nil, false
}

// String returns a copy of field i when it is a string.
func (r Row) String(i int) (string, bool) {
	b, ok := r.Bytes(i)
	if !ok {
		return "", false
	}
	s := string(b)
	if !r.still() { // the bytes may have changed under the copy
		return "", false
	}
	return s, true
}

// number returns the kind and the integer and float words of field i
// (kind FError for a stale Row).
func (r Row) number(i int) (k uint32, u uint64, x float64) {
	if f := &r.f[i]; r.live() {
		if k, u, x = f.Kind, f.U, f.F; r.still() {
			return k, u, x
		}
	}
	return shim.FError, 0, 0
}

// Int64 returns field i when it is an integer that fits int64.
func (r Row) Int64(i int) (int64, bool) {
	k, u, _ := r.number(i)
	switch k {
	case shim.FInt64:
		return int64(u), true
	case shim.FUint64:
		if u <= math.MaxInt64 {
			return int64(u), true
		}
	}
	return 0, false
}

// Uint64 returns field i when it is an integer that fits uint64.
func (r Row) Uint64(i int) (uint64, bool) {
	k, u, _ := r.number(i)
	switch k {
	case shim.FUint64:
		return u, true
	case shim.FInt64:
		if int64(u) >= 0 {
			return u, true
		}
	}
	return 0, false
}

// Float64 returns field i when it is a number (integers converted).
func (r Row) Float64(i int) (float64, bool) {
	k, u, x := r.number(i)
	switch k {
	case shim.FDouble:
		return x, true
	case shim.FInt64:
		return float64(int64(u)), true
	case shim.FUint64:
		return float64(u), true
	}
	return 0, false
}

// Bool returns field i when it is true or false.
func (r Row) Bool(i int) (value, ok bool) {
	k, u, _ := r.number(i)
	if k != shim.FBool {
		return false, false
	}
	return u != 0, true
}

// Raw returns the JSON text of field i when it is an object, an array or an
// integer beyond 64 bits (a view of memory valid during the call).
func (r Row) Raw(i int) ([]byte, bool) {
	if f := &r.f[i]; r.live() {
		if k, b, n := f.Kind, f.Str, f.Len; r.still() && (k == shim.FObject || k == shim.FArray || k == shim.FBigInt) {
			return unsafe.Slice((*byte)(b), n), true
		}
	}
	return nil, false
}

// Err returns why field i could not be read (FieldError), else nil;
// ErrStaleHandle for a Row kept past its call.
func (r Row) Err(i int) error {
	if f := &r.f[i]; r.live() {
		if k, u := f.Kind, f.U; r.still() {
			if k != shim.FError {
				return nil
			}
			return ErrorCode(u)
		}
	}
	return ErrStaleHandle
}

// FieldKind's constants are written as numbers (so that go doc shows their
// values) and must equal the shim's: a negative array length fails the build.
var (
	_ [FieldMissing - shim.FMissing]struct{}
	_ [shim.FMissing - FieldMissing]struct{}
	_ [FieldNull - shim.FNull]struct{}
	_ [shim.FNull - FieldNull]struct{}
	_ [FieldBool - shim.FBool]struct{}
	_ [shim.FBool - FieldBool]struct{}
	_ [FieldInt64 - shim.FInt64]struct{}
	_ [shim.FInt64 - FieldInt64]struct{}
	_ [FieldUint64 - shim.FUint64]struct{}
	_ [shim.FUint64 - FieldUint64]struct{}
	_ [FieldFloat64 - shim.FDouble]struct{}
	_ [shim.FDouble - FieldFloat64]struct{}
	_ [FieldString - shim.FString]struct{}
	_ [shim.FString - FieldString]struct{}
	_ [FieldBigInt - shim.FBigInt]struct{}
	_ [shim.FBigInt - FieldBigInt]struct{}
	_ [FieldObject - shim.FObject]struct{}
	_ [shim.FObject - FieldObject]struct{}
	_ [FieldArray - shim.FArray]struct{}
	_ [shim.FArray - FieldArray]struct{}
	_ [FieldError - shim.FError]struct{}
	_ [shim.FError - FieldError]struct{}
)
