package json

import (
	"bytes"
	"hash/maphash"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"strconv"
	"sync"
	"unsafe"
)

// Maps of nine to 896 entries built in place.
//
// anymap.go builds maps of up to eight entries, one group each. A larger
// object (a tweet's 23 to 40 fields, a repository's 64) was made with make
// and filled by the runtime's assignments: three allocations besides the
// groups (header, directory, table), and for every key a hash with the map's
// own seed and a probe. In Go 1.24 to 1.27 such a map is a header whose
// directory (dirPtr, dirLen) holds tables; a map of up to 896 entries made
// with that hint has one table of a power-of-two capacity of at most 1024
// slots (eight per group), filled to at most 7/8. Each key goes to the first
// group of its probe sequence (from the hash's bits above the seventh,
// quadratic over the groups) that has an empty slot, in the first empty
// slot, whose control byte becomes the hash's low seven bits.
//
// bigMap lays out the header, the directory of one table and the table in
// one block (bigMapHead) and the groups in an array of their own, one
// allocation each per map (make takes four), and places the keys as the
// runtime's assignments place them, with the seed of the maps built in
// place (mapSeed) and the hashes the key cache already holds (keycache.go).
// The capacity is the one make gives for the object's field count, so the
// map grows when the runtime's would. Unlike the small maps' blocks,
// neither is shared with other maps: a map kept from a document keeps no
// other map's entries alive. Once the map grows, the runtime's new table
// and groups serve it, and its header (still the block's) keeps the first
// groups, and the entries placed in them, alive for as long as the map
// lives.
//
// As for the small maps, the layout is the runtime's, not an API: each kind
// of map is built so only when checkBigMapLayout, run once per value type,
// finds that a map the runtime made with that hint is laid out as this file
// says (the same control words and keys in the same slots, for the same
// seed and the same keys in the same order) and that a map built here
// answers every operation as the runtime's.

const (
	bigMapMaxLen  = 896 // 1024 slots, the runtime's largest table, 7/8 full
	ctrlLSB       = 0x0101010101010101
	ctrlMSB       = 0x8080808080808080
	maxInlineElem = 128 // the runtime stores larger values through a pointer
)

// rtTable mirrors internal/runtime/maps.table (Go 1.24 to 1.27).
type rtTable struct {
	used       uint16
	capacity   uint16
	growthLeft uint16
	localDepth uint8
	index      int
	groups     unsafe.Pointer // *[lengthMask+1]group
	lengthMask uint64
}

// bigMapHead is a map's header, its directory of one table, and the table.
type bigMapHead struct {
	m   rtMap
	dir unsafe.Pointer // *rtTable: &t
	t   rtTable
}

// bigMap is a map being built in place. The counts in its header are
// written by finish (and by sync, before the runtime assigns into it).
type bigMap[V any] struct {
	h      *bigMapHead
	groups *mapGroup[V] // the first of mask+1
	mask   uint64
	n      int // keys placed
}

// bigAnyInPlace and bigStrInPlace report whether map[string]any and
// map[string]string values of more than eight entries are built in place
// (checkBigMapLayout). The checks run at the first such object, not when
// the package starts (they take about a millisecond).
func bigAnyInPlace() bool {
	bigOn.once.Do(checkBigMaps)
	return bigOn.any
}

func bigStrInPlace() bool {
	bigOn.once.Do(checkBigMaps)
	return bigOn.str
}

var bigOn struct {
	once     sync.Once
	any, str bool
}

func checkBigMaps() {
	bigOn.any = mapInPlace && checkBigMapLayout(func(n int) any { return n })
	bigOn.str = strMapInPlace && checkBigMapLayout(strconv.Itoa)
}

// bigCapacity is the capacity make gives a map[string]V for n entries, 8 <
// n <= bigMapMaxLen: n*8/7 rounded up to a power of two.
func bigCapacity(n int) int {
	return 1 << bits.Len(uint(n*8/7-1))
}

