#!/usr/bin/env python3
"""Writes the caption benchmark's material into a work folder (not committed):

- captions-clip.mp4: 60 s of 1080p 30 fps video (ffmpeg's testsrc2) with a stereo AAC tone,
- captions-talk.words.json: word timings for those 60 s (20 segments of 6–7 words, each two
  lines of the karaoke preset's 20 characters), in whisper's shape,
- captions-talk.ass: the same words as ASS karaoke (one Dialogue a segment, `\\kf` per word, `\\N` at the balanced break),
  styled like Styles/captions/karaoke.json (Inter 60 px, bold as libass finds no Black, white sweeping to amber, black
  outline, a drop shadow, bottom centre above a 22 % margin), so libass does the same work.

    python3 Benchmarks/make_captions.py WORK
"""
import json
import os
import random
import subprocess
import sys

WORDS = ("every word lands right on the beat as the speaker talks through the plan for launch day "
         "we ship the new editor to all our creators next week and the captions follow each voice "
         "in real time so nobody misses a line of what matters most when the sound is off").split()


def segments(seconds=60, per_segment=3.0, seed=7):
    rng = random.Random(seed)
    result = []
    t = 0.0
    while t + per_segment <= seconds + 1e-9:
        # Six or seven words that fit two lines of the preset's 20 characters.
        while True:
            chosen = [rng.choice(WORDS) for _ in range(rng.choice([6, 7]))]
            if balanced_break(chosen)[1] <= 20:
                break
        count = len(chosen)
        step = per_segment / count
        words = []
        for i in range(count):
            word = chosen[i]
            start = round(t + i * step, 3)
            end = round(t + (i + 1) * step - 0.02, 3)
            words.append({"word": (" " if i else "") + word, "start": start, "end": end})
        text = "".join(w["word"] for w in words)
        result.append({"start": round(t, 3), "end": round(t + per_segment - 0.02, 3), "text": text, "words": words})
        t += per_segment
    return result


def balanced_break(words):
    """The word index that starts the second line, for lines of the most even length, and the
    longer line's length (as the renderer balances a two-line caption)."""
    best = None
    for i in range(1, len(words)):
        longest = max(len(" ".join(words[:i])), len(" ".join(words[i:])))
        if best is None or longest < best[1]:
            best = (i, longest)
    return best


def ass_time(seconds):
    cs = int(round(seconds * 100))
    return f"{cs // 360000}:{cs // 6000 % 60:02d}:{cs // 100 % 60:02d}.{cs % 100:02d}"


def ass(segs):
    # ASS colours are &HAABBGGRR; karaoke sweeps from SecondaryColour to PrimaryColour.
    header = """[Script Info]
ScriptType: v4.00+
PlayResX: 1920
PlayResY: 1080
WrapStyle: 0
ScaledBorderAndShadow: yes

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Karaoke,Inter,72,&H004FD5FF,&H00FFFFFF,&H00000000,&H80000000,-1,0,0,0,100,100,0,0,1,4.3,5,2,154,154,238,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
"""
    lines = []
    for seg in segs:
        parts = []
        previous_end = seg["start"]
        second_line = balanced_break([w["word"].strip() for w in seg["words"]])[0]
        for index, w in enumerate(seg["words"]):
            gap = int(round((w["start"] - previous_end) * 100))
            if gap > 0:
                parts.append(f"{{\\k{gap}}}")
            word = ("\\N" + w["word"].strip()) if index == second_line else w["word"]
            parts.append(f"{{\\kf{int(round((w['end'] - w['start']) * 100))}}}{word}")
            previous_end = w["end"]
        lines.append(f"Dialogue: 0,{ass_time(seg['start'])},{ass_time(seg['end'])},Karaoke,,0,0,0,,{''.join(parts)}")
    return header + "\n".join(lines) + "\n"


def main(work):
    os.makedirs(work, exist_ok=True)
    segs = segments()
    with open(os.path.join(work, "captions-talk.words.json"), "w") as f:
        json.dump({"segments": segs}, f, indent=1)
    with open(os.path.join(work, "captions-talk.ass"), "w") as f:
        f.write(ass(segs))
    clip = os.path.join(work, "captions-clip.mp4")
    if not os.path.exists(clip):
        subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
                        "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=60",
                        "-f", "lavfi", "-i", "sine=frequency=330:duration=60:sample_rate=48000",
                        "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ac", "2",
                        clip + ".tmp.mp4"], check=True)
        os.rename(clip + ".tmp.mp4", clip)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
