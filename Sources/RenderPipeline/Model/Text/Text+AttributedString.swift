import Foundation

extension Text {
    /// The characters of an `AttributedString` with their SwiftUI attributes (colour, background,
    /// font, underline, strikethrough, kerning, tracking, baseline offset) and Foundation's
    /// `link`, as SwiftUI's `Text(_: AttributedString)`. Attributes of other scopes are ignored.
    public init(_ attributedContent: AttributedString) {
        typealias SwiftUI = AttributeScopes.SwiftUIAttributes
        var spans: [Span] = []
        for run in attributedContent.runs {
            var piece = Text(verbatim: String(attributedContent[run.range].characters))
            if let color = run[SwiftUI.ForegroundColorAttribute.self] { piece = piece.foregroundColor(color) }
            if let color = run[SwiftUI.BackgroundColorAttribute.self] { piece = piece.backgroundColor(color) }
            if let font = run[SwiftUI.FontAttribute.self] { piece = piece.font(font) }
            if let line = run[SwiftUI.UnderlineStyleAttribute.self] {
                piece = piece.underline(true, decoration: line.pattern.decoration, color: line.color)
            }
            if let line = run[SwiftUI.StrikethroughStyleAttribute.self] {
                piece = piece.strikethrough(true, decoration: line.pattern.decoration, color: line.color)
            }
            if let kern = run[SwiftUI.KerningAttribute.self] { piece = piece.kerning(kern) }
            if let tracking = run[SwiftUI.TrackingAttribute.self] { piece = piece.tracking(tracking) }
            if let offset = run[SwiftUI.BaselineOffsetAttribute.self] { piece = piece.baselineOffset(offset) }
            if let url = run.link { piece = piece.link(url.absoluteString) }
            spans += piece.spans
        }
        self.init(spans: spans)
    }
}
