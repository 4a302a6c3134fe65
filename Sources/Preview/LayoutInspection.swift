import Foundation
import TextEffects

/// What is under a point of a frame: the block, line, run and glyph, as `--dump-layout` describes them.
///
/// `GET /inspect?frame=N&x=X&y=Y`, with the point in canvas points. Blocks are tried from the
/// top one down, each at its place on that frame (its offset animated, the viewport scrolled).
struct LayoutInspection: Encodable {
    struct Line: Encodable {
        var index: Int
        var text: String
        var x: Double, baseline: Double, width: Double, ascent: Double, descent: Double
    }
    struct Run: Encodable {
        var index: Int
        var text: String
        var font: String
        var direction: String
        var color: String?
        var link: String?
        var attributes: [String: JSONValue]?
        var inlineBox: LayoutDump.InlineBox?
    }
    struct Glyph: Encodable {
        var index: Int
        var id: UInt32
        var text: String
        var x: Double, y: Double, advance: Double
        var range: [Int]
    }

    /// The block's id; nil when no text is under the point.
    var block: String?
    var line: Line?
    var run: Run?
    var glyph: Glyph?

    func encode(to encoder: any Encoder) throws {
        enum Key: String, CodingKey { case block, line, run, glyph }
        var container = encoder.container(keyedBy: Key.self)
        // `block` always (null for nothing); the others only when found.
        try container.encode(block, forKey: .block)
        try container.encodeIfPresent(line, forKey: .line)
        try container.encodeIfPresent(run, forKey: .run)
        try container.encodeIfPresent(glyph, forKey: .glyph)
    }

    /// What lies under `point` on `frame` of `scene`.
    init(at point: CGPoint, frame: Int, of scene: LoadedScene) {
        let renderer = scene.renderer
        let time = renderer.scene.time(ofFrame: frame)
        var origin = CGPoint.zero
        if let viewport = renderer.scene.viewport {
            guard viewport.rect.contains(point) else { return }
            let scroll = viewport.scroll.value(at: time)
            origin = CGPoint(x: viewport.rect.minX - scroll.x, y: viewport.rect.minY - scroll.y)
        }
        for index in renderer.scene.blocks.indices.reversed() {
            let candidate = renderer.scene.blocks[index]
            guard candidate.opacity(at: time) > 0 else { continue }
            let offset = candidate.offset(at: time)
            let local = CGPoint(x: point.x - origin.x - candidate.frame.x - offset.x,
                                y: point.y - origin.y - candidate.frame.y - offset.y)
            if let found = Self.find(local, in: renderer.layouts[index], dump: scene.dumps[index]) {
                self = found
                block = candidate.id
                return
            }
        }
    }

    private init() {}

    /// The line under `point` (in the layout's coordinates), and its run and glyph there.
    private static func find(_ point: CGPoint, in layout: TextLayout, dump: LayoutDump) -> LayoutInspection? {
        for (lineIndex, line) in layout.enumerated() where line.typographicBounds.rect.contains(point) {
            let lineDump = dump.lines[lineIndex]
            var found = LayoutInspection()
            found.line = Line(index: lineIndex, text: lineDump.text, x: lineDump.x, baseline: lineDump.baseline,
                              width: lineDump.width, ascent: lineDump.ascent, descent: lineDump.descent)
            for (runIndex, run) in line.enumerated() where run.typographicBounds.rect.contains(point) {
                let r = lineDump.runs[runIndex]
                found.run = Run(index: runIndex, text: r.text, font: r.font, direction: r.direction, color: r.color,
                                link: r.link, attributes: r.attributes, inlineBox: r.inlineBox)
                for (glyphIndex, glyph) in run.enumerated() where glyph.typographicBounds.rect.contains(point) {
                    let g = r.glyphs[glyphIndex]
                    found.glyph = Glyph(index: glyphIndex, id: g.id, text: g.text, x: g.x, y: g.y, advance: g.advance, range: g.range)
                    break
                }
                break
            }
            return found
        }
        return nil
    }
}
