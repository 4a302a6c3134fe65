#!/usr/bin/env python3
"""Held-out mutation set: mutates the scenes in Scenes/ and checks how texteffects answers.

    python3 Fuzz/mutate.py [--count 3000] [--seed N] [--binary .build/release/texteffects]

Each variant is one to three mutations of one scene (a number pushed to an extreme, a string
swapped for a hostile one, a value of the wrong type, a key dropped, an array repeated, an asset
path pointed at a FIFO, a device, a link out of the folder or a lying image header; or the JSON
text cut or a byte changed). Every variant runs `validate`, a 1-frame render and `measure`, and
the run fails on:

- a crash or a signal (exit status other than 0, 1 or 2), or 1 (an unexpected error),
- a hang (a run longer than --timeout seconds),
- validate and the others disagreeing (validate 0 but render or measure 2, or the reverse),
- a render that leaves anything but complete frame PNGs behind (temporary files, empty folders
  on failure),
- a message without a place (an exit-2 line that names no JSON path, file:line or file).

Then --shapes runs (default 10) of held-out input shapes built to cost time or memory (issue 34),
each with random sizes from the seed, through the command that reads them: one grapheme cluster
of up to 400,000 combining marks or ZWJ-joined emoji (validate, render, measure: exit 0), many
distinct 8192 x 8192 images (exit 2 at the scene's image budget, under 2 GB of memory), a cue
thousands of hours out (captions: exit 2 before any frame, nothing written), one segment of
thousands of timed words (captions: exit 0), and a CSV record over 64 MB between good rows
(batch: that row one problem, the rows after it rendered with their own numbers). Each run must
end within --timeout and, where stated, under its memory bound (the child's peak RSS).

The seed is printed, so a failure can be replayed with --seed and --only INDEX.
"""
import argparse
import copy
import json
import os
import random
import shutil
import stat
import struct
import subprocess
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

EXTREME_NUMBERS = [0, -0.0, -1, 1e-300, 1e300, -1e300, 2 ** 63, -(2 ** 63), 2 ** 63 - 1, 2 ** 31,
                   2 ** 31 - 1, 2 ** 32, 1e8, 65536, 16384, 1e6, 86400, 0.5, 1e-9, -1e-9, 3.5e38,
                   123456789012345678901234567890, 2, 10, 100, 1000, 0.001, 7.25, -40]

HOSTILE_PATHS = ["/etc/passwd", "../outside.png", "../../../../etc/hostname", "/dev/zero",
                 "/dev/urandom", "/dev/stdin", "hostile/fifo", "hostile/fifo.png", "hostile/link-out.png",
                 "hostile/huge.png", "hostile/huge.svg", "hostile/xxe.svg", "hostile/remote.svg",
                 "hostile/directory", "hostile/truncated.png", "hostile/fonts-with-fifo", "", ".", "/",
                 "assets/../../outside.png", "hostile/loop-a"]


def hostile_strings(rng):
    return [
        "",
        "x" * rng.choice([1000, 100_000, 1_000_000]),
        "a\u0000b",
        "\u001b[31mred\u0007",
        "\ud83d\udc69\u200d\ud83d\udc69\u200d\ud83d\udc67" * 200,
        "\u202e" + "abc" * 50,
        "\u0e01\u0e34\u0e34\u0e34\u0e34" * 500,
        "> " * rng.choice([100, 3000]) + "deep",
        "- " * rng.choice([100, 3000]) + "list",
        "*" * 4000 + "a" + "*" * 4000,
        "[a](" * 2000,
        "<b>" * rng.choice([70, 5000]) + "x",
        "<span foreground='#zzz'>x</span>",
        "<span size='-1'>x</span><span size='999999999999'>y</span>",
        "a\n" * rng.choice([1000, 50_000]),
        "%.1000000f %@ %n %99999999$@ %lld %",
        "#" * 10 + " heading\n" * 5000,
        "\ufffd\udfff",
        "| a | b |\n|---|---|\n" + "| x | y |\n" * 3000,
        "{{name}}",
        "NaN", "Infinity", "-1e309",
        rng.choice(HOSTILE_PATHS),
    ]


def all_nodes(value, path=()):
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from all_nodes(child, path + (key,))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from all_nodes(child, path + (i,))


