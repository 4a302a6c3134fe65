import Foundation

/// Draws a laid-out text, as SwiftUI's `TextRenderer`: walk the layout's lines, runs and slices
/// and draw them, moved, faded, filtered or decorated, into the context.
///
/// Renderers are values shared by all frames, which render in parallel: keep them immutable
/// and read the frame's time from `context.time`, or let a scene set `animatableData` from
/// keyframes for each frame, as SwiftUI's animations do.
public protocol TextRenderer: Animatable, Sendable {
    /// Draws `layout` into `context`.
    func draw(layout: Text.Layout, in ctx: inout GraphicsContext)

    /// How far outside the text's bounds this renderer may draw: a block's drawing is clipped
    /// to its bounds grown by this (and by room for glyph overhangs).
    var displayPadding: EdgeInsets { get }

    /// The size the text takes when this renderer draws it: the text's own size by default.
    /// A scene block's background, clip and `measure` report use it.
    func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize
}

extension TextRenderer {
    public var displayPadding: EdgeInsets { EdgeInsets() }

    public func sizeThatFits(proposal: ProposedViewSize, text: TextProxy) -> CGSize {
        text.sizeThatFits(proposal)
    }
}
