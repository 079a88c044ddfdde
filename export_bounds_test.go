package simdjson

import (
	"unsafe"

	"github.com/simdjson-cgo/simdjson/internal/shim"
)

// Test hooks of the cost bounds (bounds_test.go): the native parser's
// counters (shim.ParserStat).

// Stat* name the statistics ParserStat and MapParsersStat read.
const (
	StatStage1Bytes    = shim.StatStage1Bytes    // bytes handed to stage 1 so far
	StatStringExtra    = shim.StatStringExtra    // bytes held for strings beyond the string buffer
	StatRowBytes       = shim.StatRowBytes       // capacity of the last batch's projected rows
	StatRetiredBytes   = shim.StatRetiredBytes   // bytes a running map keeps of replaced buffers
	StatStringBuf      = shim.StatStringBuf      // address of the string buffer
	StatStringBufBytes = shim.StatStringBufBytes // its size
)

// RowParserStat returns statistic which of the parser r was read with.
func RowParserStat(r Row, which int) uint64 { return ParserStat(r.p, which) }

// RowFieldMemoryForTest returns where field i's bytes of r lie, read
// without any check (what a reader from another goroutine has in hand
// between a Row's two generation checks).
func RowFieldMemoryForTest(r Row, i int) unsafe.Pointer { return unsafe.Pointer(r.f[i].Str) }

// ParserStat returns statistic which of p's native parser (0 before p's
// first use).
func ParserStat(p *Parser, which int) uint64 {
	if p.nat == nil || p.nat.c == nil {
		return 0
	}
	return shim.ParserStat(p.nat.c, which)
}

// MapParsersStat returns the sum of statistic which over the parsers that
// finished maps keep for the next ones, and how many there are. A map with
// Threads(1) takes one (or makes one) and puts it back.
func MapParsersStat(which int) (sum uint64, n int) {
	mapParsers.mu.Lock()
	defer mapParsers.mu.Unlock()
	for _, p := range mapParsers.free {
		sum += ParserStat(p, which)
	}
	return sum, len(mapParsers.free)
}

// MapParsersMax returns the largest statistic which over the kept map
// parsers.
func MapParsersMax(which int) uint64 {
	mapParsers.mu.Lock()
	defer mapParsers.mu.Unlock()
	var m uint64
	for _, p := range mapParsers.free {
		m = max(m, ParserStat(p, which))
	}
	return m
}
