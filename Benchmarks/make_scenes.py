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


def corpus_block(effects):
    # ref_render: pango_layout_set_markup(corpus), font "Sans 26" at 72 dpi, width 1080, origin 0,0.
    return {"id": "corpus", "frame": {"x": 0, "y": 0, "width": 1080},
            "style": {"font": {"family": "Sans", "size": 26}, "color": "#000000"},
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
