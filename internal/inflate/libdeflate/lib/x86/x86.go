//go:build simdjson_sources

// Package x86 holds libdeflate's lib/x86/ sources (see ../../PROVENANCE); it
// has no Go code and exists for go mod vendor (see internal/inflate/sources.go).
package x86
