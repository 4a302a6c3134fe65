#!/usr/bin/env python3
"""Seeds the Markdown and markup fuzz corpora with every `markdown` and `markup` field of the
scenes in a folder: extract_seeds.py SCENES_DIR CORPUS_DIR."""
import hashlib
import json
import pathlib
import sys

scenes, corpus = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
fields = {"markdown": "FuzzMarkdown", "markup": "FuzzMarkup"}


def walk(value):
    if isinstance(value, dict):
        for key, item in value.items():
            if key in fields and isinstance(item, str):
                yield fields[key], item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


for path in sorted(scenes.glob("*.json")):
    try:
        scene = json.loads(path.read_text())
    except (ValueError, UnicodeDecodeError):
        continue
    for target, text in walk(scene):
        folder = corpus / target
        folder.mkdir(parents=True, exist_ok=True)
        data = text.encode()
        (folder / hashlib.sha1(data).hexdigest()).write_bytes(data)
