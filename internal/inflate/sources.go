//go:build simdjson_sources

package inflate

// go mod vendor copies only the directories of packages: these imports make
// the vendored libdeflate's directories packages that vendoring keeps (go mod
// vendor follows imports under every build tag; no build sets
// simdjson_sources). make test-consumer checks a vendored consumer builds.
import (
	_ "github.com/simdjson-cgo/simdjson/internal/inflate/libdeflate"
	_ "github.com/simdjson-cgo/simdjson/internal/inflate/libdeflate/lib"
	_ "github.com/simdjson-cgo/simdjson/internal/inflate/libdeflate/lib/arm"
	_ "github.com/simdjson-cgo/simdjson/internal/inflate/libdeflate/lib/x86"
)
