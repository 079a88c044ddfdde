#!/usr/bin/env bash
# make test-static: binaries without a dynamic libstdc++, built as the
# README's deployment section and examples/docker/Dockerfile say, each
# checked with ldd and run on testdata/events.ndjson (its table must equal
# the one of an ordinary build).
#
#  1. libstdc++ and libgcc linked statically, glibc dynamic (for images with
#     glibc: distroless/base, debian-slim):
#       go build -ldflags '-extldflags "-static-libstdc++ -static-libgcc"'
#  2. fully static (for distroless/static or scratch): the build stage's RUN
#     lines of examples/docker/Dockerfile, run here as written.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
export CGO_ENABLED=1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/simdjson-static.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
data=testdata/events.ndjson

table() { "$1" "$data" | grep -v "bytes (uncompressed) in"; }

$GO build -o "$tmp/ghcount-dynamic" ./cmd/ghcount
want=$(table "$tmp/ghcount-dynamic")
echo "== an ordinary build links libstdc++ dynamically:"
ldd "$tmp/ghcount-dynamic" | sed 's/ (0x[0-9a-f]*)//; s/^/  /'

same() { # same NAME BINARY: its table equals the ordinary build's
  local got
  got=$(table "$2")
  if [ "$got" != "$want" ]; then
    echo "FAIL: $1 printed"; echo "$got"; exit 1
  fi
  "$2" "$data" | tail -1 | sed 's/^/  ran: /'
}

echo "== -static-libstdc++ -static-libgcc"
$GO build -ldflags '-extldflags "-static-libstdc++ -static-libgcc"' -o "$tmp/ghcount-libstdcxx" ./cmd/ghcount
deps=$(ldd "$tmp/ghcount-libstdcxx")
echo "$deps" | sed 's/ (0x[0-9a-f]*)//; s/^/  ldd: /'
if echo "$deps" | grep -Eq 'libstdc\+\+|libgcc_s'; then
  echo "FAIL: still links libstdc++ or libgcc_s dynamically"; exit 1
fi
same "the -static-libstdc++ build" "$tmp/ghcount-libstdcxx"

echo "== fully static: the RUN lines of examples/docker/Dockerfile's build stage"
dockerfile=examples/docker/Dockerfile
runs=$(awk '/^FROM /{n++} n==1 && /^RUN /{sub(/^RUN /, ""); print}' "$dockerfile")
if [ -z "$runs" ] || awk '/^FROM /{n++} n==1 && /^RUN .*\\$/{bad=1} END{exit !bad}' "$dockerfile"; then
  echo "FAIL: $dockerfile: no RUN line in the build stage, or one continued over lines"; exit 1
fi
if ! echo "$runs" | grep -q -- '-o "$OUT/ghcount"'; then
  echo "FAIL: $dockerfile's build no longer writes \$OUT/ghcount"; exit 1
fi
while IFS= read -r line; do
  echo "  RUN $line"
  if ! OUT="$tmp/out" sh -c "$line" 2>&1 | sed 's/^/    /'; then
    echo "FAIL: that RUN line failed"; exit 1
  fi
done <<< "$runs"
bin="$tmp/out/ghcount"
if readelf -l "$bin" | grep -q INTERP || readelf -d "$bin" 2>/dev/null | grep -q NEEDED; then
  echo "FAIL: $bin has a dynamic loader or needs shared libraries"; exit 1
fi
echo "  ldd: $(ldd "$bin" 2>&1 || true)"
same "the fully static build" "$bin"
echo "ok: no dynamic libstdc++ in either build; both ran"
