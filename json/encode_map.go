package json

import (
	"encoding/binary"
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"unsafe"
)

func mapEnc(t reflect.Type) encFn {
	kt := t.Key()
	switch kt.Kind() {
	case reflect.String,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if encodeV2 && kt.Kind() == reflect.Interface {
			// v2 writes the dynamic key as it writes a value in a
			// name's place: not always MarshalText's.
			return fallbackEnc
		}
		if !kt.Implements(textMarshalerType) && !(encodeV2 && kt.Implements(textAppenderType)) {
			return func(e *encState, p unsafe.Pointer, fl uint8) {
				e.fail(&UnsupportedTypeError{Type: t})
			}
		}
	}
	if encodeV2 && v2StringKeysText && kt.Kind() == reflect.String && encMethods(reflect.PointerTo(kt)) {
		return fallbackEnc // Go 1.26's v2 calls their MarshalText
	}
	switch t {
	case reflect.TypeFor[map[string]any]():
		return func(e *encState, p unsafe.Pointer, fl uint8) { e.mapStringAny(*(*map[string]any)(p)) }
	case reflect.TypeFor[map[string]string]():
		return func(e *encState, p unsafe.Pointer, fl uint8) { e.mapStringString(*(*map[string]string)(p)) }
	}
	elem := typeEncoderLocked(t.Elem())
	vt := t.Elem()
	size := vt.Size()
	sliceType := reflect.SliceOf(vt)
	textKey := kt.Kind() != reflect.String && (kt.Implements(textMarshalerType) || encodeV2 && kt.Implements(textAppenderType))
	// v2 sorts the keys of a type with methods as written: with invalid
	// UTF-8 replaced (validKey).
	written := encodeV2 && (textKey || kt.Kind() == reflect.String && encMethods(reflect.PointerTo(kt)))
	// Each call takes a scratch of this map type's (a copy of the values,
	// an addressable key, an iterator) from scratch and gives it back, so
	// that a map is written without allocating in steady state; nested
	// maps of the same type take one each.
	var scratch sync.Pool
	return func(e *encState, p unsafe.Pointer, fl uint8) {
		mp := *(*unsafe.Pointer)(p)
		if mp == nil {
			e.add("null")
			return
		}
		if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
			e.enterCycle(mp, func() reflect.Value { return cycleValue(t, p, fl) })
			defer delete(e.ptrSeen, mp)
		}
		m := reflect.NewAt(t, p).Elem()
		n := m.Len()
		if n == 0 {
			e.empty("{}")
			e.ptrLevel--
			return
		}
		// The values are copied out (a map's are not addressable), the
		// keys resolved to their strings and sorted.
		sc, _ := scratch.Get().(*mapScratch)
		if sc == nil {
			sc = &mapScratch{key: reflect.New(kt).Elem()}
		}
		if sc.n < n {
			sc.vals = reflect.MakeSlice(sliceType, n, n)
			sc.n = n
		}
		vals, kv, it := sc.vals, sc.key, &sc.it
		base := len(e.keys)
		it.Reset(m)
		i := 0
		for it.Next() {
			if i == n { // the map grew under us (a data race)
				break
			}
			kv.SetIterKey(it)
			vals.Index(i).SetIterValue(it)
			var ks string
			switch {
			case kt.Kind() == reflect.String:
				ks = kv.String()
			case textKey:
				if kt.Kind() == reflect.Pointer && kv.IsNil() {
					break
				}
				if kt.Kind() == reflect.Interface && kv.IsNil() { // encoding/json panics so
					panic("unexpected map key type")
				}
				var err error
				if ks, err = e.appendKeyText(kv); err != nil {
					e.fail(fmt.Errorf("json: encoding error for type %q: %q", t.String(), err.Error()))
				}
			case kv.CanInt():
				ks = e.keyString(strconv.AppendInt(e.keyDigits(), kv.Int(), 10))
			default:
				ks = e.keyString(strconv.AppendUint(e.keyDigits(), kv.Uint(), 10))
			}
			if written {
				ks = validKey(ks)
			}
			e.pushKey(ks, i)
			i++
		}
		it.Reset(reflect.Value{})
		e.sortKeys(base)
		vp := vals.UnsafePointer()
		e.enter()
		e.buf = append(e.buf, '{')
		for j := range i {
			if j > 0 {
				e.buf = append(e.buf, ',')
			}
			k := &e.keys[e.order[base+j]]
			e.writeString(k.s)
			e.buf = append(e.buf, ':')
			elem.fn(e, unsafe.Add(vp, uintptr(k.i)*size), fl&^flAddr)
		}
		e.buf = append(e.buf, '}')
		e.leave()
		e.popKeys(base)
		// The copies are cleared (they may hold pointers) before the
		// scratch goes back; an error (a panic) leaves it to the GC.
		for j := range i {
			vals.Index(j).SetZero()
		}
		kv.SetZero()
		scratch.Put(sc)
		e.ptrLevel--
	}
}

