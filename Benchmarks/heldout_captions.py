#!/usr/bin/env python3
"""Check `texteffects captions` against held-out, real-world caption files.

The files live outside the repository (default /work/heldout, described by its SOURCES.md):
videos/ (MP4 and WebM clips), subs/ (.srt and .vtt files from public projects, many of them
malformed or unusual in some way) and words/ (whisper-shaped word-timing JSON). They are *not*
part of the repository, on purpose: they are a held-out test set, so the captions code cannot
be tuned to them, and several of them carry licences (GPL-3.0, AGPL-3.0, CC BY-NC-SA) that the
repository must not take on. This script only reads them; everything it writes goes to the
work folder (default /tmp/heldout-out).

Per file it checks:

1. parse     `texteffects captions FILE` exits 0 or 2 (never anything else); exit 2 comes with
             `file:line: problem` lines and leaves no output behind. Acceptance or rejection
             itself is reported, not judged.
2. oracle    an independent parser (`srt` for SubRip, `webvtt-py` for WebVTT, plain json for
             word timings) gives each cue's start, end and plain text.
3. timing    for up to 12 sampled cues (spread over the file, preferring cues of >= 0.3 s with
             no other cue within 0.2 s), rendered through a scene with `--frame-range` at 30
             fps: frames ceil(start*30) and ceil(end*30)-1 have ink, frames ceil(start*30)-1
             and ceil(end*30) have none (fully transparent when no other cue is on screen,
             otherwise at least different from the cue's own frame).
4. text      Latin-script files: OCR (tesseract) of the cue's middle frame(s), composited over
             black and scaled x2, compared with the oracle's text (difflib ratio on lowercased,
             punctuation-free, whitespace-collapsed text); the median ratio must be >= 0.85.
             Non-Latin files: timing only (OCR is reported for information if a language pack
             is installed).
5. words     whisper word timings with `--style karaoke`: the highlight yellow #FFD54F is on
             screen in the middle of 6 sampled words, and not yet on the frame before a
             segment's first word. Other JSON shapes: what the tool does is reported.
6. alpha     one .srt to ProRes 4444 .mov and one .vtt to VP9 .webm keep an alpha channel.
7. burn-in   `--over VIDEO --out X.mp4` keeps size, frame rate, frame count, duration and audio;
             a frame inside a cue differs from the source in the lower third by more than
             the re-encoding noise of the upper half + 3, a frame outside every cue by less
             than that noise + 1. One captioned frame of each is saved as PNG for a human.

Usage: python3 Benchmarks/heldout_captions.py [HELDOUT_DIR] [WORK_DIR] [--tool PATH]
Exit status: 0 if every check passed, 1 otherwise.
"""

import argparse
import difflib
import html
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import unicodedata
from dataclasses import dataclass, field

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TOOL = os.path.join(REPO, ".build", "release", "texteffects")
FONTCONFIG = os.path.join(REPO, "Tests", "Fixtures", "fonts.conf")

FPS = 30
CANVAS = (1280, 720)
MAX_CUES = 12
MIN_CUE_MS = 300
ISOLATION_MS = 200
OCR_MIN_MEDIAN = 0.85
YELLOW = (0xFF, 0xD5, 0x4F)
RUN_TIMEOUT = 600
# Frames closer than this are rendered in one --frame-range run (each run lays out the
# whole track again, so a few wasted frames are cheaper than another run).
MERGE_GAP = 90


# --------------------------------------------------------------------------------------------
# Setup: tools and packages
# --------------------------------------------------------------------------------------------

def ensure_python_packages():
    """Install the oracles and Pillow with pip if they are missing."""
    missing = []
    for module, package in (("srt", "srt"), ("webvtt", "webvtt-py"), ("PIL", "Pillow")):
        try:
            __import__(module)
        except ImportError:
            missing.append(package)
    if missing:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                        "--break-system-packages", *missing], check=True)


def tesseract_languages():
    """The installed tesseract languages, after installing tesseract (and packs) if needed."""
    def installed():
        try:
            out = subprocess.run(["tesseract", "--list-langs"], capture_output=True,
                                 text=True, timeout=60)
        except FileNotFoundError:
            return set()
        return {l.strip() for l in out.stdout.splitlines()[1:] if l.strip()}

    wanted = ["eng", "fra", "cat", "deu", "jpn", "chi_sim", "kor", "ara", "hin"]
    have = installed()
    if not set(wanted) <= have and shutil.which("apt-get"):
        packages = ["tesseract-ocr"] + ["tesseract-ocr-" + l.replace("_", "-") for l in wanted]
        available = []
        for package in packages:
            probe = subprocess.run(["apt-cache", "show", package], capture_output=True)
            if probe.returncode == 0:
                available.append(package)
        if "tesseract-ocr" not in available:
            subprocess.run(["apt-get", "update", "-qq"], capture_output=True)
            available = [p for p in packages
                         if subprocess.run(["apt-cache", "show", p],
                                           capture_output=True).returncode == 0]
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "install", "-y", "-qq", *available],
                       capture_output=True, env=env)
        have = installed()
    return have


# --------------------------------------------------------------------------------------------
# Results
# --------------------------------------------------------------------------------------------

@dataclass
class Result:
    file: str
    check: str
    status: str          # PASS, FAIL, INFO or SKIP
    summary: str
    details: list = field(default_factory=list)


