import Foundation

extension Scene.Canvas {
    /// The height `"height": "auto"` resolves to for `blocks` laid out as `layouts` with
    /// `geometries`: the lowest laid-out bottom of any block, plus below it the margin the scene
    /// leaves above its highest text block (that block's `frame.y`), so a document framed at
    /// `y: 40` gets 40 points under its last line too.
    ///
    /// A block's bottom is `frame.y` plus `frame.height`, or the height its renderers ask for
    /// (for a Markdown block its whole laid-out document), and its background box's bottom
    /// (padding included). Layout happens once for every frame, so this height is every frame's:
    /// a keyframed `offset` moves a block's drawing, not its layout, and does not count (as
    /// SwiftUI's `offset` does not change layout).
    static func contentHeight(blocks: [Block], layouts: [TextLayout], geometries: [BlockGeometry]) -> Double {
        var bottom = 0.0
        var topMargin: Double?
        for ((block, layout), geometry) in zip(zip(blocks, layouts), geometries) {
            let frame = block.frame
            var blockBottom = frame.y + (frame.height ?? (block.shape != nil || block.image != nil ? 0 : geometry.size.height))
            if block.shape == nil, block.image == nil {
                if let background = block.background {
                    blockBottom = max(blockBottom, frame.y + background.rect(for: layout, frame: frame, size: geometry.size).maxY)
                }
                topMargin = min(topMargin ?? .infinity, frame.y)
            }
            bottom = max(bottom, blockBottom)
        }
        return bottom + max(0, topMargin ?? 0)
    }

    /// This canvas with `height` the content's (see ``contentHeight(blocks:layouts:geometries:)``),
    /// or an error naming `canvas.height` when that is more pixels than a canvas may have and
    /// `limited` (a document drawn only in pages may be taller).
    func resolvingAutoHeight(blocks: [Block], layouts: [TextLayout], geometries: [BlockGeometry],
                             limited: Bool = true) throws(AutoHeightError) -> Scene.Canvas {
        guard isHeightAuto else { return self }
        var canvas = self
        // Whole pixels, so a page's rows end with the content (a fraction would leave a half-covered last row).
        let height = Self.contentHeight(blocks: blocks, layouts: layouts, geometries: geometries)
        canvas.height = max(1, (height * scale).rounded(.up)) / scale
        canvas.isHeightAuto = false
        guard !limited || canvas.pixelSizeProblem() == nil else { throw AutoHeightError(pixels: (height * scale).rounded(.up), scale: scale) }
        return canvas
    }
}

/// `"height": "auto"` came to more pixels than a canvas may have.
package struct AutoHeightError: Error, CustomStringConvertible {
    /// The pixels the content needs.
    package var pixels: Double
    package var scale: Double

    package var description: String {
        let atScale = scale == 1 ? "" : " at scale \(JSONNode.format(scale))"
        return SceneProblem(path: "canvas.height", message:
            "\"auto\" needs \(JSONNode.format(pixels)) pixels for the content\(atScale), and a canvas has at most "
            + "\(SceneLimits.maximumCanvasSide) a side: split it into pages with --page-height H (render), or shorten the content").description
    }
}
