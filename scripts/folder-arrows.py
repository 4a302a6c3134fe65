#!/usr/bin/env python3
"""Checks that RenderPipeline's folders use one another in one direction only.

The stages, each allowed to use the ones before it:

    Model → Input → Layout → Render → Output → Scene → Links

A file "uses" a folder when it names a type declared there (comments and strings left out).
Prints every use that runs backwards and exits 1 when one is not among ALLOWED below, each of
which says why it stays.
"""
import collections, pathlib, re, sys

ROOT = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "RenderPipeline"
ORDER = ["Model", "Input", "Layout", "Render", "Output", "Scene", "Links"]

# (file, type it names): backward uses kept on purpose.
ALLOWED = {
    # SwiftUI's Image is a model value, but it carries its decoded pixels, which only Render
    # (Cairo) can hold.
    ("Model/Text/Image.swift", "ImageSource"),
    ("Model/Text/Image.swift", "ImageError"),
    # Pango lays text out with Cairo's font options and scaled fonts; their owners are Render's
    # Cairo layer, the one place Cairo is called from.
    ("Layout/Pango/PangoContextObject.swift", "CairoFontOptions"),
    ("Layout/Pango/Font+Resolved.swift", "CairoScaledFont"),
    # A batch's SVG and PDF rows carry their links (PDF annotations, SVG <a>), placed where the
    # link report puts them: the tracker owns that geometry. (Issue 31's display list is to
    # carry links as operations, and these go.)
    ("Scene/Batch/BatchOutput.swift", "LinkTracker"),
    ("Scene/Batch/BatchRun.swift", "LinkTracker"),
}

DECLARATION = re.compile(r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|private|fileprivate|internal|final|indirect)\s+)*"
                         r"(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)", re.M)
NAME = re.compile(r"\b([A-Z]\w*)\b")


def stripped(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//.*", "", text)
    text = re.sub(r'""".*?"""', '""', text, flags=re.S)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)


def main() -> int:
    files = {}
    for path in sorted(ROOT.rglob("*.swift")):
        stage = path.relative_to(ROOT).parts[0]
        if stage in ORDER:
            files[path] = (stage, stripped(path.read_text()))
    # A name declared at the top level of a file belongs to its stage; nested names (a cue's
    # `Line`, a WebVTT `Block`) are declared indented and count only inside their own type.
    stages_of = collections.defaultdict(set)
    nested = set()
    for path, (stage, text) in files.items():
        for match in DECLARATION.finditer(text):
            if match.group(0)[0].isspace():
                nested.add(match.group(1))
            else:
                stages_of[match.group(1)].add(stage)
    backward = []
    for path, (stage, text) in files.items():
        local = {m.group(1) for m in DECLARATION.finditer(text)}
        for name in sorted(set(NAME.findall(text)) - local):
            for other in stages_of.get(name, ()):
                if ORDER.index(other) > ORDER.index(stage) and name not in nested:
                    backward.append((str(path.relative_to(ROOT)), name, stage, other))
    unexplained = [b for b in backward if (b[0], b[1]) not in ALLOWED]
    for file, name, stage, other in backward:
        mark = "allowed" if (file, name) in ALLOWED else "BACKWARD"
        print(f"{mark}: {file} ({stage}) names {name} ({other})")
    if unexplained:
        print(f"{len(unexplained)} use(s) run against {' → '.join(ORDER)}: move the code to the later "
              "folder, or explain the exception in scripts/folder-arrows.py's ALLOWED")
        return 1
    print(f"{len(files)} files: every use runs {' → '.join(ORDER)} ({len(backward)} explained exceptions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
