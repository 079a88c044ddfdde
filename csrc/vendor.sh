#!/usr/bin/env bash
# csrc/vendor.sh: vendors simdjson into csrc/ from its tagged source tree,
# offline, with upstream's own amalgamation script, and checks the result
# against csrc/SHA256SUMS (make vendor runs it; make check-vendor only checks
# the hashes of what is committed).
#
#   csrc/vendor.sh SOURCE            re-create csrc/'s simdjson files, check them
#   csrc/vendor.sh -update SOURCE    the same, writing csrc/SHA256SUMS (a new release)
#
# SOURCE is either
#   - a git repository of simdjson (a clone or a bare mirror, such as
#     /work/.mirror/simdjson+simdjson/repo): the tag below is checked out,
#     sparsely (include/, src/, singleheader/'s script and the licences), in
#     a temporary clone that borrows the repository's objects (git clone
#     --shared), so the repository itself is only read; or
#   - a tarball of the tag's tree (git archive, or GitHub's
#     archive/refs/tags/v4.6.7.tar.gz): when it carries a commit id (git
#     archive writes one), that id must be the tag's commit.
#
# Then, in that tree, upstream's script, unedited:
#   AMALGAMATE_OUTPUT_PATH=OUT python3 singleheader/amalgamate.py
# amalgamate.py stamps its two files with `git show -s --format=%ci HEAD` run
# in the current directory: in a checkout of the tag that is the tag's commit
# date. A tarball has no git history, so the tree is committed once, in the
# temporary directory, with the tag's committer date (DATE below), and the
# stamp is the same. The files of the tag's singleheader/ (committed by
# upstream from an earlier commit of the release) differ from these in that
# first line only.
#
# Nothing here reaches the network; building and testing never run this.
set -euo pipefail

TAG=v4.6.7
VERSION=4.6.7
COMMIT=cdeb069ad1e8cb2fb479cbb22695cb666cea99ac
DATE='2026-08-14 13:26:04 -0400'  # git log -1 --format=%ci $COMMIT
FILES="simdjson.h simdjson.cpp LICENSE LICENSE-MIT"

update=0
if [ "${1:-}" = "-update" ]; then update=1; shift; fi
src=${1:-}
if [ -z "$src" ] || [ ! -e "$src" ]; then
  echo "usage: $0 [-update] SIMDJSON_GIT_REPOSITORY_OR_TARBALL" >&2
  echo "  (make vendor SIMDJSON_SRC=...; a bare mirror of github.com/simdjson/simdjson, or a tarball of $TAG)" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_TERMINAL_PROMPT=0
tree=$tmp/simdjson
if [ -d "$src" ] && gd=$(git -C "$src" rev-parse --absolute-git-dir 2>/dev/null); then
  got=$(git --git-dir="$gd" rev-parse --verify -q "$TAG^{commit}" || true)
  if [ "$got" != "$COMMIT" ]; then
    echo "$0: $src: tag $TAG is '${got:-missing}', expected commit $COMMIT" >&2
    exit 1
  fi
  git clone --quiet --shared --no-checkout "$gd" "$tree"
  # A mirror may lack the blobs of large files the amalgamation does not
  # read (singleheader/simdjson.h): git names them on its standard error,
  # kept in git.log and shown only if the checkout fails.
  { git -C "$tree" sparse-checkout set --no-cone /include/ /src/ /singleheader/amalgamate.py \
      /singleheader/amalgamate_demo.cpp /singleheader/README.md /LICENSE /LICENSE-MIT &&
    git -C "$tree" -c advice.detachedHead=false checkout --quiet --detach "$COMMIT"; } 2>"$tmp/git.log" || {
    cat "$tmp/git.log" >&2
    echo "$0: checkout of $TAG failed" >&2
    exit 1
  }
  how="a sparse checkout of $TAG ($COMMIT) cloned with git clone --shared from $src"
elif [ -f "$src" ]; then
  mkdir -p "$tmp/x"
  tar -xf "$src" -C "$tmp/x"
  id=$( (gzip -dc "$src" 2>/dev/null || cat "$src") | git get-tar-commit-id 2>/dev/null || true)
  if [ -n "$id" ] && [ "$id" != "$COMMIT" ]; then
    echo "$0: $src is a git archive of commit $id, expected $COMMIT ($TAG)" >&2
    exit 1
  fi
  script=$(find "$tmp/x" -path '*/singleheader/amalgamate.py' | head -n 1)
  if [ -z "$script" ]; then
    echo "$0: $src holds no singleheader/amalgamate.py" >&2
    exit 1
  fi
  mv "$(dirname "$(dirname "$script")")" "$tree"
  git -C "$tree" init --quiet
  git -C "$tree" add -A
  GIT_AUTHOR_DATE="$DATE" GIT_COMMITTER_DATE="$DATE" git -C "$tree" -c user.name=vendor -c user.email=vendor@localhost \
    -c commit.gpgsign=false commit --quiet --no-verify -m "simdjson $TAG (from a tarball)"
  how="the tarball $(basename "$src")${id:+ (git archive of $id)}, committed once with the date $DATE"
else
  echo "$0: $src is neither a git repository nor a tarball" >&2
  exit 2
fi

mkdir -p "$tmp/out" "$tmp/files"
(cd "$tree" && AMALGAMATE_OUTPUT_PATH="$tmp/out" python3 singleheader/amalgamate.py >"$tmp/amalgamate.log" 2>&1) || {
  tail -n 20 "$tmp/amalgamate.log" >&2
  echo "$0: amalgamate.py failed" >&2
  exit 1
}
head -n 1 "$tmp/out/simdjson.h" | grep -qF "auto-generated on $DATE. version $VERSION " || {
  echo "$0: unexpected stamp: $(head -n 1 "$tmp/out/simdjson.h")" >&2
  exit 1
}
cp "$tmp/out/simdjson.h" "$tmp/out/simdjson.cpp" "$tree/LICENSE" "$tree/LICENSE-MIT" "$tmp/files/"
if [ $update = 1 ]; then
  (cd "$tmp/files" && sha256sum $FILES) >"$root/csrc/SHA256SUMS"
  echo "wrote csrc/SHA256SUMS"
fi
(cd "$tmp/files" && sha256sum --check --quiet "$root/csrc/SHA256SUMS") || {
  echo "$0: the files made from $src do not match csrc/SHA256SUMS" >&2
  exit 1
}
for f in $FILES; do cp "$tmp/files/$f" "$root/csrc/$f"; done
h=$(cd "$root/csrc" && sha256sum simdjson.h simdjson.cpp | cut -c1-64 | tr '\n' ' ' | sed 's/ $//')
sed -i "s/^#define SJ_VENDORED_VERSION .*/#define SJ_VENDORED_VERSION \"$VERSION $h\"/" "$root/internal/shim/simdjson_amalgamation.cpp"
grep -q "^#define SJ_VENDORED_VERSION \"$VERSION $h\"" "$root/internal/shim/simdjson_amalgamation.cpp"
echo "csrc/: simdjson $TAG from $how; hashes match csrc/SHA256SUMS; SJ_VENDORED_VERSION bumped"
