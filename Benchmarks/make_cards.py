#!/usr/bin/env python3
"""Writes the product-card benchmark's data: a CSV of products for Scenes/product-card.json
(`texteffects batch` and Benchmarks/chromium_cards.py read it), deterministic for a seed.

Columns: id, brand, title, blurb, price, was, accent, photo, the template's parameters plus `id`
(the output's name). Titles run from one word to a sentence, so at Inter Heavy 52 px in the
card's 520 px they wrap to one, two or three lines, and a few run past three and are cut with
"…"; some have accents ("Café", "Über", "Crème brûlée"). Prices are 4.50–499.99 with a higher
`was`; five accent colours. Rows do not depend on how many are written: the first 1,000 of
10,000 rows are the 1,000-row file.

    python3 Benchmarks/make_cards.py OUT.csv [--rows 1000] [--seed 16]
    python3 Benchmarks/make_cards.py OUT.csv --photos 8 --photo-dir DIR

`photo` is `assets/lamp.svg` (the template's own) on every row unless --photos N is given:
then N recoloured copies of Scenes/assets/lamp.svg are written into DIR/photos/ and the rows
name them as `photos/lamp-K.svg`, so DIR must be the folder of the template the CSV is used
with (a template's files are read only inside its folder): copy Scenes/product-card.json there.
"""
import argparse
import csv
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
LAMP = os.path.join(HERE, "..", "Scenes", "assets", "lamp.svg")

BRANDS = ["LUMEN & CO", "NORTHWIND STUDIO", "ATELIER BÉRANGÈRE", "KÖLN HAUS", "FJORD & FERN",
          "MAISON ÉTOILE", "HARBOR GOODS", "OSTRA", "BRIGHTWELL", "CASA NUÑEZ", "ÜBERFORM", "PINE & PAPER"]

# Title = [adjective] [material] product [suffix]: 1 to ~9 words.
ADJECTIVES = ["Arc", "Café", "Über", "Nordic", "Linen", "Crème", "Soft", "Mid-century", "Compact", "Heritage",
              "Minimal", "Smörgås", "Rustic", "Ultra-quiet", "Façade", "Classic"]
MATERIALS = ["", "", "Oak", "Walnut", "Brass", "Ceramic", "Wool", "Bamboo", "Stoneware", "Linen", "Marble"]
PRODUCTS = ["Desk Lamp", "Lamp", "Stool", "Mug", "Reading Lamp", "Throw", "Side Table", "Pendant Light",
            "Espresso Cup Set", "Floor Lamp", "Vase", "Bookshelf", "Wall Clock", "Pour-over Kettle"]
SUFFIXES = ["", "", "", "with warm, dimmable light", "hand-finished in oak", "for small apartments",
            "— limited édition", "with USB-C charging port and a touch dimmer that remembers your setting",
            "in crème brûlée glaze", "set of 2", "with über-soft fringe"]
BLURBS = ["Free delivery · 2-year warranty", "Ships in 48 hours · Free returns", "Handmade in Portugal",
          "Only 3 left · Order today", "Back in stock · Café collection", "Carbon-neutral shipping",
          "30-night trial · Free pickup", "Über-fast delivery in Zürich"]
ACCENTS = ["#E4572E", "#2A7F6F", "#3D5A98", "#B5446E", "#C98A12"]

# Recoloured photos: the lamp's shade and the disc behind it (light, dark pairs).
SHADES = [("#E4572E", "#B8361A"), ("#2A7F6F", "#1B5A4E"), ("#3D5A98", "#25396A"), ("#B5446E", "#86284D"),
          ("#C98A12", "#98650A"), ("#6B4FA0", "#4A3375"), ("#2E8BC0", "#1C6390"), ("#5C7A2E", "#3E5419")]
DISCS = [("#FFE2B8", "#F2B27A"), ("#D8F0E8", "#9ED2C0"), ("#DCE4F7", "#A9B9E6"), ("#F7DCE8", "#E3A5BF"),
         ("#FFF0C2", "#EBC66A"), ("#E6DEF5", "#BBA8E0"), ("#D6ECF8", "#93C6E6"), ("#E7F0D2", "#B9CF8A")]


def title(rng):
    words = []
    if rng.random() < 0.7:
        words.append(rng.choice(ADJECTIVES))
    material = rng.choice(MATERIALS)
    if material:
        words.append(material)
    words.append(rng.choice(PRODUCTS))
    suffix = rng.choice(SUFFIXES)
    if suffix:
        words.append(suffix)
    return " ".join(words)


def rows(count, seed, photos):
    rng = random.Random(seed)
    for i in range(1, count + 1):
        price = rng.choice([rng.randint(4, 49), rng.randint(20, 199), rng.randint(100, 499)]) + rng.choice([0, 0.5, 0.99])
        was = round(price * rng.uniform(1.15, 1.6)) + 0.0
        pick = rng.random()   # drawn whatever --photos is, so the other columns do not depend on it
        photo = f"photos/lamp-{int(pick * photos)}.svg" if photos else "assets/lamp.svg"
        yield {"id": f"card-{i:05d}", "brand": rng.choice(BRANDS), "title": title(rng), "blurb": rng.choice(BLURBS),
               "price": f"{price:g}", "was": f"{was:g}", "accent": rng.choice(ACCENTS), "photo": photo}


def write_photos(directory, count):
    with open(LAMP, encoding="utf-8") as f:
        lamp = f.read()
    os.makedirs(os.path.join(directory, "photos"), exist_ok=True)
    for k in range(count):
        svg = lamp
        for old, new in zip(SHADES[0] + DISCS[0], SHADES[k % len(SHADES)] + DISCS[k % len(DISCS)]):
            svg = svg.replace(f'"{old}"', f'"{new}"')
        # The pivot's dot is the shade's colour too; beyond the palette, vary the disc's centre.
        if k >= len(SHADES):
            svg = svg.replace('cx="0.5" cy="0.45"', f'cx="{0.35 + 0.05 * (k % 7)}" cy="0.45"')
        with open(os.path.join(directory, "photos", f"lamp-{k}.svg"), "w", encoding="utf-8") as f:
            f.write(svg)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", help="the CSV to write")
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--photos", type=int, default=0, help="recoloured lamp photos to use (0: assets/lamp.svg)")
    parser.add_argument("--photo-dir", help="the template's folder, where photos/ is written (with --photos)")
    args = parser.parse_args()
    if args.photos and not args.photo_dir:
        parser.error("--photos needs --photo-dir (the folder of the template the CSV is for)")
    if args.photos:
        write_photos(args.photo_dir, args.photos)
    with open(args.out, "w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["id", "brand", "title", "blurb", "price", "was", "accent", "photo"],
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows(args.rows, args.seed, args.photos))


if __name__ == "__main__":
    main()
