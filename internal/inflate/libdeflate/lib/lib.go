//go:build simdjson_sources

// Package lib holds libdeflate's lib/ sources (see ../PROVENANCE); it has no
// Go code and exists for go mod vendor (see internal/inflate/sources.go).
package lib
