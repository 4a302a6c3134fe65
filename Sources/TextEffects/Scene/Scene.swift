import Foundation

/// A scene: a canvas, text blocks with their effects, and the timeline they are drawn over.
public struct Scene: Sendable {
    public struct Canvas: Hashable, Sendable {
        public var width: Double
        public var height: Double
        /// `nil` for a transparent background (or one painted with `backgroundPaint`).
        public var background: Color?
        /// A background that is not one colour (a gradient); when set, it is drawn instead of `background`.
        package var backgroundPaint: Paint?
        /// Pixels per point.
        public var scale: Double
        /// Whether `height` is the content's (`"height": "auto"`): the blocks' laid-out bottoms
        /// plus the margin above the highest text block, worked out when the scene is laid out
        /// (``SceneRenderer`` sets `height` and clears this). Until then `height` is a stand-in.
        package var isHeightAuto = false

        public init(width: Double, height: Double, background: Color? = .white, scale: Double = 1) {
            self.width = width
            self.height = height
            self.background = background
            self.scale = scale
        }

        public var pixelWidth: Int { Int((width * scale).rounded()) }
        public var pixelHeight: Int { Int((height * scale).rounded()) }
    }

    public var version: Int = 1
    public var canvas: Canvas
    public var fps: Double = Scene.defaultFPS
    public var duration: Double = Scene.defaultDuration
    /// The frame rate of a scene that does not set `fps`.
    package static let defaultFPS: Double = FrameRate.defaultRate.value
    /// The length in seconds of an animated scene that does not set `duration`.
    package static let defaultDuration: Double = 1
    /// Whether the scene is a still: one frame, at time 0, whatever `duration` and `fps` say.
    ///
    /// A decoded scene is a still when it gives neither `duration` nor `fps` and nothing in it
    /// changes over time: no keyframes whose value changes (opacity, offset, viewport scroll,
    /// effect parameters, `animatableData`), no effect that changes over time
    /// (``SceneEffect/changesOverTime``), no captions. A scene made in code is not a still
    /// unless it says so.
    public var isStill = false
    /// For a decoded animated scene, the JSON path of the first thing that makes it animated
    /// (`duration`, `blocks[0].effects[1]`), for messages; nil otherwise.
    package var animatedBy: String?
    package var environment = TextEnvironment()
    /// Absolute paths of extra font folders.
    public var fontDirectories: [String] = []
    /// Every font family the scene names, where (the first place of each is what messages name).
    package var fontFamilies: [FontFamilyUse] = []
    /// `fonts.strict`: a family fontconfig does not have is an error, not a warning.
    package var strictFonts = false
    package var blocks: [Block]
    /// The scene file's folder, against which relative paths were resolved.
    public var baseDirectory: URL?
    /// The window onto the content; `nil` shows the whole canvas, not scrolled.
    package var viewport: Viewport?
    /// What counts as a link impression in the link report.
    package var analytics = Analytics()
    /// The language its localized spans were shown in; `nil` for a scene without `strings`.
    public var locale: String?
    /// Every language of the scene's string tables, sorted (what `--locale all` renders).
    public var locales: [String] = []
    /// Captions drawn over the blocks, each cue on its frames at the scene's `fps`.
    package var captions: SceneCaptions?

    package init(canvas: Canvas, blocks: [Block]) {
        self.canvas = canvas
        self.blocks = blocks
    }

    /// Frames in the animation: round(duration × fps), at least one; one for a still.
    public var frameCount: Int { isStill ? 1 : max(1, Int((duration * fps).rounded())) }

    /// The time of frame `index`, in seconds.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }

    /// The viewport frames show: the scene's, or the whole canvas without scrolling.
    package var effectiveViewport: Viewport { viewport ?? Viewport(canvas: canvas) }
}

