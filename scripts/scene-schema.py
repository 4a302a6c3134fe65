#!/usr/bin/env python3
"""Writes docs/scene.schema.json, the scene format (docs/SCENE-FORMAT.md) as a JSON Schema.

    texteffects effects > /tmp/effects.txt && python3 scripts/scene-schema.py /tmp/effects.txt > docs/scene.schema.json

The structure mirrors Sources/TextEffects/Scene/Decoding/SceneDecoder.swift and its helpers: every
object the decoder reads with `object(known:)` (which reports unknown keys) has
`additionalProperties: false` with exactly those keys; the built-in effects' parameters come
from `texteffects effects` (the listing given as the argument). Tests/CLITests/SceneSchemaTests.swift
checks the schema against the decoder's key lists and the effect listing.
"""
import json
import re
import sys

DRAFT = "https://json-schema.org/draft/2020-12/schema"


def ref(name):
    return {"$ref": f"#/$defs/{name}"}


def num(lo=None, hi=None, desc=None):
    s = {"type": "number"}
    if lo is not None:
        s["minimum"] = lo
    if hi is not None:
        s["maximum"] = hi
    if desc:
        s["description"] = desc
    return s


def integer(lo=None, hi=None, desc=None):
    s = num(lo, hi, desc)
    s["type"] = "integer"
    return s


# A template placeholder, `{{name}}` (TemplatePlaceholders.swift): templates fill every string of a
# scene but its `parameters` before it is read, so a string with one is checked once filled.
PLACEHOLDER = r"\{\{\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\}\}"


def enum(values, desc=None, templated=True):
    """One of `values`, or (`templated`) a string with a placeholder, which the template fills with one."""
    s = {"type": "string", "enum": list(values)}
    if templated:
        s = {"anyOf": [s, ref("placeholder")]}
    if desc:
        s["description"] = desc
    return s




SHAPE_TYPES = ["rectangle", "roundedRectangle", "unevenRoundedRectangle", "capsule", "circle", "ellipse"]
ALIGNMENTS = ["topLeading", "top", "topTrailing", "leading", "center", "trailing", "bottomLeading", "bottom", "bottomTrailing"]


def child_of(props):
    """A stack's child: the block's fields with an optional id and a frame of width and height only."""
    fields = {**props, "id": {"type": "string", "minLength": 1},
              "frame": obj({"width": num(0, 100000), "height": num(0, 100000)}, desc="a fixed size, as .frame(width:height:)")}
    return obj(fields)


def described(schema, desc):
    return {**schema, "description": desc}


def obj(props, required=(), desc=None, title=None):
    s = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        s["required"] = list(required)
    if title:
        s["title"] = title
    if desc:
        s["description"] = desc
    return s


SIZE_CATEGORIES = ["xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge",
                   "accessibility1", "accessibility2", "accessibility3", "accessibility4", "accessibility5"]
TEXT_STYLES = ["largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
               "footnote", "caption", "caption2"]
WEIGHTS = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
MARKDOWN_ELEMENTS = ["body", "h1", "h2", "h3", "h4", "h5", "h6", "blockQuote", "codeBlock", "listItem", "table",
                     "tableHeader", "tableBody", "thematicBreak", "image", "inlineCode", "link", "strong",
                     "emphasis", "strikethrough", "keyboard", "highlight", "missingImage", "alert", "footnotes",
                     "footnoteReference", "mathError"]
INLINE_ELEMENTS = {"inlineCode", "link", "strong", "emphasis", "strikethrough", "keyboard", "highlight", "missingImage",
                   "footnoteReference", "mathError"}
SPACING = ["spacingBefore", "spacingAfter"]
MARKDOWN_ELEMENT_KEYS = {
    "blockQuote": SPACING + ["indent", "padding", "background", "cornerRadius", "tint", "thickness"],
    "codeBlock": SPACING + ["padding", "background", "cornerRadius", "border", "tint", "wraps", "showsLanguage"],
    "listItem": SPACING + ["indent", "padding", "tint"],
    "table": SPACING + ["padding", "cornerRadius", "border", "stripe"],
    "tableHeader": ["background"],
    "thematicBreak": SPACING + ["tint", "thickness"],
    "alert": SPACING + ["indent", "padding", "background", "cornerRadius", "thickness"],
    "footnotes": SPACING + ["indent", "tint", "thickness"],
}
for e in ["body", "image"]:
    MARKDOWN_ELEMENT_KEYS[e] = SPACING
for e in ["h1", "h2", "h3", "h4", "h5", "h6"]:
    MARKDOWN_ELEMENT_KEYS[e] = SPACING + ["padding", "border", "lineHeight"]
for e in ["tableBody"] + sorted(INLINE_ELEMENTS):
    MARKDOWN_ELEMENT_KEYS[e] = []
