#!/bin/sh
# Re-creates libdeflate/ from a git clone of libdeflate (argument 1): the
# files PROVENANCE lists at tag v1.25, checked against UPSTREAM.SHA256SUMS,
# then libdeflate-stream.patch (the project's resumable decoder) applied and
# the result checked against libdeflate/SHA256SUMS (make check-vendor).
set -eu
src=${1:?usage: vendor.sh LIBDEFLATE_GIT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=$(awk '{print $2}' "$here/UPSTREAM.SHA256SUMS")
git -C "$src" archive v1.25 $files | tar -x -C "$tmp"
(cd "$tmp" && sha256sum --check --quiet "$here/UPSTREAM.SHA256SUMS")
(cd "$tmp" && patch -p1 --quiet < "$here/libdeflate-stream.patch")
(cd "$tmp" && sha256sum --check --quiet "$here/libdeflate/SHA256SUMS")
for f in $files; do
	mkdir -p "$here/libdeflate/$(dirname "$f")"
	cp "$tmp/$f" "$here/libdeflate/$f"
done
echo "libdeflate v1.25 re-vendored with libdeflate-stream.patch"
