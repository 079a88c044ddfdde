package simdjson

// Test hooks of attack_test.go and trust_test.go.

// SetStreamGenerationForTest sets the generation of the parser of s, inside
// s's loop, as if that many documents had been parsed by the stream itself
// (SetGenerationForTest there makes the stream stop: its parser moved on).
func SetStreamGenerationForTest(s *Stream, g uint64) {
	s.p.gen = g
	s.yieldGen = g
}
