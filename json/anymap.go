package json

import (
	"bytes"
	"hash/maphash"
	"math/rand/v2"
	"reflect"
	"strconv"
	"sync"
	"unsafe"
)

// Small map[string]any, map[string]string and maps of scalars by strings
// built in place.
//
// Decoding a document into interface{} makes one map per JSON object, and
// most objects are small: citm_catalog.json holds 10,900 of them, most with
// two or three fields. For each, Go's make and first assignment allocate a
// map header (48 bytes) and then a group of eight slots (264 bytes), and the
// assignments hash and probe: on Go 1.27 that was 54 % of Unmarshal's time
// for citm_catalog.json into interface{}, more than simdjson's parse and the
// rest of the walk together.
//
// A map of at most eight entries is, in Go 1.24 and later (Swiss tables), a
// header whose dirPtr points to one group: a control word of eight bytes
// (0x80 for an empty slot, else the low seven bits of the key's hash, "h2")
// and eight key/value slots. anyMapBlock lays out a header and its group
// together, and the blocks come from chunks (one allocation for up to
// sixteen maps), filled here as the runtime's assignments would fill them:
// the keys in slots 0 to n-1, each with its h2, the count, and a random
// seed. The hash is the runtime's own (hash/maphash computes memhash with a
// given seed, as the map's string hasher does, for keys of 1 to 128 bytes).
// From then on the map is an ordinary Go map: lookups, assignment, deletion,
// growth past eight entries (the runtime rehashes into a table of its own),
// iteration, clear and the garbage collector use the runtime's code.
//
// That layout is the runtime's, not an API: mapInPlace is set only when a
// check at start-up (checkMapLayout) finds, on this build, that maps the
// runtime made are laid out as anyMapBlock says and that maps made here
// behave as the runtime's in every operation above. When it is unset
// (another layout, GOEXPERIMENT=mapsplitgroup, a 32-bit hash, maphash's
// purego build) maps are made with make and assigned as before.
//
// A map made here keeps its chunk alive (at most sixteen blocks, 5 KiB)
// while it is reachable, as the strings of the arena do (see str), and
// with it the entries of the other maps of that chunk, and what their
// values reference; once grown past eight entries, it also keeps its first
// group's entries. The larger maps (bigmap.go) share no memory with other
// maps.
//
// map[string]string (a struct's labels, options, metadata) is built the
// same way, from blocks of its own (strMapInPlace, checked the same way):
// its slots are a key and a value of sixteen bytes each, as map[string]any's.
// Maps of booleans and numbers by strings (map[string]int, ...) share a
// third kind of block (scalarMapBlock, below), each type checked when its
// decoder is built. Maps of 9 to 896 entries are built in place too, as
// tables (bigmap.go).

// rtMap mirrors internal/runtime/maps.Map (Go 1.24 to 1.27).
type rtMap struct {
	used              uint64
	seed              uintptr
	dirPtr            unsafe.Pointer
	dirLen            int
	globalDepth       uint8
	globalShift       uint8
	writing           uint8
	tombstonePossible bool
	clearSeq          uint64
}

// mapGroup mirrors a group of map[string]V: eight slots of key and value,
// interleaved, after the control word.
type mapGroup[V any] struct {
	ctrl  uint64
	slots [mapGroupSlots]mapSlot[V]
}

type mapSlot[V any] struct {
	k string
	v V
}

// mapBlock is one small map: its header and its only group.
type mapBlock[V any] struct {
	m rtMap
	g mapGroup[V]
}

type (
	anyMapBlock = mapBlock[any]
	strMapBlock = mapBlock[string]
)

const (
	mapGroupSlots  = 8
	ctrlEmptyGroup = 0x8080808080808080 // every slot empty
	mapMaxKeyLen   = 128                // hash/maphash's chunk: up to it, its hash is memhash's
	mapBlockChunk  = 16
)

// mapInPlace and strMapInPlace report whether small map[string]any and
// map[string]string values are built in place (see above).
var (
	mapInPlace    = checkMapLayout(func(n int) any { return n })
	strMapInPlace = checkMapLayout(strconv.Itoa)
)

// takeBlock returns a zeroed block from the current chunk of *chunk. The
// chunks start at one block and double up to mapBlockChunk: a document with
// few objects allocates no more than make would.
func takeBlock[V any](chunk *[]mapBlock[V]) *mapBlock[V] {
	c := *chunk
	if len(c) == cap(c) {
		c = make([]mapBlock[V], 0, max(min(2*cap(c), mapBlockChunk), 1))
	}
	c = c[:len(c)+1]
	*chunk = c
	return &c[len(c)-1]
}

