package simdjson

import (
	"bytes"
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

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
