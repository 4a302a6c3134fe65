import Foundation
@testable import RenderPipeline
@testable import TextEffects

/// The pinned test style: Sans, 28 points.
let operationStyle = Style(font: FontDescriptor(family: "Sans", size: 28))

/// `text` laid out in the pinned Sans at 28 points, `width` points wide.
func operationLayout(_ text: String, width: Double = 600) -> TextLayout {
    PinnedFonts.use()
    return TextLayout(RichText(text, style: operationStyle), options: LayoutOptions(width: width))
}

/// `spans` laid out in the pinned Sans at 28 points.
func operationLayout(_ spans: [Span], width: Double = 600) -> TextLayout {
    PinnedFonts.use()
    return TextLayout(RichText(spans: spans, baseStyle: operationStyle), options: LayoutOptions(width: width))
}

/// What `renderer` draws of `layout` at `time`, with the text's top-left at (10, 20) on the frame.
func operations(_ layout: TextLayout, _ renderer: any TextRenderer, time: Double = 0) throws -> DisplayList {
    try DisplayList(recording: renderer, layout: layout, time: time, origin: CGPoint(x: 10, y: 20))
}

/// Where the layout puts glyph `index`'s pen on the baseline, on the frame (text at (10, 20)).
func laidOutPosition(_ layout: TextLayout, glyph index: Int) -> CGPoint {
    let glyph = layout.storage.glyphs[index]
    return CGPoint(x: 10 + glyph.x, y: 20 + layout.storage.runs[glyph.run].bounds.origin.y)
}

/// Each glyph of the layout drawn (glyph index → its frame position), failing the test when
/// one is drawn twice.
func drawnPositions(_ list: DisplayList) -> [Int: CGPoint] {
    var result: [Int: CGPoint] = [:]
    for operation in list.glyphOperations {
        for (glyph, position) in zip(operation.glyphs, operation.framePositions) {
            precondition(result[glyph] == nil, "glyph \(glyph) drawn twice")
            result[glyph] = position
        }
    }
    return result
}

/// Whether two numbers agree to within `tolerance`.
func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

/// Whether two points agree to within `tolerance` on each axis.
func close(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool { close(a.x, b.x, tolerance) && close(a.y, b.y, tolerance) }

/// Whether a state is the plain one: opaque, normal blend, no filters, clips or masks.
func isPlain(_ state: DrawState) -> Bool {
    state.opacity == 1 && state.blendMode == .normal && state.filters.isEmpty && state.clips.isEmpty && state.maskCount == 0
}
