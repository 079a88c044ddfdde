// ondemand.cpp: the extern "C" shim between Go and simdjson's On-Demand API
// (declared in simdjson_go.h): handles, batches of documents, projections,
// the parallel map and the kernels. One translation unit, made of one header
// per concern, included below in dependency order (each uses only what the
// ones before it define) and named after the Go file of package shim that
// calls it: parser.h and parser.go, and so on. They are .h files so that cgo
// compiles them here only, once, and so that Go's build cache hashes them
// (it hashes the .h files of the package directory); one unit keeps
// simdjson.h parsed once and every call across concerns inlinable.
//
// Not here: the DOM parser behind Unmarshal and Valid (dom.cpp, its own
// unit) and simdjson itself (simdjson_amalgamation.cpp).
//
// No C++ exception is thrown (SIMDJSON_EXCEPTIONS=0, std::nothrow). Only
// map.h calls back into Go (sjGoBatch, sjGoNextChunk); the other pieces never
// do, which the #cgo nocallback annotations of their Go twins rely on.

#include "simdjson.h"
#include "simdjson_go.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif
#include <pthread.h>
#include <new>
#include <string>
#include <vector>

// The pieces define types with fields of types of their anonymous namespace
// (sj_parser's caches, sj_projection's trie). gcc warns about that in a header
// (-Wsubobject-linkage: two units including it would each define the type);
// these headers are parts of this unit and included nowhere else.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wsubobject-linkage"
#endif

#include "members.h"     // simdjson's members the shim reaches, checked at compile time
#include "parser.h"      // sj_parser: the state, its lifecycle
#include "walk.h"        // the token walk and the jump table
#include "handle.h"      // sj_parse and handles: lookups and reads in any order
#include "projection.h"  // JSON pointers extracted from every document of a batch
#include "batch.h"       // NDJSON and concatenated documents, split and walked
#include "map.h"         // the parallel map, which calls back into Go
#include "kernels.h"     // stage-1 kernels and error messages
