import Foundation

/// A PNG, JPEG, WebP or SVG image to show inline in text, as SwiftUI's `Text(Image(...))`, or a named
/// symbol (`Image(systemName:)`, see `Symbol`).
///
/// The file is decoded once, when the image is created; copies share the decoded image, so a
/// scene that shows one logo many times, over many frames, reads it once.
public struct Image: Hashable, Sendable {
    /// The decoded file; `nil` for a symbol.
    let source: ImageSource?
    /// The icon this image names (`Image(systemName:)`); `nil` for a file.
    package internal(set) var symbol: Symbol?
    /// `.template` draws a file's alpha filled with the text's colour; symbols always are.
    public var renderingMode: TemplateRenderingMode = .original
    /// Its frame's width, content mode, alignment and clip shape (a photo cropped to a circle).
    package var presentation = ImagePresentation()

    /// Reads and decodes a PNG or SVG file (a regular file; a FIFO or a device is an error).
    package init(contentsOfFile path: String) throws(ImageError) {
        source = try ImageSource(contentsOfFile: path)
    }

    /// Decodes a PNG or SVG file's bytes, read by the caller; `path` names it. `monochrome`
    /// declares an SVG whose every shape takes the default fill (see `ImageSource.isMonochrome`).
    package init(data: Data, path: String, monochrome: Bool = false) throws(ImageError) {
        source = try ImageSource(data: data, path: path, monochrome: monochrome)
    }

    /// A named symbol: an SF Symbols name (`"heart.fill"`) or a Material Icons name (`"favorite"`).
    /// An unknown name draws nothing, as in SwiftUI; scenes report it as an error.
    public init(systemName: String) {
        source = nil
        symbol = Symbol(systemName)
    }

    /// The path the image was read from; empty for a symbol.
    public var path: String { source?.path ?? "" }

    /// The image's own size in points: a PNG's pixels, an SVG's width and height; a symbol's
    /// em square at the body size (17 pt); zero for an image that names nothing.
    public var size: CGSize { source?.size ?? (symbol == nil ? .zero : CGSize(width: 17, height: 17)) }

    /// About how many bytes the decoded image holds: its pixels, or for an SVG a raster of its
    /// own size (what drawing it at that size keeps).
    package var estimatedBytes: Int { source.map { Int($0.size.width.rounded(.up) * $0.size.height.rounded(.up)) * 4 } ?? 0 }

    /// Lets the decoded pixels go until the image is drawn again (see `ImageSource.releasePixels()`);
    /// copies share them, so they all let go.
    package func releasePixels() { source?.releasePixels() }

    /// Whether the decoded pixels are held now (tests).
    package var holdsPixels: Bool { source?.holdsPixels ?? false }

    /// Width over height (1 for an image of no size).
    public var aspectRatio: Double { size.height > 0 ? size.width / size.height : 1 }

    /// Whether the file was an SVG (drawn as vectors) rather than a PNG; symbols are vectors too.
    public var isVector: Bool { source.map { $0.kind == .svg } ?? true }

    /// Whether the image is drawn as a mask in the text's colour.
    public var isTemplate: Bool { symbol != nil || renderingMode == .template }

    public static func == (a: Image, b: Image) -> Bool {
        a.source === b.source && a.symbol == b.symbol && a.renderingMode == b.renderingMode
            && a.presentation == b.presentation
    }

    public func hash(into hasher: inout Hasher) {
        if let source { hasher.combine(ObjectIdentifier(source)) }
        hasher.combine(symbol)
        hasher.combine(renderingMode)
        hasher.combine(presentation)
    }
}