// newBigMap starts a map of n entries (mapGroupSlots < n <= bigMapMaxLen)
// with seed.
func newBigMap[V any](n int, seed uint64) bigMap[V] {
	c := bigCapacity(n)
	groups := make([]mapGroup[V], c/mapGroupSlots)
	for g := range groups {
		groups[g].ctrl = ctrlEmptyGroup
	}
	h := new(bigMapHead)
	h.m.seed = uintptr(seed)
	h.m.dirLen = 1
	h.m.globalShift = 64
	h.t.capacity = uint16(c)
	h.t.growthLeft = uint16(c * 7 / 8)
	h.t.groups = unsafe.Pointer(&groups[0])
	h.t.lengthMask = uint64(len(groups) - 1)
	h.dir = unsafe.Pointer(&h.t)
	h.m.dirPtr = unsafe.Pointer(&h.dir)
	return bigMap[V]{h: h, groups: &groups[0], mask: uint64(len(groups) - 1)}
}

// slot returns the slot of key k, whose maphash under the map's seed is h:
// a new slot, its key and control byte set, or the slot that already holds
// k (dup).
func (b *bigMap[V]) slot(k string, h uint64) (s *mapSlot[V], dup bool) {
	h2 := h & 0x7F
	off := (h >> 7) & b.mask
	for step := uint64(1); ; step++ {
		g := (*mapGroup[V])(unsafe.Add(unsafe.Pointer(b.groups), uintptr(off)*unsafe.Sizeof(*b.groups)))
		c := g.ctrl
		// Bytes equal to h2 (and, rarely, a byte above one: the keys
		// are compared).
		x := c ^ (ctrlLSB * h2)
		for m := (x - ctrlLSB) &^ x & ctrlMSB; m != 0; m &= m - 1 {
			if s := &g.slots[bits.TrailingZeros64(m)>>3&7]; s.k == k {
				return s, true
			}
		}
		// Nothing is deleted here: a byte with its top bit set is empty.
		if e := c & ctrlMSB; e != 0 {
			i := uint(bits.TrailingZeros64(e)) >> 3 & 7
			g.ctrl = c&^(0xFF<<(8*i)) | h2<<(8*i)
			s := &g.slots[i]
			s.k = k
			b.n++
			return s, false
		}
		off = (off + step) & b.mask
	}
}

// sync writes the counts of the keys placed into the header.
func (b *bigMap[V]) sync() {
	b.h.m.used = uint64(b.n)
	b.h.t.used = uint16(b.n)
	b.h.t.growthLeft = b.h.t.capacity*7/8 - uint16(b.n)
}

// assign stores k and v by the runtime's assignment (a name slot does not
// take), keeping the counts.
func (b *bigMap[V]) assign(k string, v V) {
	b.sync()
	b.mapOf()[k] = v
	b.n = int(b.h.m.used)
}

// finish returns the map as the runtime's map pointer.
func (b *bigMap[V]) finish() unsafe.Pointer {
	b.sync()
	return unsafe.Pointer(&b.h.m)
}

// mapOf returns the map (its counts as last written).
func (b *bigMap[V]) mapOf() map[string]V { return mapAt[V](&b.h.m) }

// bigFields returns the field count of the object at i when its map is
// built by bigMap (on: whether the kind's layout check passed, asked only
// of such an object), else 0.
func (d *decodeState) bigFields(i uint32, on func() bool) int {
	n := int(d.tape[i]>>32) & countMask
	if n <= mapGroupSlots || n > bigMapMaxLen || !on() {
		return 0
	}
	return n
}

func always() bool { return true }

