import Foundation

/// Writes frames as JPEG or WebP files, each atomically: `frame_0000.jpg`, … into a folder, or
/// a still's one frame to one file (`--out card.jpg`, `--out card.webp`).
package struct EncodedFrameWriter: FrameSink {
    /// `jpg` or `webp`.
    package let format: AnimationFormat
    package let encoding: StillEncoding
    private let directory: URL
    private let file: URL?
    private let digits: Int

    /// Frames into `directory` (made if missing), numbered with at least four digits.
    package init(directory: URL, frameCount: Int, format: AnimationFormat, encoding: StillEncoding) throws {
        self.format = format
        self.encoding = encoding
        self.directory = directory
        file = nil
        digits = FrameFileName.digits(forFrameCount: frameCount)
        try OutputPlace.createFolder(directory)
    }

    /// One frame to `file` itself, its folder made if missing.
    package init(file: URL, format: AnimationFormat, encoding: StillEncoding) throws {
        self.format = format
        self.encoding = encoding
        directory = file.deletingLastPathComponent()
        self.file = file
        digits = 4
        try OutputPlace.createFolder(directory)
    }

    /// Where frame `index` goes.
    package func url(forFrame index: Int) -> URL {
        if let file { return file }
        return directory.appendingPathComponent(FrameFileName.name(ofFrame: index, digits: digits, fileExtension: format.fileExtension))
    }

    package var needsOrderedFrames: Bool { false }

    package func write(_ surface: ImageSurface, frame index: Int) throws {
        try AtomicFile.write(encoding.encode(surface, as: format, oneOfMany: true), to: url(forFrame: index))
    }

    package func finish() throws {}
    package func cancel() {}
}
