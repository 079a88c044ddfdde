// simdjson_amalgamation.cpp compiles the vendored simdjson (csrc/) into this
// package: a unity build of one translation unit. cgo compiles only files in
// the package directory and does not track csrc/, so re-vendoring bumps
// SJ_VENDORED_VERSION below (make vendor does) to invalidate Go's build cache.
#define SJ_VENDORED_VERSION "4.6.7 4f81702d53f6bfbb2fc3ee28188168d6ce4d1d757f56f47b8653cfb3f06c3da7 65b5ec451d0817bfa7105800201be031ad2d04c056e082654115162688d04085"
#include "../../csrc/simdjson.cpp"