class Report:
    def __init__(self):
        self.results = []

    def add(self, file, check, status, summary, details=()):
        result = Result(file, check, status, summary, list(details))
        self.results.append(result)
        print(f"[{status:4}] {file}: {check}: {summary}", flush=True)
        for line in result.details:
            print(f"         {line}", flush=True)
        return result

    @property
    def failed(self):
        return [r for r in self.results if r.status == "FAIL"]

    def table(self):
        checks = []
        for r in self.results:
            if r.check not in checks:
                checks.append(r.check)
        files = []
        for r in self.results:
            if r.file not in files:
                files.append(r.file)
        cell = {}
        for r in self.results:
            key = (r.file, r.check)
            # A file can have several results for one check; FAIL wins, then PASS, SKIP, INFO.
            order = {"FAIL": 0, "PASS": 1, "SKIP": 2, "INFO": 3}
            if key not in cell or order[r.status] < order[cell[key]]:
                cell[key] = r.status
        width = max(len(f) for f in files)
        head = "file".ljust(width) + " | " + " | ".join(c.ljust(7) for c in checks)
        lines = [head, "-" * len(head)]
        for f in files:
            lines.append(f.ljust(width) + " | " +
                         " | ".join(cell.get((f, c), "").ljust(7) for c in checks))
        counts = {s: sum(1 for r in self.results if r.status == s)
                  for s in ("PASS", "FAIL", "INFO", "SKIP")}
        lines.append("")
        lines.append("results: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
        return "\n".join(lines)


# --------------------------------------------------------------------------------------------
# Running texteffects
# --------------------------------------------------------------------------------------------

class Tool:
    def __init__(self, path):
        self.path = path
        self.env = dict(os.environ, FONTCONFIG_FILE=FONTCONFIG)

    def run(self, *args, timeout=RUN_TIMEOUT):
        """Run texteffects; returns (status, stdout, stderr, seconds). Timeout is status None."""
        start = time.monotonic()
        try:
            p = subprocess.run([self.path, *args], capture_output=True, text=True,
                               errors="replace", env=self.env, timeout=timeout)
            return p.returncode, p.stdout, p.stderr, time.monotonic() - start
        except subprocess.TimeoutExpired as e:
            return None, "", f"timed out after {timeout} s", time.monotonic() - start


LOCATED = re.compile(r"^\S[^:]*:\d+(:\d+)?: \S")          # file:line: problem
JSON_LOCATED = re.compile(r"^\S[^:]*\.json: [^:]+: \S")     # file.json: json.path: problem


def error_lines(stderr):
    return [l for l in stderr.splitlines() if LOCATED.match(l) or JSON_LOCATED.match(l)]


# --------------------------------------------------------------------------------------------
# Oracles
# --------------------------------------------------------------------------------------------

@dataclass
class Cue:
    start_ms: int
    end_ms: int
    text: str
    ambiguous: str = ""      # why the oracle's times cannot be trusted, if so
    words: list = field(default_factory=list)   # (start_ms, end_ms, word)

    @property
    def f0(self):
        return first_frame(self.start_ms)

    @property
    def f_end(self):
        return first_frame(self.end_ms)


def first_frame(ms, fps=FPS):
    """The first frame at or after ms milliseconds: ceil(ms * fps / 1000) in integers."""
    return -((-ms * fps) // 1000)


SRT_TAG = re.compile(r"</?(?:b|i|u|s|font)(?:\s[^>]*)?>", re.IGNORECASE)
SRT_BRACE = re.compile(r"\{\\[^}]*\}|\{/?[biu]\}", re.IGNORECASE)
VTT_TAG = re.compile(r"<[^>]*>")
SHORT_FRACTION = re.compile(r"[,.](\d{1,2})(?!\d)")


def read_srt_text(path):
    raw = open(path, "rb").read()
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return raw.decode("utf-16"), "utf-16"
    try:
        return raw.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return raw.decode("cp1252"), "cp1252"


def oracle_srt(path):
    import logging
    import srt
    logging.getLogger("srt").setLevel(logging.ERROR)
    text, encoding = read_srt_text(path)
    notes = [f"decoded as {encoding}"]
    try:
        subs = list(srt.parse(text))
    except srt.SRTParseError as e:
        subs = list(srt.parse(text, ignore_errors=True))
        notes.append(f"strict parse failed ({str(e)[:90]}…); parsed with ignore_errors")
    # `srt` reads a 1-2 digit fraction ("00:00:00,1") as milliseconds; texteffects documents
    # it as a decimal (0.1 s). Neither is wrong for SubRip, so such cues are not sampled.
    odd = {}   # (start, end) as `srt` reads them -> the timing line
    for line in text.splitlines():
        if "-->" in line and SHORT_FRACTION.search(line):
            stamps = [t.strip().split()[0] for t in line.split("-->", 1) if t.strip()]
            try:
                odd[tuple(srt.srt_timestamp_to_timedelta(t) for t in stamps)] = line.strip()
            except (ValueError, srt.TimestampParseError):
                pass
    cues = []
    for s in subs:
        start = int(s.start.total_seconds() * 1000 + 0.5)
        end = int(s.end.total_seconds() * 1000 + 0.5)
        plain = SRT_BRACE.sub("", SRT_TAG.sub("", s.content))
        line = odd.get((s.start, s.end))
        ambiguous = f"timing line {line!r} has a 1-2 digit fraction" if line else ""
        cues.append(Cue(start, end, html.unescape(plain), ambiguous))
    if odd:
        notes.append(f"{len(odd)} timing line(s) with a 1-2 digit fraction (ambiguous)")
    return cues, notes


def vtt_ms(stamp):
    parts = stamp.split(":")
    seconds = float(parts[-1])
    minutes = int(parts[-2])
    hours = int(parts[-3]) if len(parts) > 2 else 0
    return (hours * 3600 + minutes * 60) * 1000 + int(round(seconds * 1000))


def oracle_vtt(path):
    import webvtt
    vtt = webvtt.read(path)
    cues = []
    odd = 0
    for c in vtt.captions:
        # webvtt-py strips the tags it recognises; a "<" it leaves behind ("<0", "<c.", "</")
        # is markup the specification's tokenizer reads as a (broken) tag, so what should be
        # drawn is not known from this oracle: such cues are not sampled.
        ambiguous = "oracle left unparsed markup: " + repr(c.text[:40]) if "<" in c.text else ""
        odd += bool(ambiguous)
        plain = VTT_TAG.sub("", c.text)
        cues.append(Cue(vtt_ms(c.start), vtt_ms(c.end), html.unescape(plain), ambiguous))
    notes = [f"{odd} cue(s) with markup webvtt-py left unparsed (not sampled)"] if odd else []
    return cues, notes


def oracle_words(path):
    """Whisper shape: segments[].words[] with word/start/end. Returns cues or raises."""
    data = json.load(open(path, encoding="utf-8"))
    cues = []
    notes = []
    for segment in data.get("segments", []):
        words = []
        for w in segment.get("words") or []:
            token = w.get("word", w.get("text"))
            if token is None or w.get("start") is None:
                continue
            words.append((round(w["start"] * 1000), round(w["end"] * 1000), token))
        cues.append(Cue(round(segment["start"] * 1000), round(segment["end"] * 1000),
                        segment.get("text", "").strip(), words=words))
    shapes = set()
    for segment in data.get("segments", []):
        ws = segment.get("words")
        if ws is None:
            shapes.add("words: null" if "words" in segment else "no words key")
        for w in ws or []:
            shapes.add("word" if "word" in w else "text" if "text" in w else "?")
    notes.append("word shape: " + ", ".join(sorted(shapes)))
    return cues, notes


def oracle(path):
    ext = os.path.splitext(path)[1].lower()
    if ext == ".srt":
        return oracle_srt(path)
    if ext == ".vtt":
        return oracle_vtt(path)
    return oracle_words(path)


def is_latin(cues):
    """True when at least 90 % of the letters in the oracle's text are Latin script."""
    letters = [ch for c in cues for ch in c.text if ch.isalpha()]
    if not letters:
        return True
    latin = sum(1 for ch in letters if unicodedata.name(ch, "").startswith("LATIN"))
    return latin / len(letters) >= 0.9


# --------------------------------------------------------------------------------------------
# Scenes, frame ranges and images
# --------------------------------------------------------------------------------------------

def write_scene(work, source, cues, style):
    """A scene next to a copy of the caption file (scene paths must stay in its folder)."""
    name = os.path.basename(source)
    folder = os.path.join(work, "scenes", f"{name}.{style}")
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(source, os.path.join(folder, name))
    last_end = max((c.end_ms for c in cues), default=0)
    scene = {"version": 1,
             "canvas": {"width": CANVAS[0], "height": CANVAS[1], "background": None},
             "fps": FPS, "duration": math.ceil(last_end / 1000) + 2,
             # A scene needs a block; a single space draws nothing.
             "blocks": [{"id": "blank", "frame": {"x": 0, "y": 0, "width": 10}, "text": " "}],
             "captions": {"source": name, "style": style}}
    path = os.path.join(folder, "scene.json")
    with open(path, "w") as f:
        json.dump(scene, f, indent=1)
    return path


def merge_ranges(frames, gap=MERGE_GAP):
    frames = sorted(set(f for f in frames if f >= 0))
    ranges = []
    for f in frames:
        if ranges and f - ranges[-1][1] <= gap:
            ranges[-1][1] = f
        else:
            ranges.append([f, f])
    return ranges


def render_frames(tool, scene, frames, out):
    """Render the given frames (in merged --frame-range runs). Returns (ok, problems, runs)."""
    os.makedirs(out, exist_ok=True)
    problems = []
    ranges = merge_ranges(frames)
    for a, b in ranges:
        status, _, err, _ = tool.run("render", scene, "--frame-range", f"{a}-{b}",
                                     "--out", out, "--quiet")
        if status != 0:
            problems.append(f"render --frame-range {a}-{b}: exit {status}: "
                            f"{(err.strip().splitlines() or [''])[0][:200]}")
    return not problems, problems, len(ranges)


def frame_path(out, n):
    """frame_0042.png; names are padded to the digits of the scene's frame count."""
    for width in range(4, 9):
        path = os.path.join(out, f"frame_{n:0{width}d}.png")
        if os.path.exists(path):
            return path
    return os.path.join(out, f"frame_{n:04d}.png")


def load(out, n):
    from PIL import Image
    path = frame_path(out, n)
    if not os.path.exists(path):
        return None
    return Image.open(path).convert("RGBA")


def has_ink(img):
    return img.getchannel("A").getextrema()[1] > 0


def yellow_pixels(img):
    """Opaque pixels close to the karaoke highlight #FFD54F."""
    count = 0
    for n, (r, g, b, a) in img.getcolors(img.width * img.height) or []:
        if a >= 200 and r >= 215 and 180 <= g <= 235 and b <= 130:
            count += n
    return count


def ocr_image(img, path, langs):
    """Composite over black, crop to the ink, scale x2 and OCR it."""
    from PIL import Image
    box = img.getchannel("A").getbbox()
    if box is None:
        return ""
    pad = 24
    box = (max(0, box[0] - pad), max(0, box[1] - pad),
           min(img.width, box[2] + pad), min(img.height, box[3] + pad))
    crop = img.crop(box)
    flat = Image.new("RGB", crop.size, (0, 0, 0))
    flat.paste(crop, mask=crop.getchannel("A"))
    flat = flat.resize((flat.width * 2, flat.height * 2), Image.LANCZOS).convert("L")
    flat.save(path)
    p = subprocess.run(["tesseract", path, "stdout", "-l", langs, "--psm", "6"],
                       capture_output=True, text=True, errors="replace", timeout=120)
    return p.stdout


def normalise(text):
    text = unicodedata.normalize("NFC", text).lower()
    text = "".join(ch for ch in text
                   if not unicodedata.category(ch).startswith(("P", "S", "C")) or ch in " \n\t")
    return " ".join(text.split())


def word_recall(expected, seen):
    words = normalise(expected).split()
    found = set(normalise(seen).split())
    return sum(1 for w in words if w in found) / len(words) if words else 1.0


def similarity(a, b):
    return difflib.SequenceMatcher(None, normalise(a), normalise(b)).ratio()


# --------------------------------------------------------------------------------------------
# Check 1: parse
# --------------------------------------------------------------------------------------------

def check_parse(report, tool, path, work, oracle_cues):
    """Run `captions FILE` (small and at 1 fps: this is about reading, not drawing)."""
    name = os.path.basename(path)
    out = os.path.join(work, "parse", name)
    shutil.rmtree(out, ignore_errors=True)
    status, _, err, secs = tool.run("captions", path, "--size", "480x270", "--fps", "1",
                                    "--out", out)
    located = error_lines(err)
    left = os.listdir(out) if os.path.isdir(out) else []
    if status == 0:
        frames = len([f for f in left if f.endswith(".png")])
        expected = ""
        if oracle_cues:
            last = max(c.end_ms for c in oracle_cues)
            expected = f" (oracle's last cue ends at {last / 1000:.3f} s → {first_frame(last, 1)})"
        warn = [l for l in err.splitlines() if l.strip()]
        details = [f"first stderr line: {warn[0][:200]}"] if warn else []
        report.add(name, "parse", "PASS",
                   f"accepted (exit 0, {secs:.1f} s): {frames} frames at 1 fps{expected}", details)
        return True
    if status == 2:
        problems = []
        if not located:
            problems.append("exit 2 without a file:line message: " + err.strip()[:200])
        if left:
            problems.append(f"exit 2 left {len(left)} file(s) in {out}")
        first = (located or err.strip().splitlines() or ["(nothing)"])[0]
        report.add(name, "parse", "FAIL" if problems else "PASS",
                   f"rejected (exit 2, {len(located)} located line(s)): {first[:240]}", problems)
        return False
    report.add(name, "parse", "FAIL", f"exit status {status} (only 0 or 2 are allowed)",
               [l[:200] for l in err.strip().splitlines()[-5:]])
    return False


# --------------------------------------------------------------------------------------------
# Check 3 and 4: timing and text of sampled cues
# --------------------------------------------------------------------------------------------

def overlaps_near(cue, cues, margin=ISOLATION_MS):
    return any(o is not cue and o.start_ms < cue.end_ms + margin and
               cue.start_ms < o.end_ms + margin for o in cues)


def sample_cues(cues, n=MAX_CUES):
    usable = [c for c in cues if not c.ambiguous and c.f_end > c.f0 and visible(c)]
    preferred = [c for c in usable
                 if c.end_ms - c.start_ms >= MIN_CUE_MS and not overlaps_near(c, cues)]
    pool = preferred if len(preferred) >= n else (
        preferred + [c for c in usable if c.end_ms - c.start_ms >= MIN_CUE_MS
                     and c not in preferred])
    if len(pool) < n:
        pool += [c for c in usable if c not in pool]
    pool.sort(key=lambda c: (c.start_ms, -c.end_ms))
    if len(pool) <= n:
        return pool
    return [pool[round(i * (len(pool) - 1) / (n - 1))] for i in range(n)]


def visible(cue):
    """Whether the oracle's text has anything to draw (empty cues show nothing)."""
    return bool(cue.text.strip())


def others_on(cue, cues, frame):
    """Other cues that may be drawn on this frame (ambiguous ones included)."""
    return [o for o in cues if o is not cue and (visible(o) or o.ambiguous)
            and o.f0 <= frame < o.f_end]


def ocr_frames(cue):
    """The middle frame, or for a cue that needs more than one page, one frame per share."""
    f0, f1 = cue.f0, cue.f_end - 1
    pages = max(1, math.ceil(len(cue.text) / 70)) if len(cue.text) > 84 else 1
    if pages == 1:
        return [(f0 + f1) // 2]
    step = (f1 - f0 + 1) / (pages + 1)
    return sorted({int(f0 + step * (i + 0.5)) for i in range(pages + 1)})


def check_cues(report, tool, path, work, cues, latin, langs):
    name = os.path.basename(path)
    sample = sample_cues(cues)
    if not sample:
        report.add(name, "timing", "SKIP", "no cue with a frame of its own to sample")
        return
    scene = write_scene(work, path, cues, "broadcast")
    out = os.path.join(work, "frames", name)
    shutil.rmtree(out, ignore_errors=True)
    wanted = []
    for c in sample:
        wanted += [c.f0 - 1, c.f0, c.f_end - 1, c.f_end] + ocr_frames(c)
    start = time.monotonic()
    ok, problems, runs = render_frames(tool, scene, wanted, out)
    secs = time.monotonic() - start
    if not ok:
        report.add(name, "timing", "FAIL", "scene render failed", problems)
        return

    failures = []
    notes = []
    for c in sample:
        label = f"cue {c.start_ms / 1000:.3f}-{c.end_ms / 1000:.3f} s (frames {c.f0}-{c.f_end - 1})"
        first, last = load(out, c.f0), load(out, c.f_end - 1)
        for n, img in ((c.f0, first), (c.f_end - 1, last)):
            if img is None or not has_ink(img):
                failures.append(f"{label}: frame {n} has no ink")
        for n, own in ((c.f0 - 1, first), (c.f_end, last)):
            if n < 0:
                continue
            img = load(out, n)
            if img is None:
                failures.append(f"{label}: frame {n} was not rendered")
                continue
            other = others_on(c, cues, n)
            if not other:
                if has_ink(img):
                    failures.append(f"{label}: frame {n} has ink but no cue is on screen")
            elif own is None or img.tobytes() != own.tobytes():
                notes.append(f"{label}: frame {n} shows {len(other)} other cue(s); "
                             "checked it differs from the cue's frame")
            elif any(o.ambiguous or normalise(o.text) == normalise(c.text) for o in other):
                notes.append(f"{label}: frame {n} is identical to the cue's frame, but the cue "
                             "on screen then has the same text or uncertain text: cannot tell")
            else:
                failures.append(f"{label}: frame {n} is identical to the cue's own frame "
                                f"(other cue(s) on screen: {len(other)})")
    report.add(name, "timing", "FAIL" if failures else "PASS",
               f"{len(sample)} cues, {len(sample) * 4} boundary frames, "
               f"{runs} render run(s) in {secs:.1f} s: "
               f"{'all right' if not failures else str(len(failures)) + ' wrong'}",
               failures + notes[:3] + ([f"… {len(notes) - 3} more like that"]
                                       if len(notes) > 3 else []))
    check_text(report, name, out, sample, cues, latin, langs)


def ocr_language(name, langs):
    hint = "eng"
    if name.startswith("pysrt-utf-8") or name.startswith("pysrt-windows"):
        hint = "fra"
    elif name.startswith("wct2-"):
        hint = "cat"
    elif "german" in name:
        hint = "deu"
    chosen = [l for l in (hint, "eng") if l in langs]
    return "+".join(dict.fromkeys(chosen)) or None


def non_latin_language(cues, langs):
    scripts = {"HIRAGANA": "jpn", "KATAKANA": "jpn", "CJK": "chi_sim", "HANGUL": "kor",
               "ARABIC": "ara", "DEVANAGARI": "hin"}
    counts = {}
    for ch in (ch for c in cues for ch in c.text if ch.isalpha()):
        for prefix, lang in scripts.items():
            if unicodedata.name(ch, "").startswith(prefix):
                counts[lang] = counts.get(lang, 0) + 1
    if counts.get("jpn"):
        counts["jpn"] += counts.pop("chi_sim", 0)
    if not counts:
        return None
    lang = max(counts, key=counts.get)
    return lang if lang in langs else None


def ocr_cue(img_frames, out, c, ocr_dir, langs):
    texts = []
    for n in img_frames:
        img = load(out, n)
        if img is None:
            continue
        text = ocr_image(img, os.path.join(ocr_dir, f"frame_{n:04d}.png"), langs)
        if texts and similarity(texts[-1], text) > 0.85:
            continue
        texts.append(text)
    return " ".join(texts)


def check_text(report, name, out, sample, cues, latin, langs):
    ocr_dir = os.path.join(out, "ocr")
    os.makedirs(ocr_dir, exist_ok=True)
    if latin:
        lang = ocr_language(name, langs)
        if lang is None:
            report.add(name, "text", "FAIL", "tesseract with English is not installed")
            return
        strict = True
    else:
        lang = non_latin_language(cues, langs)
        if lang is None:
            report.add(name, "text", "SKIP", "non-Latin script; no OCR language pack for it")
            return
        strict = False
    ratios = []
    lines = []
    crowded = []
    for c in sample:
        frames = ocr_frames(c)
        seen = ocr_cue(frames, out, c, ocr_dir, lang)
        if any(others_on(c, cues, n) for n in frames):
            # Other cues are drawn too, so the OCR reads them all: only ask whether this
            # cue's words are among what was read (for information).
            crowded.append(f"{word_recall(c.text, seen):.2f} of the words of "
                           f"{normalise(c.text)[:60]!r} ({c.start_ms / 1000:.3f} s, "
                           f"{len(others_on(c, cues, frames[0]))} other cue(s) on screen) "
                           "found in the OCR text")
            continue
        ratio = similarity(seen, c.text)
        ratios.append(ratio)
        if ratio < OCR_MIN_MEDIAN:
            lines.append(f"{ratio:.2f} at {c.start_ms / 1000:.3f} s: expected "
                         f"{normalise(c.text)[:110]!r}, OCR {normalise(seen)[:110]!r}")
    if crowded:
        report.add(name, "text", "INFO", f"{len(crowded)} sampled cue(s) share the screen "
                   "with other cues; word recall only", crowded)
    if not ratios:
        report.add(name, "text", "SKIP", "no sampled cue is alone on screen")
        return
    median = statistics.median(ratios)
    if strict:
        status = "PASS" if median >= OCR_MIN_MEDIAN else "FAIL"
    else:
        status = "INFO"
    report.add(name, "text", status,
               f"OCR ({lang}) of {len(ratios)} cues alone on screen: median ratio {median:.2f} "
               f"(min {min(ratios):.2f}); {len(lines)} below {OCR_MIN_MEDIAN}", lines)


# --------------------------------------------------------------------------------------------
# Check 5: word timings
# --------------------------------------------------------------------------------------------

def check_words(report, tool, path, work, cues):
    name = os.path.basename(path)
    words = [(w, c) for c in cues for w in c.words if first_frame(w[1]) > first_frame(w[0])]
    if not words:
        report.add(name, "words", "SKIP", "no timed words in the oracle")
        return
    picks = [words[round(i * (len(words) - 1) / 5)] for i in range(6)] if len(words) > 6 else words
    firsts = [(c.words[0], c) for c in cues if c.words]
    scene = write_scene(work, path, cues, "karaoke")
    out = os.path.join(work, "frames", name + ".karaoke")
    shutil.rmtree(out, ignore_errors=True)
    mid = lambda w: (first_frame(w[0]) + first_frame(w[1]) - 1) // 2
    wanted = [mid(w) for w, _ in picks] + [first_frame(w[0]) - 1 for w, _ in firsts]
    ok, problems, runs = render_frames(tool, scene, wanted, out)
    if not ok:
        report.add(name, "words", "FAIL", "karaoke scene render failed", problems)
        return
    failures, lines = [], []
    for w, c in picks:
        n = mid(w)
        img = load(out, n)
        count = yellow_pixels(img) if img is not None else 0
        line = f"word {w[2].strip()!r} {w[0] / 1000:.3f}-{w[1] / 1000:.3f} s, frame {n}: " \
               f"{count} yellow pixels"
        lines.append(line)
        if count < 30:
            failures.append(line + " (expected the highlight)")
    for w, c in firsts:
        n = first_frame(w[0]) - 1
        if n < 0:
            continue
        others = [o for o in cues if o is not c and o.f0 <= n < o.f_end]
        if others:
            lines.append(f"segment at {c.start_ms / 1000:.3f} s: frame {n} before its first "
                         f"word shows the previous segment; no-yellow check not applicable")
            continue
        img = load(out, n)
        count = yellow_pixels(img) if img is not None else -1
        line = f"segment at {c.start_ms / 1000:.3f} s, first word {w[2].strip()!r}: " \
               f"frame {n} has {count} yellow pixels"
        lines.append(line)
        if count != 0:
            failures.append(line + " (expected none yet)")
    report.add(name, "words", "FAIL" if failures else "PASS",
               f"{len(picks)} words and {len(firsts)} segment starts, karaoke, {runs} run(s)",
               failures + [l for l in lines if l not in " ".join(failures)])


# --------------------------------------------------------------------------------------------
# Check 6: alpha
# --------------------------------------------------------------------------------------------

def ffprobe_json(*args):
    p = subprocess.run(["ffprobe", "-v", "error", "-of", "json", *args],
                       capture_output=True, text=True, timeout=300)
    return json.loads(p.stdout or "{}")


def check_alpha(report, tool, heldout, work):
    os.makedirs(os.path.join(work, "alpha"), exist_ok=True)
    jobs = [("wct2-gossos-word-stamps.srt", "mov"), ("mdn-subtitles_en.vtt", "webm")]
    for sub, ext in jobs:
        src = os.path.join(heldout, "subs", sub)
        out = os.path.join(work, "alpha", f"{os.path.splitext(sub)[0]}.{ext}")
        if os.path.exists(out):
            os.remove(out)
        status, _, err, secs = tool.run("captions", src, "--size", "640x360", "--out", out,
                                        "--quiet")
        if status != 0:
            report.add(sub, "alpha", "FAIL", f"captions --out .{ext}: exit {status}",
                       err.strip().splitlines()[:3])
            continue
        streams = ffprobe_json("-show_streams", out).get("streams", [])
        video = next((s for s in streams if s.get("codec_type") == "video"), {})
        fmt = video.get("pix_fmt")
        alpha_mode = (video.get("tags") or {}).get("alpha_mode")
        if ext == "mov":
            good = fmt in ("yuva444p10le", "yuva444p12le")
            what = f"{video.get('codec_name')} pix_fmt={fmt}"
        else:
            good = alpha_mode == "1"
            what = f"{video.get('codec_name')} pix_fmt={fmt} TAG:alpha_mode={alpha_mode}"
        report.add(sub, "alpha", "PASS" if good else "FAIL",
                   f".{ext} ({secs:.1f} s, {os.path.getsize(out)} bytes): {what}")


# --------------------------------------------------------------------------------------------
# Check 7: burn-in
# --------------------------------------------------------------------------------------------

def probe_video(path):
    info = ffprobe_json("-count_frames", "-show_streams", "-show_format", path)
    video = next(s for s in info["streams"] if s["codec_type"] == "video")
    audio = [s for s in info["streams"] if s["codec_type"] == "audio"]
    duration = float(info["format"].get("duration", 0))
    return video, audio, duration


def grab_gray(video, n, size):
    """Frame n of a video as 8-bit luma (Pillow image)."""
    from PIL import Image
    p = subprocess.run(["ffmpeg", "-v", "error", "-i", video, "-vf", f"select=eq(n\\,{n})",
                        "-vsync", "0", "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray",
                        "-"], capture_output=True, timeout=300)
    if len(p.stdout) != size[0] * size[1]:
        return None
    return Image.frombytes("L", size, p.stdout)


def mean_difference(a, b, box):
    from PIL import ImageChops, ImageStat
    return ImageStat.Stat(ImageChops.difference(a.crop(box), b.crop(box))).mean[0]


def lower_third_difference(a, b):
    return mean_difference(a, b, (0, a.height * 2 // 3, a.width, a.height))


def upper_half_difference(a, b):
    """Where captions at the bottom never reach: what re-encoding alone changes."""
    return mean_difference(a, b, (0, 0, a.width, a.height // 2))


def pick_frames(cues, nframes):
    """A frame in the middle of a cue, and one far from every cue, both inside the video."""
    spans = [(c.f0, min(c.f_end, nframes)) for c in cues if visible(c)]
    spans = [s for s in spans if s[1] > s[0]]
    spans.sort(key=lambda s: s[1] - s[0], reverse=True)
    in_cue = (spans[0][0] + spans[0][1] - 1) // 2 if spans else None
    busy = [(c.f0 - 5, c.f_end + 5) for c in cues]
    free = [n for n in range(nframes) if not any(a <= n < b for a, b in busy)]
    outside = None
    if free:
        # The middle of the longest run of free frames.
        runs, run = [], [free[0]]
        for n in free[1:]:
            if n == run[-1] + 1:
                run.append(n)
            else:
                runs.append(run)
                run = [n]
        runs.append(run)
        longest = max(runs, key=len)
        outside = longest[len(longest) // 2]
    return in_cue, outside


def check_burn(report, tool, heldout, work):
    burn_dir = os.path.join(work, "burn")
    os.makedirs(burn_dir, exist_ok=True)
    vtt = os.path.join(heldout, "subs", "mdn-subtitles_en.vtt")
    words = os.path.join(heldout, "words", "wct2-gossos-word-stamps.json")
    jobs = [("mdn-rabbit320.mp4", vtt, None), ("mdn-rabbit320.webm", vtt, None),
            ("mediaelement-other.mp4", vtt, None),
            ("mediaelement-other.mp4", words, "karaoke")]
    saved = []
    for video_name, subs, style in jobs:
        video = os.path.join(heldout, "videos", video_name)
        label = f"{video_name} + {os.path.basename(subs)}"
        stem = f"{os.path.splitext(video_name)[0]}-{os.path.splitext(video_name)[1][1:]}" \
               f"-{os.path.splitext(os.path.basename(subs))[0]}"
        out = os.path.join(burn_dir, stem + ".mp4")
        if os.path.exists(out):
            os.remove(out)
        args = ["captions", subs, "--over", video, "--out", out, "--quiet"]
        if style:
            args[2:2] = ["--style", style]
        status, _, err, secs = tool.run(*args)
        if status != 0:
            report.add(label, "burn-in", "FAIL", f"exit {status}", err.strip().splitlines()[:3])
            continue
        src_v, src_a, src_d = probe_video(video)
        out_v, out_a, out_d = probe_video(out)
        problems, facts = [], []
        size_in, size_out = (src_v["width"], src_v["height"]), (out_v["width"], out_v["height"])
        facts.append(f"size {size_out[0]}x{size_out[1]}")
        if size_in != size_out:
            problems.append(f"size {size_out} != source {size_in}")
        facts.append(f"rate {out_v['r_frame_rate']}")
        if src_v["r_frame_rate"] != out_v["r_frame_rate"]:
            problems.append(f"r_frame_rate {out_v['r_frame_rate']} != source {src_v['r_frame_rate']}")
        n_in, n_out = int(src_v.get("nb_read_frames", 0)), int(out_v.get("nb_read_frames", 0))
        facts.append(f"frames {n_out} (source {n_in})")
        if abs(n_in - n_out) > 1:
            problems.append(f"{n_out} frames, source has {n_in}")
        facts.append(f"duration {out_d:.3f} s (source {src_d:.3f})")
        if abs(src_d - out_d) > 0.1:
            problems.append(f"duration {out_d:.3f} s, source {src_d:.3f} s")
        if not out_a:
            problems.append("no audio stream")
        else:
            a_in, a_out = src_a[0], out_a[0]
            want = a_in["codec_name"] if a_in["codec_name"] == "aac" else "aac"
            facts.append(f"audio {a_out['codec_name']} {a_out.get('channels')}ch "
                         f"{a_out.get('sample_rate')} Hz (source {a_in['codec_name']} "
                         f"{a_in.get('channels')}ch)")
            if a_out["codec_name"] != want:
                problems.append(f"audio codec {a_out['codec_name']}, expected {want}")
        cues, _ = oracle(subs)
        in_cue, outside = pick_frames(cues, n_in)
        for n, should_differ in ((in_cue, True), (outside, False)):
            if n is None:
                problems.append("no frame to compare " + ("inside" if should_differ else "outside")
                                + " a cue")
                continue
            a, b = grab_gray(video, n, size_in), grab_gray(out, n, size_out)
            if a is None or b is None:
                problems.append(f"could not decode frame {n}")
                continue
            # Re-encoding changes every frame a little (libx264 at CRF 23): the upper half,
            # which captions never reach, measures that noise for this frame.
            diff, noise = lower_third_difference(a, b), upper_half_difference(a, b)
            facts.append(f"lower-third luma diff at frame {n} "
                         f"({'in a cue' if should_differ else 'outside cues'}): {diff:.2f} "
                         f"(upper half, re-encoding noise: {noise:.2f})")
            if should_differ and diff <= noise + 3:
                problems.append(f"frame {n} is inside a cue but its lower third differs by "
                                f"only {diff:.2f} (want > noise {noise:.2f} + 3)")
            if not should_differ and diff >= noise + 1:
                problems.append(f"frame {n} is outside every cue but its lower third differs "
                                f"by {diff:.2f} (want < noise {noise:.2f} + 1)")
        if in_cue is not None:
            png = os.path.join(burn_dir, stem + f"-frame{in_cue}.png")
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", out, "-vf",
                            f"select=eq(n\\,{in_cue})", "-vsync", "0", "-frames:v", "1", png],
                           timeout=300)
            if os.path.exists(png):
                saved.append(png)
                facts.append(f"saved {png}")
        report.add(label, "burn-in", "FAIL" if problems else "PASS",
                   f"burned in {secs:.1f} s", problems + facts)
    return saved


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------

def check_file(report, tool, path, work, langs):
    name = os.path.basename(path)
    try:
        cues, notes = oracle(path)
        report.add(name, "oracle", "INFO",
                   f"{len(cues)} cues" + (f", {cues[0].start_ms / 1000:.3f}-"
                                          f"{max(c.end_ms for c in cues) / 1000:.3f} s"
                                          if cues else ""), notes)
    except Exception as e:  # the oracle's own failure is information, not the tool's
        cues = None
        report.add(name, "oracle", "INFO", f"oracle could not read it: "
                   f"{type(e).__name__}: {str(e)[:160]}")
    accepted = check_parse(report, tool, path, work, cues)
    if not accepted:
        report.add(name, "timing", "SKIP", "rejected by texteffects")
        return
    if not cues:
        report.add(name, "timing", "SKIP", "no oracle cues to compare with")
        return
    if path.endswith(".json"):
        if any(c.words for c in cues):
            check_words(report, tool, path, work, cues)
        else:
            report.add(name, "words", "INFO", "accepted, and the oracle finds no timed words; "
                       "its segments are checked as plain cues")
    latin = is_latin(cues)
    report.add(name, "script", "INFO", "Latin: timing and OCR" if latin
               else "non-Latin: timing (OCR for information only)")
    check_cues(report, tool, path, work, cues, latin, langs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("heldout", nargs="?", default="/work/heldout")
    parser.add_argument("work", nargs="?", default="/tmp/heldout-out")
    parser.add_argument("--tool", default=DEFAULT_TOOL)
    parser.add_argument("--only", help="only files whose name contains this")
    args = parser.parse_args()

    began = time.monotonic()
    heldout, work = os.path.abspath(args.heldout), os.path.abspath(args.work)
    if work == REPO or work.startswith(REPO + os.sep):
        sys.exit("the work folder must be outside the repository")
    os.makedirs(work, exist_ok=True)
    ensure_python_packages()
    langs = tesseract_languages()
    print(f"tesseract languages: {' '.join(sorted(langs)) or 'none'}", flush=True)
    tool = Tool(args.tool)
    report = Report()

    files = [os.path.join(heldout, d, f) for d in ("subs", "words")
             for f in sorted(os.listdir(os.path.join(heldout, d)))
             if f.endswith((".srt", ".vtt", ".json"))]
    if args.only:
        files = [f for f in files if args.only in os.path.basename(f)]
    for path in files:
        check_file(report, tool, path, work, langs)
    saved = []
    if not args.only:
        check_alpha(report, tool, heldout, work)
        saved = check_burn(report, tool, heldout, work)

    print("\n=== summary ===")
    print(report.table())
    if report.failed:
        print("\n=== failed checks ===")
        for r in report.failed:
            print(f"{r.file}: {r.check}: {r.summary}")
            for line in r.details:
                print(f"    {line}")
    if saved:
        print("\nframes with captions, for a human to look at:")
        for png in saved:
            print("  " + png)
    print(f"\ntook {time.monotonic() - began:.0f} s")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
