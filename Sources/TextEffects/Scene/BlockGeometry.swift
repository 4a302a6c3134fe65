import Foundation

/// Where a scene block's renderers draw: the size they ask for and the rectangle their drawing
/// is clipped to, worked out once when the scene is laid out.
struct BlockGeometry: Sendable {
    /// The text's size as the renderers ask for it (`sizeThatFits`); the layout's own by default.
    let size: CGSize
    /// The block's lines and ink, grown by the renderers' `displayPadding` and by one em (the
    /// largest font size) for glyph overhang: what drawing may change, in block coordinates.
    let drawingRect: CGRect
    /// The block's lines and ink grown by the renderers' `displayPadding` alone: all its
    /// renderers draw when they keep to their padding, without `drawingRect`'s allowance.
    /// Captions burned into video send only the band of this rectangle down the pipe.
    let reach: CGRect

    init(block: Block, layout: TextLayout, options: LayoutOptions, fonts: FontLibrary) {
        let renderer = block.renderer
        if block.effects.isEmpty {
            size = layout.textSize
        } else {
            let text = block.textProxy(in: options.environment, fonts: fonts, knownSize: layout.textSize)
            size = renderer.sizeThatFits(proposal: block.proposal, text: text)
        }
        let em = layout.storage.runs.reduce(0.0) { Swift.max($0, layout.storage.styles[$1.style].style.size) }
        let lines = layout.reduce(CGRect.null) { $0.union($1.typographicBounds.rect) }
        let text = CGRect(origin: .zero, size: CGSize(width: Swift.max(size.width, layout.size.width), height: size.height))
            .union(lines)
            .union(layout.inkBounds)
        drawingRect = text.insetBy(dx: -em, dy: -em).outset(by: renderer.displayPadding)
        // A pixel more on each side, for antialiasing at the ink's edge.
        reach = lines.union(layout.inkBounds).outset(by: renderer.displayPadding).insetBy(dx: -1, dy: -1)
    }
}
