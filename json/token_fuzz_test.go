package json_test

import "testing"

// FuzzToken compares Token, More, Decode, Buffered and InputOffset with
// encoding/json's on arbitrary streams (seeds: tokenInputs and the
// Decoder's streams), running a script of calls (each byte one call, see
// checkTokens) through one kind of reader (mode's low bits; its high bit
// sets UseNumber).
func FuzzToken(f *testing.F) {
	for k, in := range append(append([]string{}, tokenInputs...), streams...) {
		sc := tokenScripts[k%len(tokenScripts)]
		f.Add([]byte(in), sc, uint8(k))
	}
	f.Fuzz(func(t *testing.T, data, script []byte, mode uint8) {
		if len(script) > 32 {
			script = script[:32]
		}
		if len(script) == 0 {
			script = []byte{opToken}
		}
		rk := readerKinds[int(mode&0x7f)%len(readerKinds)]
		checkTokens(t, "fuzz", data, rk, script, mode&0x80 != 0)
	})
}