def set_at(root, path, new):
    if not path:
        return new
    node = root
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = new
    return root


def remove_at(root, path):
    node = root
    for step in path[:-1]:
        node = node[step]
    del node[path[-1]]
    return root


def mutate_tree(scene, rng):
    nodes = list(all_nodes(scene))
    path, value = rng.choice(nodes)
    kind = rng.random()
    if isinstance(value, bool) or value is None:
        return set_at(scene, path, rng.choice([1, "true", [], {}, not value if isinstance(value, bool) else 0]))
    if isinstance(value, (int, float)):
        if kind < 0.75:
            return set_at(scene, path, rng.choice(EXTREME_NUMBERS))
        return set_at(scene, path, rng.choice([str(value), None, [value], {"value": value}, True]))
    if isinstance(value, str):
        if kind < 0.3 and any(k in str(path[-1] if path else "") for k in ("path", "file", "src", "source", "image", "table", "director", "timings", "words")):
            return set_at(scene, path, rng.choice(HOSTILE_PATHS))
        if kind < 0.8:
            return set_at(scene, path, rng.choice(hostile_strings(rng)))
        if kind < 0.9:
            return set_at(scene, path, rng.choice(HOSTILE_PATHS))
        return set_at(scene, path, rng.choice([1, None, [value], {"text": value}]))
    if isinstance(value, list):
        if value and kind < 0.4:
            item = rng.choice(value)
            return set_at(scene, path, value + [copy.deepcopy(item) for _ in range(rng.choice([10, 300, 3000]))])
        if kind < 0.6:
            return set_at(scene, path, [])
        if value and kind < 0.8:
            i = rng.randrange(len(value))
            return remove_at(scene, path + (i,)) if path else scene
        return set_at(scene, path, rng.choice([{}, "list", 3, [[[[[]]]]]]))
    if isinstance(value, dict):
        if value and kind < 0.5:
            key = rng.choice(list(value))
            del value[key]
            return scene
        if kind < 0.7:
            value[rng.choice(["unknownKey", "blur", "radius", "effects", "spans", "images", "fonts"])] = rng.choice(
                [1e300, "x", [], {}, None, -1])
            return scene
        if kind < 0.85:
            nested = {}
            inner = nested
            for _ in range(rng.choice([50, 600])):
                inner["a"] = {}
                inner = inner["a"]
            value["deep"] = nested
            return scene
        return set_at(scene, path, rng.choice([[], "object", 0]))
    return scene


def mutate_text(text, rng):
    data = bytearray(text.encode())
    kind = rng.random()
    if kind < 0.35 and data:
        return bytes(data[: rng.randrange(len(data))])
    if kind < 0.7 and data:
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind < 0.85:
        return b"[" * rng.choice([100, 10_000, 200_000]) + b"]" * 3
    return bytes(data) + b"\x00garbage"


def png_header(width, height):
    def chunk(tag, body):
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")


