package json

import (
	"encoding/binary"
	"hash/maphash"
	"math/rand/v2"
	"unsafe"
)

// Object names made into map keys, remembered.
//
// A document decoded into interface{} (or into a map[string]any field) has
// the same few names in object after object (every element of an array of
// events has "id", "type", "actor"), and a service decodes the same names
// request after request. Each name used to be copied into the string arena
// for every object it keyed and, for maps built in place (anymap.go),
// hashed for every object too. keyCache remembers recent names by their
// bytes: a name met again takes the Go string made the first time and,
// under the same seed, the hash computed the first time. It holds 512
// names, two in each of 256 sets, so that two names that share a set,
// met in turn (one object's "id" and "name"), do not evict each other: with
// one name a set, one name in eight of twitter.json's was copied and
// hashed again (94 distinct names), with two one in a thousand.
//
// The hash is hash/maphash's with the seed of the maps built in place; a
// seed is drawn by the cache and serves all the maps of keySeedCalls calls
// (mapSeed), so the same name has the same hash in all of them and a
// service's names are hashed once per keySeedCalls requests, not in each
// (the runtime draws one per map; a map's seed only has to be unknown
// outside the process, and clear draws a new one). An entry's hash counts
// for the seed whose generation it carries.
//
// The strings the cache holds come from chunks of their own, so that what
// it keeps alive from one call to the next is its names, not the arena
// chunks of the values decoded beside them; when names keep changing, the
// cache is emptied each keyCacheMaxChunks chunks, so it keeps at most that
// many (32 KiB) alive. The decodeState, and the cache with it, lives in a
// sync.Pool.

const (
	keyCacheBits   = 8 // sets of keyCacheWays entries
	keyCacheWays   = 2
	keyCacheSize   = keyCacheWays << keyCacheBits
	keyCacheMaxLen = 48   // longer names are copied each time, as before
	keyArenaChunk  = 1024 // bytes of one chunk of cached names
	// keyCacheMaxChunks bounds what the cache keeps alive: names that
	// keep changing (objects keyed by ids) would otherwise leave each
	// chunk held by an entry or two. A full cache of 512 names of 48 bytes
	// takes 24 chunks.
	keyCacheMaxChunks = 32
)

type keyEntry struct {
	head uint64 // the name's first eight bytes, zero past its end (key's)
	s    string // the name, in one of chunks ("" for an empty entry)
	hash uint64 // maphash of s under the mapSeed of generation gen
	gen  uint64
}

type keyCache struct {
	// Sets of two entries: a name's set is a hash of its length and its
	// first and last eight bytes (entry).
	entries [keyCacheSize / keyCacheWays][keyCacheWays]keyEntry
	// The chunks the entries' names were copied into since the cache was
	// last emptied (at most keyCacheMaxChunks), the last one being
	// filled.
	chunks [][]byte
	arena  []byte
	gen    uint64 // the seed's generation: 0 until one is drawn
	seed   uint64 // the seed of the maps built in place
	calls  int    // calls left to seed, counting this one once it is taken
	taken  bool   // this call has taken seed (init resets it)
}

// keySeedCalls is how many calls a seed serves.
const keySeedCalls = 256

// mapSeed returns the seed of this Unmarshal's maps built in place, drawing
// a new one at the first map of every keySeedCalls-th call that builds one.
func (d *decodeState) mapSeed() uint64 {
	c := d.keyCache()
	if !c.taken {
		c.taken = true
		if c.calls == 0 {
			c.seed = rand.Uint64() | 1 // maphash rejects 0; the runtime's seeds are any value
			c.gen++
			c.calls = keySeedCalls
		}
		c.calls--
	}
	return c.seed
}

func (d *decodeState) keyCache() *keyCache {
	if d.keys == nil {
		d.keys = new(keyCache)
	}
	return d.keys
}

// entry returns the first entry of the cache's set for a name of n bytes
// (1 to keyCacheMaxLen) starting with head, and whether it holds that name;
// when it does not, lookup looks further.
func (c *keyCache) entry(b []byte, head uint64) (*keyEntry, bool) {
	n := len(b)
	x := head ^ uint64(n)<<56
	if n > 8 {
		// Names often share their first eight bytes ("profile_...").
		x ^= binary.LittleEndian.Uint64(b[n-8:]) * 0xC2B2AE3D27D4EB4F
	}
	e := &c.entries[(x*0x9E3779B97F4A7C15)>>(64-keyCacheBits)][0]
	if e.head != head || len(e.s) != n {
		return e, false
	}
	return e, n <= 8 || string(b[8:]) == e.s[8:] // head holds names of up to eight
}

// lookup is entry's miss: the entry of the name b in the set whose first
// entry is e, the second entry if it holds b, else e made to hold b (a copy
// in the cache's own chunks), the name e held moving to the second. So two
// names met in turn that share a set do not evict each other.
func (c *keyCache) lookup(e *keyEntry, b []byte, head uint64) *keyEntry {
	set := (*[keyCacheWays]keyEntry)(unsafe.Pointer(e))
	if e2 := &set[1]; e2.head == head && len(e2.s) == len(b) && string(b) == e2.s {
		return e2
	}
	set[1] = set[0]
	n := len(b)
	if len(c.arena)+n > cap(c.arena) {
		if len(c.chunks) == keyCacheMaxChunks {
			// Empty the cache rather than keep its earlier chunks
			// alive (e is overwritten below).
			c.entries = [keyCacheSize / keyCacheWays][keyCacheWays]keyEntry{}
			clear(c.chunks)
			c.chunks = c.chunks[:0]
		}
		c.arena = make([]byte, 0, keyArenaChunk)
		c.chunks = append(c.chunks, c.arena)
	}
	off := len(c.arena)
	c.arena = c.arena[:off+n]
	copy(c.arena[off:], b)
	*e = keyEntry{head: head, s: unsafe.String(&c.arena[off], n)}
	return e
}

// keyStr is str for an object's name at i that becomes a map key: the
// cached string when the name is in the cache.
func (d *decodeState) keyStr(i uint32) string {
	b, head := d.key(i)
	if len(b) == 0 || len(b) > keyCacheMaxLen {
		return d.strWord(d.tape[i])
	}
	c := d.keyCache()
	e, ok := c.entry(b, head)
	if !ok {
		e = c.lookup(e, b, head)
	}
	return e.s
}

// keyHashed returns the name at i as a Go string and its maphash under
// ms, this call's mapSeed (taken before), from the cache where it can; ok
// is false for an empty name or one longer than mapMaxKeyLen, which the
// maps built in place do not take.
func (d *decodeState) keyHashed(i uint32, ms maphash.Seed) (s string, h uint64, ok bool) {
	b, head := d.key(i)
	if len(b) == 0 || len(b) > mapMaxKeyLen {
		return "", 0, false
	}
	if len(b) > keyCacheMaxLen {
		return d.strWord(d.tape[i]), maphash.Bytes(ms, b), true
	}
	c := d.keys
	e, hit := c.entry(b, head)
	if !hit {
		e = c.lookup(e, b, head)
	}
	if e.gen != c.gen {
		e.hash, e.gen = maphash.Bytes(ms, b), c.gen
	}
	return e.s, e.hash, true
}
