package json

import (
	"encoding/binary"
	stdjson "encoding/json"
	"errors"
	"math/bits"
	"reflect"
	"strconv"
	"sync/atomic"
	"unsafe"
)

// structField is one JSON-visible field of a struct, as encoding/json
// finds them (embedded structs promoted, tags applied, conflicts dropped).
type structField struct {
	name    string
	index   []int
	typ     reflect.Type // the field's type
	dec     *typeDecoder
	quoted  bool
	off     uintptr  // offset from the struct, when no embedded pointer is on the path
	viaPtr  bool     // an embedded pointer is on the path: walk index
	goNames []string // names of the embedded fields on the path
}

type structDecoder struct {
	t      reflect.Type
	fields []structField
	hot    []fieldHot     // what decoding a field's value needs, by field
	folded map[string]int // folded name -> first field with it
	// Exact names: an open-addressing table of the fields by name (slots),
	// indexed by a hash of the name's length and first eight bytes, and
	// those bytes and length of each field's name (words, lens), compared
	// before the rest of the name; of a name longer than eight bytes, its
	// last eight (tails), which settle one of up to 16 bytes.
	slots []keySlot
	shift uint
	words []uint64
	lens  []int
	tails []uint64
	// For ASCII keys (folding keeps their length): by key length, the
	// fields whose folded name is ASCII and has that length, in field
	// order; foldBloom has the bits of foldBits of each such name, so that
	// most keys that match no field are rejected without a comparison.
	foldByLen [][]int32
	foldNames []string
	foldBloom uint64
	// memoSet: the decodeState's keyMemo set this decoder uses (see
	// memoFor).
	memoSet uint8
}

// fieldHot is the part of a structField that decoding its value reads,
// packed: fast names the kinds whose common case decode handles inline,
// without an indirect call (a string into a string, an integer into an
// int64, a boolean into a bool, with no method or option in the way).
type fieldHot struct {
	off  uintptr
	td   *typeDecoder
	fast uint8
	slow bool // quoted, or an embedded pointer on the path
}

const (
	fastNone = iota
	fastString
	fastInt64
	fastBool
	fastStruct // a struct without methods: its structDecoder is td.sd
)

// fastKind is the fast kind of a field of type t (see fieldHot).
func fastKind(t reflect.Type) uint8 {
	if t == numberType || stdOnly(t) {
		return fastNone
	}
	// get's rule: a named type whose pointer has a method decodes with it.
	if t.Name() != "" && hasUnmarshalMethod(reflect.PointerTo(t)) {
		return fastNone
	}
	switch t.Kind() {
	case reflect.String:
		return fastString
	case reflect.Int64:
		return fastInt64
	case reflect.Int:
		if t.Size() == 8 {
			return fastInt64
		}
	case reflect.Bool:
		return fastBool
	case reflect.Struct:
		return fastStruct
	}
	return fastNone
}

// hasUnmarshalMethod reports whether t has an UnmarshalJSON or an
// UnmarshalText method.
func hasUnmarshalMethod(t reflect.Type) bool {
	return t.Implements(unmarshalerType) || t.Implements(textUnmarshalerType)
}

// keySlot is one slot of structDecoder.slots: a field's index and its
// name's length and first eight bytes; k is -1 in an empty slot.
type keySlot struct {
	word uint64
	n    int32
	k    int32
}

func (b *decoderBuilder) structDecoder(t reflect.Type) decFn {
	sd := &structDecoder{t: t, memoSet: uint8(memoSets.Add(1) % keyMemoSets)}
	if td := b.building[t]; td != nil {
		td.sd = sd
	}
	fields := jsonFields(t)
	sd.fields = make([]structField, len(fields))
	sd.hot = make([]fieldHot, len(fields))
	sd.folded = make(map[string]int, len(fields))
	sd.foldNames = make([]string, len(fields))
	for k, f := range fields {
		sf := structField{name: f.name, index: f.index, quoted: f.quoted}
		ct := t
		for n, x := range f.index {
			if ct.Kind() == reflect.Pointer {
				ct = ct.Elem()
				sf.viaPtr = true
			}
			fld := ct.Field(x)
			sf.off += fld.Offset
			if n < len(f.index)-1 {
				sf.goNames = append(sf.goNames, fld.Name)
			}
			ct = fld.Type
		}
		sf.typ = ct
		sf.dec = b.get(ct)
		sd.fields[k] = sf
		sd.hot[k] = fieldHot{off: sf.off, td: sf.dec, slow: sf.quoted || sf.viaPtr}
		if !sd.hot[k].slow {
			sd.hot[k].fast = fastKind(ct)
		}
		folded := string(foldName(nil, []byte(f.name)))
		sd.foldNames[k] = folded
		if _, ok := sd.folded[folded]; !ok {
			sd.folded[folded] = k
		}
		if isASCII([]byte(folded)) {
			sd.foldByLen = addByLen(sd.foldByLen, len(folded), k)
			sd.foldBloom |= foldBits(len(folded), folded[0], folded[len(folded)-1])
		}
	}
	sd.buildSlots()
	return sd.decode
}

