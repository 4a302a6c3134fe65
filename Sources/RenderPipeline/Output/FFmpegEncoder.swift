import Foundation

/// Why an animation could not be encoded.
public enum EncodingError: Error, CustomStringConvertible {
    case ffmpegMissing(format: AnimationFormat)
    case ffmpegFailed(status: Int32, message: String)

    public var description: String {
        switch self {
        case .ffmpegMissing(let format):
            "--format \(format.rawValue) needs ffmpeg, which is not installed; install it with: apt-get install ffmpeg"
        case .ffmpegFailed(let status, let message):
            "ffmpeg failed (exit \(status)): \(message.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }
}

/// Streams raw BGRA frames into ffmpeg, which encodes them to GIF, APNG, WebP, MP4, MOV or WebM.
///
/// No intermediate PNGs: each frame's pixels go straight down a pipe, in order. ffmpeg writes a
/// temporary file beside the target, renamed into place only when it succeeded.
public final class FFmpegEncoder: FrameSink, @unchecked Sendable {
    public let format: AnimationFormat
    public let destination: URL
    private let temporary: URL
    private let process = Process()
    private let input = Pipe()
    private let errors: URL
    private let lock = NSLock()

    /// ffmpeg's path, searched on PATH.
    public static func locate() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    public init(format: AnimationFormat, destination: URL, width: Int, height: Int, fps: Double) throws {
        guard let ffmpeg = Self.locate() else { throw EncodingError.ffmpegMissing(format: format) }
        self.format = format
        self.destination = destination
        temporary = AtomicFile.temporaryURL(for: destination)
        errors = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-ffmpeg-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.executableURL = ffmpeg
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                             "-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-framerate", (FrameRate(approximating: fps) ?? FrameRate(frames: 30)!).description, "-i", "pipe:0"]
            + format.ffmpegOutputArguments(width: width, height: height) + [temporary.path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
    }

    public var needsOrderedFrames: Bool { true }

    public func write(_ surface: ImageSurface, frame index: Int) throws {
        let rowBytes = surface.width * 4
        try surface.withPixels { pixels in
            lock.lock()
            defer { lock.unlock() }
            let fd = input.fileHandleForWriting.fileDescriptor
            let base = UnsafeRawPointer(pixels.baseAddress!)
            // ARGB32 rows are packed whenever the stride is width × 4: one write straight from
            // the surface, no copy; otherwise row by row.
            if surface.stride == rowBytes {
                try Self.writeAll(fd, base, rowBytes * surface.height)
            } else {
                for y in 0..<surface.height { try Self.writeAll(fd, base + y * surface.stride, rowBytes) }
            }
        }
    }

    /// `write(2)` until every byte is out; a closed pipe (ffmpeg gone) is an error, not a signal.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) throws {
        var offset = 0
        while offset < count {
            let written = Foundation.write(fd, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "writing frames to ffmpeg: \(String(cString: strerror(errno)))"])
            }
            offset += written
        }
    }

    public func finish() throws {
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: errors) }
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: temporary)
            throw EncodingError.ffmpegFailed(status: process.terminationStatus, message: message)
        }
        try AtomicFile.replace(destination, with: temporary)
    }

    public func cancel() {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: temporary)
        try? FileManager.default.removeItem(at: errors)
    }
}
