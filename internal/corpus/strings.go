package corpus

// EachString calls f with every string over the bytes of alphabet of up to
// maxLen bytes, the empty one first, in a buffer f must not keep (for the
// exhaustive checks of the byte rules: the number grammar and its users).
func EachString(alphabet string, maxLen int, f func(b []byte)) {
	b := make([]byte, 0, maxLen)
	var walk func()
	walk = func() {
		f(b)
		if len(b) == maxLen {
			return
		}
		b = b[:len(b)+1]
		for k := range len(alphabet) {
			b[len(b)-1] = alphabet[k]
			walk()
		}
		b = b[:len(b)-1]
	}
	walk()
}
