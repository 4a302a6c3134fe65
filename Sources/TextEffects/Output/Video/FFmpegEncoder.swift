import Foundation

/// Streams raw BGRA frames into ffmpeg, which encodes them to GIF, APNG, WebP, MP4, MOV or WebM.
///
/// No intermediate PNGs: each frame's pixels go straight down a pipe, in order. ffmpeg writes a
/// temporary file beside the target (registered in `TemporaryFiles`), renamed into place only
/// when it succeeded. When ffmpeg fails, the error is its own reason from its standard error
/// (`OutputError.ffmpegFailed`), not the broken pipe the next frame runs into.
package final class FFmpegEncoder: FrameSink, @unchecked Sendable {
    public let format: AnimationFormat
    public let destination: URL
    private let temporary: URL
    private let child: ChildProcess
    /// Serialises frame writes and closing the pipe, so the descriptor is never closed under a
    /// write (and never reused by another file while one is in flight).
    private let lock = NSLock()
    private var inputClosed = false
    /// Guards the ending: `finish()` renames the file or `cancel()` removes it, never both.
    private let state = NSLock()
    private var ended = false

    /// ffmpeg's path, searched on PATH.
    public static func locate() -> URL? { locate(tool: "ffmpeg") }

    /// A program's path (ffmpeg, ffprobe), searched on PATH.
    static func locate(tool name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts ffmpeg writing `destination`, whose missing folders are created (`mkdir -p`).
    ///
    /// - Parameter opaque: whether every frame is opaque (a canvas background without
    ///   transparency), which spares ffmpeg undoing premultiplied alpha.
    public convenience init(format: AnimationFormat, destination: URL, width: Int, height: Int, fps: Double, opaque: Bool = false) throws {
        try self.init(format: format, destination: destination,
                      arguments: Self.rawFrameInput(width: width, height: height, rate: FrameRate(approximating: fps) ?? .defaultRate)
                          + format.ffmpegOutputArguments(width: width, height: height, opaque: opaque))
    }

    /// ffmpeg's input options for this encoder's frames: raw BGRA rows of `width` × `height`
    /// pixels at `rate`, on standard input.
    static func rawFrameInput(width: Int, height: Int, rate: FrameRate, offset: Double = 0) -> [String] {
        ["-f", "rawvideo", "-pix_fmt", "bgra", "-s", "\(width)x\(height)", "-framerate", rate.description]
            + (offset > 0 ? ["-itsoffset", String(format: "%.6f", offset)] : []) + ["-i", "pipe:0"]
    }

    /// Starts ffmpeg with `arguments` (inputs, filters, output options), then the temporary file
    /// it writes, renamed to `destination` when it succeeds.
    init(format: AnimationFormat, destination: URL, arguments: [String]) throws {
        guard let ffmpeg = Self.locate() else { throw OutputError.ffmpegMissing(format: format) }
        self.format = format
        self.destination = destination
        try OutputPlace.checkFile(destination)
        try OutputPlace.createFolder(destination.deletingLastPathComponent())
        temporary = AtomicFile.temporaryURL(for: destination)
        // Made here, so a folder that cannot be written is our plain error rather than ffmpeg's,
        // and registered before ffmpeg exists, so an interruption always removes it.
        close(try TemporaryFiles.shared.create(temporary, for: destination))
        do {
            child = try ChildProcess(executable: ffmpeg, arguments: ["-hide_banner", "-loglevel", "error", "-nostdin", "-y"]
                                         + arguments + [temporary.path])
        } catch {
            unlink(temporary.path)
            TemporaryFiles.shared.forget(temporary)
            throw error
        }
    }

    public var needsOrderedFrames: Bool { true }

    /// Whether frames go down the pipe with straight colour, as ffmpeg reads `bgra`, undone
    /// here (on the thread that drew the frame) rather than by a filter in ffmpeg.
    var sendsStraightAlpha = false

    public func write(_ surface: ImageSurface, frame index: Int) throws {
        let rowBytes = surface.width * 4
        if sendsStraightAlpha {
            let pixels = surface.pixelsForReading()
            let straight = UnsafeMutablePointer<UInt32>.allocate(capacity: surface.width * surface.height)
            defer { straight.deallocate() }
            for y in 0..<surface.height {
                StraightAlpha.convert(UnsafeRawPointer(pixels + y * surface.stride).assumingMemoryBound(to: UInt32.self),
                                      into: straight + y * surface.width, count: surface.width)
            }
            lock.lock()
            defer { lock.unlock() }
            guard !inputClosed else { throw CancellationError() }
            try writeAll(child.input, straight, rowBytes * surface.height)
            return
        }
        try surface.withPixels { pixels in
            lock.lock()
            defer { lock.unlock() }
            guard !inputClosed else { throw CancellationError() }
            let fd = child.input
            let base = UnsafeRawPointer(pixels.baseAddress!)
            // ARGB32 rows are packed whenever the stride is width × 4: one write straight from
            // the surface, no copy; otherwise row by row.
            if surface.stride == rowBytes {
                try writeAll(fd, base, rowBytes * surface.height)
            } else {
                for y in 0..<surface.height { try writeAll(fd, base + y * surface.stride, rowBytes) }
            }
        }
    }

    /// `write(2)` until every byte is out. A closed pipe means ffmpeg has stopped: its own
    /// reason is the error, not the broken pipe.
    private func writeAll(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) throws {
        var offset = 0
        while offset < count {
            let written = Foundation.write(fd, bytes + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw failure(child.wait()) }
                throw OutputError.failed(destination.path, errno: errno)
            }
            offset += written
        }
    }

    /// ffmpeg's error for raw status `status`: the first lines it wrote to standard error.
    private func failure(_ status: Int32) -> OutputError {
        let reason = Self.reason(fromErrorOutput: child.errorOutput())
        return .ffmpegFailed(status: ChildProcess.describe(status),
                             reason: reason.isEmpty ? "it stopped reading frames without saying why" : reason)
    }

    /// ffmpeg's standard error as one plain line: its first two distinct messages, without the
    /// `[libwebp @ 0x55d…]` prefixes and the generic lines that follow a failure.
    static func reason(fromErrorOutput text: String) -> String {
        let generic = ["Conversion failed!", "Task finished with error code", "Terminating thread with return code",
                       "Error sending frames to consumers", "Could not open encoder before EOF", "Nothing was written into output file"]
        var messages: [String] = []
        for line in text.split(whereSeparator: \.isNewline) {
            var message = Substring(line)
            if message.hasPrefix("["), let end = message.firstIndex(of: "]") {
                message = message[message.index(after: end)...]
            }
            // Without its closing full stop, so "; " can join it to the next.
            var trimmed = message.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix(".") && !trimmed.hasSuffix("..") { trimmed.removeLast() }
            guard !trimmed.isEmpty, !generic.contains(where: { trimmed.hasPrefix($0) }), !messages.contains(trimmed) else { continue }
            // Control characters would break the one-line-per-problem rule.
            messages.append(String(trimmed.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }))
            if messages.count == 2 { break }
        }
        let joined = messages.joined(separator: "; ")
        return joined.count > 400 ? String(joined.prefix(400)) + "…" : joined
    }

    public func finish() throws {
        closeInput()
        let status = child.wait()
        state.lock()
        defer { state.unlock() }
        guard !ended else { throw CancellationError() }
        ended = true
        defer { TemporaryFiles.shared.forget(temporary) }
        guard status == 0 else {
            unlink(temporary.path)
            throw failure(status)
        }
        do { try AtomicFile.replace(destination, with: temporary) } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// Stops ffmpeg at once (killed, so it cannot finalise a partial file) and removes its
    /// temporary file. Safe from any thread, any number of times; does nothing after `finish()`.
    public func cancel() {
        state.lock()
        let wasEnded = ended
        ended = true
        state.unlock()
        guard !wasEnded else { return }
        child.kill()
        closeInput()
        unlink(temporary.path)
        TemporaryFiles.shared.forget(temporary)
    }

    private func closeInput() {
        lock.lock()
        if !inputClosed {
            close(child.input)
            inputClosed = true
        }
        lock.unlock()
    }
}
