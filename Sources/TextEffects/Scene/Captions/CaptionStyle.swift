import Foundation

/// How captions look and where they go: font, colours, plate, outline, shadow, placement and
/// the broadcast limits (lines, characters per line, safe area).
///
/// A scene's `captions.style` and `texteffects captions --style` read it from JSON (see the
/// "Captions" section of docs/SCENE-FORMAT.md); the presets are ``CaptionStyle/preset(named:)``.
package struct CaptionStyle: Hashable, Sendable {
    /// The largest `--style` file read, in bytes (a style is a few hundred).
    package static let maximumFileSize = 1_000_000

    /// Where a cue without a WebVTT `line` setting goes.
    public enum Placement: String, Hashable, Sendable, CaseIterable {
        case bottom, top, center
    }

    /// Whether a cue's own line breaks are kept or its text is re-broken into balanced lines.
    public enum LineBreaks: String, Hashable, Sendable, CaseIterable {
        /// Lines of similar width, as few as fit (the author's breaks become spaces).
        case balanced
        /// The cue's lines as written (still wrapped when one is too long).
        case asWritten
    }

    /// A length that may follow the frame: points, or a fraction of the frame's height (`"5vh"`).
    public enum Length: Hashable, Sendable {
        case points(Double)
        case frameHeight(Double)

        /// The length in points for a frame `height` points tall.
        public func points(frameHeight height: Double) -> Double {
            switch self {
            case .points(let value): value
            case .frameHeight(let fraction): fraction * height
            }
        }
    }

    /// The rounded box behind each line.
    public struct Plate: Hashable, Sendable {
        public var paint: Paint
        public var cornerRadius: Double
        /// Padding around each line: `width` left and right, `height` above and below.
        public var padding: CGSize

        public init(paint: Paint, cornerRadius: Double = 6, padding: CGSize = CGSize(width: 12, height: 4)) {
            self.paint = paint
            self.cornerRadius = cornerRadius
            self.padding = padding
        }
    }

    /// The glyph outline, stroked outward under the fill.
    public struct Outline: Hashable, Sendable {
        public var paint: Paint
        /// The stroke's width: points, or a fraction of the frame height (`"0.8vh"`).
        public var width: Length

        public init(paint: Paint = .color(.black), width: Length = .points(2)) {
            self.paint = paint
            self.width = width
        }
    }

    /// A drop shadow under the text (and its outline).
    public struct Shadow: Hashable, Sendable {
        public var color: Color
        public var radius: Double
        public var x: Double
        public var y: Double

        public init(color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.6), radius: Double = 3, x: Double = 0, y: Double = 2) {
            self.color = color
            self.radius = radius
            self.x = x
            self.y = y
        }
    }

    /// The text's font; its `size` is replaced by ``size``.
    public var font = FontDescriptor(weight: .semibold)
    /// The font size: points, or a fraction of the frame height (default 5 % of it).
    public var size: Length = .frameHeight(0.05)
    /// The text's colour or gradient.
    public var color: Paint = .color(.white)
    public var plate: Plate? = Plate(paint: .color(Color(red: 0, green: 0, blue: 0, alpha: 0.75)))
    public var outline: Outline?
    public var shadow: Shadow?
    public var placement: Placement = .bottom
    /// How lines align in a cue without a WebVTT `align` setting.
    public var alignment: TextAlignment = .center
    /// The most lines a caption shows at once; a longer cue is split into captions shown one after another.
    public var maxLines = 2
    /// The most characters (grapheme clusters) in one line.
    public var maxCharactersPerLine = 42
    /// The part of the frame kept free at each side, as fractions of the frame's width and height
    /// (default 10 %): captions stay inside the rest.
    public var safeArea = CGSize(width: 0.1, height: 0.1)
    /// Extra points between lines.
    public var lineSpacing: Double = 0
    public var lineBreaks: LineBreaks = .balanced
    /// Styles for WebVTT classes (`<c.highlight>`, `<v.loud Maya>`), by class name.
    public var classes: [String: Style] = [:]
    /// Whether a voice's name (`<v Maya>`) is shown before its words, as `Maya: `.
    public var showsVoice = false
    /// The style of the voice's name when shown (over the text's).
    public var voiceStyle = Style(bold: true)
    /// How timed words show as they are spoken (karaoke, highlight, pop, reveal); nil draws
    /// every word alike.
    public var words: Words?

    public init() {}

    /// The text style the cue's spans start from, for a frame `height` points tall.
    public func baseStyle(frameHeight height: Double) -> Style {
        var font = font
        font.size = max(1, size.points(frameHeight: height))
        font.textStyle = nil
        return Style(font: font, color: color)
    }
}
