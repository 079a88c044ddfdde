//go:build simdjson_sources

package shim

// go mod vendor copies only the directories of packages, and csrc/ (the
// vendored simdjson) holds no Go code that a build compiles. This import
// makes it a package that vendoring keeps: go mod vendor (and go mod tidy)
// follow imports under every build tag, while no build sets
// simdjson_sources, so the package is never compiled. (The shim's own
// header, simdjson_go.h, is in this directory.) make test-consumer checks
// that a consumer's vendored tree builds and runs.
import _ "github.com/simdjson-cgo/simdjson/csrc"
