#!/usr/bin/env bash
# Builds Tests/OutsidePackage — a user's own package that depends on texteffects by path and so
# sees only its public API — and runs its tests. It holds:
#   - a copy of Sources/Effects (the built-in effects must be writable by a third party);
#   - the Swift samples of README.md and of the DocC catalog, each document one program;
#   - Examples/RainbowEffect (as a package dependency) and its custom command line;
#   - custom command lines that must refuse to start (an effect name taken twice);
# and first checks that a libraries-only dependent (`traits: []`) resolves no other package.
# `make test` runs it; FONTCONFIG_FILE should name the pinned fonts (the Makefile sets it).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
outside="$root/Tests/OutsidePackage"
swift="${SWIFT:-swift}"
# Extra flags for every build and test here (make test passes its TEST_BUILD_FLAGS), split on spaces.
read -r -a flags <<< "${SWIFT_BUILD_FLAGS:-}"

# The generated targets, made afresh so nothing stale is compiled.
rm -rf "$outside/Sources/BuiltInEffects/Copy" "$outside/Sources/ReadmeSamples" "$outside/Sources/PortingArticleSamples" \
  "$outside/Sources/GettingStartedSamples" "$outside/Sources/EffectsCatalogSamples" \
  "$outside/Sources/TextEffectsCatalogSamples"
mkdir -p "$outside/Sources/BuiltInEffects/Copy"
cp "$root"/Sources/Effects/*.swift "$outside/Sources/BuiltInEffects/Copy/"
python3 scripts/swift-samples.py README.md "$outside/Sources/ReadmeSamples/main.swift"
python3 scripts/swift-samples.py Sources/RenderPipeline/RenderPipeline.docc/PortingASwiftUITextRenderer.md \
  "$outside/Sources/PortingArticleSamples/main.swift"
python3 scripts/swift-samples.py Sources/RenderPipeline/RenderPipeline.docc/GettingStarted.md \
  "$outside/Sources/GettingStartedSamples/main.swift"
python3 scripts/swift-samples.py Sources/Effects/Effects.docc/Effects.md "$outside/Sources/EffectsCatalogSamples/main.swift"
python3 scripts/swift-samples.py Sources/TextEffects/TextEffects.docc/TextEffects.md \
  "$outside/Sources/TextEffectsCatalogSamples/main.swift"

# A libraries-only dependent (`traits: []`, as the README tells library users) depends on no other
# package at all: every package texteffects names is under its traits `CLI` and `Preview`. A
# manifest and a resolution, no build: a few seconds.
library_only="$(mktemp -d)"
trap 'rm -rf "$library_only"' EXIT
mkdir -p "$library_only/Sources/LibraryOnly"
touch "$library_only/Sources/LibraryOnly/LibraryOnly.swift"
cat > "$library_only/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "LibraryOnly",
    dependencies: [.package(name: "texteffects", path: "$root", traits: [])],
    targets: [.target(name: "LibraryOnly", dependencies: [
        .product(name: "RenderPipeline", package: "texteffects"), .product(name: "TextEffects", package: "texteffects"),
        .product(name: "Effects", package: "texteffects"), .product(name: "SwiftUI", package: "texteffects"),
    ])]
)
MANIFEST
packages="$("$swift" package --package-path "$library_only" show-dependencies --format flatlist)"
if [[ "$(wc -l <<< "$packages")" -ne 1 ]]; then
  echo "outside package: a dependent with traits: [] resolves more than texteffects itself:" >&2
  echo "$packages" >&2
  exit 1
fi
echo "outside package: a dependent with traits: [] resolves no package but texteffects"

echo "outside package: building (texteffects by path, public API only)"
"$swift" build --package-path "$outside" ${flags[@]+"${flags[@]}"}
# Executables of a dependency are built only when asked for by name.
"$swift" build --package-path "$outside" --product rainbow-render ${flags[@]+"${flags[@]}"}
"$swift" build --package-path "$outside" --product rainbow-texteffects ${flags[@]+"${flags[@]}"}
OUTSIDE_BIN="$("$swift" build --package-path "$outside" --show-bin-path)" \
  "$swift" test --package-path "$outside" ${flags[@]+"${flags[@]}"}
