import Foundation

/// Draws a laid-out text, as SwiftUI's `TextRenderer`: walk the layout's lines, runs and glyphs
/// and draw them, moved, faded, filtered or decorated, into the context.
///
/// Renderers are values shared by all frames, which render in parallel: keep them immutable
/// and read the frame's time from `context.time`.
public protocol TextRenderer: Sendable {
    /// Draws `layout` (the whole text or a fragment an earlier renderer handed on) into `context`.
    func draw(layout: TextLayout, in context: inout GraphicsContext)

    /// How far outside the layout's bounds this renderer may draw.
    var displayPadding: EdgeInsets { get }

    /// The size the text needs when this renderer draws it; the layout's size by default.
    func sizeThatFits(proposal: ProposedSize, text: TextProxy) -> CGSize
}

extension TextRenderer {
    public var displayPadding: EdgeInsets { EdgeInsets() }

    public func sizeThatFits(proposal: ProposedSize, text: TextProxy) -> CGSize {
        text.sizeThatFits(proposal)
    }
}

/// Insets on each edge, in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

    /// The larger inset on each edge.
    public func union(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: max(top, other.top), leading: max(leading, other.leading),
                   bottom: max(bottom, other.bottom), trailing: max(trailing, other.trailing))
    }
}

/// A size proposal: `nil` in a dimension means "as much as you need".
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
}

/// The text a renderer is asked to size, able to lay itself out at any proposal.
public struct TextProxy: Sendable {
    let text: RichText
    let options: LayoutOptions
    let fonts: FontLibrary

    public init(text: RichText, options: LayoutOptions, fonts: FontLibrary = .system) {
        self.text = text
        self.options = options
        self.fonts = fonts
    }

    /// The text's size when laid out at the proposed width (and limited to the proposed height).
    public func sizeThatFits(_ proposal: ProposedSize) -> CGSize {
        var options = options
        if let width = proposal.width { options.width = width }
        if let height = proposal.height { options.height = height }
        return TextLayout(text, options: options, fonts: fonts).size
    }
}