// mapScratch is what the encoder of one map type reuses from call to call.
type mapScratch struct {
	vals reflect.Value // a slice of n values
	n    int
	key  reflect.Value // an addressable key
	it   reflect.MapIter
}

// keyDigits returns room for the digits of an integer map key, at the end
// of e.keyArena.
func (e *encState) keyDigits() []byte {
	if cap(e.keyArena)-len(e.keyArena) < 24 {
		// A new chunk: the keys already made keep the old one alive.
		e.keyArena = make([]byte, 0, 4096)
	}
	return e.keyArena[len(e.keyArena):]
}

// keyString returns the digits keyDigits's room received as a string
// that stays valid until e goes back to the pool.
func (e *encState) keyString(b []byte) string {
	e.keyArena = e.keyArena[:len(e.keyArena)+len(b)]
	return unsafe.String(unsafe.SliceData(b), len(b))
}

func (e *encState) mapStringString(m map[string]string) {
	if m == nil {
		e.add("null")
		return
	}
	if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
		ptr := *(*unsafe.Pointer)(unsafe.Pointer(&m))
		e.enterCycle(ptr, func() reflect.Value { return reflect.ValueOf(m) })
		defer delete(e.ptrSeen, ptr)
	}
	if len(m) == 0 {
		e.empty("{}")
		e.ptrLevel--
		return
	}
	base := len(e.keys)
	for k := range m {
		e.pushKey(k, 0)
	}
	n := len(e.keys) - base
	e.sortKeys(base)
	e.enter()
	e.buf = append(e.buf, '{')
	for j := range n {
		if j > 0 {
			e.buf = append(e.buf, ',')
		}
		k := &e.keys[e.order[base+j]]
		e.writeString(k.s)
		e.buf = append(e.buf, ':')
		e.writeString(m[k.s])
	}
	e.buf = append(e.buf, '}')
	e.leave()
	e.popKeys(base)
	e.ptrLevel--
}

func (e *encState) mapStringAny(m map[string]any) {
	if m == nil {
		e.add("null")
		return
	}
	if e.ptrLevel++; e.ptrLevel > startDetectingCyclesAfter {
		ptr := *(*unsafe.Pointer)(unsafe.Pointer(&m))
		e.enterCycle(ptr, func() reflect.Value { return reflect.ValueOf(m) })
		defer delete(e.ptrSeen, ptr)
	}
	if len(m) == 0 {
		e.empty("{}")
		e.ptrLevel--
		return
	}
	if len(m) <= smallMap {
		e.smallMapStringAny(m)
		e.ptrLevel--
		return
	}
	base, vbase := len(e.keys), len(e.anyVals)
	for k, v := range m {
		e.pushKey(k, len(e.anyVals))
		e.anyVals = append(e.anyVals, v)
	}
	n := len(e.keys) - base
	e.sortKeys(base)
	e.enter()
	e.buf = append(e.buf, '{')
	for j := range n {
		if j > 0 {
			e.buf = append(e.buf, ',')
		}
		k := &e.keys[e.order[base+j]]
		e.writeString(k.s)
		e.buf = append(e.buf, ':')
		e.encodeAny(e.anyVals[k.i])
	}
	e.buf = append(e.buf, '}')
	e.leave()
	e.popKeys(base)
	clear(e.anyVals[vbase:])
	e.anyVals = e.anyVals[:vbase]
	e.ptrLevel--
}

// smallMap: maps of up to this many entries are sorted on the stack
// (smallMapStringAny).
const smallMap = 8

// smallEntry is an entry of a small map, with its key's first eight bytes
// as a big-endian number (keyPrefix).
type smallEntry struct {
	k   string
	pre uint64
	v   any
}

