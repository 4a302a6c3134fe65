#!/usr/bin/env bash
# A clean build of an outside package that depends on texteffects by path and uses only the
# RenderPipeline product: what a library user pays the first time. Prints two numbers of
# seconds: resolving (and cloning) the dependencies, and the whole, resolution included.
#
#   dependent_build.sh SOURCE WORK [traits]
#
# SOURCE: a texteffects tree (this one, or a revision's `git archive`). WORK: a folder made anew
# for the dependent. With a third argument "no-traits", the dependent writes
# `.package(path:, traits: [])` (texteffects' traits `CLI` and `Preview` off, as the README tells
# library users to: no other package is resolved, no package plug-in compiled); without it, it
# takes texteffects' default traits (the only way before the traits existed).
# Everything starts empty: the scratch path and SwiftPM's cache (repositories, manifests), so the
# time includes resolving and cloning every package the dependency graph names.
set -euo pipefail
SOURCE=$(cd "$1" && pwd)
WORK=$2
TRAITS=""
[[ "${3:-}" == no-traits ]] && TRAITS=", traits: []"
rm -rf "$WORK" && mkdir -p "$WORK/Sources/Dependent"
cat > "$WORK/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "Dependent",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "$SOURCE"$TRAITS)],
    targets: [.executableTarget(name: "Dependent", dependencies: [.product(name: "RenderPipeline", package: "$(basename "$SOURCE")")])]
)
MANIFEST
cat > "$WORK/Sources/Dependent/main.swift" <<'SWIFT'
import RenderPipeline
// A third party's use of the library: a text laid out and measured.
let layout = TextLayout(Text("Hello"), options: LayoutOptions(width: 200))
print(layout.size.width > 0)
SWIFT
cd "$WORK"
SWIFTPM=(--scratch-path "$WORK/.build" --cache-path "$WORK/cache")
start=$(date +%s.%N)
swift package "${SWIFTPM[@]}" resolve >"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
resolved=$(date +%s.%N)
swift build "${SWIFTPM[@]}" >>"$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; exit 1; }
end=$(date +%s.%N)
echo "$(echo "$resolved - $start" | bc) $(echo "$end - $start" | bc)"
