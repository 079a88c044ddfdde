//go:build !amd64 || purego

package json

// Without the assembly, skipUTF8 is never called (utf8Scan is false).

const utf8ScanSupported = false

func indexUTF8(s []byte) int     { panic("json: indexUTF8 without AVX2") }
func indexUTF8HTML(s []byte) int { panic("json: indexUTF8 without AVX2") }
