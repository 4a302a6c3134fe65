import Foundation

/// A PNG or SVG image to show inline in text, as SwiftUI's `Text(Image(...))`.
///
/// The file is decoded once, when the image is created; copies share the decoded image, so a
/// scene that shows one logo many times, over many frames, reads it once.
public struct Image: Hashable, Sendable {
    let source: ImageSource

    /// Reads and decodes a PNG or SVG file.
    public init(contentsOfFile path: String) throws(ImageError) {
        source = try ImageSource(contentsOfFile: path)
    }

    /// The path the image was read from.
    public var path: String { source.path }

    /// The image's own size in points: a PNG's pixels, an SVG's width and height.
    public var size: CGSize { source.size }

    /// Width over height.
    public var aspectRatio: Double { size.width / size.height }

    /// Whether the file was an SVG (drawn as vectors) rather than a PNG.
    public var isVector: Bool { source.kind == .svg }

    public static func == (a: Image, b: Image) -> Bool { a.source === b.source }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(source)) }
}
