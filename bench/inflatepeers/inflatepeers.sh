#!/usr/bin/env bash
# Issue 45's inflater choice, measured: one thread, memory to memory, over
# one .gz file: libdeflate whole members (the old path), libdeflate streaming
# in 1 MiB pieces (internal/inflate's patched copy, as gzstream.go drives
# it), zlib-ng and the system zlib.
#
#   bench/inflatepeers/inflatepeers.sh ZLIBNG_SRC FILE.gz [RUNS]
#
# ZLIBNG_SRC is a zlib-ng source tree at a release tag (not vendored here:
# it is a measurement peer only); the system zlib needs zlib1g-dev.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ld=$here/../../internal/inflate/libdeflate
zng=${1:?ZLIBNG_SRC}
gzfile=${2:?FILE.gz}
runs=${3:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cp -r "$zng" "$out/zng"
(cd "$out/zng" && ./configure --static >/dev/null && make -j"$(nproc)" libz-ng.a >/dev/null)
cc -O2 -o "$out/inflatepeers" "$here/inflatepeers.c" "$here/inflatepeers_zlib.c" \
  "$ld/lib/deflate_decompress.c" "$ld/lib/gzip_decompress.c" "$ld/lib/crc32.c" \
  "$ld/lib/utils.c" "$ld/lib/x86/cpu_features.c" \
  -I"$ld" -I"$out/zng" "$out/zng/libz-ng.a" -lz
"$out/inflatepeers" "$gzfile" "$runs"
