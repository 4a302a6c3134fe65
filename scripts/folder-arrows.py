#!/usr/bin/env python3
"""Checks that RenderPipeline's folders use one another in one direction only.

The stages, each allowed to use the ones before it:

    Model → Input → Layout → Render → Output → Scene → Links

A file "uses" a folder when it names a type declared there, or when it calls or reads a member
declared there in an `extension` (of any type, wherever the type is declared) or a free function
declared there (comments and strings left out). A member or function name counts only when no
folder up to the user's own declares the same name (a method, property or enum case of its own,
or one Swift's libraries have, in EXTERNAL): then the use may mean that one, and is let be.
Prints every use that runs backwards and exits 1 when one is not among ALLOWED below, each of
which says why it stays.

    folder-arrows.py [SOURCES…]   SOURCES: folders holding stage folders (default: RenderPipeline's and TextEffects')
"""
import bisect, collections, pathlib, re, sys

# RenderPipeline holds Model to Render (and the PNG writer's Output); TextEffects the stages above
# (its Input/Captions, DataRows and Localization included). A stage may span both modules.
ROOTS = [pathlib.Path(__file__).resolve().parent.parent / "Sources" / module for module in ("RenderPipeline", "TextEffects")]
ORDER = ["Model", "Input", "Layout", "Render", "Output", "Scene", "Links"]

# (file, type or member it names): backward uses kept on purpose.
ALLOWED = {
    # SwiftUI's Image is a model value, but it carries its decoded pixels, which only Render
    # (Cairo) can hold.
    ("Model/Text/Image.swift", "ImageSource"),
    ("Model/Text/Image.swift", "ImageError"),
    # A formula's box holds its SVG, decoded by Render's image code as SwiftUI's Image is.
    ("Input/Math/MathBox.swift", "ImageError"),
    # Any paint a scene reads may be an image (`{"image": {"source"}}`): the decoding context
    # carries the scene's image loader, which answers an Image or the ImageError saying why not,
    # as Image's own initialisers do.
    ("Input/JSON/SceneProblem.swift", "ImageError"),
    # Pango lays text out with Cairo's font options and scaled fonts; their owners are Render's
    # Cairo layer, the one place Cairo is called from.
    ("Layout/Pango/PangoContextObject.swift", "CairoFontOptions"),
    ("Layout/Pango/Font+Resolved.swift", "CairoScaledFont"),
    # A batch's SVG and PDF rows carry their links (PDF annotations, SVG <a>), placed where the
    # link report puts them: the tracker owns that geometry. (Issue 31's display list is to
    # carry links as operations, and these go.)
    ("Scene/Batch/BatchOutput.swift", "LinkTracker"),
    ("Scene/Batch/BatchRun.swift", "LinkTracker"),
    # The vector pages themselves (SceneRenderer+Vector in Links/) draw with those links.
    ("Scene/Batch/BatchOutput.swift", "pdfData"),
    ("Scene/Batch/BatchOutput.swift", "svgData"),
    ("Scene/Batch/BatchRun.swift", "recordPage"),
    # A row's pages (`batch --page-height --format pdf`) are drawn as the vector pages of render's
    # --page-height are, by the same drawing with links.
    ("Scene/Batch/BatchOutput.swift", "drawVectorPage"),
}

# Member names Swift's standard library and Foundation declare too (protocol requirements an
# extension fulfils, collection and string methods): a use of one may be theirs, so it says
# nothing about folders.
EXTERNAL = {
    "description", "debugDescription", "hash", "hashValue", "encode", "contains", "map", "first", "last",
    "count", "isEmpty", "append", "insert", "remove", "min", "max", "filter", "reduce", "sorted", "joined",
    "split", "makeIterator", "next", "forEach", "union", "intersection", "callAsFunction", "lowercased", "uppercased",
}

TYPE_DECLARATION = re.compile(r"^[ \t]*(?:@\w+[ \t]+)*(?:(?:public|package|private|fileprivate|internal|final|indirect)\s+)*"
                              r"(?:struct|class|enum|protocol|actor|typealias)\s+(\w+)", re.M)
NAME = re.compile(r"\b([A-Z]\w*)\b")
# A member or function declaration, its modifiers in group 1 and its name in group 2.
MEMBER_DECLARATION = re.compile(r"^[ \t]*((?:@\w+(?:\([^)\n]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|static|class|"
                                r"final|override|mutating|nonmutating|nonisolated|lazy|weak|unowned|dynamic|"
                                r"private\(set\)|fileprivate\(set\)|package\(set\))\s+)*)(?:func|var|let)\s+(\w+)", re.M)
# Every name declared as a member, a local or an enum case, anywhere: what a use may mean.
ANY_DECLARATION = re.compile(r"\b(?:func|var|let)\s+(\w+)|\bcase\s+(?!let\b|var\b|is\b)([a-z_]\w*)")
ENUM_CASE_LIST = re.compile(r"^[ \t]*(?:indirect\s+)?case\s+([a-z_][^:\n]*)$", re.M)
# A member read (`.name`) or a call (`name(`), including a member called on `self` unwritten.
USE = re.compile(r"\.([a-z_]\w*)\b|\b([a-z_]\w*)\s*\(")
HEADER_KIND = re.compile(r"\b(extension|struct|class|enum|protocol|actor|func|init|var|let)\b")


