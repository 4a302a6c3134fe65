#!/usr/bin/env python3
"""The public API of RenderPipeline, TextEffects and Effects, one declaration per line, from the symbol graph.

    scripts/api-listing.py [--bin-path .build/debug] --write   # record docs/api/*.txt
    scripts/api-listing.py [--bin-path .build/debug] --check   # exit 1 and print a diff when it changed

The modules must be built first (`swift build`). The listing is what a plug-in author can use:
swift-symbolgraph-extract at `public` access, without the Foundation RenderPipeline re-exports.
`--check` also holds RenderPipeline to at most 30 top-level types of its own (issue 18 set 60
in all; issue 30 made SwiftUI's surface complete, so the types named as SwiftUI and Core Graphics
name them — listed below — no longer count: they are what SwiftUI code needs, not a choice).
"""
import argparse, difflib, glob, json, os, pathlib, platform, shlex, subprocess, sys, tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["RenderPipeline", "TextEffects", "Effects"]
# TextEffects is RenderPipeline's upper half (scenes, effects' parameters, output): the 30 types
# are counted over both.
COUNTED_TOGETHER = {"RenderPipeline", "TextEffects"}
C_MODULES = [p.parent.name for p in sorted((ROOT / "Sources").glob("C*/module.modulemap"))]
PKG_CONFIG = ["cairo", "harfbuzz", "libcmark-gfm", "libdeflate", "libisal", "zlib", "libxml-2.0"]
MAXIMUM_TOP_LEVEL_TYPES = 30
# Top-level types of RenderPipeline that carry SwiftUI's (or Core Graphics') names and shapes.
SWIFTUI_NAMES = {
    "Angle", "Animatable", "AnimatablePair", "AnyGradient", "AnyShapeStyle", "Capsule", "Circle", "Color",
    "ColorScheme", "ContainerRelativeShape", "DynamicTypeSize", "EdgeInsets", "Ellipse", "EmptyAnimatableData",
    "EnvironmentValues", "FillStyle", "Font", "Gradient", "GraphicsContext", "HierarchicalShapeStyle", "Image",
    "LayoutDirection", "LinearGradient", "Path", "ProposedViewSize", "Rectangle", "RoundedCornerStyle",
    "RoundedRectangle", "Shape", "ShapeStyle", "Spring", "StrokeStyle", "Text", "TextAlignment", "TextAttribute",
    "TextProxy", "TextRenderer", "UnitCurve", "UnitPoint", "VectorArithmetic", "RadialGradient",
    "AngularGradient", "EllipticalGradient", "ImagePaint", "UnevenRoundedRectangle", "ForegroundStyle", "BackgroundStyle",
    "TintShapeStyle", "SeparatorShapeStyle", "Transaction", "Animation", "AnyShape", "InsettableShape",
    "OffsetShape", "RotatedShape", "ScaledShape", "TransformedShape", "RectangleCornerRadii", "Edge",
    "LocalizedStringKey", "AttributeScopes", "AttributeDynamicLookup",
    "CGAffineTransform", "CGLineCap", "CGLineJoin",
}
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol"}


def extract(module: str, bin_path: pathlib.Path, out: pathlib.Path) -> list:
    """The symbols of `module` (and its extensions of other modules' types) as JSON objects."""
    includes = subprocess.run(["pkg-config", "--cflags-only-I", *PKG_CONFIG], check=True,
                              capture_output=True, text=True).stdout.split()
    command = ["swift-symbolgraph-extract", "-module-name", module,
               "-target", f"{platform.machine()}-unknown-linux-gnu",
               "-I", str(bin_path / "Modules"), "-minimum-access-level", "public", "-output-dir", str(out)]
    for name in C_MODULES:
        command += ["-Xcc", f"-fmodule-map-file={ROOT / 'Sources' / name / 'module.modulemap'}"]
    # C targets (not system libraries) have module maps SwiftPM generates beside their objects.
    bin_real = bin_path.resolve()
    for target in sorted((ROOT / "Sources").glob("C*/include")):
        generated = bin_real / f"{target.parent.name}.build" / "module.modulemap"
        if generated.exists():
            command += ["-Xcc", f"-fmodule-map-file={generated}"]
    for folder in sorted(glob.glob(str(ROOT / "Sources" / "*" / "include"))):
        command += ["-Xcc", f"-I{folder}"]
    for flag in includes:
        command += ["-Xcc", flag]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if result.returncode != 0:
        sys.exit(f"api-listing: swift-symbolgraph-extract failed for {module}:\n{result.stderr}")
    symbols = []
    for path in sorted(out.glob(f"{module}*.symbols.json")):
        symbols += json.loads(path.read_text())["symbols"]
    return symbols


def line(symbol: dict) -> str:
    """`kind path: declaration`, whitespace collapsed, so a listing diff reads well."""
    kind = symbol["kind"]["identifier"].removeprefix("swift.")
    path = ".".join(symbol["pathComponents"])
    declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
    return f"{kind} {path}: {' '.join(declaration.split())}"


def listing(module: str, bin_path: pathlib.Path) -> tuple[list, list]:
    with tempfile.TemporaryDirectory() as folder:
        symbols = extract(module, bin_path, pathlib.Path(folder))
    lines = sorted(set(line(s) for s in symbols))
    top_level = sorted({".".join(s["pathComponents"]) for s in symbols
                        if s["kind"]["identifier"] in TYPE_KINDS and len(s["pathComponents"]) == 1})
    return lines, top_level


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin-path", default=str(ROOT / ".build" / "debug"))
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", action="store_true")
    action.add_argument("--check", action="store_true")
    arguments = parser.parse_args()
    bin_path = pathlib.Path(arguments.bin_path)
    failed = False
    own_types = []
    for module in MODULES:
        lines, top_level = listing(module, bin_path)
        recorded = ROOT / "docs" / "api" / f"{module}.txt"
        text = "".join(f"{l}\n" for l in lines)
        if arguments.write:
            recorded.write_text(text)
            print(f"{recorded.relative_to(ROOT)}: {len(lines)} declarations, {len(top_level)} top-level types")
            continue
        old = recorded.read_text() if recorded.exists() else ""
        if old != text:
            failed = True
            print(f"{module}'s public API differs from {recorded.relative_to(ROOT)} "
                  f"(if the change is meant, run scripts/api-listing.py --write and commit the listing):")
            sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), text.splitlines(True),
                                                       str(recorded.relative_to(ROOT)), "built"))
        if module in COUNTED_TOGETHER:
            own_types += [name for name in top_level if name not in SWIFTUI_NAMES]
    if arguments.check and len(own_types) > MAXIMUM_TOP_LEVEL_TYPES:
        failed = True
        print(f"RenderPipeline and TextEffects have {len(own_types)} public top-level types of their own (SwiftUI's names aside), "
              f"more than {MAXIMUM_TOP_LEVEL_TYPES}: " + ", ".join(sorted(own_types)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
