//go:build simdjson_sources

package shim

// go mod vendor copies only the directories of packages, and csrc/ (the
// vendored simdjson) and include/ (the shim's header) hold no Go code that
// a build compiles. These imports make them packages that vendoring keeps:
// go mod vendor (and go mod tidy) follow imports under every build tag,
// while no build sets simdjson_sources, so neither package is compiled.
// make test-consumer checks a consumer's vendored tree builds and runs.
import (
	_ "github.com/simdjson-cgo/simdjson/csrc"
	_ "github.com/simdjson-cgo/simdjson/include"
)
