/// The bounds every scene is held to, so that no scene, however large or odd, makes texteffects
/// crash, hang or run out of memory: `validate` refuses what is beyond them exactly as render
/// does (exit 2, naming the JSON path).
///
/// Each is far above real use: a 1,000,000-character document, 10,000 feed posts in one scene,
/// an hour of 60 fps video. docs/SCENE-FORMAT.md ("Limits") lists them in one table; captions
/// and string tables have their own (`CaptionLimits`, "Localized scenes").
package enum SceneLimits {
    /// The widest and tallest canvas, in pixels (points × `scale`).
    public static let maximumCanvasSide = 16384
    /// The most frames a scene has (round(`duration` × `fps`)), as `--frames` allows.
    public static let maximumFrameCount = 1_000_000
    /// The largest scene file, in bytes: room for `maximumSceneCharacters` written as JSON
    /// escapes. Only a regular file is read (a FIFO or a device is refused, never waited on).
    public static let maximumSceneFileSize = 256_000_000
    /// The most blocks in a scene.
    public static let maximumBlockCount = 100_000
    /// The most characters (Unicode scalars) of one block's `text`, `markdown` or `markup`.
    public static let maximumBlockCharacters = 4_000_000
    /// The most characters of all blocks of a scene together.
    public static let maximumSceneCharacters = 16_000_000
    /// The most span objects in one block's `text` (or one truncation token).
    public static let maximumSpansPerBlock = 100_000
    /// The most effects on one block.
    public static let maximumEffectsPerBlock = 100
    /// How many stacks may nest inside one another (a top-level stack is 1).
    public static let maximumStackDepth = 32
    /// How many block quotes and lists a Markdown document may nest inside one another.
    public static let maximumMarkdownBlockDepth = 32
    /// How many emphasis, strong, strikethrough, link and image spans Markdown may nest.
    public static let maximumMarkdownInlineDepth = 32
    /// How deeply raw HTML elements inside a Markdown document nest: an element deeper than
    /// this is reduced to its text (HTML's own nesting is independent of Markdown's).
    public static let maximumHTMLDepth = 64
    /// How deeply Pango markup tags may nest.
    public static let maximumMarkupDepth = 64
    /// The widest and tallest image (PNG pixels, or an SVG's intrinsic size), read from its header
    /// before it is decoded.
    public static let maximumImageSide = 16384
    /// The most pixels of an image (width × height): 8192 × 8192, 256 MB decoded.
    public static let maximumImagePixels = 8192 * 8192
    /// The most pixels of all the distinct images one scene decodes together (a PNG's pixels, an
    /// SVG's intrinsic size): four of the largest, 1 GiB decoded. Each image counts once however
    /// many spans show it; a batch row's scene counts the images it shares with other rows too.
    public static let maximumScenePixels = 4 * maximumImagePixels
    /// The most paragraph breaks × characters in one block's `text` or `markup`: Pango counts the
    /// characters from the start of the text for every paragraph, so a block of many short
    /// paragraphs lays out in time that grows with their product. 2 × 10⁹ is 20,000 breaks in
    /// 100,000 characters, or 2,000 in 1,000,000 (a few seconds at worst); Markdown lays out
    /// each element on its own and is not held to it.
    public static let maximumParagraphWork = 2_000_000_000
    /// The largest blur radius in points (a span's `blur` attribute, as the `blur` effect's `radius`).
    public static let maximumBlurRadius = 500.0
}