MARKDOWN_ELEMENT_KEYS["inlineCode"] = ["cornerRadius", "padding"]

MARKDOWN_EXTRA = {
    "spacingBefore": num(0, 1000, "points before the element"),
    "spacingAfter": num(0, 1000, "points after the element"),
    "indent": num(0, 1000, "points of indentation"),
    "padding": ref("padding"),
    "background": ref("color"),
    "cornerRadius": num(0, 1000),
    "tint": ref("color"),
    "stripe": ref("color"),
    "thickness": num(0, 1000),
    "wraps": {"type": "boolean"},
    "showsLanguage": {"type": "boolean"},
    "border": obj({"color": ref("color"), "width": num(0, 100)}, required=["color"]),
    "lineHeight": num(0.5, 5, "the heading's line height as a multiple of its font size, in place of the document's lineHeight (github: 1.25)"),
}
# Keys whose meaning on one element needs saying: (element, key) → schema, in place of MARKDOWN_EXTRA's.
MARKDOWN_ELEMENT_EXTRA = {
    ("inlineCode", "cornerRadius"): num(0, 1000, "the background box's corners (github: 6)"),
    ("inlineCode", "padding"): described(ref("padding"), "[beside, above and below] the code: with cornerRadius, its backgroundColor is a rounded box this far around the code's font box (github: [5.44, 2.72])"),
}

STYLE_PROPS = {
    "font": ref("font"),
    "color": described(ref("paint"), "a color, or one gradient: {\"linearGradient\": {\"colors\": [c…], \"angle\": degrees}}, {\"radialGradient\": …} or {\"angularGradient\": …}"),
    "bold": {"type": "boolean"},
    "italic": {"type": "boolean"},
    "underline": ref("decoration"),
    "strikethrough": ref("decoration"),
    "backgroundColor": described(ref("color"), "color behind the glyphs"),
    "kerning": num(-1000, 1000, "points added between characters (letter spacing)"),
    "baselineOffset": num(-10000, 10000, "points, positive up"),
}


def effect_parameter(type_name, default, help_text):
    desc = f"{help_text} (default: {default})" if help_text else f"default: {default}"
    simple = {"number": {"type": "number"}, "integer": {"type": "integer"}, "boolean": {"type": "boolean"},
              "color": ref("color"), "string": {"type": "string"},
              "number or keyframes": ref("animatableNumber"),
              "color, gradient or image": ref("paint"), "number or [h, v]": ref("padding"),
              "selector": ref("selector"),
              "{tag: number or keyframes}": {"type": "object", "propertyNames": ref("openTypeTag"),
                                             "additionalProperties": ref("animatableNumber")}}
    if type_name in simple:
        schema = dict(simple[type_name])
    elif type_name.startswith("[") and type_name.endswith("]"):
        schema = {"type": "array", "items": enum(type_name[1:-1].split("|"))}
    elif "|" in type_name:
        schema = enum(type_name.split("|"))
    else:
        raise SystemExit(f"scene-schema.py: unknown effect parameter type {type_name!r}; add it to effect_parameter")
    schema["description"] = desc
    return schema


def read_effects(path):
    """Parses `texteffects effects`: `name — summary` then `    param: type = default  help` lines."""
    effects = {}
    current = None
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        if not line.strip():
            continue
        if not line.startswith(" "):
            name, _, summary = line.partition(" — ")
            current = {"summary": summary.strip(), "parameters": {}}
            effects[name.strip()] = current
            continue
        m = re.match(r"^\s+(\w+): (.*?) = (.*?)(?:  (.*))?$", line)
        if not m or current is None:
            raise SystemExit(f"scene-schema.py: cannot read effect line {line!r}")
        current["parameters"][m.group(1)] = (m.group(2), m.group(3), m.group(4) or "")
    return effects


def effect_schemas(effects):
    branches = []
    for name, info in effects.items():
        props = {"type": {"const": name}, "animatableData": ref("animatableData")}
        for param, (type_name, default, help_text) in info["parameters"].items():
            props[param] = effect_parameter(type_name, default, help_text)
        # The decoder takes `select` on every effect (EffectParameters' `asked`).
        props.setdefault("select", ref("selector"))
        then = {"description": info["summary"], "properties": props, "additionalProperties": False}
        required = [p for p, (_, default, _) in info["parameters"].items() if default == "required"]
        if required:
            then["required"] = required
        branches.append({"if": {"properties": {"type": {"const": name}}, "required": ["type"]}, "then": then})
    return {
        "title": "Effect",
        "description": "{\"type\": NAME, ...params, \"select\"?: Selector}: a renderer applied to the block",
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"description": "the effect's name; `texteffects effects` lists them",
                                "anyOf": [{"type": "string", "enum": list(effects)}, ref("placeholder")]}},
        "allOf": branches,
    }


