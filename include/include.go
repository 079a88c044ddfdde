//go:build simdjson_sources

// Package include holds simdjson_go.h, the C header of the shim between Go
// and simdjson, which internal/shim's cgo preambles include (with
// -I${SRCDIR}/../../include); it has no Go code.
//
// This file exists for go mod vendor, which copies only the directories of
// packages: internal/shim/sources.go imports this package under the build
// tag simdjson_sources, which no build sets (go mod vendor follows imports
// under every tag), so a consumer's vendor/ keeps the header.
package include