// bigAnyMap returns the map of the object at i, of 9 to bigMapMaxLen
// fields, built in place with its values decoded by anyValue, or nil when
// it is not built so. A name repeated keeps its last value, as assignment
// does; a name maphash does not take (empty, or longer than mapMaxKeyLen)
// is assigned by the runtime into the map built so far.
func (d *decodeState) bigAnyMap(i uint32) map[string]any {
	n := d.bigFields(i, bigAnyInPlace)
	if n == 0 {
		return nil
	}
	b, ms, end := bigMapAt[any](d, i, n)
	for j := i + 1; j < end; j = d.next(j + 1) {
		v := d.anyValue(j + 1)
		k, h, ok := d.keyHashed(j, ms)
		if !ok {
			b.assign(d.keyStr(j), v)
			continue
		}
		s, _ := b.slot(k, h)
		s.k, s.v = k, v
	}
	b.finish()
	return b.mapOf()
}

// bigMapVia is smallMapVia for objects of 9 to bigMapMaxLen fields: the
// map built in place with each value decoded by elem into its slot, or nil
// (a name repeated or not hashed here, or elem failing), and the caller
// makes and fills the map the ordinary way. The values are leaves (strings
// and scalars), so doing that over costs at most the object once more.
func bigMapVia[V any](d *decodeState, i uint32, elem *typeDecoder, on func() bool) unsafe.Pointer {
	n := d.bigFields(i, on)
	if n == 0 {
		return nil
	}
	b, ms, end := bigMapAt[V](d, i, n)
	for j := i + 1; j < end; j = d.next(j + 1) {
		k, h, ok := d.keyHashed(j, ms)
		if !ok {
			return nil
		}
		s, dup := b.slot(k, h)
		if dup || elem.direct(d, j+1, unsafe.Pointer(&s.v)) != nil {
			return nil
		}
	}
	return b.finish()
}

// bigMapAt starts the map of the object at i, of n fields: the map, the
// seed as maphash takes it, and the object's end on the tape.
func bigMapAt[V any](d *decodeState, i uint32, n int) (bigMap[V], maphash.Seed, uint32) {
	seed := d.mapSeed()
	return newBigMap[V](n, seed), seedOf(seed), uint32(d.tape[i]) - 1
}

func seedOf(seed uint64) maphash.Seed {
	var ms maphash.Seed
	*(*uint64)(unsafe.Pointer(&ms)) = seed
	return ms
}

