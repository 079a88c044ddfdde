package simdjson

import (
	"bytes"
	"encoding/binary"
	"iter"
	"strings"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Lookups: Field, FindField, Get, Index, AtPointer, AtPath and AtPathAll on
// a handle.
// A lookup runs first in Go over simdjson's structural index (the fast path
// below: no cgo call) and falls back to the shim (handle.h in
// internal/shim) for anything unusual; a miss returns a cached
// *NoSuchFieldError (the miss cache at the end), so a lookup that misses
// in every document allocates once. Reading the values found is handle.go's.

// Field returns the value of key in this object, wherever the key is
// (simdjson's operator[] / find_field_unordered): a *NoSuchFieldError
// naming the key when absent (errors.Is(err, ErrNoSuchField)),
// ErrIncorrectType when the value is not an object. The search
// starts where the previous lookup in this object stopped and wraps around,
// so keys read in document order cost a single pass. Keys are compared with
// the raw JSON text, as simdjson does: a key written with escape sequences
// matches only its escaped form. Short strings found this way are read at
// once, so StringBytes on the result needs no further cgo call.
func (v Value) Field(key string) (Value, error) {
	p, err := v.enter()
	if err != nil {
		return Value{}, err
	}
	r, err := v.fieldHeld(key)
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// fieldHeld is Field for a handle whose parser the caller holds.
func (v Value) fieldHeld(key string) (Value, error) {
	p := v.p
	t, err := p.field(v.tok, v.depth(), key)
	if err != nil {
		if err == ErrNoSuchField {
			err = p.missKeys(key)
		}
		return Value{}, err
	}
	return p.valueAt(t, v.depth()+1), nil
}

// field is an unordered lookup returning the value's token: in Go when it
// can, else by the shim, resuming where the last lookup in the object
// stopped either way.
func (p *Parser) field(tok uint32, depth int32, key string) (uint32, error) {
	switch t, st := p.fastField(tok, depth, key); st {
	case fastFound:
		return t, nil
	case fastMissing:
		return 0, ErrNoSuchField
	}
	rs := &p.resume[tok%resumeSlots]
	hint := uint32(0)
	if rs.obj == tok && rs.gen == p.gen {
		hint = rs.val
	}
	if rc := shim.Find(p.nat.c, tok, depth, key, 0, hint); rc != 0 {
		return 0, p.fail(rc)
	}
	r := p.res
	if r.Flags&shim.FlagStr != 0 {
		p.strTok, p.strGen, p.strPtr, p.strLen = r.Tok, p.gen, r.Str, r.Slen
	}
	*rs = resume{obj: tok, gen: p.gen, val: r.Tok}
	return r.Tok, nil
}

// FindField looks key up in document order only (simdjson's find_field):
// the search runs forward from where the previous FindField in this object
// stopped and does not wrap around, so a key before that point is reported
// as ErrNoSuchField. It is the fastest lookup when keys are read in the
// order they appear. Object.Reset starts over.
func (v Value) FindField(key string) (Value, error) {
	p, err := v.enter()
	if err != nil {
		return Value{}, err
	}
	r, err := v.findFieldHeld(key)
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// findFieldHeld is FindField for a handle whose parser the caller holds.
func (v Value) findFieldHeld(key string) (Value, error) {
	p := v.p
	if rc := shim.Find(p.nat.c, v.tok, v.depth(), key, 1, 0); rc != 0 {
		err := p.fail(rc)
		if err == ErrNoSuchField {
			err = p.missKeys(key)
		}
		return Value{}, err
	}
	return p.found(), nil
}

// Get follows a path of object keys, each looked up as Field does:
// doc.Get("actor", "login"). A missing key is a *NoSuchFieldError naming
// it and the path up to it (errors.Is(err, ErrNoSuchField)).
func (v Value) Get(keys ...string) (Value, error) {
	if len(keys) == 1 {
		return v.Field(keys[0])
	}
	p, err := v.enter()
	if err != nil {
		return Value{}, err
	}
	r, err := v.getHeld(keys...)
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// getHeld is Get for a handle whose parser the caller holds.
func (v Value) getHeld(keys ...string) (Value, error) {
	p := v.p
	tok, depth := v.tok, v.depth()
	for i, k := range keys {
		t, err := p.field(tok, depth, k)
		if err != nil {
			if err == ErrNoSuchField {
				err = p.missKeys(keys[:i+1]...)
			}
			return Value{}, err
		}
		tok, depth = t, depth+1
	}
	return p.valueAt(tok, depth), nil
}

// Index returns element i of this array: ErrIndexOutOfBounds past the end,
// ErrIncorrectType when the value is not an array. Walking indexes upward
// (0, 1, 2, ...) costs one step each; going back restarts from the start.
func (v Value) Index(i int) (Value, error) {
	p, err := v.enter()
	if err != nil {
		return Value{}, err
	}
	r, err := v.indexHeld(i)
	p.exit() // not deferred: a deferred call costs about 3 ns here
	return r, err
}

// indexHeld is Index for a handle whose parser the caller holds.
func (v Value) indexHeld(i int) (Value, error) {
	p := v.p
	if i < 0 {
		return Value{}, ErrIndexOutOfBounds
	}
	if rc := shim.Index(p.nat.c, v.tok, v.depth(), uint64(i)); rc != 0 {
		return Value{}, p.fail(rc)
	}
	return p.found(), nil
}

// AtPointer returns the value at an RFC 6901 JSON pointer relative to this
// value ("" is the value itself; "/a/0/b~1c" reads key "a", element 0, key
// "b/c"), in one cgo call. A miss is a *NoSuchFieldError naming the
// pointer (errors.Is(err, ErrNoSuchField)).
func (v Value) AtPointer(pointer string) (Value, error) {
	p, err := v.enter()
	if err != nil {
		return Value{}, err
	}
	defer p.exit()
	r, err := v.atPointer(pointer)
	if err == ErrNoSuchField {
		err = p.missText(missPointer, pointer)
	}
	return r, err
}

// atPointer is AtPointer for a handle whose parser the caller holds.
func (v Value) atPointer(pointer string) (Value, error) {
	p := v.p
	if rc := shim.Pointer(p.nat.c, v.tok, v.depth(), pointer); rc != 0 {
		return Value{}, p.fail(rc)
	}
	return p.found(), nil
}

// AtPath returns the value at a JSONPath in simdjson's subset: an optional
// "$", then ".key", "['key']" or "[index]" steps ("$.repo.name",
// "$.items[0].id"). No wildcards (AtPathAll takes them), slices or filters:
// a path outside the subset is ErrInvalidJSONPath; a miss is a
// *NoSuchFieldError naming the path (errors.Is(err, ErrNoSuchField)).
func (v Value) AtPath(path string) (Value, error) {
	p, err := v.enter()
	if err != nil {
		return Value{}, err
	}
	defer p.exit()
	buf, ok := pathToPointer(p.scratch[:0], path)
	if !ok {
		return Value{}, &Error{Code: ErrInvalidJSONPath, Offset: -1}
	}
	p.scratch = buf
	r, err := v.atPointer(unsafe.String(unsafe.SliceData(buf), len(buf)))
	if err == ErrNoSuchField {
		err = p.missText(missPath, path)
	}
	return r, err
}

// AtPathAll returns the values at a JSONPath that may hold wildcards, the
// JSONPath simdjson 4.x queries with wildcards: AtPath's subset plus ".*"
// and "[*]", each of which selects every field's value of an object and
// every element of an array ("$.items[*].id", "$.users.*.name",
// "$[*].tags[0]"; "['*']" is the key "*"). The values come in document
// order, all found in one cgo call; the iterator then yields their handles.
//
// It selects as JSONPath does (RFC 9535), and as simdjson's DOM
// at_path_with_wildcard: where a value lacks a step's key or index, or is
// a scalar, that step selects nothing, so an element without an optional
// field is passed over, and a path without wildcards yields the value
// AtPath returns, or nothing. (simdjson's On-Demand
// for_each_at_path_with_wildcard stops at the first such miss with
// NO_SUCH_FIELD instead, and takes no "[index]" step.) A path outside the
// subset (ErrInvalidJSONPath), malformed JSON met on the way and an
// unusable handle are errors: the last Value yielded is then one whose Err
// (and every getter) returns the error, after the values found before it.
func (v Value) AtPathAll(path string) iter.Seq[Value] {
	return func(yield func(Value) bool) {
		p, err := v.enter()
		if err != nil {
			yield(errValue(err))
			return
		}
		buf, ok := pathSteps(p.scratch[:0], path)
		if !ok {
			p.exit()
			yield(errValue(&Error{Code: ErrInvalidJSONPath, Offset: -1}))
			return
		}
		p.scratch = buf
		matches, rc := shim.PathAll(p.nat.c, v.tok, v.depth(), buf)
		if rc != 0 {
			err = p.fail(rc)
		}
		// The matches live in the parser's C memory until its next
		// PathAll, which the loop's body may call: copy them (on the stack
		// when few).
		var small [16]Value
		vals := small[:0]
		for _, m := range matches {
			tok := uint32(m)
			vals = append(vals, p.value(tok, p.tokOff(tok), int32(m>>32)))
		}
		p.exit()
		for _, x := range vals {
			if !yield(x) {
				return
			}
		}
		if err != nil {
			yield(errValue(err))
		}
	}
}

func appendPointerKey(dst []byte, key string) []byte {
	for i := 0; i < len(key); i++ {
		switch key[i] {
		case '~':
			dst = append(dst, '~', '0')
		case '/':
			dst = append(dst, '~', '1')
		default:
			dst = append(dst, key[i])
		}
	}
	return dst
}

// pathToPointer converts a JSONPath of AtPath's subset (no wildcards) to a
// JSON pointer.
func pathToPointer(dst []byte, path string) ([]byte, bool) {
	ok := walkPath(path, func(key string, wild bool) bool {
		if wild {
			return false
		}
		dst = append(dst, '/')
		dst = appendPointerKey(dst, key)
		return true
	})
	return dst, ok
}

// pathSteps packs the steps of a JSONPath of AtPathAll's subset as the
// shim's PathAll takes them: a uint32 length (little-endian) and the bytes
// of each key or index, shim.Wildcard alone for a wildcard.
func pathSteps(dst []byte, path string) ([]byte, bool) {
	ok := walkPath(path, func(key string, wild bool) bool {
		if wild {
			dst = binary.LittleEndian.AppendUint32(dst, shim.Wildcard)
			return true
		}
		if uint64(len(key)) >= shim.Wildcard {
			return false
		}
		dst = binary.LittleEndian.AppendUint32(dst, uint32(len(key)))
		dst = append(dst, key...)
		return true
	})
	return dst, ok
}

// walkPath calls step for each step of a JSONPath in simdjson's subset: an
// optional "$", then ".key", "['key']" or "[\"key\"]" (a key, as written),
// "[index]" (its digits, passed as a key: a JSON pointer's step) and the
// wildcards ".*" and "[*]" (wild). It reports whether the path is in the
// subset and every call of step returned true.
func walkPath(path string, step func(key string, wild bool) bool) bool {
	i := 0
	if strings.HasPrefix(path, "$") {
		i = 1
	}
	for i < len(path) {
		switch path[i] {
		case '.':
			i++
			j := i
			for j < len(path) && path[j] != '.' && path[j] != '[' {
				j++
			}
			if j == i {
				return false
			}
			if !step(path[i:j], path[i:j] == "*") {
				return false
			}
			i = j
		case '[':
			i++
			switch {
			case i < len(path) && (path[i] == '\'' || path[i] == '"'):
				q := path[i]
				i++
				j := strings.IndexByte(path[i:], q)
				if j < 0 || i+j+1 >= len(path) || path[i+j+1] != ']' {
					return false
				}
				if !step(path[i:i+j], false) {
					return false
				}
				i += j + 2
			case strings.HasPrefix(path[i:], "*]"):
				if !step("*", true) {
					return false
				}
				i += 2
			default:
				j := strings.IndexByte(path[i:], ']')
				if j <= 0 || j > 1 && path[i] == '0' { // an index has no leading zero
					return false
				}
				for _, c := range []byte(path[i : i+j]) {
					if c < '0' || c > '9' {
						return false
					}
				}
				if !step(path[i:i+j], false) {
					return false
				}
				i += j + 1
			}
		default:
			return false
		}
	}
	return true
}

// The Go fast path of unordered key lookups.
//
// Stage 1 leaves the byte offset of every structural token in an array in C
// memory (simdjson's structural index). A lookup in an object only needs to
// step over tokens: compare each key's raw bytes, skip each value by
// counting brackets. Go does that itself for the common case, with no cgo
// call: the key is compared as written, as simdjson's operator[] does, and a
// string value without escapes is returned as a view of the input, which
// stage 1 has already validated (UTF-8, no raw control characters). Anything
// unusual (a malformed object, an escaped string, a dead document, the
// depth limit) falls back to the shim, which gives simdjson's exact answer
// and error.

// fastMaxScan bounds the keys one fast lookup steps over before it leaves
// the rest to the shim.
const fastMaxScan = 1024

// tokOff returns the byte offset of token t (t < p.ntok).
func (p *Parser) tokOff(t uint32) uint32 {
	return *(*uint32)(unsafe.Add(p.idx, uintptr(t)*4))
}

// tokChar returns the first byte of token t.
func (p *Parser) tokChar(t uint32) byte {
	return *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(p.input)), uintptr(p.tokOff(t))))
}

// nextOff returns the offset where the token after t starts (the input's end
// after the last token).
func (p *Parser) nextOff(t uint32) uint32 {
	if t+1 < p.ntok {
		return p.tokOff(t + 1)
	}
	return uint32(len(p.input))
}

// after returns the token that follows the value at token v: for a
// container, the one after its closing bracket, read from the jump table.
// The walk that splits a batch fills the table for every container; for a
// document from Parse nothing is walked in advance (reading the first
// fields must not cost a pass over the whole document): the first lookup
// that has to step over a container walks the whole document in C (walkDoc),
// at about the cost of simdjson skipping it once, and every later lookup
// stays in Go. When a document needed that, Parse walks the next one in its
// own cgo call, saving the second crossing. A document the walk rejects
// sends its lookups to the shim, which gives simdjson's exact answer or
// error.
func (p *Parser) after(v uint32) (uint32, bool) {
	c := p.tokChar(v)
	if c != '{' && c != '[' {
		return v + 1, true
	}
	p.jumpSet, p.jumpGen = true, p.gen
	j := *(*uint64)(unsafe.Add(p.jump, uintptr(v)*8))
	if uint32(j>>32) != p.epoch {
		if !p.walkDoc() {
			return 0, false
		}
		if j = *(*uint64)(unsafe.Add(p.jump, uintptr(v)*8)); uint32(j>>32) != p.epoch {
			return 0, false
		}
	}
	return uint32(j) + 1, true
}

// walkDoc fills the jump table of the current document, once per document
// (one cgo call); it reports whether the walk succeeded.
func (p *Parser) walkDoc() bool {
	if p.walkSet && p.walkGen == p.gen {
		return false
	}
	p.walkSet, p.walkGen = true, p.gen
	return shim.Walk(p.nat.c) == 0
}

// Fast lookup outcomes.
const (
	fastFound = iota
	fastMissing
	fastFallback
)

// resume remembers, per object, the value of the last key found in it: the
// next lookup starts after it, so keys read in document order cost one pass.
type resume struct {
	obj, val uint32
	gen      uint64
}

const resumeSlots = 32

// fastField looks key up in the object at (tok, depth) without a cgo call.
func (p *Parser) fastField(tok uint32, depth int32, key string) (uint32, int) {
	if p.idx == nil || p.jump == nil || (p.deadSet && p.deadGen == p.gen) || tok >= p.ntok {
		return 0, fastFallback
	}
	maxDepth := int32(p.maxDepth)
	if maxDepth == 0 {
		maxDepth = DefaultMaxDepth
	}
	if depth >= maxDepth {
		return 0, fastFallback
	}
	for i := 0; i < len(key); i++ {
		if c := key[i]; c == '\\' || c == '"' {
			return 0, fastFallback // compared raw, a key with these could match a prefix
		}
	}
	n := p.ntok
	if p.tokChar(tok) != '{' || tok+1 >= n {
		return 0, fastFallback
	}
	first := tok + 1
	if p.tokChar(first) == '}' {
		return 0, fastMissing
	}
	rs := &p.resume[tok%resumeSlots]
	start := first
	if rs.obj == tok && rs.gen == p.gen {
		// Resume after the last key found, when the end of its value is
		// known; otherwise start over (any start is right for an unordered
		// lookup).
		if e, ok := p.after(rs.val); ok && e < n {
			switch p.tokChar(e) {
			case ',':
				start = e + 1
			case '}':
			default:
				return 0, fastFallback
			}
		}
	}
	in := p.input
	t := start
	wrapped := false
	for steps := 0; ; steps++ {
		// t is at a key: '"', then ':', then the value.
		if t+2 >= n || p.tokChar(t) != '"' || p.tokChar(t+1) != ':' {
			return 0, fastFallback
		}
		// The key matches when its raw bytes are key followed by the
		// closing quote (simdjson's raw comparison), before the ':'.
		ks := int(p.tokOff(t)) + 1
		ke := ks + len(key)
		v := t + 2
		if ke < int(p.tokOff(t+1)) && in[ke] == '"' && string(in[ks:ke]) == key {
			*rs = resume{obj: tok, gen: p.gen, val: v}
			return v, fastFound
		}
		e, ok := p.after(v)
		if !ok || e >= n {
			return 0, fastFallback
		}
		next := e + 1
		switch p.tokChar(e) {
		case ',':
		case '}':
			next = first
		default:
			return 0, fastFallback
		}
		if next == first {
			if wrapped || start == first {
				return 0, fastMissing
			}
			wrapped = true
		}
		if wrapped && next >= start {
			return 0, fastMissing
		}
		if steps > fastMaxScan {
			return 0, fastFallback
		}
		t = next
	}
}

// valueAt returns the handle of the value at token v, reading a string along
// when it has no escapes (as the shim's lookups do), unless the shim already
// did.
func (p *Parser) valueAt(v uint32, depth int32) Value {
	off := p.tokOff(v)
	if p.input[off] == '"' && (p.strTok != v || p.strGen != p.gen) {
		end := p.nextOff(v)
		in := p.input
		for end > off+1 && in[end-1] != '"' {
			end--
		}
		if end > off+1 {
			s := in[off+1 : end-1]
			if bytes.IndexByte(s, '\\') < 0 {
				p.strTok, p.strGen, p.strLen = v, p.gen, uint64(len(s))
				p.strPtr = unsafe.Pointer(unsafe.SliceData(in[off+1:]))
			}
		}
	}
	return p.value(v, off, depth)
}

// fastNull answers IsNull without a cgo call for a value inside a container
// (a document's root scalar goes to the shim, which checks what follows it):
// false for anything but 'n', true for a well-formed null.
func (p *Parser) fastNull(v Value) (null, ok bool) {
	if p.idx == nil || v.depth() < 2 || v.tok >= p.ntok {
		return false, false
	}
	in := p.input
	off := int(v.off())
	if in[off] != 'n' {
		return false, true
	}
	if off+4 < len(in) && string(in[off:off+4]) == "null" && delimiter(in[off+4]) {
		return true, true
	}
	return false, false
}

const (
	missKindKey     = "key"
	missKindPointer = "JSON pointer"
	missKindPath    = "JSONPath"
)

// The kinds of missEntry.
const (
	missKey uint8 = 1 + iota
	missPointer
	missPath
)

// missSlots is the number of recent misses a parser remembers: pairs of
// slots chosen by a cheap hash of the lookup (a 2-way cache, so that two
// lookups missed in turn do not evict each other).
const missSlots = 16

type missEntry struct {
	kind uint8    // 1 + the index of the kind in missKinds
	keys []string // kind key: the keys up to and including the missing one
	text string   // kind pointer or path: the pointer or path
	err  *NoSuchFieldError
}

// missSlot returns the first slot of the pair for a lookup of n keys, or
// of text when n is 0, whose last key (or text) is s.
func missSlot(n int, s string) uint32 {
	h := uint32(n)*0x9e3779b1 ^ uint32(len(s))*0x85ebca6b
	if len(s) > 0 {
		h ^= uint32(s[0])<<5 ^ uint32(s[len(s)-1])<<11 ^ uint32(s[len(s)/2])<<17
	}
	return (h ^ h>>15) % missSlots &^ 1
}

// missStore puts a new miss in one slot of the pair at i, the two slots
// taken in turn.
func (p *Parser) missStore(i uint32, e missEntry) {
	p.miss[i+uint32(p.missNext&1)] = e
	p.missNext++
}

// missKeys returns the *NoSuchFieldError of Field, FindField or Get whose
// keys are keys, up to and including the missing one: the cached one when
// the same keys missed recently (no allocation), else a new one, with
// copies of the keys (a key may live in memory the caller reuses).
func (p *Parser) missKeys(keys ...string) error {
	last := keys[len(keys)-1]
	i := missSlot(len(keys), last)
	for j := i; j < i+2; j++ {
		if e := &p.miss[j]; e.kind == missKey && equalKeys(e.keys, keys) {
			return e.err
		}
	}
	ks := make([]string, len(keys))
	var ptr []byte
	for j, k := range keys {
		ks[j] = strings.Clone(k)
		ptr = append(ptr, '/')
		ptr = appendPointerKey(ptr, k)
	}
	fe := &NoSuchFieldError{Key: ks[len(ks)-1], Path: string(ptr), Kind: missKindKey}
	p.missStore(i, missEntry{kind: missKey, keys: ks, err: fe})
	return fe
}

// missText is missKeys for AtPointer (kind pointer) and AtPath (kind
// path): text is the pointer or path as asked.
func (p *Parser) missText(kind uint8, text string) error {
	i := missSlot(0, text)
	for j := i; j < i+2; j++ {
		if e := &p.miss[j]; e.kind == kind && e.text == text {
			return e.err
		}
	}
	t := strings.Clone(text)
	fe := &NoSuchFieldError{Path: t, Kind: missKindPointer}
	if kind == missPath {
		fe.Kind = missKindPath
	}
	p.missStore(i, missEntry{kind: kind, text: t, err: fe})
	return fe
}

func equalKeys(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 1 {
		return a[0] == b[0]
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// escapePointerKey escapes a key as a JSON pointer segment (~0, ~1).
func escapePointerKey(k string) string {
	if !strings.ContainsAny(k, "~/") {
		return k
	}
	return string(appendPointerKey(nil, k))
}