// buildSlots fills the exact-name table: a power of two with at least
// twice as many slots as fields; the first field with a name wins (names
// are unique after encoding/json's dominance rules anyway).
func (sd *structDecoder) buildSlots() {
	size := 4
	for size < 2*len(sd.fields) {
		size *= 2
	}
	sd.shift = uint(64 - bits.TrailingZeros(uint(size)))
	sd.slots = make([]keySlot, size)
	for h := range sd.slots {
		sd.slots[h].k = -1
	}
	sd.words = make([]uint64, len(sd.fields))
	sd.lens = make([]int, len(sd.fields))
	sd.tails = make([]uint64, len(sd.fields))
	for k := range sd.fields {
		name := sd.fields[k].name
		var pad [8]byte
		copy(pad[:], name)
		w := binary.LittleEndian.Uint64(pad[:])
		sd.words[k], sd.lens[k] = w, len(name)
		if len(name) > 8 {
			sd.tails[k] = binary.LittleEndian.Uint64([]byte(name[len(name)-8:]))
		}
		sd.insertSlot(keySlot{word: w, n: int32(len(name)), k: int32(k)}, name)
	}
}

// insertSlot puts s in the first free slot of its probe sequence, unless a
// field with the same name is already there.
func (sd *structDecoder) insertSlot(s keySlot, name string) {
	mask := uint64(len(sd.slots) - 1)
	for h := slotHash(s.word, int(s.n), sd.shift); ; h = (h + 1) & mask {
		if sd.slots[h].k < 0 {
			sd.slots[h] = s
			return
		}
		if sd.fields[sd.slots[h].k].name == name {
			return
		}
	}
}

func slotHash(w uint64, n int, shift uint) uint64 {
	return ((w ^ uint64(n)) * 0x9E3779B97F4A7C15) >> shift
}

// foldBits are the two bits of structDecoder.foldBloom for an ASCII name
// of length n whose folded first and last bytes are first and last (a
// key is upper-cased the same way before the test).
func foldBits(n int, first, last byte) uint64 {
	x := (uint64(n) | uint64(first)<<32 | uint64(last)<<40) * 0x9E3779B97F4A7C15
	return 1<<(x>>58) | 1<<(x>>52&63)
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		c -= 'a' - 'A'
	}
	return c
}

func addByLen(t [][]int32, n, k int) [][]int32 {
	for len(t) <= n {
		t = append(t, nil)
	}
	t[n] = append(t[n], int32(k))
	return t
}

// keyMemo remembers, for one struct decoder, which field each of the
// first keyMemoKeys keys of the last object it decoded matched (-1: none),
// by the key's length and bytes (keys of up to eight bytes only, which
// (n, word) determines). Objects of one type usually list the same keys in
// the same order, so each key is then one comparison instead of a lookup.
// A memo belongs to one decodeState, which one goroutine uses at a time,
// and only caches lookup, a function of the key's bytes. Its set can be
// taken over by a nested object's decoder in the middle of an object:
// decode checks that the memo is still its own before each use.
type keyMemo struct {
	sd   *structDecoder
	keys [keyMemoKeys]memoKey
}

type memoKey struct {
	word uint64
	n    int32 // 0: nothing remembered (an empty key is never memoized)
	k    int32
}

const (
	keyMemoSets = 8
	keyMemoKeys = 16
)

// memoSets hands out the memo sets to struct decoders as they are built,
// in turn, so that the struct types of one document (built one after the
// other) get sets of their own. (A set chosen by the decoder's address
// was shared by an order's struct types often enough that the memo was
// cleared and relearned for each of an order's items.)
var memoSets atomic.Uint32

// memoFor returns d's memo for sd, taking over its set when another
// decoder had it.
func (d *decodeState) memoFor(sd *structDecoder) *keyMemo {
	m := &d.memo[sd.memoSet&(keyMemoSets-1)]
	if m.sd != sd {
		*m = keyMemo{sd: sd}
	}
	return m
}

