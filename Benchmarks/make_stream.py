#!/usr/bin/env python3
"""Writes the streaming row's input: a ~2,000-word assistant answer in Markdown, streamed in
chunks of a few words as an LLM's API sends them, and a chat scene that shows it.

    make_stream.py FOLDER [--words 2000] [--seed 33]

FOLDER/stream-answer.jsonl holds one {"t": seconds, "text": "…"} chunk a line (1–4 words each,
the white space and line breaks after a word travelling with it, 40 ms apart); FOLDER/stream-answer.json
is the scene (the chat bubble of Scenes/chat-streaming.json: 552 px wide, 296 px tall, following
its end, GitHub dark). The answer has headings, paragraphs with bold, italic, inline code and
links, bullet and numbered lists, four fenced code blocks (Swift, Python, shell, JSON) and a
table. Everything comes from a fixed seed, so every run gets the same bytes.
"""
import argparse
import json
import os
import random

WORDS = ("the layout cache keeps each block while its source is unchanged so a new chunk costs only "
         "what changed answer stream token arrives renderer frame paragraph settles code fence table "
         "list item heading line break width height spacing glyph run font shape Pango cmark parser "
         "document element decoration offset append incremental whole text model view chat bubble "
         "reader scrolls follows end latency budget core thread measure timing percentile").split()
CODE = {
    "swift": ["import Foundation", "", "func debounce(_ delay: Duration, action: @escaping () -> Void) -> () -> Void {",
              "    var task: Task<Void, Never>?", "    return {", "        task?.cancel()",
              "        task = Task { try? await Task.sleep(for: delay); action() }", "    }", "}"],
    "python": ["def chunks(text, size=3):", "    words = text.split(' ')", "    for i in range(0, len(words), size):",
               "        yield ' '.join(words[i:i + size]) + ' '", "", "for part in chunks(answer):", "    print(part, end='')"],
    "sh": ["swift build -c release", "taskset -c 0 .build/release/texteffects stream-timing answer.json \\",
           "  --passes 3 > timings.json", "jq '.blocks[0].incremental.cpuSeconds | length' timings.json"],
    "json": ['{"t": 0.00, "text": "Here is"}', '{"t": 0.04, "text": " how the"}', '{"t": 0.08, "text": " answer arrives"}'],
}


def sentence(rng, words):
    n = rng.randint(8, 18)
    out = [rng.choice(words) for _ in range(n)]
    out[0] = out[0].capitalize()
    # Inline syntax a chat answer uses: bold, italic, code, a link.
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(1, n)
        kind = rng.choice(["**", "*", "`", "link"])
        out[i] = f"[{out[i]}](https://example.com/{out[i]})" if kind == "link" else f"{kind}{out[i]}{kind}"
    return " ".join(out) + rng.choice([".", ".", ".", ":", "?"])


def answer(rng, target):
    parts, count = [], 0
    code_langs = list(CODE)
    section = 0
    table_done = False

    def add(text):
        nonlocal count
        parts.append(text)
        count += len(text.split())

    add("Here is a walk-through of streaming an answer into a chat view, with the numbers that matter.")
    while count < target:
        section += 1
        add(f"## {section}. {' '.join(rng.choice(WORDS) for _ in range(3)).capitalize()}")
        for _ in range(rng.randint(1, 2)):
            add(" ".join(sentence(rng, WORDS) for _ in range(rng.randint(2, 4))))
        kind = section % 4
        if kind == 1:
            add("\n".join(f"- {sentence(rng, WORDS)}" for _ in range(rng.randint(3, 5))))
        elif kind == 2:
            add("\n".join(f"{i}. {sentence(rng, WORDS)}" for i in range(1, rng.randint(3, 5) + 1)))
        elif kind == 3 and code_langs:
            lang = code_langs.pop(0)
            add(f"```{lang}\n" + "\n".join(CODE[lang]) + "\n```")
        elif kind == 0 and not table_done:
            table_done = True
            rows = ["| step | what it lays out | cost |", "|---|---|---:|"]
            rows += [f"| {rng.choice(WORDS)} | {' '.join(rng.choice(WORDS) for _ in range(3))} | {rng.randint(1, 90) / 10} ms |"
                     for _ in range(6)]
            add("\n".join(rows))
    add("That is all: each chunk lays out only the block that is still arriving.")
    return "\n\n".join(parts) + "\n"


def chunked(rng, text):
    """1–4 words a chunk, each word with the white space after it, as an API's deltas come."""
    pieces, i = [], 0
    while i < len(text):
        j = i
        for _ in range(rng.randint(1, 4)):
            while j < len(text) and text[j].isspace():
                j += 1
            while j < len(text) and not text[j].isspace():
                j += 1
        while j < len(text) and text[j].isspace():
            j += 1
        pieces.append(text[i:j])
        i = j
    return pieces


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--words", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=33)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    text = answer(rng, args.words)
    chunks = chunked(rng, text)
    assert "".join(chunks) == text
    os.makedirs(args.folder, exist_ok=True)
    with open(os.path.join(args.folder, "stream-answer.jsonl"), "w", encoding="utf-8") as f:
        for n, chunk in enumerate(chunks):
            f.write(json.dumps({"t": round(n * 0.04, 2), "text": chunk}) + "\n")
    scene = {
        "version": 1,
        "canvas": {"width": 640, "height": 440, "background": "#010409"},
        "fps": 25,
        "blocks": [{
            "id": "answer",
            "frame": {"x": 44, "y": 104, "width": 552, "height": 296},
            "background": {"color": "#0D1117", "cornerRadius": 20, "padding": [18, 16], "width": "frame"},
            "style": {"font": {"size": 15}},
            "markdownStyle": {"theme": "github-dark"},
            "stream": {"chunks": "stream-answer.jsonl"},
        }],
    }
    with open(os.path.join(args.folder, "stream-answer.json"), "w", encoding="utf-8") as f:
        json.dump(scene, f, indent=1)
    print(f"{len(text.split())} words, {len(text.encode())} bytes, {len(chunks)} chunks")


if __name__ == "__main__":
    main()
