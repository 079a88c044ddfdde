#!/usr/bin/env bash
# make test-consumer: the module as a consumer gets it, twice.
#
#  1. Through a module zip: mkzip/ (golang.org/x/mod/zip, the go command's
#     own zip code) zips a clean clone of HEAD (committed files only) under
#     a pseudo-version and lays it out for a file:// GOPROXY. app/ (the
#     consumer) requires that version and builds with -tags
#     simdjson_cgo_required in a module cache of its own, so the module
#     comes from the zip and nowhere else.
#  2. Vendored: the same consumer, go mod vendor, then built with
#     -mod=vendor, GOPROXY=off and an empty module cache: vendor/ alone must
#     hold every file the build needs (csrc/ included).
# Each binary runs and its output must equal app/want.txt.
#
# Downloads: mkzip's golang.org/x/mod, and the go.mod files of the module's
# requirements, come through the configured GOPROXY (the Go module proxy)
# or the local module cache; the consumer's own proxy chain starts with the
# zip directory.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
GO=${GO:-go}
mod=github.com/simdjson-cgo/simdjson

tmp=$(mktemp -d "${TMPDIR:-/tmp}/simdjson-consumer.XXXXXX")
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT

if [ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]; then
  echo "note: uncommitted changes are not in the zip (it is made from a clean clone of HEAD)"
fi
git clone -q "$root" "$tmp/clone"
rev=$(git -C "$tmp/clone" rev-parse --short=12 HEAD)
when=$(TZ=UTC git -C "$tmp/clone" log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S)
version=v0.0.0-$when-$rev
echo "== module zip of a clean clone of HEAD, $mod@$version"
(cd "$here/mkzip" && $GO run . -path $mod -version "$version" -dir "$tmp/clone" -out "$tmp/proxy" \
  -need go.mod,LICENSE,NOTICE,csrc/simdjson.cpp,csrc/simdjson.h,csrc/LICENSE,internal/shim/simdjson_go.h,internal/shim/ondemand.cpp,internal/shim/parser.h,internal/shim/walk.h,internal/shim/handle.h,internal/shim/projection.h,internal/shim/batch.h,internal/shim/map.h,internal/shim/kernels.h,internal/inflate/libdeflate/COPYING,internal/inflate/libdeflate/lib/deflate_decompress.c,internal/inflate/libdeflate/lib/x86/cpu_features.c)

# The consumer's environment: the zip first, then the local module cache,
# then whatever GOPROXY is configured; a module cache of its own; no
# checksum database for a module that exists only here.
proxy_rest=$($GO env GOPROXY)
cache_dl=$($GO env GOMODCACHE)/cache/download
consumer_env=(
  GOPROXY="file://$tmp/proxy,file://$cache_dl,$proxy_rest"
  GOMODCACHE="$tmp/modcache"
  GOFLAGS="-modcacherw"
  GONOSUMDB=$mod
  GOWORK=off
)

prepare() { # prepare DIR: a copy of app/ requiring the zip's version
  cp -R "$here/app" "$1"
  (cd "$1" && env "${consumer_env[@]}" $GO mod edit -require=$mod@"$version" &&
    env "${consumer_env[@]}" $GO mod tidy)
}

check() { # check NAME BINARY
  local got
  got=$("$2")
  if [ "$got" != "$(cat "$here/app/want.txt")" ]; then
    echo "FAIL: the $1 consumer printed:"; echo "$got"
    echo "want:"; cat "$here/app/want.txt"
    diff <(echo "$got") "$here/app/want.txt" || true
    exit 1
  fi
  echo "$got" | sed 's/^/  /'
}

echo "== consumer built from the module zip (file:// GOPROXY)"
prepare "$tmp/zipped"
dir=$(cd "$tmp/zipped" && env "${consumer_env[@]}" $GO list -m -f '{{.Dir}}' $mod)
case "$dir" in "$tmp/modcache/"*) ;; *) echo "FAIL: $mod resolved to $dir, not the zip"; exit 1;; esac
echo "  $mod from $dir"
(cd "$tmp/zipped" && env "${consumer_env[@]}" CGO_ENABLED=1 $GO build -tags simdjson_cgo_required -o "$tmp/consumer-zip" .)
check zip "$tmp/consumer-zip"

echo "== consumer built from its vendor/ (go mod vendor; -mod=vendor, GOPROXY=off, empty module cache)"
prepare "$tmp/vendored"
(cd "$tmp/vendored" && env "${consumer_env[@]}" $GO mod vendor)
v="$tmp/vendored/vendor/$mod"
for f in LICENSE NOTICE csrc/simdjson.cpp csrc/simdjson.h csrc/LICENSE internal/shim/simdjson_go.h internal/shim/ondemand.cpp internal/shim/parser.h internal/shim/walk.h internal/shim/handle.h internal/shim/projection.h internal/shim/batch.h internal/shim/map.h internal/shim/kernels.h internal/shim/simdjson_amalgamation.cpp internal/inflate/libdeflate/COPYING internal/inflate/libdeflate/lib/deflate_decompress.c internal/inflate/libdeflate/lib/arm/cpu_features.c; do
  [ -f "$v/$f" ] || { echo "FAIL: vendor/ lacks $mod/$f"; exit 1; }
done
# An empty build cache too: cgo does not track the C++ that
# simdjson_amalgamation.cpp includes from csrc/, so only a real compile
# proves vendor/ holds it (this one compiles the standard library too).
(cd "$tmp/vendored" && GOWORK=off GOFLAGS=-mod=vendor GOPROXY=off GOMODCACHE="$tmp/empty-modcache" GOCACHE="$tmp/gocache" \
  CGO_ENABLED=1 $GO build -tags simdjson_cgo_required -o "$tmp/consumer-vendor" .)
check vendored "$tmp/consumer-vendor"
echo "ok: the module zip and the vendored tree both build and run"
