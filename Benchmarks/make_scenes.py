#!/usr/bin/env python3
"""Writes the benchmark scenes from the shared corpus (../shared/bench/corpus).

Each scene mirrors one anchor of ../shared/bench/README.md: the same text, font and width as
ref_render (Sans 26 px, 1080 px wide on 1080x1920), so texteffects and the anchors do the same
work. Run again if the corpus changes; the scenes are committed.
"""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "bench", "corpus")


def read(name):
    with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
        return f.read()


def scene(blocks, frames=30, canvas=(1080, 1920), language="und"):
    # The anchors lay out in Pango's default language, the C locale's (bench.py runs them with
    # LC_ALL=C.UTF-8): no language, fonts chosen by script alone. "und" (BCP 47: undetermined)
    # asks Pango for the same. A real language makes Pango sort fonts for it and for each other
    # script's sample language too, which costs the corpus's cold layout ~9 ms more.
    return {"version": 1, "canvas": {"width": canvas[0], "height": canvas[1], "background": "#FFFFFF"},
            "environment": {"language": language}, "fps": 30, "duration": frames / 30, "blocks": blocks}


def corpus_block(effects, family="Sans"):
    # ref_render: pango_layout_set_markup(corpus), font "Sans 26" at 72 dpi, width 1080, origin 0,0.
    return {"id": "corpus", "frame": {"x": 0, "y": 0, "width": 1080},
            "style": {"font": {"family": family, "size": 26}, "color": "#000000"},
            "markup": read("mixed.markup"), "effects": effects}


def write(name, data):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, indent=1)
        f.write("\n")


# ref_render --mode glyph: y offset 6 sin(t + 0.35 i), t one turn over the clip; ours: 6 sin(2π(x/λ − t))
# over 1 s. At ~15 px a glyph, 0.35 rad a glyph is λ ≈ 270 px: the same motion (it matters to x264).
WAVE = {"type": "wave", "amplitude": 6, "wavelength": 270, "speed": 1}
write("corpus-wave.json", scene([corpus_block([WAVE])]))
write("corpus-still.json", scene([corpus_block([])], frames=1))
# The same still in texteffects' default language, for the note beside the still's row.
write("corpus-still-en.json", scene([corpus_block([])], frames=1, language="en"))
# ref_render --mode rotate: a small per-glyph rotation (0.12 rad ≈ 6.9°) in a travelling wave.
write("corpus-rotate.json", scene([corpus_block([{"type": "rotate", "angle": 6.9, "wavelength": 270, "speed": 1}])]))
# Issue 14's row: wght animated on every glyph, each a little after the one before (2 ms apart, so
# over the measured frames nearly every glyph is between keys, at a value of its own), against the
# per-glyph wave, both in Inter's variable font (the corpus's other scripts fall back as in Sans).
VARY = {"type": "vary", "unit": "glyph", "stagger": 0.002,
        "axes": {"wght": [{"t": 0, "value": 100}, {"t": 1, "value": 900, "easing": "easeInOut"},
                          {"t": 2, "value": 100, "easing": "easeInOut"}]}}
write("corpus-vary.json", scene([corpus_block([VARY], family="Inter")]))
write("corpus-wave-inter.json", scene([corpus_block([WAVE], family="Inter")]))
# ref_render --blur 8 (400x120 region): blur the first line's worth of text, radius 8.
# Blur first: the span goes through one layer and one blur, then everything waves.
blurred = corpus_block([{"type": "blur", "radius": 8, "select": {"unit": "glyph", "start": 0, "end": 28}}, WAVE])
write("corpus-blur-span.json", scene([blurred]))
# A full frame blurred at radius 8 (ImageMagick -blur 0x8 on the same frame).
write("corpus-blur-full.json", scene([corpus_block([{"type": "blur", "radius": 8, "select": {"unit": "line", "start": 0}}])], frames=1))
# manim_scene.py: the 286-character snippet appearing letter by letter over 1 s, Sans 24.
write("snippet-letters.json", scene([{
    "id": "snippet", "frame": {"x": 27, "y": 800, "width": 1026},
    "style": {"font": {"family": "Sans", "size": 24}, "color": "#000000"},
    "text": read("snippet286.txt").rstrip("\n"),
    "effects": [{"type": "typewriter", "duration": 1}]}]))

