#!/usr/bin/env bash
# scripts/install-check.sh — `make install-check` (not part of `make test`: its own static build
# takes 3–4 minutes on 2 cores): `make install` into a temporary DESTDIR and `make dist` into a
# temporary folder, then checks that what they wrote works where no Swift toolchain is:
#
# - the installed binary has no libswift*.so dependency, no RUNPATH/RPATH into the toolchain or
#   the build folder, and every library it loads belongs to a package of `install-deps.sh run`;
# - it renders a small scene to PNG with a bare environment (env -i PATH=/usr/bin:/bin), and, where
#   a mount namespace can be made (root, as in CI), with the toolchain's folder and the build
#   folder hidden under empty tmpfs mounts;
# - the completions parse (bash -n; zsh and fish when installed), the man page is one, the
#   caption styles are there, and the archive holds the same tree plus DEPENDENCIES.
#
# CONFIGURATION defaults to debug (a release build takes ~11 minutes on 2 cores), in a build folder
# of its own, .build/install-check (SCRATCH): with SwiftPM 6.3.1 a folder whose builds switch
# between --static-swift-stdlib and without fails to link in both directions (Hummingbird's objects
# keep the other Foundation's link entries: "cannot find -lCoreFoundation" one way, undefined
# swift_u* ICU symbols the other), so the static build must not share .build/debug with `swift
# test`. `CONFIGURATION=release SCRATCH=.build scripts/install-check.sh` checks what a plain
# `make install` builds (.build/release is only ever built static: make release, demo, install).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
make=${MAKE:-make}
swift=${SWIFT:-swift}
configuration=${CONFIGURATION:-debug}
scratch=${SCRATCH:-.build/install-check}
work=$(mktemp -d "${TMPDIR:-/tmp}/texteffects-install-check.XXXXXX")

trap 'rm -rf "$work"' EXIT

fail() {
  echo "install-check: $*" >&2
  exit 1
}

start=$(date +%s)
"$make" --no-print-directory install DESTDIR="$work/dest" PREFIX=/opt/texteffects CONFIGURATION="$configuration" SCRATCH="$scratch" SWIFT="$swift" >"$work/install.log" 2>&1 \
  || { cat "$work/install.log" >&2; fail "make install failed"; }
installed=$(( $(date +%s) - start ))
prefix="$work/dest/opt/texteffects"
bin="$prefix/bin/texteffects"

# What was installed, where.
for file in bin/texteffects share/man/man1/texteffects.1 share/bash-completion/completions/texteffects \
  share/zsh/site-functions/_texteffects share/fish/vendor_completions.d/texteffects.fish \
  share/texteffects/captions/bold-pop.json share/texteffects/captions/broadcast.json share/texteffects/captions/karaoke.json \
  share/texteffects/fonts.conf share/doc/texteffects/SCENE-FORMAT.md; do
  [[ -s "$prefix/$file" ]] || fail "make install did not write $file under PREFIX"
done
[[ -z "$(find "$work/dest" -mindepth 1 -maxdepth 1 ! -name opt)" ]] || fail "make install wrote outside DESTDIR/PREFIX: $(ls "$work/dest")"
[[ -x "$bin" ]] || fail "bin/texteffects is not executable"
# No SwiftPM resource bundle to find at run time (texteffects embeds its resources in code).
[[ -z "$(find "$prefix/bin" -name '*.resources')" ]] || fail "a resource bundle was installed: Bundle.module lookups need checking"

# No Swift runtime from the toolchain, no search path into it or into the build.
# The toolchain's usr folder (/opt/swift/usr for /opt/swift/usr/bin/swift) and the folder that holds it.
toolchain_usr=$(dirname "$(dirname "$(readlink -f "$(command -v "$swift")")")")
toolchain=$(dirname "$toolchain_usr")
if ldd "$bin" | grep -q 'libswift\|libFoundation\|lib_FoundationICU\|libdispatch'; then
  fail "bin/texteffects still loads the Swift runtime: $(ldd "$bin" | grep 'swift\|Foundation\|dispatch')"