def make_hostile_assets(folder):
    """The held-out hostile assets: each must be refused (exit 2), never hang or be read."""
    hostile = os.path.join(folder, "hostile")
    os.makedirs(hostile, exist_ok=True)
    os.mkfifo(os.path.join(hostile, "fifo"))
    os.mkfifo(os.path.join(hostile, "fifo.png"))
    os.symlink("/etc/passwd", os.path.join(hostile, "link-out.png"))
    os.symlink("loop-b", os.path.join(hostile, "loop-a"))
    os.symlink("loop-a", os.path.join(hostile, "loop-b"))
    os.makedirs(os.path.join(hostile, "directory"))
    os.makedirs(os.path.join(hostile, "fonts-with-fifo", "sub"))
    os.mkfifo(os.path.join(hostile, "fonts-with-fifo", "sub", "font.ttf"))
    with open(os.path.join(hostile, "huge.png"), "wb") as f:
        f.write(png_header(20000, 20000))
    with open(os.path.join(hostile, "truncated.png"), "wb") as f:
        f.write(png_header(10, 10)[:30])
    with open(os.path.join(hostile, "huge.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="10" height="10"/></svg>')
    with open(os.path.join(hostile, "xxe.svg"), "w") as f:
        f.write('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>')
    with open(os.path.join(hostile, "remote.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">'
                '<image href="http://127.0.0.1:9/x.png" width="10" height="10"/>'
                '<image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>')
    with open(os.path.join(os.path.dirname(folder), "outside.png"), "wb") as f:
        f.write(png_header(4, 4))


def has_place(line):
    """Whether an error line says where: a JSON path, file:line(:column), or a named file."""
    markers = ("$", "line ", ":", "scene", "frame", "--", "canvas", "blocks", "file")
    return any(m in line for m in markers)


def run_measured(cmd, timeout, env):
    """Exit status (or "hang"), stderr, seconds and the child's peak RSS in MB."""
    start = time.monotonic()
    with open(os.devnull, "rb") as stdin:
        proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        _, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        return "hang", "", time.monotonic() - start, 0
    # The child is reaped by communicate(); its peak RSS is the largest of all children so far,
    # so each shape runs in a fresh process of its own (see main) for a clean reading.
    import resource
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return proc.returncode, stderr.decode(errors="replace"), time.monotonic() - start, peak


def big_png(path):
    """An 8192 x 8192 PNG of one colour: 285 KB on disk, 256 MB decoded."""
    def chunk(tag, body):
        return struct.pack(">I", len(body)) + tag + body + struct.pack(">I", zlib.crc32(tag + body))
    row = b"\x00" + b"\x40\x80\xc0\xff" * 8192
    packer = zlib.compressobj(6)
    body = b"".join(packer.compress(row) for _ in range(8192)) + packer.flush()
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8192, 8192, 8, 6, 0, 0, 0))
                + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def make_shape(kind, rng, folder):
    """One held-out shape in `folder`: (command arguments after the binary, per command; expected
    statuses; memory bound in MB or None; a check of the folder afterwards or None)."""
    block = {"id": "shape", "frame": {"x": 10, "y": 10, "width": 600}}
    scene = {"canvas": {"width": 640, "height": 360}, "blocks": [block]}
    scene_path = os.path.join(folder, "shape.json")
    if kind == "cluster":
        n = rng.choice([50_000, 150_000, 400_000])
        block["text"] = rng.choice([lambda: "a" + "\u0301" * n,
                                    lambda: "e" + "".join(chr(0x0300 + i % 0x70) for i in range(n)),
                                    lambda: "\u200d".join(["\U0001F469"] * (n // 2)),
                                    lambda: "\u1100" * n + "\u1161",
                                    lambda: ("a" + "\u0301" * 30 + "\u200b") * (n // 32)])()
        with open(scene_path, "w") as f:
            json.dump(scene, f)
        return ([["validate", scene_path], ["render", scene_path, "--frames", "1", "--quiet", "--out", os.path.join(folder, "out")],
                 ["measure", scene_path]], {0}, 1500, None)
    if kind == "images":
        count = rng.choice([5, 12, 40])
        source = os.path.join(os.path.dirname(folder), "big.png")
        if not os.path.exists(source):
            big_png(source)
        for i in range(count):
            os.link(source, os.path.join(folder, f"big{i}.png"))
        block["text"] = [{"image": f"big{i}.png"} for i in range(count)]
        with open(scene_path, "w") as f:
            json.dump(scene, f)
        return ([["validate", scene_path], ["measure", scene_path]], {2}, 2000, None)
    if kind == "far-cue":
        hours = rng.choice([1000, 5000, 9999])
        path = os.path.join(folder, "far.srt")
        with open(path, "w") as f:
            f.write(f"1\n00:00:00,000 --> 00:00:01,000\nnow\n\n2\n{hours}:00:00,000 --> {hours}:00:01,000\nlater\n")
        out = os.path.join(folder, "frames")
        return ([["captions", path, "--fps", "10", "--out", out]], {2}, 500,
                lambda: not os.path.exists(out) or os.listdir(out) == [])
    if kind == "words":
        n = rng.choice([5_000, 10_000, 20_000])
        words = [{"word": f" w{i}", "start": i * 0.01, "end": i * 0.01 + 0.008} for i in range(n)]
        path = os.path.join(folder, "talk.words.json")
        with open(path, "w") as f:
            json.dump({"segments": [{"start": 0, "end": n * 0.01, "text": "", "words": words}]}, f)
        return ([["captions", path, "--fps", "1", "--size", "64x36", "--out", os.path.join(folder, "frames"), "--quiet"]],
                {0}, 1500, None)
    if kind == "csv":
        template = dict(scene, parameters={"title": {}})
        block["text"] = "{{title}}"
        template_path = os.path.join(folder, "template.json")
        with open(template_path, "w") as f:
            json.dump(template, f)
        quoted = rng.random() < 0.5
        line = "x" * rng.choice([999, 65_535]) + ("\n" if quoted else "")
        path = os.path.join(folder, "rows.csv")
        with open(path, "w") as f:
            f.write("title\nbefore\n" + ('"' if quoted else ""))
            for _ in range(64_000_000 // len(line) + 2):
                f.write(line)
            f.write(('"' if quoted else "") + "\nafter\nlast\n")
        out = os.path.join(folder, "cards")

        def check():
            with open(os.path.join(out, "manifest.jsonl")) as f:
                rows = [json.loads(l) for l in f]
            return ([(r["row"], r["status"]) for r in rows] == [(1, "rendered"), (2, "failed"), (3, "rendered"), (4, "rendered")]
                    and "larger than 64000000 bytes" in rows[1]["error"])
        return ([["batch", template_path, path, "--out", out, "--name", "{{row}}.png", "--quiet"]], {1}, 1500, check)
    raise ValueError(kind)


SHAPES = ["cluster", "images", "far-cue", "words", "csv"]


def run(cmd, timeout, env):
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, env=env)
        return proc.returncode, proc.stderr.decode(errors="replace"), time.monotonic() - start
    except subprocess.TimeoutExpired:
        return "hang", "", time.monotonic() - start


def main():
    sys.setrecursionlimit(20000)
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/texteffects"))
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-mutate"))
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--only", type=int, help="run this variant index only (replay)")
    parser.add_argument("--keep", action="store_true", help="keep every variant's scene file")
    parser.add_argument("--shapes", type=int, default=10, help="held-out shape runs after the variants")
    parser.add_argument("--shape-run", nargs=4, metavar=("KIND", "SEED", "FOLDER", "COMMAND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.shape_run:
        return shape_run(args)

    print(f"mutate: seed {args.seed}, {args.count} variants, binary {args.binary}")
    shutil.rmtree(args.work, ignore_errors=True)
    scenes_copy = os.path.join(args.work, "scenes")
    shutil.copytree(os.path.join(ROOT, "Scenes"), scenes_copy)
    make_hostile_assets(scenes_copy)
    sources = sorted(f for f in os.listdir(os.path.join(ROOT, "Scenes")) if f.endswith(".json"))
    texts = {name: open(os.path.join(ROOT, "Scenes", name)).read() for name in sources}
    env = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "Tests/Fixtures/fonts.conf"))

    failures = []
    tally = {"validate": {}, "render": {}, "measure": {}}
    slowest = (0, None)
    indices = [args.only] if args.only is not None else range(args.count)
    for index in indices:
        rng = random.Random(args.seed * 1_000_003 + index)
        name = rng.choice(sources)
        if rng.random() < 0.12:
            data = mutate_text(texts[name], rng)
        else:
            scene = json.loads(texts[name])
            for _ in range(rng.choices([1, 2, 3], weights=[6, 3, 1])[0]):
                scene = mutate_tree(scene, rng)
            data = json.dumps(scene, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        scene_path = os.path.join(scenes_copy, f"variant-{index}.json")
        with open(scene_path, "wb") as f:
            f.write(data)
        out = os.path.join(args.work, "out", str(index))
        results = {}
        for command, cmd in (
            ("validate", [args.binary, "validate", scene_path]),
            ("render", [args.binary, "render", scene_path, "--frames", "1", "--threads", "1", "--quiet", "--out", out]),
            ("measure", [args.binary, "measure", scene_path]),
        ):
            status, stderr, seconds = run(cmd, args.timeout, env)
            results[command] = (status, stderr)
            tally[command][status] = tally[command].get(status, 0) + 1
            if seconds > slowest[0]:
                slowest = (seconds, f"variant {index} {command}")
            if status == "hang" or status not in (0, 2):
                failures.append((index, name, command, status, stderr.strip()[:400]))
            elif status == 2:
                lines = [l for l in stderr.splitlines() if l.strip()]
                placeless = [l for l in lines if not has_place(l)]
                if not lines or placeless:
                    failures.append((index, name, command, "message without a place", (placeless or ["(nothing)"])[0][:300]))
        statuses = {c: s for c, (s, _) in results.items()}
        if statuses["validate"] in (0, 2):
            for other in ("render", "measure"):
                if statuses[other] in (0, 2) and statuses[other] != statuses["validate"]:
                    failures.append((index, name, f"validate {statuses['validate']} but {other}", statuses[other],
                                     results[other][1].strip()[:300]))
        if os.path.isdir(out):
            left = sorted(os.listdir(out))
            bad = [f for f in left if not (f.startswith("frame_") and f.endswith(".png"))]
            if bad or (statuses["render"] != 0 and left):
                failures.append((index, name, "render left files", statuses["render"], ", ".join(left[:5])))
            shutil.rmtree(out)
        elif statuses["render"] == 0:
            failures.append((index, name, "render wrote nothing", 0, ""))
        if not args.keep and not any(f[0] == index for f in failures):
            os.remove(scene_path)
        if (index + 1) % 250 == 0:
            print(f"mutate: {index + 1} variants, {len(failures)} failures", flush=True)

    runs = sum(sum(t.values()) for t in tally.values())
    print(f"mutate: {len(list(indices))} variants, {runs} runs; exit statuses: " +
          "; ".join(f"{c} " + ", ".join(f"{s}: {n}" for s, n in sorted(t.items(), key=str)) for c, t in tally.items()))
    print(f"mutate: slowest run {slowest[0]:.2f} s ({slowest[1]})")
    for index, name, command, status, detail in failures:
        print(f"FAIL variant {index} (from {name}) {command}: {status}: {detail}")
    shape_failures = run_shapes(args, env)
    print(f"mutate: {len(failures)} failures (variants kept in {scenes_copy}), {shape_failures} shape runs failed"
          f" (kept in {os.path.join(args.work, 'shapes')})")
    return 1 if failures or shape_failures else 0


def run_shapes(args, env):
    """The held-out shapes: each command in a fresh Python process of its own, so the peak RSS it
    reports is that command's alone."""
    failures = 0
    rng = random.Random(args.seed)
    for index in range(args.shapes):
        kind = SHAPES[index % len(SHAPES)] if index < len(SHAPES) else rng.choice(SHAPES)
        folder = os.path.join(args.work, "shapes", f"{index}-{kind}")
        os.makedirs(folder)
        shape_seed = rng.randrange(1 << 30)
        commands, expected, bound, check = make_shape(kind, random.Random(shape_seed), folder)
        for number, arguments in enumerate(commands):
            probe = subprocess.run([sys.executable, __file__, "--binary", args.binary, "--timeout", str(args.timeout),
                                    "--shape-run", kind, str(shape_seed), folder, json.dumps(arguments)],
                                   capture_output=True, text=True, env=env)
            status, stderr, seconds, peak = json.loads(probe.stdout or '["no result", "", 0, 0]')
            problems = []
            if status not in expected:
                problems.append(f"exit {status}, expected {sorted(expected)}: {stderr.strip()[:300]}")
            if bound and peak > bound:
                problems.append(f"peak memory {peak:.0f} MB over {bound} MB")
            if status == 2 and not all(has_place(l) for l in stderr.splitlines() if l.strip()):
                problems.append(f"message without a place: {stderr.strip()[:200]}")
            if check and number == len(commands) - 1 and not check():
                problems.append("the output is not what the shape must give")
            verdict = "FAIL" if problems else "ok"
            print(f"mutate: shape {index} {kind} {arguments[0]}: {verdict} (exit {status}, {seconds:.1f} s, {peak:.0f} MB)"
                  + (": " + "; ".join(problems) if problems else ""), flush=True)
            failures += bool(problems)
        if not failures:
            shutil.rmtree(folder, ignore_errors=True)
    return failures


def shape_run(args):
    """One shape command, measured (run by run_shapes in a process of its own)."""
    kind, seed, folder, command = args.shape_run
    env = dict(os.environ, FONTCONFIG_FILE=os.path.join(ROOT, "Tests/Fixtures/fonts.conf"))
    status, stderr, seconds, peak = run_measured([args.binary] + json.loads(command), args.timeout, env)
    print(json.dumps([status, stderr, seconds, peak]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
