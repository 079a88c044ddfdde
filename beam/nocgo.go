//go:build !cgo

package ghbeam

// The pipeline parses with the library's native code: built without cgo,
// the library's maps report simdjson.ErrNoCGO, and a worker would fail
// every file. Beam's own cross-compile of the worker binary (what a
// distributed runner does without --worker_binary) sets CGO_ENABLED=0, so
// stop that build here, by name: build the worker with CGO_ENABLED=1 and
// pass it with --worker_binary (README.md).
var _ = ghbeam_needs_cgo__build_the_worker_with_CGO_ENABLED_1_and_pass_it_with_worker_binary