def build(effects):
    keyframe_easing = enum(["linear", "easeIn", "easeOut", "easeInOut", "spring"],
                           "shapes the segment that ends at this key")

    def keyframes(value):
        return {"type": "array", "minItems": 1, "description": "keyframes: the value holds before the first and after the last key",
                "items": obj({"t": num(0, 1e6, "seconds"), "value": value, "easing": keyframe_easing},
                             required=["t", "value"])}

    span_props = {
        "text": described({"type": "string"}, "the characters"),
        "image": described({"type": "string"}, "path to a PNG or SVG, relative to the scene's folder; drawn inline"),
        "tag": described({"type": "string"}, "text drawn inside an atomic inline box (a badge)"),
        "symbol": described({"type": "string"}, "a named icon (Material Icons / SF Symbols name)"),
        "key": described({"type": "string"}, "a localized span: the string for this key in the scene's locale"),
        "arguments": {"type": "array", "description": "arguments of a localized string",
                      "items": {"anyOf": [{"type": "number"}, {"type": "string"},
                                          obj({"date": {"type": "string", "description": "ISO 8601"},
                                               "style": enum(["date", "time", "dateTime"]),
                                               "timeZone": {"type": "string"}}, required=["date"])]}},
        "table": described({"type": "string"}, "the string table a localized span's key is in"),
        "link": described({"type": "string", "minLength": 1}, "URL; makes the span a link"),
        "attributes": {"type": "object", "description": "custom attributes ({\"blur\": {\"radius\": 6}, \"emphasis\": {}, …}); renderers read them from runs"},
        "alt": described({"type": "string"}, "the text an image, tag or symbol stands for in plain-text export and reports"),
        "height": {"description": "image span: points, or \"font\" (the span's font size)",
                   "anyOf": [num(0.5, 10000), {"const": "font"}, ref("placeholder")]},
        "background": {"description": "tag span: box fill", "anyOf": [ref("paint"), {"type": "null"}]},
        "cornerRadius": num(0, 10000, "tag span: corner radius (pt); image span: clips the image to a rounded rectangle (SwiftUI's .cornerRadius)"),
        "padding": described(ref("padding"), "tag span: [horizontal, vertical] padding (pt)"),
        "scale": enum(["small", "medium", "large"], "symbol span: its size relative to the font"),
        "template": described({"type": "boolean"}, "image span: true fills the image's alpha with the span's colour"),
        "width": num(0.5, 10000, "image span: the frame's width (pt); alone, the height follows the image's aspect ratio"),
        "contentMode": described(ref("contentMode"), "image span: fit inside the frame, or fill it (cropped); without it the image is stretched to the frame"),
        "alignment": described(ref("imageAlignment"), "image span: where a fitted image sits, which part of a filled one shows (default center)"),
        "clipShape": described(ref("clipShape"), "image span: the shape the image is clipped to"),
        **STYLE_PROPS,
    }

    markdown_style_props = {
        "theme": enum(["light", "dark", "github", "github-dark"], "the look every element starts from: light, dark, or GitHub's (light or dark)"),
        "lineHeight": num(0.5, 5, "every line's height as a multiple of its font size, the same on CJK and Latin lines (github: 1.5)"),
        "alertTints": obj({k: ref("color") for k in ["note", "tip", "important", "warning", "caution"]},
                          desc="each alert kind's bar, icon and title colour (default: GitHub's)"),
        "details": enum(["auto", "open", "summary"], "how raw HTML <details> show: as their open attribute says, open, or only their summary"),
        "strictImages": described({"type": "boolean"}, "an image that cannot be shown (unreadable, remote) is an error instead of its alt text"),
        "codeTheme": enum(["github", "github-dark", "none"], "the colours of code whose fence names its language (Pygments' tokens "
                                                              "in GitHub's light or dark colours); default: the one that goes with theme"),
        "codeOverflow": enum(["wrap", "fade", "clip"], "a code line wider than its box: wrapped with a continuation mark (the default), "
                                                       "cut with a fade, or cut"),
    }
    for element in MARKDOWN_ELEMENTS:
        text_keys = {} if element == "thematicBreak" else {k: v for k, v in STYLE_PROPS.items() if k != "baselineOffset"}
        extra = {k: MARKDOWN_ELEMENT_EXTRA.get((element, k), MARKDOWN_EXTRA[k]) for k in MARKDOWN_ELEMENT_KEYS[element]}
        markdown_style_props[element] = obj({**text_keys, **extra})

    caption_plate = obj({"color": ref("paint"), "cornerRadius": num(0, 10000), "padding": ref("padding")})
    caption_length = {"anyOf": [num(0, 2000), {"type": "string", "pattern": r"^\s*[0-9.]+\s*(vh|pt)\s*$"}, ref("placeholder")]}
    caption_style = obj({
        "preset": enum(["bold-pop", "broadcast", "karaoke"], "a preset the other fields override"),
        "font": obj({"family": {"type": "string"}, "size": described(caption_length, "points (48, \"48pt\") or a share of the frame height (\"5vh\")"),
                     "weight": STYLE_WEIGHT, "italic": {"type": "boolean"},
                     "features": ref("fontFeatures"), "variations": ref("fontVariations")}),
        "color": ref("paint"),
        "plate": {"description": "a rounded box behind each line; false for none", "anyOf": [{"const": False}, caption_plate]},
        "outline": {"description": "the glyphs' outline; false for none",
                    "anyOf": [{"const": False}, obj({"color": ref("paint"), "width": caption_length})]},
        "shadow": {"description": "a drop shadow; false for none",
                   "anyOf": [{"const": False}, obj({"color": ref("color"), "radius": num(0, 500), "x": num(-1000, 1000), "y": num(-1000, 1000)})]},
        "position": enum(["bottom", "top", "center"]),
        "alignment": enum(["leading", "center", "trailing", "justified"]),
        "maxLines": integer(1, 20),
        "maxCharactersPerLine": integer(4, 1000),
        "safeArea": {"anyOf": [num(0, 0.45), {"type": "array", "minItems": 2, "maxItems": 2, "items": num(0, 0.45)}]},
        "lineSpacing": num(-1000, 1000),
        "lineBreaks": enum(["balanced", "asWritten"]),
        "classes": {"type": "object", "additionalProperties": ref("style"), "description": "a Style per WebVTT class name"},
        "voice": {"anyOf": [{"type": "boolean"}, ref("style")], "description": "lead with the speaker's name, in this style"},
        "words": {"description": "how timed words show as they are spoken; false for none",
                  "anyOf": [{"const": False}, obj({
                      "effect": enum(["karaoke", "highlight", "pop", "reveal"]),
                      "spoken": ref("paint"), "unspoken": ref("paint"), "active": ref("paint"),
                      "scale": num(0.5, 3), "plate": {"anyOf": [{"const": False}, caption_plate]},
                      "fade": num(0, 10)})]},
    }, title="CaptionStyle")

    selector = obj({
        "attribute": described({"type": "string"}, "runs carrying this custom attribute"),
        "link": described({"const": True}, "links"),
        "unit": enum(["glyph", "word", "line"], "a range of units"),
        "start": integer(0, 10_000_000),
        "end": integer(0, 10_000_000),
        "markdown": enum(["heading", "paragraph"] + [e for e in MARKDOWN_ELEMENTS if e not in INLINE_ELEMENTS],
                         "the lines of a Markdown document's elements of that kind"),
        "arrived": obj({"within": num(0, 10, "seconds")}, required=["within"],
                       desc="a streamed answer's text that arrived less than `within` seconds before the frame"),
    }, title="Selector", desc="limits an effect to part of the text")
    selector["oneOf"] = [{"required": ["attribute"]}, {"required": ["link"]}, {"required": ["unit"]}, {"required": ["markdown"]},
                         {"required": ["arrived"]}]

    animatable_opacity = {"description": "0–1, or keyframes", "anyOf": [num(0, 1), keyframes(num(0, 1))]}
    stack_modifiers = {
        "opacity": described(animatable_opacity, "fades every child by this factor (each on its own, times its own opacity)"),
        "offset": described(ref("animatablePoint"), "moves every child (and the background) by {x, y} after layout, or keyframes"),
        "effects": {"type": "array", "maxItems": 100, "items": ref("effect"),
                    "description": "renderers applied to every text inside the stack, before each text's own"},
    }
    image_props = {
        "image": described({"type": "string", "minLength": 1}, "path to a PNG, JPEG, WebP or SVG, relative to the scene's folder"),
        "contentMode": described(ref("contentMode"), "fit inside the frame, or fill it (cropped); without it the image is stretched to the frame"),
        "alignment": described(ref("imageAlignment"), "where a fitted image sits, which part of a filled one shows (default center)"),
        "cornerRadius": num(0, 10000, "clips the image to a rounded rectangle (SwiftUI's .cornerRadius)"),
        "clipShape": described(ref("clipShape"), "the shape the image is clipped to"),
        "opacity": animatable_opacity,
        "offset": described(ref("animatablePoint"), "{x, y}, or keyframes"),
        "template": described({"type": "boolean"}, "true: the image's alpha is filled with `color` (SwiftUI's renderingMode(.template)), for monochrome icons and logos"),
        "color": described(ref("paint"), "a template image's paint: a color or a gradient (default black, SwiftUI's primary)"),
        "alt": described({"type": "string", "minLength": 1}, "the text the image stands for; measure reports it as the block's text"),
    }
    defs = {
        "placeholder": {"title": "Placeholder", "type": "string", "pattern": PLACEHOLDER,
                        "description": "in a template, a string with a {{name}} placeholder: checked by texteffects once filled"},
        "color": {"title": "Color", "description": "\"#RGB\", \"#RRGGBB\", \"#RRGGBBAA\" or a color name (\"red\", \"transparent\")",
                  "type": "string", "pattern": r"^\s*(#[0-9A-Fa-f]{3,16}|[A-Za-z][A-Za-z0-9 ]*)\s*$|\{\{"},
        "paint": {"title": "Paint", "description": "a color, one gradient (linear, radial or angular/conic), or an image repeated as a tile",
                  "anyOf": [ref("color"), obj({"linearGradient": obj({
                      "colors": {"type": "array", "minItems": 2, "items": ref("color")},
                      "angle": num(-3600, 3600, "degrees clockwise in y-down coordinates: 0 runs leading → trailing"),
                      "locations": {"type": "array", "items": num(0, 1)}}, required=["colors"])}, required=["linearGradient"]),
                            obj({"radialGradient": obj({
                      "colors": {"type": "array", "minItems": 2, "items": ref("color")},
                      "locations": {"type": "array", "items": num(0, 1)},
                      "center": ref("unitPoint"),
                      "startRadius": num(0, 1000000, "points from the centre to the first color (default 0)"),
                      "endRadius": num(0, 1000000, "points from the centre to the last color")},
                      required=["colors", "endRadius"])}, required=["radialGradient"]),
                            obj({"angularGradient": obj({
                      "colors": {"type": "array", "minItems": 2, "items": ref("color")},
                      "locations": {"type": "array", "items": num(0, 1)},
                      "center": ref("unitPoint"),
                      "startAngle": num(-3600, 3600, "degrees clockwise from +x where the first color lies (default 0)"),
                      "endAngle": num(-3600, 3600, "degrees where the last color lies (default startAngle + 360: a full turn)")},
                      required=["colors"])}, required=["angularGradient"]),
                            obj({"image": obj({
                      "source": described({"type": "string", "minLength": 1}, "path to a PNG, JPEG, WebP or SVG, relative to the scene's folder: the tile"),
                      "scale": num(0.01, 100, "the tile's size over the image's own (default 1)"),
                      "sourceRect": obj({"x": num(0, 1), "y": num(0, 1), "width": num(0, 1), "height": num(0, 1)},
                                        required=["width", "height"], desc="the part of the image a tile shows, in unit coordinates of the image (default all of it)"),
                      "origin": described(ref("unitPoint"), "where a tile's top-leading corner lies, a unit point of what the paint fills (default {x: 0, y: 0})")},
                      required=["source"])}, required=["image"])]},
        "unitPoint": obj({"x": num(-100, 100), "y": num(-100, 100)}, required=["x", "y"]),
        "padding": {"description": "a number, or [horizontal, vertical] (points)",
                    "anyOf": [num(0, 10000), {"type": "array", "minItems": 2, "maxItems": 2, "items": num(0, 10000)}]},
        "point": obj({"x": num(-1e6, 1e6), "y": num(-1e6, 1e6)}, required=["x", "y"]),
        "animatableNumber": {"description": "a number or keyframes of numbers", "anyOf": [{"type": "number"}, keyframes({"type": "number"})]},
        "animatablePoint": {"description": "{x, y} or keyframes of {x, y}", "anyOf": [ref("point"), keyframes(ref("point"))]},
        "animatableData": {"description": "a number or keyframes (arrays of numbers for pairs) setting a renderer's animatableData",
                           "anyOf": [{"type": "number"}, {"type": "array", "items": {"type": "number"}},
                                     keyframes({"anyOf": [{"type": "number"}, {"type": "array", "items": {"type": "number"}}]})]},
        "decoration": {"description": "true, false, or {style, color}",
                       "anyOf": [{"type": "boolean"}, obj({"style": enum(["single", "double", "dotted", "dashed", "wavy", "dashDot", "dashDotDot"]),
                                                           "color": ref("color")})]},
        "openTypeTag": {"type": "string", "pattern": "^[!#-+\\--<>-~][ -!#-+\\--<>-~]{3}$",
                        "description": "a four-character OpenType tag, as \"wght\" or \"ss01\""},
        "fontFeatures": {"type": "object", "description": "OpenType features by tag: {\"tnum\": 1, \"liga\": 0}",
                         "propertyNames": ref("openTypeTag"),
                         "additionalProperties": {"anyOf": [{"type": "boolean"}, integer(0, 65535)]}},
        "fontVariations": {"type": "object", "description": "variable-font axis values: {\"wght\": 650}",
                           "propertyNames": ref("openTypeTag"), "additionalProperties": num(-32768, 32767)},
        "font": obj({
            "family": {"type": "string", "pattern": r"\S"},
            "size": num(1, 2000, "points; with textStyle, relative to that style"),
            "textStyle": enum(TEXT_STYLES, "takes its size from the Dynamic Type table for the scene's sizeCategory"),
            "weight": STYLE_WEIGHT,
            "italic": {"type": "boolean"},
            "monospaced": {"type": "boolean"},
            "features": ref("fontFeatures"),
            "variations": ref("fontVariations"),
        }, title="Font"),
        "style": obj(dict(STYLE_PROPS), title="Style", desc="a base style; spans override it"),
        "span": obj(span_props, title="Span", desc="exactly one of text, image, tag or symbol (or a localized key)"),
        "spans": {"description": "a string, or an array of Span", "anyOf": [{"type": "string"}, {"type": "array", "items": ref("span")}]},
        "truncation": obj({
            "mode": enum(["tail", "head", "middle"]),
            "token": described(ref("spans"), "the (styled) ellipsis; default \"…\""),
            "reserve": num(0, 100000, "points kept free after the token on the last line"),
            "breakOn": enum(["grapheme", "word"], "where the cut may fall"),
        }, title="Truncation", desc="how text beyond lineLimit or frame.height is cut"),
        "selector": selector,
        "effect": effect_schemas(effects),
        "markdownStyle": obj(markdown_style_props, title="MarkdownStyle", desc="the look of a markdown block's elements"),
        "captionStyle": caption_style,
        "block": {
            **obj(text_block_props := {
                "id": described({"type": "string", "minLength": 1}, "names the block in reports and errors; unique"),
                "frame": obj({"x": num(-1e6, 1e6), "y": num(-1e6, 1e6), "width": num(1, 100000), "height": num(1, 100000)},
                             required=["x", "y", "width"], desc="layout box in content coordinates; text wraps at width"),
                "text": described(ref("spans"), "a string or [Span]"),
                "markdown": described({"type": "string"}, "CommonMark + GFM, laid out as a document"),
                "markup": described({"type": "string"}, "Pango markup"),
                "code": described({"type": "string"}, "source code, laid out as a fenced code block and coloured by its language"),
                "language": described({"type": "string", "pattern": r"^[A-Za-z0-9+#._-]{1,64}$"},
                                      "the code's language as a fence names it (swift, python, ts …); code blocks only"),
                "style": ref("style"),
                "alignment": enum(["leading", "center", "trailing", "justified"]),
                "lineSpacing": num(-1000, 1000, "extra points between lines"),
                "lineHeightMultiple": num(0.1, 10, "line height as a multiple of the font's"),
                "lineLimit": integer(1, 10000, "maximum number of lines for the whole block"),
                "truncation": ref("truncation"),
                "effects": {"type": "array", "maxItems": 100, "items": ref("effect"),
                            "description": "renderers applied to this block, in order"},
                "opacity": {"description": "0–1, or keyframes", "anyOf": [num(0, 1), keyframes(num(0, 1))]},
                "offset": described(ref("animatablePoint"), "{x, y}, or keyframes"),
                "background": obj({"color": ref("paint"), "cornerRadius": num(0, 10000), "cornerRadii": ref("cornerRadii"),
                                   "padding": ref("padding"),
                                   "width": enum(["text", "frame"]), "shape": enum(SHAPE_TYPES, "the box's shape (default a rounded rectangle)"),
                                   "style": enum(["continuous", "circular"]), "stroke": ref("shapeStroke")}, required=["color"],
                                  desc="a box (any shape) behind the block's text"),
                "markdownStyle": ref("markdownStyle"),
                "stream": {**obj({
                    "chunks": {"description": "a JSON Lines file of {\"t\": seconds, \"text\": \"…\"} (times non-decreasing), "
                                              "or the same objects in an array; they give the block its markdown",
                               "anyOf": [{"type": "string"}, {"type": "array", "maxItems": 100000,
                                          "items": obj({"t": num(0, 86400, "when the chunk arrives"), "text": {"type": "string"}},
                                                       required=["t", "text"])}]},
                    "charactersPerSecond": num(0, 100000, "stream the block's markdown at this steady rate, by grapheme (above 0)"),
                    "start": num(0, 86400, "seconds before the first character arrives (charactersPerSecond only)"),
                }, title="Stream", desc="the answer arrives over time, as a chat app shows an LLM's reply"),
                    "oneOf": [{"required": ["chunks"]}, {"required": ["charactersPerSecond"]}]},
                "wordBreak": enum(["normal", "keep-all"], "keep-all keeps CJK and Hangul words whole"),
                "hyphenate": described({"type": "boolean"}, "break words with a hyphen where the language's dictionary allows"),
                "minimumScaleFactor": num(0, 1, "text that would be truncated shrinks to the largest size that fits, down to this factor "
                                                 "of its size (SwiftUI's minimumScaleFactor); default 1"),
                "allowsTightening": described({"type": "boolean"}, "letter spacing may tighten (up to 0.05 em) before the text "
                                                                   "shrinks or is truncated (SwiftUI's allowsTightening)"),
            }, required=["id", "frame"], title="Block"),
            "oneOf": [{"required": ["text"]}, {"required": ["markdown"]}, {"required": ["markup"]}, {"required": ["code"]},
                      {"required": ["stream"], "properties": {"stream": {"required": ["chunks"]}}}],
        },
        "shapeStroke": obj({"color": ref("paint"), "width": num(0, 10000, "points (default 1)"),
                            "dash": {"type": "array", "items": num(0, 10000), "description": "dash and gap lengths"}},
                           required=["color"], title="ShapeStroke", desc="an outline centred on the shape's edge"),
        "cornerRadii": obj({corner: num(0, 10000, "points (default 0)")
                            for corner in ["topLeading", "bottomLeading", "bottomTrailing", "topTrailing"]},
                           title="CornerRadii", desc="a radius for each corner (SwiftUI's RectangleCornerRadii)"),
        "shape": obj({"type": enum(SHAPE_TYPES), "cornerRadius": num(0, 10000, "roundedRectangle only (required there)"),
                      "cornerRadii": described(ref("cornerRadii"), "unevenRoundedRectangle only (required there)"),
                      "style": enum(["continuous", "circular"],
                                    "roundedRectangle, unevenRoundedRectangle and capsule corners (default continuous)"),
                      "fill": ref("paint"), "stroke": ref("shapeStroke"),
                      "shadow": obj({"color": ref("color"), "radius": num(0, 1000), "x": num(-10000, 10000), "y": num(-10000, 10000)},
                                    required=["radius"], desc="SwiftUI's shadow(color:radius:x:y:)")},
                     required=["type"], title="Shape", desc="a SwiftUI shape filling its frame"),
        "contentMode": enum(["fit", "fill"]),
        "imageAlignment": enum(ALIGNMENTS),
        "clipShape": {"anyOf": [enum(["circle", "capsule"]),
                                obj({"type": enum(["circle", "capsule", "roundedRectangle", "unevenRoundedRectangle"]),
                                     "cornerRadius": num(0, 10000), "cornerRadii": ref("cornerRadii"),
                                     "style": enum(["continuous", "circular"])}, required=["type"])]},
        "stack": obj({"axis": enum(["vertical", "horizontal", "depth"], "VStack, HStack or ZStack"),
                      "spacing": num(0, 10000, "points between children (default 8)"),
                      "alignment": enum(["leading", "center", "trailing", "top", "bottom", "firstTextBaseline", "topLeading", "topTrailing",
                                         "bottomLeading", "bottomTrailing"],
                                        "vertical: leading|center|trailing; horizontal: top|center|bottom|firstTextBaseline; depth: SwiftUI Alignment"),
                      "padding": {"description": "points inside the edges: a number, [horizontal, vertical] or {top, leading, bottom, trailing}",
                                  "anyOf": [ref("padding"), obj({e: num(0, 10000) for e in ["top", "leading", "bottom", "trailing"]})]},
                      "background": ref("shape"),
                      "children": {"type": "array", "minItems": 1, "items": ref("stackChild")}},
                     required=["axis", "children"], title="Stack", desc="children laid out as SwiftUI's stacks (at most 32 nested)"),
        "stackBlock": obj({"id": {"type": "string", "minLength": 1},
                           "frame": obj({"x": num(-1e6, 1e6), "y": num(-1e6, 1e6), "width": num(1, 100000), "height": num(1, 100000)},
                                        required=["x", "y"], desc="where the stack goes; width defaults to the canvas right of x"),
                           "stack": ref("stack"), **stack_modifiers}, required=["id", "frame", "stack"], title="StackBlock"),
        "imageBlock": obj({"id": {"type": "string", "minLength": 1},
                           "frame": obj({"x": num(-1e6, 1e6), "y": num(-1e6, 1e6), "width": num(1, 100000), "height": num(1, 100000)},
                                        required=["x", "y"], desc="where the image goes; without width or height, the image's aspect "
                                                                  "ratio gives the other, without both its own size"),
                           **image_props}, required=["id", "frame", "image"], title="ImageBlock",
                          desc="a photo or drawing as a block (PNG, JPEG, WebP, SVG)"),
        "shapeBlock": obj({"id": {"type": "string", "minLength": 1},
                           "frame": obj({"x": num(-1e6, 1e6), "y": num(-1e6, 1e6), "width": num(1, 100000), "height": num(1, 100000)},
                                        required=["x", "y", "width", "height"]),
                           "shape": ref("shape"),
                           "opacity": {"anyOf": [num(0, 1), keyframes(num(0, 1))]}, "offset": ref("animatablePoint")},
                          required=["id", "frame", "shape"], title="ShapeBlock"),
        "stackChild": {"description": "a text block, a shape, a stack or a spacer, without x and y",
                       "anyOf": [child_of(text_block_props), child_of({"shape": ref("shape"), "opacity": {"anyOf": [num(0, 1), keyframes(num(0, 1))]},
                                                                      "offset": ref("animatablePoint")}),
                                 child_of({"stack": ref("stack"), **stack_modifiers}),
                                 child_of(image_props),
                                 obj({"spacer": obj({"minLength": num(0, 100000, "default 8")})}, required=["spacer"])]},
    }

    top = obj({
        "$schema": described({"type": "string"}, "this schema (ignored by texteffects)"),
        "version": {"const": 1, "description": "format version; any other value is an error"},
        "canvas": obj({"width": num(1, 16384),
                       "height": {"description": "points, or \"auto\": the content's height (the blocks' laid-out bottoms plus the margin above the highest text block)",
                                  "anyOf": [num(1, 16384), {"const": "auto"}]},
                       "background": {"description": "a color or a gradient, or null for transparent (default white)",
                                      "anyOf": [ref("paint"), {"type": "null"}]},
                       "scale": num(0.1, 8, "multiplies the pixel size (2 = @2x)")},
                      required=["width", "height"], desc="output size in points"),
        "fps": {"description": "frames per second: a number, or a fraction as \"30000/1001\"",
                "anyOf": [num(0.001, 1000), {"type": "string", "pattern": r"^\s*[0-9.]+\s*([/:]\s*[0-9.]+\s*)?$"}, ref("placeholder")]},
        "duration": num(0, 86400, "seconds"),
        "environment": obj({"sizeCategory": enum(SIZE_CATEGORIES, "Dynamic Type size category"),
                            "language": {"type": "string", "minLength": 1, "description": "Pango language for shaping and line breaking"},
                            "locale": {"type": "string", "description": "the language a scene with strings is shown in"}}),
        "fonts": obj({"directories": {"type": "array", "items": {"type": "string"}},
                      "strict": {"type": "boolean", "description": "a font family that is not installed is an error, not a warning"}},
                     desc="extra font folders"),
        "blocks": {"type": "array", "minItems": 1, "maxItems": 100000,
                   "items": {"anyOf": [ref("block"), ref("stackBlock"), ref("shapeBlock"), ref("imageBlock")]},
                   "description": "text, stack, shape and image blocks, drawn in order"},
        "viewport": obj({"x": num(-100000, 100000), "y": num(-100000, 100000), "width": num(1, 100000),
                         "height": num(1, 100000), "scroll": ref("animatablePoint")},
                        required=["x", "y", "width", "height"], desc="the visible window, for scrolling and link visibility"),
        "analytics": obj({"impressionRatio": {"type": "number", "exclusiveMinimum": 0, "maximum": 1},
                          "impressionSeconds": num(0, 86400)}, desc="what counts as a link impression"),
        "strings": {"description": "a String Catalog or .strings table, or an array of them",
                    "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
        "captions": obj({"source": {"type": "string", "description": "a SubRip, WebVTT or word-timings file"},
                         "style": {"anyOf": [enum(["bold-pop", "broadcast", "karaoke"]), ref("captionStyle")]}},
                        required=["source"], desc="a caption file shown over the blocks"),
        "parameters": {"type": "object", "description": "a template: each {{name}} in string fields is filled in",
                       "propertyNames": {"pattern": r"^[A-Za-z_][A-Za-z0-9_.-]*$"},
                       "additionalProperties": obj({"type": enum(["string", "number", "boolean", "color", "image", "markup", "markdown"], templated=False),
                                                    "default": {}, "format": {"type": "string"}})},
    }, required=["canvas", "blocks"], title="texteffects scene",
        desc="A texteffects scene (docs/SCENE-FORMAT.md).")
    return {"$schema": DRAFT, "$id": "https://texteffects.invalid/scene.schema.json", **top, "$defs": defs}


STYLE_WEIGHT = {"description": "a name or 100–1000", "anyOf": [enum(WEIGHTS), integer(100, 1000)]}

if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: scene-schema.py EFFECTS_LISTING (the output of `texteffects effects`)")
    print(json.dumps(build(read_effects(sys.argv[1])), indent=2, ensure_ascii=False))
