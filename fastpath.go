package simdjson

import (
	"bytes"
	"unsafe"
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

// fastMaxScan bounds the tokens one fast lookup steps over before it leaves
// the rest to the shim, whose per-object resume state makes reads in
// document order linear.
const fastMaxScan = 4096

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

// Fast lookup outcomes.
const (
	fastFound = iota
	fastMissing
	fastFallback
)

// fastField looks key up in the object at (tok, depth) without a cgo call.
func (p *Parser) fastField(tok uint32, depth int32, key string) (Value, int) {
	if p.idx == nil || (p.deadSet && p.deadGen == p.gen) || tok >= p.ntok {
		return Value{}, fastFallback
	}
	maxDepth := int32(p.maxDepth)
	if maxDepth == 0 {
		maxDepth = DefaultMaxDepth
	}
	if depth > maxDepth {
		return Value{}, fastFallback
	}
	n := p.ntok
	if p.tokChar(tok) != '{' || tok+1 >= n {
		return Value{}, fastFallback
	}
	first := tok + 1
	if p.tokChar(first) == '}' {
		return Value{}, fastMissing
	}
	start := first
	if p.rObj == tok && p.rGen == p.gen && p.rNext > tok && p.rNext < n {
		start = p.rNext
	}
	in := p.input
	t := start
	wrapped := false
	scanned := uint32(0)
	for {
		// t is at a key: '"', then ':', then the value.
		if t+2 >= n || p.tokChar(t) != '"' || p.tokChar(t+1) != ':' {
			return Value{}, fastFallback
		}
		ks := p.tokOff(t) + 1
		ke := p.tokOff(t + 1) // the ':'; the key ends at the quote before it
		for ke > ks && in[ke-1] != '"' {
			ke--
		}
		if ke <= ks {
			return Value{}, fastFallback
		}
		ke-- // the closing quote
		match := int(ke-ks) == len(key) && string(in[ks:ke]) == key
		v := t + 2
		// Step over the value.
		e := v + 1
		if c := p.tokChar(v); c == '{' || c == '[' {
			d := 1
			if p.jump != nil { // a batch: the closing bracket is known
				e = *(*uint32)(unsafe.Add(p.jump, uintptr(v)*4)) + 1
				d = 0
			}
			for d > 0 {
				if e >= n {
					return Value{}, fastFallback
				}
				switch p.tokChar(e) {
				case '{', '[':
					d++
				case '}', ']':
					d--
				}
				e++
			}
			if depth+1 > maxDepth {
				return Value{}, fastFallback
			}
		}
		scanned += e - t
		if e >= n {
			return Value{}, fastFallback
		}
		sep := p.tokChar(e)
		if sep != ',' && sep != '}' {
			return Value{}, fastFallback
		}
		next := e + 1
		if sep == '}' {
			next = first
		}
		if match {
			p.rObj, p.rGen, p.rNext = tok, p.gen, next
			return p.fastValue(v, depth+1), fastFound
		}
		if next == first {
			if wrapped || start == first {
				return Value{}, fastMissing
			}
			wrapped = true
		}
		if wrapped && next >= start {
			return Value{}, fastMissing
		}
		if scanned > fastMaxScan {
			return Value{}, fastFallback
		}
		t = next
	}
}

// fastValue returns the handle of the value at token v, reading a string
// along when it has no escapes (as the shim's lookups do).
func (p *Parser) fastValue(v uint32, depth int32) Value {
	off := p.tokOff(v)
	if p.input[off] == '"' {
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
	return Value{p: p, gen: p.gen, tok: v, off: off, depth: depth}
}

// fastNull answers IsNull without a cgo call for a value inside a container
// (a document's root scalar goes to the shim, which checks what follows it):
// false for anything but 'n', true for a well-formed null.
func (p *Parser) fastNull(v Value) (null, ok bool) {
	if p.idx == nil || v.depth < 2 || v.tok >= p.ntok {
		return false, false
	}
	in := p.input
	off := int(v.off)
	if in[off] != 'n' {
		return false, true
	}
	if off+4 < len(in) && string(in[off:off+4]) == "null" && delimiter(in[off+4]) {
		return true, true
	}
	return false, false
}