// smallMapKeys starts the map of the object at i, when maps are built in
// place and the object has n fields, 1 to mapGroupSlots: a block with the
// keys, their control bytes, the count and the seed set, and the values
// left zero for the caller to fill, slot s with the value of field s, before
// the map is used (mapOf). It returns nil when the object is not made this
// way: another field count, a key empty or longer than mapMaxKeyLen bytes,
// or a name repeated (dup is then true).
func (d *decodeState) smallMapKeys(i uint32) (blk *anyMapBlock, n int, dup bool) {
	return smallMapKeysOf(d, i, &d.mapBlocks, mapInPlace)
}

// smallMapKeysOf is smallMapKeys for a map[string]V, its block taken from
// *chunk, when on (the layout check of V's maps passed).
func smallMapKeysOf[V any](d *decodeState, i uint32, chunk *[]mapBlock[V], on bool) (blk *mapBlock[V], n int, dup bool) {
	if n = int(d.tape[i]>>32) & countMask; !on || n == 0 || n > mapGroupSlots {
		return nil, 0, false
	}
	var (
		hashes [mapGroupSlots]uint64
		keys   [mapGroupSlots]string
	)
	seed := d.mapSeed()
	ms := seedOf(seed)
	ctrl := uint64(ctrlEmptyGroup)
	j := i + 1
	for s := 0; s < n; s++ {
		k, h, ok := d.keyHashed(j, ms)
		if !ok {
			return nil, 0, false
		}
		for t := 0; t < s; t++ {
			if hashes[t] == h && keys[t] == k {
				return nil, 0, true
			}
		}
		hashes[s], keys[s] = h, k
		ctrl = ctrl&^(0xFF<<(8*s)) | (h&0x7F)<<(8*s)
		j = d.next(j + 1)
	}
	blk = takeBlock(chunk)
	for s := 0; s < n; s++ {
		blk.g.slots[s].k = keys[s]
	}
	blk.g.ctrl = ctrl
	blk.m.used = uint64(n)
	blk.m.seed = uintptr(seed)
	return blk, n, false
}

// smallAnyMap returns the map of the object at i built in place, with its
// values decoded as anyValue decodes them, or nil when it is not built so.
func (d *decodeState) smallAnyMap(i uint32) map[string]any {
	blk, n, _ := d.smallMapKeys(i)
	if blk == nil {
		return nil
	}
	j := i + 1
	for s := range n {
		blk.g.slots[s].v = d.anyValue(j + 1)
		j = d.next(j + 1)
	}
	return blk.mapOf()
}

// smallStrMap is smallAnyMap for a map[string]string, its values decoded
// by elem, string's decoder; smallScalarMap for a map of a scalar type by
// strings (scalarMapInPlace). Each returns the map's header, or nil when it
// is not built in place: then, as when elem fails (string's decoder does
// not; a number's returns an error only where the whole decoding stops),
// the map is made and filled the ordinary way.
func (d *decodeState) smallStrMap(i uint32, elem *typeDecoder) unsafe.Pointer {
	if m := smallMapVia(d, i, elem, &d.strMapBlocks, strMapInPlace); m != nil {
		return m
	}
	return bigMapVia[string](d, i, elem, bigStrInPlace)
}

// smallScalarMap is called only for types scalarMapInPlace accepted (the
// small maps' layout); inPlaceScalarMap where it accepted both layouts,
// for the larger maps too (bigmap.go).
func (d *decodeState) smallScalarMap(i uint32, elem *typeDecoder) unsafe.Pointer {
	return smallMapVia(d, i, elem, &d.scalarMapBlocks, true)
}

func (d *decodeState) inPlaceScalarMap(i uint32, elem *typeDecoder) unsafe.Pointer {
	if m := smallMapVia(d, i, elem, &d.scalarMapBlocks, true); m != nil {
		return m
	}
	return bigMapVia[uint64](d, i, elem, always)
}

func smallMapVia[V any](d *decodeState, i uint32, elem *typeDecoder, chunk *[]mapBlock[V], on bool) unsafe.Pointer {
	blk, n, _ := smallMapKeysOf(d, i, chunk, on)
	if blk == nil {
		return nil
	}
	j := i + 1
	for s := range n {
		if elem.direct(d, j+1, unsafe.Pointer(&blk.g.slots[s].v)) != nil {
			return nil
		}
		j = d.next(j + 1)
	}
	blk.m.dirPtr = unsafe.Pointer(&blk.g)
	return unsafe.Pointer(&blk.m)
}

// Maps of scalars by strings: map[string]int, map[string]float64,
// map[string]bool and the other integer and float kinds (counters, scores,
// flags). Their slots are a key of sixteen bytes and a value of at most
// eight, padded to 24 bytes, with no pointer in the value: the same layout
// and the same pointers for every such type, so their blocks come from one
// chunk of scalarMapBlock, each value written by its type's decoder at the
// value's offset. Whether a type's maps are built in place is checked once,
// when its decoder is built (scalarMapInPlace), as checkMapLayout checks
// map[string]any's at start-up.
type scalarMapBlock = mapBlock[uint64]