// smallMapStringAny writes m (1 to smallMap entries) with its entries in
// an array on the stack, each put in its sorted place as the iteration
// meets it: no pushes onto e's stacks, and nothing to clear after.
func (e *encState) smallMapStringAny(m map[string]any) {
	var ents [smallMap]smallEntry
	var order [smallMap]uint8
	n := 0
	for k, v := range m {
		if n == smallMap { // the map grew under us (a data race)
			break
		}
		pre := keyPrefix(k)
		ents[n] = smallEntry{k, pre, v}
		j := n
		for ; j > 0; j-- {
			q := &ents[order[j-1]]
			if q.pre < pre || q.pre == pre && q.k < k {
				break
			}
			order[j] = order[j-1]
		}
		order[j] = uint8(n)
		n++
	}
	e.enter()
	e.buf = append(e.buf, '{')
	for j := range n {
		if j > 0 {
			e.buf = append(e.buf, ',')
		}
		ent := &ents[order[j]]
		e.writeString(ent.k)
		e.buf = append(e.buf, ':')
		e.encodeAny(ent.v)
	}
	e.buf = append(e.buf, '}')
	e.leave()
}

// mapKey is a map's key as encoding/json sorts it (its string), with its
// first eight bytes as a big-endian number (compared first), and the index
// of its value.
type mapKey struct {
	s   string
	pre uint64
	i   int
}

func keyPrefix(s string) uint64 {
	if len(s) >= 8 {
		return binary.BigEndian.Uint64(unsafe.Slice(unsafe.StringData(s), 8))
	}
	var b [8]byte
	copy(b[:], s)
	return binary.BigEndian.Uint64(b[:])
}

// pushKey adds a key of the map being written.
func (e *encState) pushKey(s string, i int) {
	e.keys = append(e.keys, mapKey{s, keyPrefix(s), i})
}

// sortKeys sorts the keys pushed from base on, as encoding/json sorts map
// keys (by their strings, bytewise), into e.order[base:], and returns
// that.
func (e *encState) sortKeys(base int) []uint32 {
	n := len(e.keys) - base
	for len(e.order) < base+n {
		e.order = append(e.order, 0)
	}
	order := e.order[base : base+n]
	for k := range order {
		order[k] = uint32(base + k)
	}
	if n <= 16 {
		// Most objects have a few keys: an insertion sort, without a
		// call per comparison.
		insertionSortKeys(order, e.keys)
		return order
	}
	// A merge sort (runs of 16 by insertion, then merged), its
	// comparisons inline; tmp is its scratch.
	for len(e.tmpOrder) < n {
		e.tmpOrder = append(e.tmpOrder[:cap(e.tmpOrder)], 0)
	}
	src, dst := order, e.tmpOrder[:n]
	for i := 0; i < n; i += 16 {
		insertionSortKeys(src[i:min(i+16, n)], e.keys)
	}
	for width := 16; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mergeKeys(dst[lo:min(lo+2*width, n)], src[lo:min(lo+width, n)], src[min(lo+width, n):min(lo+2*width, n)], e.keys)
		}
		src, dst = dst, src
	}
	if &src[0] != &order[0] {
		copy(order, src)
	}
	return order
}

// keyLess orders map keys as encoding/json does (by bytes), by their
// first eight bytes first.
func keyLess(a, b *mapKey) bool {
	return a.pre < b.pre || a.pre == b.pre && a.s < b.s
}

func insertionSortKeys(order []uint32, keys []mapKey) {
	for i := 1; i < len(order); i++ {
		x := order[i]
		kx := &keys[x]
		j := i
		for ; j > 0; j-- {
			if !keyLess(kx, &keys[order[j-1]]) {
				break
			}
			order[j] = order[j-1]
		}
		order[j] = x
	}
}

// mergeKeys merges the sorted a and b into dst (len(a)+len(b) long),
// stably.
func mergeKeys(dst, a, b []uint32, keys []mapKey) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if keyLess(&keys[b[j]], &keys[a[i]]) {
			dst[k] = b[j]
			j++
		} else {
			dst[k] = a[i]
			i++
		}
		k++
	}
	k += copy(dst[k:], a[i:])
	copy(dst[k:], b[j:])
}

// popKeys drops the keys pushed from base on.
func (e *encState) popKeys(base int) {
	clear(e.keys[base:])
	e.keys = e.keys[:base]
}
