// simdjson_amalgamation.cpp compiles the vendored simdjson (csrc/) into this
// package: a unity build of one translation unit. cgo compiles only files in
// the package directory and does not track csrc/, so re-vendoring bumps
// SJ_VENDORED_VERSION below (make vendor does) to invalidate Go's build cache.
#define SJ_VENDORED_VERSION "3.9.4 a0410ae49e2e2fd967330fc22f91d7a06f3f6c5988bf53faa4855c2e3dee2805"
#include "../../csrc/simdjson.cpp"
