package simdjson

import "github.com/simdjson-cgo/simdjson/internal/shim"

// Test hooks of the cost bounds (bounds_test.go): the native parser's
// counters (shim.ParserStat).

// Stat* name the statistics ParserStat and MapParsersStat read.
const (
	StatStage1Bytes = shim.StatStage1Bytes // bytes handed to stage 1 so far
	StatStringExtra = shim.StatStringExtra // bytes held for strings beyond the string buffer
	StatRowBytes    = shim.StatRowBytes    // capacity of the last batch's projected rows
)

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
