//go:build simdjson_sources

// Package libdeflate holds the vendored libdeflate 1.25 (PROVENANCE,
// COPYING); it has no Go code. internal/inflate compiles its C files.
//
// This file exists for go mod vendor, which copies only the directories of
// packages: internal/inflate/sources.go imports this package (and lib, x86,
// arm below it) under the build tag simdjson_sources, which no build sets.
package libdeflate