def stripped(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"//.*", "", text)
    text = re.sub(r'""".*?"""', '""', text, flags=re.S)
    return re.sub(r'"(?:[^"\\\n]|\\.)*"', '""', text)


def blocks(text: str):
    """The brace depth after each brace, and the top-level blocks as (open, close, header)."""
    positions, depths, top = [], [], []
    depth, opened, header_start = 0, None, 0
    for match in re.finditer(r"[{}]", text):
        if match.group() == "{":
            if depth == 0:
                opened = match.start()
            depth += 1
        else:
            depth = max(depth - 1, 0)
            if depth == 0 and opened is not None:
                top.append((opened, match.start(), text[header_start:opened]))
                header_start, opened = match.end(), None
        positions.append(match.start())
        depths.append(depth)
    return positions, depths, top


def depth_at(positions, depths, offset: int) -> int:
    i = bisect.bisect_right(positions, offset) - 1
    return depths[i] if i >= 0 else 0


def declared_members(text: str):
    """The names this file declares in extensions (its depth-1 members) and as free functions,
    leaving out private ones."""
    positions, depths, top = blocks(text)
    names = set()
    for opened, closed, header in top:
        kinds = HEADER_KIND.findall(header)
        kind = kinds[-1] if kinds else ""
        if kind == "func":
            match = list(re.finditer(r"((?:\w+\s+)*)func\s+(\w+)", header))[-1]
            if "private" not in match.group(1):
                names.add(match.group(2))
        elif kind == "extension":
            for match in MEMBER_DECLARATION.finditer(text, opened, closed):
                if depth_at(positions, depths, match.start()) == 1 and "private" not in match.group(1):
                    names.add(match.group(2))
    return names


def any_declared(text: str):
    names = {a or b for a, b in ANY_DECLARATION.findall(text)}
    for match in ENUM_CASE_LIST.finditer(text):
        # `case a, b(Int), c = 3`: each name before a comma, a parenthesis or an `=`.
        body = re.sub(r"\([^)]*\)|=[^,]*", "", match.group(1))
        names.update(part.strip() for part in body.split(",") if re.fullmatch(r"\s*[a-z_]\w*\s*", part))
    return names


def main() -> int:
    roots = [pathlib.Path(argument).resolve() for argument in sys.argv[1:]] or ROOTS
    files = {}
    relative = {}
    for root in roots:
        for path in sorted(root.rglob("*.swift")):
            stage = path.relative_to(root).parts[0]
            if stage in ORDER:
                files[path] = (stage, stripped(path.read_text()))
                relative[path] = path.relative_to(root)
    # A name declared at the top level of a file belongs to its stage; nested names (a cue's
    # `Line`, a WebVTT `Block`) are declared indented and count only inside their own type.
    stages_of = collections.defaultdict(set)
    nested = set()
    # Extension members and free functions by the stages declaring them; every declared name
    # by the earliest stage declaring it.
    member_stages = collections.defaultdict(set)
    first_declared = {}
    for path, (stage, text) in files.items():
        for match in TYPE_DECLARATION.finditer(text):
            if match.group(0)[0].isspace():
                nested.add(match.group(1))
            else:
                stages_of[match.group(1)].add(stage)
        for name in declared_members(text):
            member_stages[name].add(stage)
        for name in any_declared(text):
            if name not in first_declared or ORDER.index(stage) < first_declared[name]:
                first_declared[name] = ORDER.index(stage)
    backward = []
    for path, (stage, text) in files.items():
        here = ORDER.index(stage)
        file = str(relative[path])
        local = {m.group(1) for m in TYPE_DECLARATION.finditer(text)}
        for name in sorted(set(NAME.findall(text)) - local):
            for other in stages_of.get(name, ()):
                if ORDER.index(other) > here and name not in nested:
                    backward.append((file, name, stage, other, "names"))
        used = {a or b for a, b in USE.findall(text)}
        for name in sorted(used & member_stages.keys()):
            if name in EXTERNAL or first_declared.get(name, len(ORDER)) <= here:
                continue
            for other in sorted(member_stages[name], key=ORDER.index):
                if ORDER.index(other) > here:
                    backward.append((file, name, stage, other, "uses"))
    unexplained = [b for b in backward if (b[0], b[1]) not in ALLOWED]
    for file, name, stage, other, verb in backward:
        mark = "allowed" if (file, name) in ALLOWED else "BACKWARD"
        print(f"{mark}: {file} ({stage}) {verb} {name} ({other})")
    if unexplained:
        print(f"{len(unexplained)} use(s) run against {' → '.join(ORDER)}: move the code to the later "
              "folder, or explain the exception in scripts/folder-arrows.py's ALLOWED")
        return 1
    print(f"{len(files)} files: every use runs {' → '.join(ORDER)} ({len(backward)} explained exceptions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
