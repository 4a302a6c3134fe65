import Foundation

/// Writes frames as `frame_0000.png`, `frame_0001.png`, … into a folder, each atomically.
///
/// The folder is created if missing, with its parents (`mkdir -p`); files in it other than the
/// frames written are left alone. Errors are `OutputError`s. A writer made for one file
/// (`--out card.png`) writes its one frame there instead.
public struct PNGFrameWriter: Sendable {
    public let directory: URL
    /// Digits in frame numbers: four, or more when there are more frames.
    public let digits: Int
    /// How the frames' pixels are compressed (`--png-compression`).
    package let compression: PNGCompression
    /// The file a one-frame render is written to, in place of a numbered frame in `directory`.
    private let file: URL?
    /// Whether frames are written many at a time, so each is encoded for throughput (`PNGEncoding.partRows`).
    private let oneOfMany: Bool

    public init(directory: URL, frameCount: Int) throws {
        try self.init(directory: directory, frameCount: frameCount, compression: .portable)
    }

    package init(directory: URL, frameCount: Int, compression: PNGCompression) throws {
        self.directory = directory
        self.compression = compression
        digits = FrameFileName.digits(forFrameCount: frameCount)
        file = nil
        oneOfMany = frameCount > 1
        try OutputPlace.createFolder(directory)
    }

    /// Writes a render of one frame (a still) to `file` itself, creating its folder if missing.
    ///
    /// Still a frame writer, so a still gets the same encoding (a large opaque frame compressed
    /// on a second core while it is drawn) and the same bytes as a one-frame render's `frame_0000.png`.
    package init(file: URL, compression: PNGCompression) throws {
        directory = file.deletingLastPathComponent()
        self.file = file
        self.compression = compression
        digits = 4
        oneOfMany = false
        try OutputPlace.createFolder(directory)
    }

    /// Where frame `index` goes: its numbered file in `directory`, or the one file of a still.
    public func url(forFrame index: Int) -> URL {
        if let file { return file }
        return directory.appendingPathComponent(FrameFileName.name(ofFrame: index, digits: digits, fileExtension: "png"))
    }

    public func write(_ surface: ImageSurface, frame index: Int) throws {
        try write(surface, frame: index, consumingPixels: false)
    }

    /// Writes a frame whose pixels the caller is done with (a render's worker, which draws its
    /// next frame over them): an opaque frame's scanlines may be packed over its pixels
    /// (`PNGEncoding`'s `consumingPixels`), so the surface holds no picture afterwards.
    package func write(consuming surface: ImageSurface, frame index: Int) throws {
        try write(surface, frame: index, consumingPixels: true)
    }

    private func write(_ surface: ImageSurface, frame index: Int, consumingPixels: Bool) throws {
        let encoding = PNGEncoding(surface, compression: compression, oneOfMany: oneOfMany, consumingPixels: consumingPixels)
        try AtomicFile.write(encoding.finish(), to: url(forFrame: index))
    }

    /// Writes a frame already encoded as PNG.
    package func write(_ png: Data, frame index: Int) throws {
        try AtomicFile.write(png, to: url(forFrame: index))
    }
}
