import Foundation

extension GraphicsContext {
    /// A text ready to draw with this context's fonts, as SwiftUI's `GraphicsContext.ResolvedText`:
    /// measure it, then draw it where it fits.
    public struct ResolvedText: Sendable {
        let text: Text
        let fonts: FontLibrary
        /// What uncoloured text is drawn with; `.foreground` keeps each span's own colour.
        public var shading: Shading = .foreground

        func layout(in size: CGSize?) -> TextLayout {
            var options = LayoutOptions()
            if let width = size?.width, width.isFinite { options.width = Double(width) }
            return TextLayout(text, options: options, fonts: fonts)
        }

        /// The size the text needs when it may be `size` wide at most.
        public func measure(in size: CGSize) -> CGSize { layout(in: size).textSize }

        /// The distance from the top to the first line's baseline, laid out `size.width` wide.
        public func firstBaseline(in size: CGSize) -> CGFloat {
            layout(in: size).first.map { $0.typographicBounds.origin.y } ?? 0
        }

        /// The distance from the top to the last line's baseline, laid out `size.width` wide.
        public func lastBaseline(in size: CGSize) -> CGFloat {
            layout(in: size).last.map { $0.typographicBounds.origin.y } ?? 0
        }
    }

    /// The text resolved with this context's fonts, for measuring before drawing.
    public func resolve(_ text: Text) -> ResolvedText { ResolvedText(text: text, fonts: fonts) }

    /// Draws resolved text wrapped to `rect`'s width, its top-left at the rectangle's.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        var context = withShading(of: text, movedBy: CGSize(width: rect.minX, height: rect.minY))
        context.clip(to: rect)
        context.translateBy(x: rect.minX, y: rect.minY)
        context.draw(text.layout(in: rect.size))
    }

    /// Draws resolved text on one line with its `anchor` point at `point`.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let layout = text.layout(in: nil)
        let size = layout.textSize
        let origin = CGSize(width: point.x - anchor.x * size.width, height: point.y - anchor.y * size.height)
        var context = withShading(of: text, movedBy: origin)
        context.translateBy(x: origin.width, y: origin.height)
        context.draw(layout)
    }

    /// This context painting glyphs with the text's shading; `origin` is where the text's
    /// coordinates start, so a gradient given in this context's coordinates stays where it was put.
    private func withShading(of text: ResolvedText, movedBy origin: CGSize) -> GraphicsContext {
        var context = self
        if case .foreground = text.shading.kind { return context }
        guard let paint = resolve(text.shading).paint else { return context }
        context.foregroundPaint = paint.offsetBy(dx: -origin.width, dy: -origin.height)
        return context
    }
}

extension GraphicsContext.Shading {
    /// The shading as a `Paint`; nil for `.foreground`, which keeps the text's own.
    var paint: Paint? {
        switch kind {
        case .paint(let paint): return paint
        case .palette(let all): return all.first?.paint
        case .foreground: return nil
        }
    }
}
