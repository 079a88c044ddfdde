package simdjson

// Test hooks of the readers' and the document size limit's tests.

// MaxDocumentLimit is the largest MaxDocumentSize.
const MaxDocumentLimit = maxDocumentLimit

// MaxPooledMapCapacity is the largest parser capacity the map pool keeps.
const MaxPooledMapCapacity = maxPooledMapCapacity

// StreamLimits returns the batch size and maximum document size opts give.
func StreamLimits(opts ...StreamOption) (batch, maxDoc int) {
	c := newStreamConfig(opts)
	return c.batch, c.maxDoc
}

// SetTestMalloc makes f see the size of each input buffer streams and maps
// allocate, until the returned function is called.
func SetTestMalloc(f func(n int)) (restore func()) {
	testMalloc.Store(&f)
	return func() { testMalloc.Store(nil) }
}

// SetTestPutMapParser makes f see the capacity and copy buffer of each
// parser a map gives back, and whether the pool keeps it, until the
// returned function is called. Not for concurrent maps.
func SetTestPutMapParser(f func(capacity, bufCap int, pooled bool)) (restore func()) {
	testPutMapParser = func(p *Parser, pooled bool) { f(p.Capacity(), int(p.nat.bufCap), pooled) }
	return func() { testPutMapParser = nil }
}

// PooledMapParserCapacities returns the capacities of the pooled map parsers.
func PooledMapParserCapacities() []int {
	mapParsers.mu.Lock()
	defer mapParsers.mu.Unlock()
	var out []int
	for _, p := range mapParsers.free {
		out = append(out, p.Capacity())
	}
	return out
}

// DrainMapParserPool frees the pooled map parsers, so the next maps start
// with fresh ones.
func DrainMapParserPool() {
	mapParsers.mu.Lock()
	defer mapParsers.mu.Unlock()
	for _, p := range mapParsers.free {
		p.Close()
	}
	mapParsers.free = nil
}

// SetTestMapSlots makes f see where a map's chunk slots are as it returns
// (see testMapSlots), until the returned function is called. Not for
// concurrent maps.
func SetTestMapSlots(f func(free, queued, held, total int)) (restore func()) {
	testMapSlots = f
	return func() { testMapSlots = nil }
}
