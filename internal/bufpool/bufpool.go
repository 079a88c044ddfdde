// Package bufpool pools the input buffers of the module's streaming
// decoders (package json's Decoder, json/jsontext's Decoder, json/v2's
// UnmarshalRead): byte buffers in power-of-two size classes, each with
// shim.Padding bytes of spare capacity past its room so that simdjson can
// parse a value in place.
//
// A buffer is handed out with its holder (a pointer, which sync.Pool
// stores without allocating); Put takes the holder back. A caller puts a
// buffer back only when nothing it handed out may still see its bytes.
package bufpool

import (
	"math/bits"
	"sync"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

const (
	// Pooled buffers have room for 1<<k bytes (plus shim.Padding), k in
	// [minShift, maxShift]; larger ones are not pooled.
	minShift = 9
	maxShift = 22
)

// pools[k] holds buffers of room 1<<(k+minShift), by their holder.
var pools [maxShift - minShift + 1]sync.Pool

// class returns the pool class of the smallest buffer with room for n
// bytes, or -1 when n is beyond the largest class.
func class(n int) int {
	k := 0
	if n > 1<<minShift {
		k = bits.Len(uint(n-1)) - minShift
	}
	if k > maxShift-minShift {
		return -1
	}
	return k
}

// Get returns an empty buffer with room for at least n bytes (plus
// shim.Padding) and its holder, nil when it is too large to pool.
func Get(n int) ([]byte, *[]byte) {
	k := class(n)
	if k < 0 {
		return make([]byte, 0, n+shim.Padding), nil
	}
	if b, h := Pooled(n); h != nil {
		return b, h
	}
	h := new([]byte)
	*h = make([]byte, 0, 1<<(k+minShift)+shim.Padding)
	return *h, h
}

// Pooled is Get when the pool holds a buffer for n bytes: else it returns
// nil, nil.
func Pooled(n int) ([]byte, *[]byte) {
	if k := class(n); k >= 0 {
		if h, _ := pools[k].Get().(*[]byte); h != nil {
			return (*h)[:0], h
		}
	}
	return nil, nil
}

// Put gives the buffer of holder h (from Get or Pooled; nil is ignored)
// back to its pool.
func Put(h *[]byte) {
	if h == nil {
		return
	}
	*h = (*h)[:0]
	if k := class(cap(*h) - shim.Padding); k >= 0 {
		pools[k].Put(h)
	}
}
