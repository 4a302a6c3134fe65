import Foundation

/// A text's size with and without its line limit, without drawing it: what a feed needs to
/// place a collapsed "…more" post and its expanded state before anything is rendered.
package struct TextMeasurement: Codable, Hashable, Sendable {
    /// A rectangle in points, relative to the text's top-left corner.
    public struct Rect: Codable, Hashable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double

        init(_ rect: CGRect) {
            x = LayoutDump.round(rect.minX)
            y = LayoutDump.round(rect.minY)
            width = LayoutDump.round(rect.width)
            height = LayoutDump.round(rect.height)
        }
    }

    /// The widest line, in points, as laid out (truncation applied); in a scene, the width the
    /// block's renderers ask for (`sizeThatFits`), which is the same unless one of them changes it.
    public var width: Double
    /// The height of all lines, in points, as laid out; in a scene, the height the renderers ask for.
    public var height: Double
    public var lineCount: Int
    public var isTruncated: Bool
    /// The widest line with no line limit or frame height.
    public var fullWidth: Double
    /// The height with no line limit or frame height (the expanded state).
    public var fullHeight: Double
    public var fullLineCount: Int
    /// The text as shown: kept text plus the truncation token, images and tags as their `alt`.
    public var text: String
    /// Where drawing the text puts pixels: the lines' box and the glyphs' ink, grown by the
    /// renderers' `displayPadding` in a scene. A block's drawing is clipped to this rectangle
    /// widened to the frame and grown by one em, which leaves room for overhangs.
    public var drawingRect: Rect
    /// The factor the text's sizes were scaled by to fit (`minimumScaleFactor`): 1 when it fit
    /// as it was; absent when the block does not ask for fitting. `fullWidth`, `fullHeight` and
    /// `fullLineCount` stay the text's at its full size.
    public var scale: Double?
    /// The letter spacing taken off to fit (`allowsTightening`), in ems of each span's size;
    /// present with `scale`.
    public var tightening: Double?

    init(size: CGSize, lineCount: Int, isTruncated: Bool, fullSize: CGSize, fullLineCount: Int, text: String, inkRect: CGRect,
         fit: TextFit? = nil) {
        drawingRect = Rect(CGRect(origin: .zero, size: size).union(inkRect))
        (scale, tightening) = Self.reported(fit)
        width = LayoutDump.round(size.width)
        height = LayoutDump.round(size.height)
        self.lineCount = lineCount
        self.isTruncated = isTruncated
        fullWidth = LayoutDump.round(fullSize.width)
        fullHeight = LayoutDump.round(fullSize.height)
        self.fullLineCount = fullLineCount
        self.text = text
    }

    public init(_ layout: TextLayout) {
        width = LayoutDump.round(layout.textSize.width)
        height = LayoutDump.round(layout.textSize.height)
        lineCount = layout.storage.visualLineCount
        isTruncated = layout.isTruncated
        fullWidth = LayoutDump.round(layout.untruncatedSize.width)
        fullHeight = LayoutDump.round(layout.untruncatedSize.height)
        fullLineCount = layout.untruncatedLineCount
        text = layout.exportedText
        drawingRect = Rect(CGRect(origin: .zero, size: layout.textSize).union(layout.inkBounds))
        (scale, tightening) = Self.reported(layout.fit)
    }

    /// A fit as the report (and `--dump-layout`) gives it: to a millionth, which tells apart
    /// scales a Pango unit of font size apart (1/1024 pt in 1,000 pt); `nil` without fitting.
    static func reported(_ fit: TextFit?) -> (Double?, Double?) {
        guard let fit else { return (nil, nil) }
        return ((fit.scale * 1e6).rounded() / 1e6, (fit.tightening * 1e6).rounded() / 1e6)
    }
}

extension Text {
    /// Measures this text at `width` with a line limit, laying it out but drawing nothing.
    /// Safe to call from many threads at once.
    package func measure(width: Double?, lineLimit: Int? = nil, truncation: Truncation = Truncation(),
                        environment: TextEnvironment = TextEnvironment(), fonts: FontLibrary = .system) -> TextMeasurement {
        richText().measure(options: LayoutOptions(width: width, environment: environment, lineLimit: lineLimit, truncation: truncation),
                           fonts: fonts)
    }
}

extension RichText {
    /// Measures this text with `options`, laying it out but drawing nothing. Thread-safe.
    public func measure(options: LayoutOptions, fonts: FontLibrary = .system) -> TextMeasurement {
        PangoLayoutBuilder(text: self, options: options, fonts: fonts).measure()
    }
}