# Markdown: a ~2,000-line project README (one block, for the layout row) and 1,000 assistant chat
# answers (for the measure row). Generated from fixed seeds out of pools of real-sounding prose,
# so every paragraph, list and table differs and the output is the same on every run.
NOUNS = ["the cache", "the parser", "each worker", "the scheduler", "the config file", "the CLI", "a plugin",
         "the index", "the build", "the server", "every request", "the queue", "the manifest", "the lock file",
         "the renderer", "the HTTP client", "the test suite", "the migration", "the database pool", "the logger"]
VERBS = ["reads", "writes", "validates", "rebuilds", "skips", "retries", "streams", "caches", "compresses",
         "signs", "resolves", "loads", "flushes", "rotates", "serializes", "watches", "splits", "merges"]
OBJECTS = ["the whole tree", "only the changed files", "its settings from the environment", "one batch at a time",
           "the entries it needs", "every dependency it finds", "the response body", "a temporary copy",
           "the previous snapshot", "the largest chunks first", "a checksum of each part", "the remaining jobs"]
TAILS = ["before anything is written to disk", "so that a crash never leaves a half-written file",
         "unless `--force` is given", "which keeps cold starts under a second", "in the order they were queued",
         "when the network is slow or flaky", "on every platform we test", "without blocking the main thread",
         "and reports what it skipped", "as described in [the design notes](https://example.com/design)",
         "while holding no global lock", "for each target in the workspace", "the same way `git` does"]
OPENERS = ["By default,", "In practice,", "Internally,", "When it starts,", "On Linux,", "In CI,", "Since 2.0,",
           "For large projects,", "If the file is missing,", "Like most tools,", "With `--verbose`,", "After an upgrade,"]
TOPICS = ["Caching", "Configuration", "Plugins", "Logging", "Retries", "Authentication", "Workspaces", "Migrations",
          "Telemetry", "Signals", "Scheduling", "Storage", "Networking", "Profiles", "Hooks", "Templates",
          "Secrets", "Mirrors", "Snapshots", "Exports", "Imports", "Watch mode", "Sandboxing", "Compression"]
IDENTS = ["fetch_all", "open_store", "with_retry", "parse_manifest", "spawn_worker", "flush_queue", "load_profile",
          "resolve_deps", "write_atomic", "check_signature", "render_report", "prune_cache", "watch_paths"]


def cap(text):
    """The first letter upper-cased, past any Markdown markers."""
    index = next((i for i, c in enumerate(text) if c.isalpha()), 0)
    return text[:index] + text[index:index + 1].upper() + text[index + 1:]


def sentence(rng):
    text = f"{rng.choice(OPENERS)} {rng.choice(NOUNS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)} {rng.choice(TAILS)}."
    if rng.random() < 0.3:
        text = text.replace(rng.choice(NOUNS[:8]), f"**{rng.choice(NOUNS[:8])}**", 1)
    if rng.random() < 0.25:
        text += f" See `{rng.choice(IDENTS)}()` for the details."
    return text


def paragraph(rng, sentences=(2, 5), wrap=100):
    import textwrap
    return textwrap.wrap(" ".join(sentence(rng) for _ in range(rng.randint(*sentences))), wrap)


def code_fence(rng, lines=(4, 14)):
    language = rng.choice(["sh", "python", "rust", "json", "yaml", "swift"])
    body = []
    for i in range(rng.randint(*lines)):
        name = rng.choice(IDENTS)
        body.append({
            "sh": f"tool {name.replace('_', '-')} --jobs {rng.randint(1, 16)} ./{rng.choice(['src', 'docs', 'out'])}",
            "python": f"{'    ' * (i % 3 > 0)}result = {name}(path, retries={rng.randint(0, 5)})",
            "rust": f"{'    ' * (i % 3 > 0)}let {name.split('_')[-1]} = {name}(&ctx, {rng.randint(1, 99)})?;",
            "json": f'  "{name}": {{ "enabled": {rng.choice(["true", "false"])}, "limit": {rng.randint(1, 500)} }},',
            "yaml": f"{'  ' * (i % 3)}{name}: {rng.choice(['on', 'off', rng.randint(1, 64)])}",
            "swift": f"{'    ' * (i % 3 > 0)}let {name.split('_')[-1]} = try await {name}(in: context) // {rng.randint(1, 9)} ms",
        }[language])
    return [f"```{language}", *body, "```"]


