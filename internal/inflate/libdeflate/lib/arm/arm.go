//go:build simdjson_sources

// Package arm holds libdeflate's lib/arm/ sources (see ../../PROVENANCE); it
// has no Go code and exists for go mod vendor (see internal/inflate/sources.go).
package arm