// lookup finds the field for key: an exact match first, then a
// case-insensitive one (encoding/json's folding; the first field in order
// wins), returned with foldedKey added; -1 when none. hint is the field
// expected (the one after the previous match): objects often list fields
// in struct order. word is the key's first eight bytes, zero past its end,
// as decodeState.key returns it.
func (sd *structDecoder) lookup(key []byte, word uint64, hint int) int {
	n := len(key)
	if hint < len(sd.fields) && sd.lens[hint] == n && sd.words[hint] == word &&
		(n <= 8 || sd.sameTail(hint, key)) {
		return hint
	}
	// An ASCII key matches only names whose folded form has its length
	// and its first and last bytes upper-cased: most keys that match no
	// field stop at the filter.
	ascii := word&0x8080808080808080 == 0 && (n <= 8 || isASCII(key[8:]))
	if ascii {
		if n == 0 {
			return -1
		}
		if b := foldBits(n, upperASCII(key[0]), upperASCII(key[n-1])); sd.foldBloom&b != b {
			return -1
		}
	}
	mask := uint64(len(sd.slots) - 1)
	for h := slotHash(word, n, sd.shift); ; h = (h + 1) & mask {
		s := &sd.slots[h]
		if s.k < 0 {
			break
		}
		if int(s.n) == n && s.word == word && (n <= 8 || sd.sameTail(int(s.k), key)) {
			return int(s.k)
		}
	}
	if !ascii {
		var buf [64]byte
		if k, ok := sd.folded[string(foldName(buf[:0], key))]; ok {
			return k | foldedKey
		}
		return -1
	}
	if n >= len(sd.foldByLen) {
		return -1
	}
	for _, k := range sd.foldByLen[n] {
		if equalFoldASCII(key, sd.foldNames[k]) {
			return int(k) | foldedKey
		}
	}
	return -1
}

// sameTail reports whether field k's name, of len(key) > 8 bytes and the
// same first eight as key, equals key: the last eight bytes settle a name
// of up to 16 without a call to compare memory.
func (sd *structDecoder) sameTail(k int, key []byte) bool {
	n := len(key)
	if binary.LittleEndian.Uint64(key[n-8:]) != sd.tails[k] {
		return false
	}
	return n <= 16 || sd.fields[k].name[8:n-8] == string(key[8:n-8])
}

// foldedKey marks lookup's case-insensitive matches (exact names come
// from the hint or the table; names are unique, so a match found by
// folding is never exact): encoding/json/v2's default rules ignore such a
// name (decodeState.v2).
const foldedKey = 1 << 30

// equalFoldASCII reports whether the ASCII key, upper-cased, equals the
// folded ASCII name.
func equalFoldASCII(key []byte, folded string) bool {
	for i, c := range key {
		if 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		}
		if c != folded[i] {
			return false
		}
	}
	return true
}

// isASCII reports whether b has no byte >= 0x80.
func isASCII(b []byte) bool {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			return false
		}
	}
	return true
}

func (sd *structDecoder) decode(d *decodeState, i uint32, p unsafe.Pointer) error {
	w := d.tape[i]
	if tagOf(w) != tagObject {
		d.mismatch(i, sd.t)
		return nil
	}
	end := uint32(w) - 1
	hint := 0
	memo := d.memoFor(sd)
	pos := 0
	// With d.v2 (constant during a decoding): the fields (k < 64) met,
	// and where this object's other names start on d.v2Keys.
	v2 := d.v2
	var seen uint64
	var v2base int
	if v2 {
		v2base = len(d.v2Keys)
	}
	for j := i + 1; j < end; pos++ {
		v := j + 1
		key, word := d.key(j)
		var k int
		// memo.sd: a nested object of another struct type whose memo
		// shares the set takes it over; its entries are not this one's.
		if pos < keyMemoKeys && len(key) <= 8 && len(key) > 0 && memo.sd == sd {
			if mk := &memo.keys[pos]; int(mk.n) == len(key) && mk.word == word {
				k = int(mk.k)
			} else {
				k = sd.lookup(key, word, hint)
				*mk = memoKey{word: word, n: int32(len(key)), k: int32(k)}
			}
		} else {
			k = sd.lookup(key, word, hint)
		}
		if v2 && !sd.v2Name(d, k, key, &seen) {
			return errV2Decline
		}
		if k < 0 {
			if v2 && !d.v2Skipped(v) {
				return errV2Decline // a duplicate name in the value skipped
			}
			if d.disallowUnknown {
				d.saveError(errors.New("json: unknown field " + strconv.Quote(string(key))))
			}
			j = d.next(v)
			continue
		}
		k &^= foldedKey
		hint = k + 1
		h := &sd.hot[k]
		// A fast field is never reached through an embedded pointer (slow),
		// so p+off is inside the struct at p. A field reached through one
		// lies in another allocation: p+off, past the struct, is never
		// formed (the checkptr instrumentation of -race and -asan rejects
		// the arithmetic itself); fieldViaPointers finds it.
		switch tg := tagOf(d.tape[v]); h.fast {
		case fastString:
			if tg == tagString {
				*(*string)(unsafe.Add(p, h.off)) = d.str(v)
				j = v + 1
				continue
			}
		case fastInt64:
			if tg == tagInt64 {
				*(*int64)(unsafe.Add(p, h.off)) = d.int64At(v)
				j = v + 2
				continue
			}
		case fastBool:
			if tg == tagTrue || tg == tagFalse {
				*(*bool)(unsafe.Add(p, h.off)) = tg == tagTrue
				j = v + 1
				continue
			}
		}
		f := &sd.fields[k]
		var fp unsafe.Pointer
		if h.slow && f.viaPtr {
			var ok bool
			if fp, ok = d.fieldViaPointers(sd.t, f, p); !ok {
				j = d.next(v)
				continue
			}
		} else {
			fp = unsafe.Add(p, h.off)
		}
		clean := d.saved == nil
		var err error
		if h.slow && f.quoted {
			err = d.quotedField(v, reflect.NewAt(f.typ, fp).Elem())
		} else if h.fast == fastStruct && h.td.sd != nil {
			err = h.td.sd.decode(d, v, fp) // what direct calls, without the indirection
		} else {
			err = h.td.direct(d, v, fp)
		}
		if err != nil {
			d.addFrame(err, sd.t, f)
			return err
		}
		if clean && d.saved != nil {
			d.addFrame(d.saved, sd.t, f)
		}
		j = d.next(v)
	}
	if v2 && len(d.v2Keys) > v2base {
		if d.v2Dups.Has(d.v2Keys[v2base:]) {
			return errV2Decline
		}
		d.v2Keys = d.v2Keys[:v2base]
	}
	return nil
}