def table(rng, rows=(3, 8)):
    out = ["| Option | Default | Description |", "|---|:---:|---|"]
    for _ in range(rng.randint(*rows)):
        out.append(f"| `{rng.choice(IDENTS).replace('_', '-')}` | `{rng.choice(['auto', 'none', rng.randint(1, 512)])}` | "
                   f"{cap(rng.choice(NOUNS))} {rng.choice(VERBS)} {rng.choice(OBJECTS)}. |")
    return out


def bullet_list(rng, items=(3, 7), nested=True, tasks=False, ordered=False):
    out = []
    for i in range(rng.randint(*items)):
        mark = f"{i + 1}." if ordered else "-"
        box = f"[{rng.choice(['x', ' '])}] " if tasks else ""
        out.append(f"{mark} {box}{sentence(rng)}")
        if nested and rng.random() < 0.35:
            out += [f"   - {cap(rng.choice(NOUNS))} {rng.choice(VERBS)} {rng.choice(OBJECTS)}."
                    for _ in range(rng.randint(1, 3))]
    return out


def readme(lines_wanted=2000):
    rng = random.Random(2026)
    out = ["# harbor", "", "[![CI](https://example.com/ci.svg)](https://example.com/ci) "
           "[![crates](https://example.com/v.svg)](https://example.com/crate)", ""]
    out += paragraph(rng, (4, 6)) + [""]
    out += ["> **Note**", "> " + sentence(rng), ""]
    out += ["## Contents", ""] + [f"- [{topic}](#{topic.lower().replace(' ', '-')})" for topic in TOPICS] + [""]
    out += ["## Installation", ""] + paragraph(rng) + [""] + code_fence(rng, (3, 5)) + [""]
    section = 0
    while len(out) < lines_wanted:
        topic = TOPICS[section % len(TOPICS)] + (f" ({section // len(TOPICS) + 1})" if section >= len(TOPICS) else "")
        section += 1
        out += [f"## {topic}", ""] + paragraph(rng) + [""]
        for part in rng.sample(["para", "list", "code", "table", "quote", "sub", "tasks", "ordered"], 5):
            if part == "para":
                out += paragraph(rng) + [""]
            elif part == "list":
                out += bullet_list(rng) + [""]
            elif part == "ordered":
                out += bullet_list(rng, (3, 5), nested=False, ordered=True) + [""]
            elif part == "tasks":
                out += ["Roadmap:", ""] + bullet_list(rng, (3, 6), nested=False, tasks=True) + [""]
            elif part == "code":
                out += code_fence(rng) + [""]
            elif part == "table":
                out += table(rng) + [""]
            elif part == "quote":
                out += ["> " + line for line in paragraph(rng, (1, 3), 90)] + [""]
            else:
                out += [f"### {rng.choice(IDENTS)}()", ""] + paragraph(rng, (1, 3)) + [""] + code_fence(rng, (2, 6)) + [""]
    out += ["## License", "", "MIT. See [LICENSE](LICENSE)."]
    return "\n".join(out) + "\n"


README = readme()
# GitHub's README column (~880 px) in the light theme, Sans 16.
write("markdown-readme.json", scene([{
    "id": "readme", "frame": {"x": 20, "y": 0, "width": 880},
    "style": {"font": {"family": "Sans", "size": 16}}, "markdown": README}], frames=1, canvas=(920, 1920)))
