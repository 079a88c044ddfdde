// Compiles the vendored libdeflate (see libdeflate/PROVENANCE); cgo does not
// track the included file: bump LIBDEFLATE_VENDORED when re-vendoring.
#define LIBDEFLATE_VENDORED "1.25 c8c56a20f8f621e6a966b716b31f1dedab6a41e3 + libdeflate-stream.patch r3"
#include "libdeflate/lib/deflate_decompress.c"
