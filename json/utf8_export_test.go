package json

// Test hooks of the UTF-8 scan (compiled only into the package's tests).

// SetUTF8Scan sets whether strings are written with skipUTF8 (where the
// CPU allows) and returns the setting before.
func SetUTF8Scan(on bool) bool {
	old := utf8Scan
	utf8Scan = on && utf8ScanSupported
	return old
}