# The same element kinds in ten lines: fonts loaded and caches warm, so that the difference of the
# two measures is the README's layout alone.
write("markdown-tiny.json", scene([{
    "id": "tiny", "frame": {"x": 20, "y": 0, "width": 880}, "style": {"font": {"family": "Sans", "size": 16}},
    "markdown": "# harbor\n\n## Caching\n\nA **bold** word, `code` and [a link](https://example.com).\n\n"
                "- one\n   - two\n- [x] done\n\n> quoted\n\n```sh\ntool run\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"}],
    frames=1, canvas=(920, 1920)))

# Scaling with input size (issue 13): each kind of input at 1 k, 10 k, 100 k and 1 M characters, for
# `texteffects measure` (bench.py's `scaling` group). Generated into the folder given as
# `--scaling DIR` (the 1 M scenes are megabytes: not committed).
SCALING_SIZES = [1_000, 10_000, 100_000, 1_000_000]
SCALING_WORDS = ("the harbor wakes before the city ferries slide out of their berths while café lights "
                 "come on one by one along the quay and gulls argue over the first catch").split()


def scaling_words(count, seed):
    """About `count` characters of prose, cut to exactly `count`."""
    rng = random.Random(seed)
    out, length = [], 0
    while length < count:
        word = rng.choice(SCALING_WORDS)
        out.append(word)
        length += len(word) + 1
    return " ".join(out)[:count]


def scaling_paragraphs(count, seed, every=800):
    """Prose in paragraphs of about `every` characters, one line break between them."""
    text = scaling_words(count, seed)
    return "\n".join(text[i:i + every] for i in range(0, len(text), every))


def scaling_markdown(count):
    """Headings, paragraphs with links, bold and code, repeated to about `count` characters."""
    parts, length, k = [], 0, 0
    while length < count:
        part = (f"## Section {k}\n\n{scaling_words(160, k).capitalize()}, see [the notes {k}](https://example.com/notes/{k}) "
                f"and **{SCALING_WORDS[k % len(SCALING_WORDS)]}** with `code_{k}`.\n\n")
        parts.append(part)
        length += len(part)
        k += 1
    return "".join(parts)[:count]


