#!/usr/bin/env python3
"""Caption files of growing size, one per shape, to time caption preparation (issue 34).

Each shape is a caption file of N words (or cues) and a scene that shows it, so that
`texteffects render SCENE --frame-range 0 --out F.png` reads the file, lays out every caption
page (line breaks, cuts into pages, stacking) and draws one frame: the work done before any
frame, plus one.

    words       one whisper segment of N timed words
    untimed     one whisper segment of N words without times (shared out between its ends)
    timestamps  one WebVTT cue of N words, each after an inline timestamp <hh:mm:ss.ttt>
    cue-words   one SubRip cue of N words (no timings)
    cue-chars   one SubRip cue of N characters without a space (one long word)
    overlap     N WebVTT cues, each on screen with the 9 before it (10 at once)

    python3 Benchmarks/make_caption_scaling.py WORK [--sizes 1000,10000,100000] [--shapes words,...]
    python3 Benchmarks/make_caption_scaling.py WORK --time --binary .build/debug/texteffects

writes WORK/caption-scaling-SHAPE-N/{captions file, scene.json}; with --time, runs each scene
once (in growing order, a shape's larger sizes skipped once one takes over --timeout seconds)
and prints the seconds and the growth per size step.
"""
import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHAPES = ["words", "untimed", "timestamps", "cue-words", "cue-chars", "overlap"]
STEP = 0.3  # seconds a word


def stamp(seconds, comma=False):
    ms = int(round(seconds * 1000))
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{',' if comma else '.'}{ms:03d}"


def word(i):
    return f"w{i % 997}"


def caption_file(shape, n):
    """(file name, text) of one shape at size n."""
    if shape in ("words", "untimed"):
        words = []
        for i in range(n):
            w = {"word": " " + word(i)}
            if shape == "words":
                w.update(start=round(i * STEP, 3), end=round(i * STEP + STEP * 0.8, 3))
            words.append(w)
        text = "".join(w["word"] for w in words)
        return "talk.words.json", json.dumps({"segments": [{"start": 0, "end": round(n * STEP, 3), "text": text, "words": words}]})
    if shape == "timestamps":
        body = " ".join(f"<{stamp(i * STEP)}>{word(i)}" for i in range(1, n + 1))
        return "talk.vtt", f"WEBVTT\n\n00:00:00.000 --> {stamp((n + 1) * STEP)}\n{word(0)} {body}\n"
    if shape == "cue-words":
        return "talk.srt", f"1\n00:00:00,000 --> {stamp(n * STEP, True)}\n{' '.join(word(i) for i in range(n))}\n"
    if shape == "cue-chars":
        return "talk.srt", f"1\n00:00:00,000 --> {stamp(max(1, n // 100), True)}\n{'x' * n}\n"
    if shape == "overlap":
        cues = [f"{stamp(i * STEP)} --> {stamp(i * STEP + 10 * STEP - 0.001)}\n{word(i)}\n" for i in range(n)]
        return "talk.vtt", "WEBVTT\n\n" + "\n".join(cues)
    raise ValueError(shape)


def write(work, shape, n):
    folder = os.path.join(work, f"caption-scaling-{shape}-{n}")
    os.makedirs(folder, exist_ok=True)
    name, text = caption_file(shape, n)
    with open(os.path.join(folder, name), "w") as f:
        f.write(text)
    scene = {"version": 1, "canvas": {"width": 1280, "height": 720, "background": None}, "fps": 30, "duration": 1,
             # A scene needs a block; a single space draws nothing.
             "blocks": [{"id": "blank", "frame": {"x": 0, "y": 0, "width": 10}, "text": " "}],
             "captions": {"source": name}}
    path = os.path.join(folder, "scene.json")
    with open(path, "w") as f:
        json.dump(scene, f)
    return path


def command(binary, scene):
    return [binary, "render", scene, "--frame-range", "0", "--out", os.path.join(os.path.dirname(scene), "frame.png"), "--quiet"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("work")
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--time", action="store_true", help="run each scene once and print its time")
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "texteffects"))
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    env = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "Tests", "Fixtures", "fonts.conf"), LC_ALL="C.UTF-8")
    for shape in args.shapes.split(","):
        times = []
        for n in sizes:
            scene = write(args.work, shape, n)
            if not args.time:
                continue
            start = time.monotonic()
            try:
                result = subprocess.run(command(args.binary, scene), capture_output=True, text=True, env=env, timeout=args.timeout)
            except subprocess.TimeoutExpired:
                print(f"{shape:11} {n:>7}: > {args.timeout:.0f} s", flush=True)
                break
            seconds = time.monotonic() - start
            note = "" if result.returncode == 0 else f"  exit {result.returncode}: {result.stderr.strip().splitlines()[-1][:150]}"
            growth = f"  ({seconds / times[-1]:.1f} ×)" if times and times[-1] > 0 else ""
            times.append(seconds)
            print(f"{shape:11} {n:>7}: {seconds:8.2f} s{growth}{note}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