fi
if readelf -d "$bin" | grep -E 'RUNPATH|RPATH' | grep -qE "$toolchain_usr|$root"; then
  fail "bin/texteffects has a search path into the toolchain or the build: $(readelf -d "$bin" | grep -E 'RUNPATH|RPATH')"
fi
./scripts/runtime-packages.sh "$bin" >"$work/packages" || fail "bin/texteffects loads libraries no Debian package holds"
run_list=$(./scripts/install-deps.sh --list run)
while read -r package; do
  grep -qxF "$package" <<<"$run_list" \
    || fail "bin/texteffects loads a library of $package, which scripts/install-deps.sh run does not list"
done <"$work/packages"

# The completions and the man page.
bash -n "$prefix/share/bash-completion/completions/texteffects" || fail "the bash completion does not parse"
grep -q -- '--progress' "$prefix/share/bash-completion/completions/texteffects" || fail "the bash completion lacks --progress"
if command -v zsh >/dev/null; then zsh -n "$prefix/share/zsh/site-functions/_texteffects" || fail "the zsh completion does not parse"; fi
if command -v fish >/dev/null; then fish -n "$prefix/share/fish/vendor_completions.d/texteffects.fish" || fail "the fish completion does not parse"; fi
grep -q '^\.Dt TEXTEFFECTS 1\|^\.TH TEXTEFFECTS' "$prefix/share/man/man1/texteffects.1" || fail "texteffects.1 is not a section-1 man page"
grep -q 'captions' "$prefix/share/man/man1/texteffects.1" || fail "texteffects.1 does not describe the subcommands"

# A small scene, rendered by the installed binary with nothing of the build's environment.
mkdir -p "$work/run"
cat >"$work/run/card.json" <<'EOF'
{"version": 1, "canvas": {"width": 240, "height": 80, "background": "#0F1020"},
 "blocks": [{"id": "t", "frame": {"x": 8, "y": 16, "width": 224},
             "style": {"font": {"family": "DejaVu Sans", "size": 28}, "color": "#FFFFFF"},
             "text": [{"text": "Installed "}, {"text": "✓", "bold": true}]}]}
