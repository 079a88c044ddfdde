//go:build simdjson_sources

// Package csrc holds the vendored simdjson 4.6.7 (simdjson.h, simdjson.cpp,
// LICENSE, LICENSE-MIT, VERSION, PROVENANCE, SHA256SUMS and vendor.sh, which
// re-creates them); it has no other Go code. internal/shim compiles
// simdjson.cpp (through simdjson_amalgamation.cpp) and finds simdjson.h
// here with -I${SRCDIR}/../../csrc.
//
// This file exists for go mod vendor, which copies only the directories of
// packages: internal/shim/sources.go imports this package under the build
// tag simdjson_sources, which no build sets (go mod vendor follows imports
// under every tag), so a consumer's vendor/ keeps the C++ sources and the
// build never compiles this package. Building with -tags simdjson_sources
// fails: this directory's C++ files belong to internal/shim's cgo build.
package csrc
