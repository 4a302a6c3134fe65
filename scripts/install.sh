#!/usr/bin/env bash
# scripts/install.sh DESTDIR PREFIX — what `make install` does (and `make dist` into its folder):
#
#   PREFIX/bin/texteffects                                 built with the Swift runtime linked in
#                                                          (--static-swift-stdlib): no toolchain needed;
#                                                          stripped
#   PREFIX/share/man/man1/texteffects.1                    swift-argument-parser's generate-manual (below)
#   PREFIX/share/bash-completion/completions/texteffects   texteffects --generate-completion-script bash
#   PREFIX/share/zsh/site-functions/_texteffects           … zsh
#   PREFIX/share/fish/vendor_completions.d/texteffects.fish … fish
#   PREFIX/share/texteffects/captions/*.json               the caption styles (Styles/captions), to copy
#                                                          and change; the presets themselves are
#                                                          compiled into the binary (--style bold-pop)
#   PREFIX/share/texteffects/fonts.conf                    the pinned fonts' fontconfig file
#                                                          (FONTCONFIG_FILE=…, as make demo and the tests)
#   PREFIX/share/doc/texteffects/                          README.md, CHANGELOG.md, SCENE-FORMAT.md,
#                                                          scene.schema.json
#
# Everything is written under DESTDIR/PREFIX (DESTDIR may be empty). SWIFT, CONFIGURATION
# (release, or debug for a quick check) and SCRATCH (SwiftPM's build folder, default .build) come
# from the environment.
#
# The man page: swift-argument-parser's `generate-manual` plug-in (`swift package plugin
# generate-manual`) is there offline once the package is resolved, but it first builds every
# product itself into the same build folder, and with SwiftPM 6.3.1 that build left Hummingbird's
# objects compiled against the static Foundation: every later plain `swift build` or `swift test`
# failed to link (cannot find -lCoreFoundation) until they were rebuilt. So this runs the
# plug-in's own tool, swift-argument-parser's `generate-manual` executable, built like the binary,
# on the binary: the page the plug-in writes, without the plug-in's build. For the same reason,
# .build/release is only ever built static here (make release, demo, install, dist, bench), and
# scripts/install-check.sh builds its debug binary in a folder of its own.
set -euo pipefail

destdir=${1-}
prefix=${2:-/usr/local}
swift=${SWIFT:-swift}
configuration=${CONFIGURATION:-release}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

case "$prefix" in
  /*) ;;
  *) echo "install: PREFIX must be an absolute path, not $prefix" >&2; exit 2 ;;
esac
target="${destdir}${prefix%/}"

scratch=${SCRATCH:-.build}
build=("$swift" build -c "$configuration" --static-swift-stdlib --scratch-path "$scratch")
"${build[@]}" --product texteffects
"${build[@]}" --product generate-manual
bin="$("${build[@]}" --show-bin-path)"
binary="$bin/texteffects"
pages=$(mktemp -d "${TMPDIR:-/tmp}/texteffects-manual.XXXXXX")
trap 'rm -rf "$pages"' EXIT
"$bin/generate-manual" "$binary" --output-directory "$pages" >/dev/null
manual="$pages/texteffects.1"
[[ -s "$manual" ]] || { echo "install: generate-manual wrote no texteffects.1 ($(ls "$pages"))" >&2; exit 1; }

# SwiftPM resource bundles (Bundle.module) are looked up beside the executable. texteffects embeds
# its resources in code (Package.swift: .embedInCode), so there should be none; if a dependency
# ever brings one, it is installed beside the binary, where Bundle.module finds it.
bundles=()
for bundle in "$bin"/*.resources; do
  [[ -d "$bundle" ]] && bundles+=("$bundle")
done

install -d "$target/bin" "$target/share/man/man1" "$target/share/bash-completion/completions" \
  "$target/share/zsh/site-functions" "$target/share/fish/vendor_completions.d" \
  "$target/share/texteffects/captions" "$target/share/doc/texteffects"
# Stripped of its symbol table and debug information (release: 136 MB → 77 MB); Swift's runtime
# metadata stays, and crash backtraces show addresses instead of names.
install -m 755 -s "$binary" "$target/bin/texteffects"
for bundle in "${bundles[@]}"; do
  rm -rf "$target/bin/$(basename "$bundle")"
  cp -R "$bundle" "$target/bin/"
done
install -m 644 "$manual" "$target/share/man/man1/texteffects.1"
"$binary" --generate-completion-script bash >"$target/share/bash-completion/completions/texteffects"
"$binary" --generate-completion-script zsh >"$target/share/zsh/site-functions/_texteffects"
"$binary" --generate-completion-script fish >"$target/share/fish/vendor_completions.d/texteffects.fish"
chmod 644 "$target/share/bash-completion/completions/texteffects" "$target/share/zsh/site-functions/_texteffects" \
  "$target/share/fish/vendor_completions.d/texteffects.fish"
install -m 644 Styles/captions/*.json "$target/share/texteffects/captions/"
install -m 644 Tests/Fixtures/fonts.conf "$target/share/texteffects/fonts.conf"
install -m 644 README.md CHANGELOG.md docs/SCENE-FORMAT.md docs/scene.schema.json "$target/share/doc/texteffects/"

echo "install: texteffects $("$target/bin/texteffects" --version) in $target ($(du -h "$target/bin/texteffects" | cut -f1) binary)"