var scalarLayouts sync.Map // reflect.Type (the value's) -> [2]bool

// scalarMapInPlace reports whether maps of V by strings are built in place
// on this build: small ones when V lays out as a scalarMapBlock's value and
// checkMapLayout accepts map[string]V, larger ones when checkBigMapLayout
// accepts it too.
func scalarMapInPlace[V comparable]() (small, big bool) {
	t := reflect.TypeFor[V]()
	if ok, found := scalarLayouts.Load(t); found {
		on := ok.([2]bool)
		return on[0], on[1]
	}
	var (
		blk  mapBlock[V]
		slot mapSlot[V]
	)
	val := func(n int) V {
		var v V
		rv := reflect.ValueOf(&v).Elem()
		switch rv.Kind() {
		case reflect.Bool:
			rv.SetBool(n%2 == 1)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			rv.SetInt(int64(n%100) - 3)
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			rv.SetUint(uint64(n%200) + 1)
		case reflect.Float32, reflect.Float64:
			rv.SetFloat(float64(n) + 0.5)
		}
		return v
	}
	small = mapInPlace && t.Kind() != reflect.Pointer && t.Size() <= 8 && !hasPointers(t) &&
		unsafe.Sizeof(blk) == unsafe.Sizeof(scalarMapBlock{}) && unsafe.Offsetof(slot.v) == 16 &&
		checkMapLayout(val)
	big = small && unsafe.Sizeof(mapGroup[V]{}) == unsafe.Sizeof(mapGroup[uint64]{}) && checkBigMapLayout(val)
	scalarLayouts.Store(t, [2]bool{small, big})
	return small, big
}

// hasPointers reports whether values of t hold pointers (only scalar kinds
// are asked).
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64:
		return false
	}
	return true
}

// mapOf returns the map of a block whose values are filled.
func (blk *mapBlock[V]) mapOf() map[string]V {
	blk.m.dirPtr = unsafe.Pointer(&blk.g)
	return mapAt[V](&blk.m)
}

// mapAt returns the map whose header is h.
func mapAt[V any](h *rtMap) map[string]V {
	var m map[string]V
	*(*unsafe.Pointer)(unsafe.Pointer(&m)) = unsafe.Pointer(h)
	return m
}

// checkMapLayout reports whether maps of type map[string]V can be built in
// place on this build: a map the runtime filled is laid out as mapBlock[V]
// says, with the control bytes maphash gives, and a map built as
// smallMapKeys builds it behaves as the runtime's own would (mapBehaves).
// val gives the distinct values it stores.
func checkMapLayout[V comparable](val func(int) V) (ok bool) {
	var v V
	if unsafe.Sizeof(uintptr(0)) != 8 || unsafe.Sizeof(rtMap{}) != 48 || unsafe.Sizeof(v) > maxInlineElem ||
		unsafe.Sizeof(mapGroup[V]{}) != 8+mapGroupSlots*unsafe.Sizeof(mapSlot[V]{}) {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	long := string(bytes.Repeat([]byte("k"), 100))
	keys := []string{"a", "id", "name", long, "über", "x\x00y"}

	// The runtime's map.
	rt := make(map[string]V)
	for n, k := range keys {
		rt[k] = val(n)
	}
	h := *(**rtMap)(unsafe.Pointer(&rt))
	if h.used != uint64(len(keys)) || h.dirLen != 0 || h.dirPtr == nil || h.seed == 0 ||
		h.globalDepth != 0 || h.writing != 0 || h.tombstonePossible {
		return false
	}
	ms := seedOf(uint64(h.seed))
	g := (*mapGroup[V])(h.dirPtr)
	for s := 0; s < mapGroupSlots; s++ {
		c := byte(g.ctrl >> (8 * s))
		if s >= len(keys) {
			if c != 0x80 {
				return false
			}
			continue
		}
		k := keys[s]
		if g.slots[s].k != k || g.slots[s].v != val(s) || c != byte(maphash.String(ms, k)&0x7F) {
			return false
		}
	}

	// A map built here, as smallMapKeys builds it.
	blk := new(mapBlock[V])
	seed := rand.Uint64() | 1
	ms = seedOf(seed)
	ctrl := uint64(ctrlEmptyGroup)
	for s, k := range keys {
		ctrl = ctrl&^(0xFF<<(8*s)) | (maphash.Bytes(ms, []byte(k))&0x7F)<<(8*s)
		blk.g.slots[s] = mapSlot[V]{k: k, v: val(s)}
	}
	blk.g.ctrl, blk.m.used, blk.m.seed = ctrl, uint64(len(keys)), uintptr(seed)
	// The keys, then as many again and twenty more for growth past eight
	// entries (the runtime makes a table).
	all := append([]string(nil), keys...)
	for n := range len(keys) + 20 {
		all = append(all, string(rune('A'+n)))
	}
	return mapBehaves(blk.mapOf(), all[:len(keys)], val, true)
}
