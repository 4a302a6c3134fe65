import Foundation

/// A layout as JSON-ready values: lines, runs and glyphs with bounds, text and attributes.
///
/// Used by `--dump-layout` and by golden layout tests; numbers are rounded to 1/1000 pt.
package struct LayoutDump: Codable, Hashable, Sendable {
    public struct Glyph: Codable, Hashable, Sendable {
        public var id: UInt32
        public var text: String
        public var x: Double, y: Double, advance: Double
        public var range: [Int]
    }

    /// An image or tag box of a run: what it shows and where, relative to the glyph's pen position.
    public struct InlineBox: Codable, Hashable, Sendable {
        /// `image` or `tag`.
        public var kind: String
        /// The image file's name, or the tag's text.
        public var content: String
        public var alt: String
        public var x: Double, y: Double, width: Double, height: Double
    }

    public struct Run: Codable, Hashable, Sendable {
        public var text: String
        public var range: [Int]
        public var font: String
        public var direction: String
        public var x: Double, baseline: Double, width: Double, ascent: Double, descent: Double
        public var color: String?
        public var link: String?
        public var attributes: [String: JSONValue]?
        public var inlineBox: InlineBox?
        public var glyphs: [Glyph]
    }

    public struct Line: Codable, Hashable, Sendable {
        public var text: String
        public var range: [Int]
        public var x: Double, baseline: Double, width: Double, ascent: Double, descent: Double
        public var runs: [Run]
    }

    /// A link with its rectangle per line (`TextLayout.links`).
    public struct Link: Codable, Hashable, Sendable {
        public var url: String
        public var text: String
        public var rects: [[Double]]
    }

    /// One element of a Markdown document: what it is, how deep, its box and its lines `[first, end)`.
    public struct Element: Codable, Hashable, Sendable {
        public var kind: String
        public var depth: Int
        public var detail: String?
        public var frame: [Double]
        public var lines: [Int]
    }

    public var text: String
    public var width: Double
    public var height: Double
    public var isTruncated: Bool
    public var lines: [Line]
    /// The layout's links as `[x, y, width, height]` per line; absent when there are none.
    public var links: [Link]?
    /// A Markdown document's elements in reading order (parents first, `depth` giving the
    /// tree); absent for plain text.
    public var elements: [Element]?
    /// The factor the text's sizes were scaled by to fit (`minimumScaleFactor`), as `measure`
    /// reports it; absent when the block does not ask for fitting.
    public var scale: Double?
    /// The letter spacing taken off to fit (`allowsTightening`), in ems; present with `scale`.
    public var tightening: Double?

    /// A number as the dumps give it: rounded to 1/1000 pt.
    package static func round(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

    public init(_ layout: TextLayout) {
        let r = Self.round
        text = layout.text
        width = r(layout.size.width)
        height = r(layout.size.height)
        isTruncated = layout.isTruncated
        let links = layout.links.map { link in
            Link(url: link.url, text: link.text, rects: link.rects.map { [r($0.minX), r($0.minY), r($0.width), r($0.height)] })
        }
        self.links = links.isEmpty ? nil : links
        let elements = layout.documentElements.map { element in
            Element(kind: element.kind.rawValue, depth: element.depth, detail: element.detail,
                    frame: [r(element.frame.minX), r(element.frame.minY), r(element.frame.width), r(element.frame.height)],
                    lines: [element.lines.lowerBound, element.lines.upperBound])
        }
        self.elements = elements.isEmpty ? nil : elements
        (scale, tightening) = TextMeasurement.reported(layout.fit)
        lines = layout.map { line in
            let b = line.typographicBounds
            return Line(
                text: String(line.text), range: [line.characterRange.lowerBound, line.characterRange.upperBound],
                x: r(b.origin.x), baseline: r(b.origin.y), width: r(b.width), ascent: r(b.ascent), descent: r(b.descent),
                runs: line.map { run in
                    let rb = run.typographicBounds
                    var color: String?
                    switch run.style.paint {
                    case .color(let c): color = c.description
                    case .linearGradient(let g): color = "linearGradient(" + g.gradient.stops.map(\.color.description).joined(separator: ",") + ")"
                    case .radialGradient(let g): color = "radialGradient(" + g.gradient.stops.map(\.color.description).joined(separator: ",") + ")"
                    case .angularGradient(let g): color = "angularGradient(" + g.gradient.stops.map(\.color.description).joined(separator: ",") + ")"
                    case .image(let tile, _): color = "image(" + (tile.image.path as NSString).lastPathComponent + ")"
                    }
                    var attributes: [String: JSONValue] = [:]
                    for name in run.attributes.names { attributes[name] = run.attributes.json(name) }
                    return Run(
                        text: String(run.text), range: [run.characterRange.lowerBound, run.characterRange.upperBound],
                        font: run.font.description, direction: run.isRightToLeft ? "rtl" : "ltr",
                        x: r(rb.origin.x), baseline: r(rb.origin.y), width: r(rb.width), ascent: r(rb.ascent), descent: r(rb.descent),
                        color: color, link: run.link, attributes: attributes.isEmpty ? nil : attributes,
                        inlineBox: run.inlineBox.map { box in
                            let kind: String, content: String
                            switch box.content {
                            case .image(let image): (kind, content) = ("image", URL(fileURLWithPath: image.path).lastPathComponent)
                            case .tag(let tag): (kind, content) = ("tag", tag.text)
                            case .symbol(let symbol): (kind, content) = ("symbol", symbol.name)
                            }
                            return InlineBox(kind: kind, content: content, alt: box.alt, x: r(box.rect.minX), y: r(box.rect.minY),
                                             width: r(box.rect.width), height: r(box.rect.height))
                        },
                        glyphs: run.map { glyph in
                            let p = glyph.position
                            return Glyph(id: glyph.glyphID, text: String(glyph.text), x: r(p.x), y: r(p.y),
                                         advance: r(glyph.typographicBounds.width),
                                         range: [glyph.characterRange.lowerBound, glyph.characterRange.upperBound])
                        })
                })
        }
    }

    /// Pretty JSON with sorted keys, stable across runs.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