// v2Name is decode's check of a key under encoding/json/v2's default
// rules (decodeState.v2), which match names exactly and reject a name
// given twice: k, what lookup returned for key, must not be a
// case-insensitive match, and a field met before (its bit in seen) is a
// duplicate. A name that is not a field's, and the name of a field past
// the 64th, goes on d.v2Keys, compared with the object's others at its
// end (a field's name never equals another field's or an unknown one).
func (sd *structDecoder) v2Name(d *decodeState, k int, key []byte, seen *uint64) bool {
	if k >= foldedKey {
		return false // a case-insensitive match: encoding/json/v2 ignores the name
	}
	if !d.v2Names {
		return true // the parse checked
	}
	if k >= 0 {
		if k < 64 {
			if *seen&(1<<k) != 0 {
				return false
			}
			*seen |= 1 << k
			return true
		}
	}
	d.v2Keys = append(d.v2Keys, key)
	return true
}

// v2Skipped reports whether the value at v, which decode skips, has no
// duplicate name (decodeState.v2), and counts its tape words.
func (d *decodeState) v2Skipped(v uint32) bool {
	tg := tagOf(d.tape[v])
	if tg != tagObject && tg != tagArray {
		return true
	}
	d.v2SkipWords += int(uint32(d.tape[v]) - v)
	return v2RawOK(d, v)
}

// addFrame adds a struct field to the context of a type error raised while
// decoding the field's value, as the error unwinds: the innermost struct
// names itself (Struct) and each struct on the way out prepends its field
// (and the embedded fields leading to it) to Field. encoding/json builds
// the same context with a stack it pushes for every field.
func (d *decodeState) addFrame(err error, t reflect.Type, f *structField) {
	te, ok := err.(*stdjson.UnmarshalTypeError)
	if !ok {
		return
	}
	path := make([]string, 0, len(f.goNames)+2)
	path = append(path, f.goNames...)
	path = append(path, f.name)
	if te.Field != "" {
		path = append(path, te.Field)
	}
	if d.framed != te {
		d.framed = te
		te.Struct = t.Name()
	}
	te.Field = joinFields(path)
}

// fieldViaPointers walks a field's index through embedded pointers,
// allocating them; it fails (saving encoding/json's error) at a nil
// embedded pointer to an unexported struct type, which cannot be set.
func (d *decodeState) fieldViaPointers(t reflect.Type, f *structField, p unsafe.Pointer) (unsafe.Pointer, bool) {
	v := reflect.NewAt(t, p).Elem()
	for _, x := range f.index {
		if v.Kind() == reflect.Pointer {
			if v.IsNil() {
				if !v.CanSet() {
					d.saveError(errors.New("json: cannot set embedded pointer to unexported struct: " + v.Type().Elem().String()))
					return nil, false
				}
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		v = v.Field(x)
	}
	return v.Addr().UnsafePointer(), true
}
