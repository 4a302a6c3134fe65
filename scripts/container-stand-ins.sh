#!/usr/bin/env bash
# scripts/container-stand-ins.sh — local stand-ins for the two images the Dockerfile starts FROM,
# for a machine that has a container engine but no route to a registry (no Docker Hub, no
# download.swift.org), so that scripts/container-check.sh can still build and check the image:
#
#   docker.io/library/debian:bookworm-slim   debootstrap --variant=minbase bookworm, with the
#                                            official image's apt sources (bookworm, -updates,
#                                            -security)
#   docker.io/library/swift:6.3.1-bookworm   that, plus the packages the official Swift image for
#                                            Debian 12 installs (swiftlang/swift-docker,
#                                            6.x/debian/12/Dockerfile) and this machine's Swift
#                                            toolchain copied to /usr, where the official image
#                                            unpacks the release tarball
#
# The stand-ins are built from Debian's archive and the toolchain on the PATH, not pulled (with
# this machine's GitHub mirror, if its git has one: see the end): where
# the registry is reachable, use the real images (docker pull) and skip this script. Needs root,
# debootstrap, and docker or podman. ENGINE=docker|podman picks one; TOOLCHAIN=/path/to/usr
# overrides the toolchain (default: the folder above the `swift` on the PATH).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/container-engine.sh
source "$root/scripts/container-engine.sh"
engine=$(container_engine) || exit 2

debian_image=docker.io/library/debian:bookworm-slim
swift_image=docker.io/library/swift:6.3.1-bookworm
toolchain=${TOOLCHAIN:-$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")}
[[ -x "$toolchain/bin/swift" ]] || { echo "container-stand-ins: no Swift toolchain at $toolchain (set TOOLCHAIN)" >&2; exit 2; }
version=$("$toolchain/bin/swift" --version 2>&1 | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)
[[ "$version" == 6.3.1 ]] || echo "container-stand-ins: warning: the toolchain is Swift $version, tagged as 6.3.1" >&2
command -v debootstrap >/dev/null || { echo "container-stand-ins: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/texteffects-stand-ins.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "container-stand-ins: $debian_image from debootstrap" >&2
debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; exit 1; }
rm -f "$work/rootfs/etc/apt/sources.list"
cat >"$work/rootfs/etc/apt/sources.list.d/debian.sources" <<'EOF'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
tar -C "$work/rootfs" -c . | "$engine" import - "$debian_image" >"$work/import.log" 2>&1 || { cat "$work/import.log" >&2; exit 1; }

echo "container-stand-ins: $swift_image from $toolchain" >&2
cat >"$work/Containerfile" <<EOF
FROM $debian_image
RUN export DEBIAN_FRONTEND=noninteractive && apt-get -q update && apt-get -q install -y \\
    binutils libicu-dev libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev libpython3-dev \\
    libxml2-dev pkg-config uuid-dev tzdata git gcc libstdc++-12-dev \\
    && rm -r /var/lib/apt/lists/*
COPY . /usr/
RUN swift --version
EOF
"$engine" build $(container_build_flags "$engine") -t "$swift_image" -f "$work/Containerfile" "$toolchain" >"$work/build.log" 2>&1 \
  || { tail -30 "$work/build.log" >&2; exit 1; }
# A machine that reaches GitHub only through a local mirror (git's system configuration rewrites
# https://github.com/ to a folder) gives the stand-in the same mirror, so that SwiftPM resolves
# the package's dependencies inside the build as it does here.
mirror=$(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null \
  | awk '$2 == "https://github.com/" { sub(/^url\./, "", $1); sub(/\.insteadof$/, "", $1); print $1; exit }')
if [[ -n "$mirror" && -d "$mirror" ]]; then
  echo "container-stand-ins: adding this machine's GitHub mirror ($mirror)" >&2
  printf 'FROM %s\nCOPY . %s\nRUN git config --system url.%s.insteadOf https://github.com/\n' \
    "$swift_image" "$mirror" "$mirror" >"$work/Containerfile.mirror"
  # shellcheck disable=SC2046
  "$engine" build $(container_build_flags "$engine") -t "$swift_image" -f "$work/Containerfile.mirror" "$mirror" >"$work/mirror.log" 2>&1 \
    || { tail -30 "$work/mirror.log" >&2; exit 1; }
fi
echo "container-stand-ins: done ($debian_image, $swift_image)" >&2
