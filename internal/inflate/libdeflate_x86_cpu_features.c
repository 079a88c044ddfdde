// Compiles the vendored libdeflate (see libdeflate/PROVENANCE); cgo does not
// track the included file: bump LIBDEFLATE_VENDORED when re-vendoring. The
// name must not end in _arm.c or _amd64.c: Go would read a GOARCH build
// constraint into it (a file ending _arm.c is left out of arm64 builds);
// the included file's own #ifdefs pick the architectures (386 and amd64).
#define LIBDEFLATE_VENDORED "1.25 c8c56a20f8f621e6a966b716b31f1dedab6a41e3"
#include "libdeflate/lib/x86/cpu_features.c"
