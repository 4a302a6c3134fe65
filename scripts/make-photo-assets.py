#!/usr/bin/env python3
"""Makes the photo assets of Scenes/ (JPEGs drawn from numbers, so no one's photo is shipped).

Scenes/assets/sunset.jpg: a 1200×800 landscape (sky, sun, three ranges of hills, grain).
Scenes/assets/avatar.jpg: a 600×800 portrait of a stylised person (head, hair, shoulders)
on a warm backdrop, stored turned a quarter turn with EXIF orientation 6, as phones store
portrait photos: texteffects shows it upright.

Needs numpy and cjpeg (libjpeg-turbo-progs). Run from the repository's root.
"""
import subprocess
import numpy as np

rng = np.random.default_rng(7)


def smooth(v, edge0, edge1):
    t = np.clip((v - edge0) / (edge1 - edge0), 0, 1)
    return t * t * (3 - 2 * t)


def mix(a, b, t):
    return a * (1 - t[..., None]) + np.array(b, float) * t[..., None]


def save(rgb, path, quality=86, exif_orientation=None):
    h, w, _ = rgb.shape
    rgb = np.clip(rgb + rng.normal(0, 2.2, rgb.shape), 0, 255).astype(np.uint8)
    ppm = b"P6\n%d %d\n255\n" % (w, h) + rgb.tobytes()
    jpeg = subprocess.run(["cjpeg", "-quality", str(quality), "-optimize"], input=ppm, capture_output=True, check=True).stdout
    if exif_orientation:
        # APP1: "Exif\0\0", a big-endian TIFF header, IFD0 with one entry: Orientation (0x0112), SHORT, 1.
        tiff = b"MM\x00\x2a\x00\x00\x00\x08" + b"\x00\x01" + b"\x01\x12\x00\x03\x00\x00\x00\x01" + bytes([0, exif_orientation, 0, 0]) + b"\x00\x00\x00\x00"
        payload = b"Exif\x00\x00" + tiff
        app1 = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
        jpeg = jpeg[:2] + app1 + jpeg[2:]
    open(path, "wb").write(jpeg)


def sunset():
    h, w = 800, 1200
    y, x = np.mgrid[0:h, 0:w].astype(float)
    sky = mix(np.zeros((h, w, 3)) + [255, 170, 110], [70, 40, 120], smooth(y, 520, 0))
    sky = mix(sky, [255, 214, 150], np.exp(-((x - 760) ** 2 + (y - 430) ** 2) / (2 * 170.0 ** 2)) * 0.8)
    sun = smooth(-np.hypot(x - 760, y - 430), -92, -88)
    img = mix(sky, [255, 236, 190], sun)
    for base, amp, freq, phase, colour in [(560, 40, 0.006, 0.5, [150, 70, 120]),
                                           (620, 45, 0.009, 2.0, [92, 42, 98]),
                                           (690, 35, 0.013, 4.1, [40, 20, 58])]:
        ridge = base + amp * np.sin(x * freq + phase) + 0.4 * amp * np.sin(x * freq * 2.7 + phase * 1.7)
        img = mix(img, colour, smooth(y - ridge, -1.2, 1.2))
    return img


def avatar():
    h, w = 800, 600
    y, x = np.mgrid[0:h, 0:w].astype(float)
    img = mix(np.zeros((h, w, 3)) + [255, 196, 140], [236, 110, 120], smooth(x + y, 0, w + h))
    img = mix(img, [255, 232, 200], np.exp(-((x - 200) ** 2 + (y - 180) ** 2) / (2 * 220.0 ** 2)) * 0.6)
    # Shoulders: a wide ellipse from below; then neck, head, hair.
    shoulders = smooth(-(((x - 300) / 300) ** 2 + ((y - 880) / 290) ** 2 - 1) * 80, -1, 1)
    img = mix(img, [44, 62, 110], shoulders)
    neck = smooth(-np.maximum(np.abs(x - 300) - 62, np.abs(y - 560) - 80), -1.5, 1.5)
    img = mix(img, [198, 140, 110], neck)
    face = np.hypot((x - 300) / 150, (y - 370) / 185)
    shade = np.clip((x - 240) / 300, 0, 1) * 0.35
    skin = mix(np.zeros((h, w, 3)) + [232, 178, 146], [170, 112, 92], shade)
    img = mix(img, skin, smooth(1 - face, -0.008, 0.008))
    hair = (np.hypot((x - 300) / 172, (y - 330) / 172) < 1) & ((y < 290 + 0.3 * np.abs(x - 300)) | (np.abs(x - 300) > 138))
    hair &= y < 450
    img = mix(img, [58, 36, 32], smooth(hair.astype(float), 0.4, 0.6))
    return img


save(sunset(), "Scenes/assets/sunset.jpg")
# Stored as a phone stores a portrait: the pixels turned a quarter turn anticlockwise, with
# orientation 6 ("turn a quarter turn clockwise to show").
save(np.rot90(avatar(), 1), "Scenes/assets/avatar.jpg", exif_orientation=6)
