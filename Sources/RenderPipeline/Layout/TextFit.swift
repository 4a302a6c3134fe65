/// How much a text was shrunk to fit its line limit or frame: a factor on its sizes and a
/// tightening of its letter spacing (SwiftUI's `minimumScaleFactor` and `allowsTightening`).
///
/// The scale multiplies everything that sets the text's size, so a fitted text looks like the
/// same text set smaller: every span's font size, its `kerning` and `baselineOffset`, inline
/// images given in points, tags (their text, padding and corner radius), symbols, and the
/// block's `lineSpacing` (and, in a Markdown document, its elements' spacing, padding, indents
/// and rules). The frame, the truncation `reserve` and the renderers' own parameters keep
/// their values: they belong to the box, not to the text. Tightening takes `tightening` ems of
/// each span's (scaled) size off its letter spacing.
package struct TextFit: Hashable, Sendable {
    /// The factor on the text's sizes, in `minimumScaleFactor…1`.
    public var scale: Double
    /// Letter spacing taken off, as a fraction of each span's font size (0 = none).
    public var tightening: Double

    public init(scale: Double = 1, tightening: Double = 0) {
        self.scale = scale
        self.tightening = tightening
    }

    /// The text as given: no scaling, no tightening.
    public static let identity = TextFit()

    /// The most `allowsTightening` takes off the letter spacing, in ems: 5 %, typographers'
    /// "tight" tracking, enough to save a few characters a line without the letters touching.
    public static let maximumTightening = 0.05

    /// `style` set at this fit; the identity returns it unchanged, bit for bit.
    func applied(to style: ResolvedStyle) -> ResolvedStyle {
        guard self != .identity else { return style }
        var fitted = style
        fitted.size = style.size * scale
        fitted.kerning = style.kerning * scale - tightening * fitted.size
        fitted.baselineOffset = style.baselineOffset * scale
        return fitted
    }
}
