package simdjson

import "github.com/simdjson-cgo/simdjson/internal/shim"

// Test hooks of trust_test.go.

// SetGenerationForTest sets p's generation counter, as if that many
// documents had been parsed.
func SetGenerationForTest(p *Parser, g uint64) { p.gen = g }

// GenerationForTest returns p's generation counter.
func GenerationForTest(p *Parser) uint64 { return p.gen }

// StackLevelsForTest returns how many nesting levels p's walk stacks hold
// (0 before the first input).
func StackLevelsForTest(p *Parser) int {
	if p.nat == nil || p.nat.c == nil {
		return 0
	}
	return int(shim.StackLevels(p.nat.c))
}

// ChunkScanBytesForTest returns the bytes the maps have searched for their
// chunks' line starts so far.
func ChunkScanBytesForTest() uint64 { return shim.ChunkScanBytes() }
