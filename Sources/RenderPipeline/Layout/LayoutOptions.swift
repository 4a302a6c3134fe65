/// The box and paragraph settings a rich text is laid out with.
public struct LayoutOptions: Hashable, Sendable {
    /// Wrap width in points; `nil` lays each paragraph out on one line.
    public var width: Double?
    /// The box height in points; `nil` makes the layout as tall as its text.
    public var height: Double?
    public var alignment: TextAlignment
    /// Extra points between lines.
    public var lineSpacing: Double
    /// Line height as a multiple of the font's; `nil` keeps the font's.
    public var lineHeightMultiple: Double?
    package var environment: TextEnvironment
    /// The most lines the whole text may take (across paragraphs); `nil` for no limit.
    public var lineLimit: Int?
    /// How text beyond `lineLimit` or `height` is cut.
    package var truncation: Truncation
    /// Whether CJK and Hangul words may break between characters (`.normal`) or stay whole.
    package var wordBreak: WordBreak = .normal
    /// Whether words break with a hyphen at the points the environment language's dictionary
    /// allows (libhyphen with Debian's `hyphen-*` patterns; no dictionary, no hyphenation).
    public var hyphenate: Bool = false
    /// How far the text may shrink to avoid truncation at `lineLimit` or `height`, as SwiftUI's
    /// `minimumScaleFactor(_:)`: 1 never shrinks; 0.5 allows half the size.
    package var minimumScaleFactor: Double = 1
    /// Whether the letter spacing may tighten (up to ``TextFit/maximumTightening``) before the
    /// text shrinks or is truncated, as SwiftUI's `allowsTightening(_:)`.
    package var allowsTightening: Bool = false
    /// The scale and tightening the text is laid out at: set by fitting, the identity otherwise.
    package var fit: TextFit = .identity

    /// Whether the text may be shrunk or tightened to fit rather than only truncated.
    package var fitsBySizing: Bool { minimumScaleFactor < 1 || allowsTightening }

    /// Options for laying out text at a Dynamic Type size, as a SwiftUI `Text` view's frame,
    /// `lineLimit`, `lineSpacing` and `multilineTextAlignment` modifiers lay it out.
    public init(width: Double? = nil, height: Double? = nil, alignment: TextAlignment = .leading,
                lineSpacing: Double = 0, lineHeightMultiple: Double? = nil, lineLimit: Int? = nil,
                hyphenate: Bool = false, dynamicTypeSize: DynamicTypeSize = .large) {
        self.init(width: width, height: height, alignment: alignment, lineSpacing: lineSpacing,
                  lineHeightMultiple: lineHeightMultiple, environment: TextEnvironment(sizeCategory: dynamicTypeSize),
                  lineLimit: lineLimit, truncation: Truncation(), wordBreak: .normal, hyphenate: hyphenate)
    }

    // Disfavoured so that a call naming only the public options takes the public initializer.
    @_disfavoredOverload
    package init(width: Double? = nil, height: Double? = nil, alignment: TextAlignment = .leading,
                lineSpacing: Double = 0, lineHeightMultiple: Double? = nil,
                environment: TextEnvironment = TextEnvironment(), lineLimit: Int? = nil,
                truncation: Truncation = Truncation(), wordBreak: WordBreak = .normal, hyphenate: Bool = false) {
        self.wordBreak = wordBreak
        self.hyphenate = hyphenate
        self.lineLimit = lineLimit
        self.truncation = truncation
        self.width = width
        self.height = height
        self.alignment = alignment
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.environment = environment
    }
}
