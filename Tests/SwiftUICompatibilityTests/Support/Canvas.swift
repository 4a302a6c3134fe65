import Foundation
import RenderPipeline

/// Lays out text with the pinned fonts and hosts a renderer the way a text view does: the
/// text's origin at `margin` pixels from the surface's top-left, on white, at one pixel a point.
enum Canvas {
    /// Pixels between the surface's edge and the text's origin, room for effects that move ink.
    static let margin = 30.0

    private static let pinnedFonts: Void = {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        setenv("FONTCONFIG_FILE", root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
    }()

    /// `text` laid out `width` points wide, cut after `lineLimit` lines when given.
    static func layout(_ text: Text, width: Double = 400, lineLimit: Int? = nil) -> Text.Layout {
        _ = pinnedFonts
        return TextLayout(text, options: LayoutOptions(width: width, lineLimit: lineLimit))
    }

    /// `layout` drawn by `renderer` into a surface that holds it with `margin` on every side.
    /// The renderer's context starts at the text's origin with an identity `transform`, as a
    /// scene block's does (a stack of one makes the current space the renderer's own).
    /// `trailingRoom` widens the surface for what a renderer draws past the text's end.
    static func render(_ renderer: any TextRenderer, _ layout: Text.Layout, background: Color = .white,
                       trailingRoom: Double = 0) throws -> ImageSurface {
        let size = layout.size
        let surface = try ImageSurface(width: Int((size.width + 2 * margin + trailingRoom).rounded(.up)),
                                       height: Int((size.height + 2 * margin).rounded(.up)))
        var context = GraphicsContext(surface: surface)
        context.fill(Path(CGRect(x: 0, y: 0, width: surface.width, height: surface.height)), with: background)
        context.translateBy(x: margin, y: margin)
        RendererStack([renderer]).draw(layout: layout, in: &context)
        return surface
    }

    /// The text as laid out with exact glyph positions: what renderers drawing with
    /// `.disablesSubpixelQuantization` draw when they move nothing.
    static func exactPlain(_ layout: Text.Layout, trailingRoom: Double = 0) throws -> ImageSurface {
        try render(ExactText(), layout, trailingRoom: trailingRoom)
    }

    /// What the text looks like drawn as laid out, with no effect.
    static func plain(_ layout: Text.Layout, background: Color = .white, trailingRoom: Double = 0) throws -> ImageSurface {
        try render(DefaultTextRenderer(), layout, background: background, trailingRoom: trailingRoom)
    }

    /// The pixels `rect` (layout points) covers on a rendered surface, grown by `outset` pixels.
    static func pixels(of rect: CGRect, outset: Double = 0) -> PixelRegion {
        PixelRegion(minX: Int((rect.minX + margin - outset).rounded(.down)), minY: Int((rect.minY + margin - outset).rounded(.down)),
                    maxX: Int((rect.maxX + margin + outset).rounded(.up)) - 1, maxY: Int((rect.maxY + margin + outset).rounded(.up)) - 1)
    }

    /// The pixel a layout point falls on.
    static func pixel(at point: CGPoint) -> (x: Int, y: Int) {
        (Int((point.x + margin).rounded(.down)), Int((point.y + margin).rounded(.down)))
    }
}