def scaling_scene(kind, count):
    block = {"id": kind, "frame": {"x": 40, "y": 40, "width": 1000}, "style": {"font": {"family": "Sans", "size": 16}}}
    if kind == "plain":
        block["text"] = scaling_paragraphs(count, 1)
    elif kind == "spans":
        # Pairs of words in alternating colours, a span each: 1 M characters are about 80,000 spans.
        words = scaling_words(count, 2).split(" ")
        pairs = [" ".join(words[i:i + 2]) + " " for i in range(0, len(words), 2)]
        colors = ["#1F2328", "#0969DA", "#CF222E"]
        block["text"] = [{"text": pair, "color": colors[i % 3]} for i, pair in enumerate(pairs)]
    elif kind == "markdown":
        block["markdown"] = scaling_markdown(count)
    elif kind == "markup":
        block["markup"] = "<b>a</b>b" * (count // 2)
    elif kind == "word":
        block["text"] = ("abcdefghij" * (count // 10 + 1))[:count]
    elif kind == "newlines":
        block["text"] = "a\n" * (count // 2)
    elif kind == "token":
        # Half the characters in the text, half in the token, which does not fit the three lines.
        block["text"] = scaling_words(count // 2, 3)
        block["lineLimit"] = 3
        block["truncation"] = {"token": scaling_words(count - count // 2, 4)}
    elif kind == "marks":
        # Issue 34: one base and every other character a combining acute (HarfBuzz's N² shape).
        block["text"] = "a" + "\u0301" * (count - 1)
    elif kind == "zalgo":
        # Letters each carrying 40 combining marks of five kinds, past the stream-safe 30.
        marks = "".join(chr(0x0300 + i % 5) for i in range(40))
        block["text"] = ("z" + marks + "a" + marks + " ") * (count // 83 + 1)
        block["text"] = block["text"][:count]
    elif kind == "cluster":
        # One grapheme cluster of any length: women joined by ZWJs (3 scalars a link).
        block["text"] = "\u200d".join(["\U0001F469"] * (count // 2))
    return {"version": 1, "canvas": {"width": 1080, "height": 1920}, "environment": {"language": "und"},
            "fps": 30, "duration": 1 / 30, "blocks": [block]}


def scaling_csv(count):
    """A template and `count` data rows, each one field short: every row a problem, nothing drawn."""
    template = {"version": 1, "canvas": {"width": 64, "height": 64}, "parameters": {"title": {}, "price": {}},
                "blocks": [{"id": "t", "frame": {"x": 0, "y": 0, "width": 64}, "text": "{{title}} {{price}}"}]}
    rows = "".join(f"Row {i}\n" for i in range(count))
    return template, "title,price\n" + rows


SCALING_KINDS = ["plain", "spans", "markdown", "markup", "word", "newlines", "token", "marks", "zalgo", "cluster"]
if "--scaling" in sys.argv:
    SCALING_OUT = sys.argv[sys.argv.index("--scaling") + 1]
    os.makedirs(SCALING_OUT, exist_ok=True)
    for kind in SCALING_KINDS:
        for count in SCALING_SIZES:
            with open(os.path.join(SCALING_OUT, f"scaling-{kind}-{count}.json"), "w", encoding="utf-8") as f:
                json.dump(scaling_scene(kind, count), f, ensure_ascii=False)
    for count in SCALING_SIZES:
        template, rows = scaling_csv(count)
        with open(os.path.join(SCALING_OUT, "scaling-csv-template.json"), "w", encoding="utf-8") as f:
            json.dump(template, f)
        with open(os.path.join(SCALING_OUT, f"scaling-csv-{count}.csv"), "w", encoding="utf-8") as f:
            f.write(rows)

# 10,000 three-line truncated feed posts for `texteffects measure`, and the same posts as
# plain text for the C loop that lays each out once with Pango (the anchor). Generated into the
# folder given as `--posts DIR` (12 MB: not committed).
if "--posts" not in sys.argv:
    sys.exit(0)
OUT = sys.argv[sys.argv.index("--posts") + 1]
rng = random.Random(7)
words = ("今天 终于 去了 那家 咖啡店 环境 真的 很好 the harbor wakes before city ferries slide "
         "Гавань просыпается раньше города паромы выходят причалов 😀 market shutters").split()
posts = [" ".join(rng.choice(words) for _ in range(rng.randint(30, 70))) for _ in range(10_000)]
blocks = [{"id": f"p{i}", "frame": {"x": 16, "y": 0, "width": 358}, "lineLimit": 3,
           "style": {"font": {"family": "Sans", "size": 16}},
           "truncation": {"token": [{"text": "...展开", "color": "#39639E", "link": "app://expand"}]},
           "text": text} for i, text in enumerate(posts)]
with open(os.path.join(OUT, "measure-posts.json"), "w", encoding="utf-8") as f:
    json.dump({"version": 1, "canvas": {"width": 390, "height": 844}, "environment": {"language": "und"},
               "blocks": blocks}, f, ensure_ascii=False)
with open(os.path.join(OUT, "measure-posts.txt"), "w", encoding="utf-8") as f:
    f.write("\n".join(posts) + "\n")

# 1,000 assistant answers in a chat bubble (Sans 16, 300 px: a phone's reply column) for
# `texteffects measure`, and the same answers as the plain text a reader sees (markers and
# inline syntax dropped, list markers kept, table cells tab-separated, one line per block),
# NUL-separated, for measure_loop --nul: one plain Pango layout of each (the anchor).
CHAT_OPEN = ["Good question!", "Short answer: yes, with one caveat.", "There are a few ways to do this.",
             "That error usually means the path is wrong.", "Here is what I would try first.",
             "It depends on how large the input is.", "You are close; one thing is missing.",
             "Yes, and it is simpler than it looks.", "The difference is mostly about ownership.",
             "I would not do that in production, and here is why."]
CHAT_FACTS = ["the `{i}` call returns before the data is flushed", "**{n}** is a cached value, not the live one",
              "the default timeout is {k} seconds", "the loop runs once per line, so it is O(n)",
              "Python copies the list when you slice it", "the shell expands `*` before the program sees it",
              "the server only reads the config at start-up", "`git rebase` rewrites the commits after the base",
              "the index must be rebuilt after the migration", "Unicode strings are counted in code points here",
              "the first request warms the cache, so time the second one", "the lock is held while {n} {v}",
              "environment variables win over the config file", "a `{i}` failure is retried {k} times by default"]
CHAT_STEPS = ["Check that {n} {v} the right folder.", "Run `{i}` with `--verbose` and read the first error.",
              "Pin the version in the lock file.", "Restart the service so it reloads its settings.",
              "Move the call out of the loop.", "Add a test that covers the empty case.",
              "Use a context manager so the file is closed.", "Log the value just before it is sent.",
              "Set the timeout to {k} s and try again.", "Compare the two outputs with `diff -u`."]


def chat_answer(rng):
    fill = lambda t: t.format(i=rng.choice(IDENTS), n=rng.choice(NOUNS), v=rng.choice(VERBS), k=rng.randint(2, 60))
    para = lambda count: rng.choice(CHAT_OPEN) + " " + " ".join(cap(fill(rng.choice(CHAT_FACTS))) + "."
                                                              for _ in range(count))
    blocks = [("p", para(rng.randint(1, 3)))]
    if rng.random() < 0.5:
        blocks.append(("p", " ".join(cap(fill(rng.choice(CHAT_FACTS))) + "." for _ in range(rng.randint(1, 3)))))
    ordered = rng.random() < 0.4
    blocks.append(("list", ordered, [fill(step) for step in rng.sample(CHAT_STEPS, rng.randint(2, 5))]))
    if rng.random() < 0.4:
        blocks.append(("code", code_fence(rng, (2, 6))))
    if rng.random() < 0.2:
        rows = [[f"`{rng.choice(IDENTS)}`", str(rng.randint(1, 900)) + " ms", rng.choice(["yes", "no", "sometimes"])]
                for _ in range(rng.randint(2, 4))]
        blocks.append(("table", ["Call", "Time", "Cached"], rows))
    if rng.random() < 0.5:
        blocks.append(("p", "Let me know if " + rng.choice(["that fixes it.", "you want the full script.",
                                                            "the error changes.", "you need it for Windows too."])))
    markdown, plain = [], []
    strip = lambda t: t.replace("**", "").replace("`", "")
    for block in blocks:
        if block[0] == "p":
            markdown.append(block[1])
            plain.append(strip(block[1]))
        elif block[0] == "list":
            marks = [f"{i + 1}." if block[1] else "-" for i in range(len(block[2]))]
            markdown.append("\n".join(f"{m} {item}" for m, item in zip(marks, block[2])))
            plain.append("\n".join(f"{m if block[1] else '•'} {strip(item)}" for m, item in zip(marks, block[2])))
        elif block[0] == "code":
            markdown.append("\n".join(block[1]))
            plain.append("\n".join(block[1][1:-1]))
        else:
            header, rows = block[1], block[2]
            markdown.append("\n".join(["| " + " | ".join(header) + " |", "|---|---:|---|"]
                                      + ["| " + " | ".join(row) + " |" for row in rows]))
            plain.append("\n".join("\t".join(strip(cell) for cell in row) for row in [header] + rows))
    return "\n\n".join(markdown), "\n".join(plain)


chat_rng = random.Random(11)
answers = [chat_answer(chat_rng) for _ in range(1_000)]
chat_blocks = [{"id": f"a{i}", "frame": {"x": 16, "y": 0, "width": 300}, "style": {"font": {"family": "Sans", "size": 16}},
                "markdown": markdown} for i, (markdown, _) in enumerate(answers)]
with open(os.path.join(OUT, "measure-chat.json"), "w", encoding="utf-8") as f:
    json.dump({"version": 1, "canvas": {"width": 390, "height": 844}, "environment": {"language": "und"},
               "blocks": chat_blocks}, f, ensure_ascii=False)
with open(os.path.join(OUT, "measure-chat.txt"), "w", encoding="utf-8") as f:
    f.write("\0".join(plain for _, plain in answers) + "\0")
