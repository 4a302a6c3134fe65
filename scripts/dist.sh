#!/usr/bin/env bash
# scripts/dist.sh [DIST_DIR] — what `make dist` does: make install's tree (PREFIX=/) in
# DIST_DIR/texteffects-VERSION-linux-ARCH/, with a DEPENDENCIES file, packed into
# DIST_DIR/texteffects-VERSION-linux-ARCH.tar.gz.
#
# DEPENDENCIES lists the Debian 12 packages the binary needs at run time: scripts/install-deps.sh
# run's list (shared libraries, librsvg loaded on the first SVG, hyphenation patterns, ffmpeg,
# fonts). Every shared library ldd finds in the built binary must belong to one of them (dpkg -S);
# otherwise the archive is not made.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dist=${1:-out}
mkdir -p "$dist"
dist=$(cd "$dist" && pwd)
cd "$root"

version=$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' Sources/TextEffectsCLI/TextEffectsCLI.swift)
arch=$(uname -m)
name="texteffects-$version-linux-$arch"
stage="$dist/$name"
rm -rf "$stage" "$stage.tar.gz"

./scripts/install.sh "$stage" /

# The binary's libraries, as Debian packages, against the maintained runtime list.
./scripts/runtime-packages.sh "$stage/bin/texteffects" >"$dist/$name.ldd-packages"
mapfile -t listed < <(./scripts/install-deps.sh --list run)
unlisted=()
while read -r package; do
  grep -qxF "$package" <<<"$(printf '%s\n' "${listed[@]}")" || unlisted+=("$package")
done <"$dist/$name.ldd-packages"
rm -f "$dist/$name.ldd-packages"
if ((${#unlisted[@]} > 0)); then
  echo "dist: the binary links libraries of ${unlisted[*]}, which scripts/install-deps.sh run does not list" >&2
  exit 1
fi

{
  echo "# Debian 12 (bookworm) packages texteffects $version needs at run time, one a line."
  echo "# Install them with: apt-get install --no-install-recommends \$(grep -v '^#' DEPENDENCIES)"
  echo "# No Swift toolchain is needed: the Swift runtime is linked into bin/texteffects."
  printf '%s\n' "${listed[@]}"
} >"$stage/DEPENDENCIES"

tar -C "$dist" -czf "$stage.tar.gz" --owner=0 --group=0 --sort=name "$name"
echo "dist: $stage.tar.gz ($(du -h "$stage.tar.gz" | cut -f1))"