/// A block of text in a scene: its box, content, paragraph settings and effects.
package struct Block: Sendable {
    public struct Frame: Hashable, Sendable {
        public var x: Double, y: Double, width: Double
        public var height: Double?

        public init(x: Double, y: Double, width: Double, height: Double? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    public var id: String
    public var frame: Frame
    public var text: RichText
    public var alignment: TextAlignment = .leading
    public var lineSpacing: Double = 0
    public var lineHeightMultiple: Double?
    public var lineLimit: Int?
    public var truncation = Truncation()
    /// Whether CJK and Hangul words stay whole (`keep-all`).
    public var wordBreak: WordBreak = .normal
    /// Whether words break with a hyphen by the scene language's dictionary.
    public var hyphenate = false
    /// How far text that would be truncated may shrink to fit instead (SwiftUI's `minimumScaleFactor`).
    public var minimumScaleFactor: Double = 1
    /// Whether letter spacing may tighten before the text shrinks or is truncated (SwiftUI's `allowsTightening`).
    public var allowsTightening = false
    /// The renderers drawing this block, in order; empty draws the text as laid out.
    public var effects: [any TextRenderer] = []
    public var opacity: Keyframed<Double> = .constant(1)
    public var offset: Keyframed<CGPoint> = .constant(.zero)
    /// A rounded box drawn behind the text (a chat bubble, a caption plate, a card).
    public var background: Background?
    /// The Markdown document the block lays out as blocks (headings, lists, quotes, code,
    /// tables), when its content was given as Markdown; `text` then holds the same text flattened.
    public var markdown: MarkdownView?
    /// The shape the block draws filling its frame instead of text (a `shape` block); its
    /// `text` is then empty.
    package var shape: ShapeBlock?
    /// The image the block draws filling its frame instead of text (an `image` block); its
    /// `text` is then empty.
    package var image: ImageBlock?
    /// The stack the block lays out in its frame (a `stack` block): before any frame is drawn,
    /// ``Scene/resolvingStacks(fonts:)`` replaces the block by its children at their frames.
    package var stack: Stack?
    /// The timed chunks (or steady rate) its Markdown arrives in, for a streamed answer: each
    /// frame shows the text arrived by its time (see ``StreamedBlockLayouts``).
    package var stream: MarkdownStream?
    /// The longest `{"arrived": {"within": s}}` window its effects select (0 for none): how far
    /// back a streamed block's frames look to tell new text from old.
    package var arrivalWindow = 0.0
    /// The opacities and offsets of the stacks a child of a stack was laid out in (outermost
    /// first), applied with its own: see ``opacity(at:)`` and ``offset(at:)``.
    package var stackOpacity: [Keyframed<Double>] = []
    package var stackOffset: [Keyframed<CGPoint>] = []

    /// A rounded box behind a block's text: the widest line (or the frame's width) by the text's
    /// height (or the frame's), plus padding.
    public struct Background: Hashable, Sendable {
        public var paint: Paint
        public var cornerRadius: Double
        /// Padding around the text, in points: `width` left and right, `height` above and below.
        public var padding: CGSize
        /// Whether the box spans the frame's width rather than the widest line.
        public var fillsWidth: Bool
        /// The shape of the box; nil for a rounded rectangle of `cornerRadius` with circular corners.
        package var shape: ShapeKind?
        /// An outline around the box.
        package var stroke: ShapeStroke?

        public init(paint: Paint, cornerRadius: Double = 0, padding: CGSize = .zero, fillsWidth: Bool = false) {
            self.paint = paint
            self.cornerRadius = cornerRadius
            self.padding = padding
            self.fillsWidth = fillsWidth
        }

        /// The box for a layout, in the block's coordinates; `size` is the text's size as its
        /// renderers ask for it (`sizeThatFits`), the layout's own by default.
        public func rect(for layout: TextLayout, frame: Frame, size: CGSize? = nil) -> CGRect {
            let size = size ?? layout.textSize
            let width = fillsWidth ? frame.width : size.width
            let x: Double = fillsWidth ? 0 : (layout.first.map { line in layout.reduce(line.typographicBounds.origin.x) { min($0, $1.typographicBounds.origin.x) } } ?? 0)
            let height = frame.height ?? size.height
            return CGRect(x: x - padding.width, y: -padding.height,
                          width: width + 2 * padding.width, height: height + 2 * padding.height)
        }

        /// The box's outline filling `rect`: its shape, or a rounded rectangle of `cornerRadius`.
        package func path(in rect: CGRect) -> Path {
            shape?.path(in: rect) ?? Path(roundedRect: rect, cornerRadius: cornerRadius, style: .circular)
        }
    }

    public init(id: String, frame: Frame, text: RichText) {
        self.id = id
        self.frame = frame
        self.text = text
    }

    /// The renderer that draws the block: its effects stacked, or the default renderer.
    public var renderer: any TextRenderer {
        effects.isEmpty ? DefaultTextRenderer() : RendererStack(effects)
    }

    /// What the block proposes to its renderers' `sizeThatFits`: its frame's width and height.
    public var proposal: ProposedViewSize {
        ProposedViewSize(width: frame.width, height: frame.height.map { CGFloat($0) })
    }

    /// Lays the block out: its Markdown document as blocks, or its rich text.
    public func layout(in environment: TextEnvironment, fonts: FontLibrary = .system) -> TextLayout {
        let options = layoutOptions(in: environment)
        if let markdown { return TextLayout(markdown, options: options, baseStyle: text.baseStyle, fonts: fonts) }
        return TextLayout(text, options: options, fonts: fonts)
    }

    /// What the block's renderers are asked to size.
    func textProxy(in environment: TextEnvironment, fonts: FontLibrary, knownSize: CGSize?) -> TextProxy {
        TextProxy(text: text, markdown: markdown, options: layoutOptions(in: environment), fonts: fonts, knownSize: knownSize)
    }

    /// The layout settings for this block in `environment`.
    public func layoutOptions(in environment: TextEnvironment) -> LayoutOptions {
        // A streamed answer is never cut: its frame's height is the window it scrolls in.
        var options = LayoutOptions(width: frame.width, height: stream == nil ? frame.height : nil, alignment: alignment, lineSpacing: lineSpacing,
                                    lineHeightMultiple: lineHeightMultiple, environment: environment,
                                    lineLimit: lineLimit, truncation: truncation, wordBreak: wordBreak, hyphenate: hyphenate)
        options.minimumScaleFactor = minimumScaleFactor
        options.allowsTightening = allowsTightening
        return options
    }
}