EOF
cp "$prefix/share/texteffects/fonts.conf" "$work/run/fonts.conf"
is_png() { [[ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" == "89504e470d0a1a0a" ]]; }

(cd "$work/run" && env -i PATH=/usr/bin:/bin HOME="$work/run" FONTCONFIG_FILE="$prefix/share/texteffects/fonts.conf" \
  "$bin" card.json --out bare.png 2>>"$work/run.log") || fail "the installed binary failed with a bare environment"
is_png "$work/run/bare.png" || fail "the installed binary wrote no PNG"
env -i PATH=/usr/bin:/bin "$bin" --version | grep -qxF "$(sed -n 's/.*public static let version = "\(.*\)".*/\1/p' Sources/TextEffectsCLI/TextEffectsCLI.swift)" \
  || fail "--version does not print the package's version"
env -i PATH=/usr/bin:/bin "$bin" captions --help | grep -q -- '--style' || fail "captions --help failed"

# The same with the toolchain and the build folder gone from sight (a mount namespace: root only).
hidden="skipped (no mount namespace: not root, or unshare refused)"
if [[ "$toolchain_usr" == /usr ]]; then
  hidden="skipped (the toolchain is in /usr, which cannot be hidden)"
elif [[ $(id -u) -eq 0 ]] && unshare --mount true 2>/dev/null; then
  unshare --mount bash -euc '
    mount -t tmpfs none "$1"
    mount -t tmpfs none "$2"
    if [ -e "$1/usr/bin/swift" ] || command -v swift >/dev/null 2>&1; then echo "toolchain still visible" >&2; exit 1; fi
    cd "$3"
    env -i PATH=/usr/bin:/bin HOME="$3" FONTCONFIG_FILE="$3/fonts.conf" "$4" card.json --out hidden.png 2>>run.log
    env -i PATH=/usr/bin:/bin HOME="$3" FONTCONFIG_FILE="$3/fonts.conf" "$4" card.json --frames 3 --out frames --progress json --progress-interval 0 2>progress.jsonl
    # What is compiled in rather than looked up beside the binary (the preview page's SwiftPM resources
    # are embedInCode, the scene schema a C #embed): the scene schema, the caption presets, the preview page.
    env -i PATH=/usr/bin:/bin HOME="$3" "$4" schema >schema.json
    printf "1\n00:00:00,000 --> 00:00:00,200\nInstalled\n" >talk.srt
    env -i PATH=/usr/bin:/bin HOME="$3" FONTCONFIG_FILE="$3/fonts.conf" "$4" captions talk.srt --style bold-pop --size 160x90 --fps 10 --out captions --quiet
  ' hide "$toolchain" "$root/.build" "$work/run" "$bin" || fail "the installed binary failed with the toolchain ($toolchain) and .build hidden"
  is_png "$work/run/hidden.png" || fail "no PNG with the toolchain hidden"
  cmp -s "$work/run/bare.png" "$work/run/hidden.png" || fail "the render with the toolchain hidden differs"
  [[ $(ls "$work/run/frames" | wc -l) -eq 3 ]] || fail "3 frames were not written with the toolchain hidden"
  grep -q '"done":true' "$work/run/progress.jsonl" || fail "no final progress object"
  python3 -c 'import json, sys; assert "properties" in json.load(open(sys.argv[1]))' "$work/run/schema.json" || fail "texteffects schema printed no schema"
  [[ $(ls "$work/run/captions" | wc -l) -eq 2 ]] || fail "captions --style bold-pop did not write its 2 frames"
  hidden="ok ($toolchain and .build hidden)"
fi

# make dist: the same tree in an archive, with DEPENDENCIES.
start=$(date +%s)
"$make" --no-print-directory dist DIST_DIR="$work/dist" CONFIGURATION="$configuration" SCRATCH="$scratch" SWIFT="$swift" >"$work/dist.log" 2>&1 \
  || { cat "$work/dist.log" >&2; fail "make dist failed"; }
dist_time=$(( $(date +%s) - start ))
archive=$(ls "$work/dist"/texteffects-*-linux-"$(uname -m)".tar.gz 2>/dev/null | head -n 1)
[[ -n "$archive" ]] || fail "make dist wrote no texteffects-VERSION-linux-ARCH.tar.gz"
mkdir -p "$work/unpacked"
tar -C "$work/unpacked" -xzf "$archive"
top="$work/unpacked/$(basename "$archive" .tar.gz)"
(cd "$prefix" && find . -type f | sort) >"$work/installed.list"
(cd "$top" && find . -type f ! -name DEPENDENCIES | sort) >"$work/archived.list"
diff -u "$work/installed.list" "$work/archived.list" >&2 || fail "the archive's tree differs from make install's"
grep -v '^#' "$top/DEPENDENCIES" | diff -u <(./scripts/install-deps.sh --list run) - >&2 || fail "DEPENDENCIES is not the runtime list"
(cd "$work/run" && env -i PATH=/usr/bin:/bin HOME="$work/run" FONTCONFIG_FILE="$top/share/texteffects/fonts.conf" "$top/bin/texteffects" card.json --out dist.png 2>>"$work/run.log") \
  || fail "the archive's binary failed"
cmp -s "$work/run/bare.png" "$work/run/dist.png" || fail "the archive's binary renders differently"

echo "install-check: make install ($configuration, ${installed} s) and make dist (${dist_time} s) work without the toolchain;" \
  "binary $(du -h "$bin" | cut -f1), archive $(du -h "$archive" | cut -f1); toolchain hidden: $hidden"