// checkBigMapLayout reports whether maps of type map[string]V of more than
// eight entries can be built in place on this build: for 9 to 896 keys, the
// map make and assignment build is laid out as bigMap builds it with the
// same seed (the same header, table, control words and slots), and a map
// bigMap builds answers lookups (the string fast path, long keys,
// reflection's hashed path), iteration, deletion, growth into a larger
// table and clear as the runtime's would. val gives the values it stores
// (they may repeat).
func checkBigMapLayout[V comparable](val func(int) V) (ok bool) {
	var v V
	if unsafe.Sizeof(rtTable{}) != 32 || unsafe.Sizeof(bigMapHead{}) != 88 || unsafe.Sizeof(v) > maxInlineElem {
		// (A value the runtime stores through a pointer: its groups
		// are smaller than mapGroup[V], which must not be laid over
		// them.)
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	// Keys "k0", "k1", ..., some of them long, non-ASCII or with a NUL,
	// in one buffer.
	const nkeys = 896
	var buf []byte
	ends := make([]int, nkeys)
	for s := range nkeys {
		switch s {
		case 3:
			buf = append(buf, bytes.Repeat([]byte("k"), 100)...)
		case 5:
			buf = append(buf, "über"...)
		case 7:
			buf = append(buf, "x\x00y"...)
		default:
			buf = strconv.AppendInt(append(buf, 'k'), int64(s), 10)
		}
		ends[s] = len(buf)
	}
	keys := make([]string, nkeys)
	start := 0
	for s := range keys {
		keys[s] = unsafe.String(&buf[start], ends[s]-start)
		start = ends[s]
	}
	for _, n := range []int{9, 14, 15, 40, 896} {
		// The runtime's map.
		rt := make(map[string]V, n)
		for s, k := range keys[:n] {
			rt[k] = val(s)
		}
		h := *(**rtMap)(unsafe.Pointer(&rt))
		if h.used != uint64(n) || h.dirLen != 1 || h.globalDepth != 0 || h.globalShift != 64 ||
			h.writing != 0 || h.tombstonePossible || h.seed == 0 {
			return false
		}
		t := *(**rtTable)(h.dirPtr)
		c := bigCapacity(n)
		if int(t.capacity) != c || int(t.used) != n || int(t.growthLeft) != c*7/8-n ||
			t.localDepth != 0 || t.index != 0 || int(t.lengthMask) != c/mapGroupSlots-1 {
			return false
		}
		rg := unsafe.Slice((*mapGroup[V])(t.groups), c/mapGroupSlots)

		// The same keys placed here with the runtime's seed.
		b := newBigMap[V](n, uint64(h.seed))
		ms := seedOf(uint64(h.seed))
		for s, k := range keys[:n] {
			sl, dup := b.slot(k, maphash.String(ms, k))
			if dup {
				return false
			}
			sl.v = val(s)
		}
		b.finish()
		want := *t
		want.groups = b.h.t.groups
		if b.h.m.used != h.used || b.h.t != want {
			return false
		}
		bg := unsafe.Slice(b.groups, b.mask+1)
		for g := range rg {
			if rg[g].ctrl != bg[g].ctrl || rg[g].slots != bg[g].slots {
				return false
			}
		}
		// A key given again is found, not placed.
		if _, dup := b.slot(keys[n-1], maphash.String(ms, keys[n-1])); !dup || b.n != n {
			return false
		}
	}
	// Maps built here with seeds of their own behave as the runtime's.
	for _, n := range []int{9, 40} {
		seed := rand.Uint64() | 1
		ms := seedOf(seed)
		b := newBigMap[V](n, seed)
		for s, k := range keys[:n] {
			sl, _ := b.slot(k, maphash.String(ms, k))
			sl.v = val(s)
		}
		b.finish()
		if !mapBehaves(b.mapOf(), keys[:n], val, n == 40) {
			return false
		}
	}
	return true
}

// mapBehaves checks m, a map built in place holding keys[s] -> val(s),
// against the runtime's map operations: lookups (the string fast path, long
// keys, reflection's hashed path), misses, iteration, deletion and
// insertion, clear; with grow, it adds as many keys again and twenty more
// (from the rest of cap(keys)), past the table's capacity.
func mapBehaves[V comparable](m map[string]V, keys []string, val func(int) V, grow bool) bool {
	rv := reflect.ValueOf(m)
	check := func(keys []string) bool {
		if len(m) != len(keys) {
			return false
		}
		for s, k := range keys {
			if v, found := m[k]; !found || v != val(s) {
				return false
			}
			if s%8 == 3 || len(keys) <= mapGroupSlots { // reflection's hashed path (it allocates)
				if v := rv.MapIndex(reflect.ValueOf(k)); !v.IsValid() || v.Interface() != any(val(s)) {
					return false
				}
			}
			if _, found := m[k+"?"]; found {
				return false
			}
		}
		return true
	}
	if !check(keys) {
		return false
	}
	index := make(map[string]int, len(keys))
	for s, k := range keys {
		index[k] = s
	}
	for k, v := range m {
		s, found := index[k]
		if !found || v != val(s) {
			return false
		}
		delete(index, k)
	}
	if len(index) != 0 {
		return false
	}
	delete(m, keys[1])
	if _, found := m[keys[1]]; found || len(m) != len(keys)-1 {
		return false
	}
	m[keys[1]] = val(1)
	if grow {
		// The runtime moves the entries into a larger table of its own.
		keys = keys[:2*len(keys)+20]
		for s := len(m); s < len(keys); s++ {
			m[keys[s]] = val(s)
		}
	}
	if !check(keys) {
		return false
	}
	clear(m)
	return len(m) == 0
}
