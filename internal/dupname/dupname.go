// Package dupname finds two members of the same name in a JSON object:
// the check json/jsontext's Decoder (at each object's close) and package
// json's json/v2 decoding into any (v2link.go) make, since
// encoding/json/v2 rejects duplicate names by default.
package dupname

import "hash/maphash"

// Pairwise is the most names Has compares pairwise; more go through its
// hash table (pairwise is cheaper for few names, quadratic for many). A
// caller may gather up to Pairwise names in an array on its stack (Has
// keeps no reference to names): no write barriers.
const Pairwise = 16

// Finder finds duplicate names. Its hash table is kept from call to call,
// so that after the largest object has been seen a call allocates
// nothing. The zero Finder is ready to use; it is not safe for concurrent
// use.
type Finder struct {
	table []slot
}

// slot is an entry of the hash table: idx is 1 + the name's index, 0 for
// an empty slot.
type slot struct {
	hash uint64
	idx  int32
}

var seed = maphash.MakeSeed()

// Has reports whether two of names are equal (byte for byte: the names
// as unescaped).
func (f *Finder) Has(names [][]byte) bool {
	if len(names) <= Pairwise {
		for a := 1; a < len(names); a++ {
			for b := range a {
				if string(names[a]) == string(names[b]) {
					return true
				}
			}
		}
		return false
	}
	size := 1
	for size < 2*len(names) {
		size <<= 1
	}
	if cap(f.table) < size {
		f.table = make([]slot, size)
	}
	t := f.table[:size]
	clear(t)
	mask := uint64(size - 1)
	for k, name := range names {
		h := maphash.Bytes(seed, name)
		for j := h & mask; ; j = (j + 1) & mask {
			s := &t[j]
			if s.idx == 0 {
				s.hash, s.idx = h, int32(k+1)
				break
			}
			if s.hash == h && string(names[s.idx-1]) == string(name) {
				return true
			}
		}
	}
	return false
}
