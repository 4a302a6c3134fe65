import Foundation

/// Joins video parts (`render --shard K/N` outputs), in the order given, into one video
/// without re-encoding: every part's packets are copied as they are, so the joined video holds
/// each part's frames once, in order, bit for bit.
///
/// ffmpeg's concat demuxer reads the parts one after another and `-c copy` writes their
/// packets. Three things make the result frame exact where a plain `ffmpeg -f concat -c copy`
/// is not:
///
/// - **Each part starts where the frames before it end.** The concat demuxer places a part
///   after the previous one by that one's container length, which MP4 rounds up to whole
///   milliseconds (22 frames at 30 fps: 0.734 s, not 0.7333), so every join drifted by up to
///   a millisecond and 100 parts by a few frames. The list gives each part's `duration`,
///   worked out in integers from the frames before it and the frame rate, so the offsets
///   never drift (MP4 and QuickTime timestamps come out exactly as in a single render's file).
/// - **Decoding timestamps stay in order.** libx264 delays decoding timestamps by its
///   B-frame depth (two frames), except in a part too short to have B-frames (one or two
///   frames), whose packets would go back in time after a longer part's; ffmpeg then bends
///   them. For H.264 with B-frames, the `setts` bitstream filter (timestamps only, never the
///   picture) sets packet *n*'s decoding time to (*n* − depth) frames, as a single render's
///   are; presentation times are kept.
/// - **Parts must match.** Codec, picture size, pixel format, alpha, frame rate, time base,
///   profile, colour tags and the codec's global headers (H.264's SPS and PPS) are compared
///   with the first part's before anything is written: the joined file has the first part's
///   headers, which must describe every part.
///
/// The video is written under a temporary name beside `--out` (removed when interrupted)
/// and renamed into place only after ffprobe has counted its frames and checked its length.
package enum VideoJoin {
    /// Joins `parts` into the file `output`, whose extension (`.mp4`, `.mov`, `.webm`) picks
    /// the container; returns the joined video's frame count. `isCancelled` is asked between
    /// parts while they are read; once it says yes, the join stops with `.interrupted`.
    @discardableResult
    public static func join(_ parts: [String], to output: String,
                            isCancelled: @escaping @Sendable () -> Bool = { false }) throws(VideoJoinError) -> Int {
        let destination = URL(fileURLWithPath: output)
        guard let container = VideoContainer(fileExtension: destination.pathExtension) else {
            throw .unknownContainer(output: output)
        }
        do { try OutputPlace.checkFile(destination) } catch { throw .output(outputError(error, destination)) }
        guard let ffmpeg = FFmpegEncoder.locate() else { throw .toolMissing("ffmpeg") }
        let probed = try probe(parts, container: container, output: output, isCancelled: isCancelled)
        guard !isCancelled() else { throw .interrupted }
        let total = probed.reduce(0) { $0 + $1.frameCount }
        let rate = probed[0].frameRate

        do { try OutputPlace.createFolder(destination.deletingLastPathComponent()) } catch {
            throw .output(outputError(error, destination))
        }
        let temporary = AtomicFile.temporaryURL(for: destination)
        let list = AtomicFile.temporaryURL(for: destination.appendingPathExtension("ffconcat"))
        do {
            close(try TemporaryFiles.shared.create(temporary, for: destination))
        } catch { throw error is CancellationError ? .interrupted : .writeFailed(outputError(error, destination)) }
        var done = false
        defer {
            if !done { unlink(temporary.path) }
            TemporaryFiles.shared.forget(temporary)
        }
        try writeList(concatList(probed), to: list, for: destination)
        defer {
            unlink(list.path)
            TemporaryFiles.shared.forget(list)
        }

        var arguments = ["-hide_banner", "-loglevel", "warning", "-nostdin", "-y",
                         "-f", "concat", "-safe", "0", "-protocol_whitelist", "file", "-i", "file:" + list.path,
                         "-map", "0:v:0", "-c", "copy"]
        if let filter = decodingTimeFilter(probed) { arguments += ["-bsf:v", filter] }
        arguments += ["-f", container.muxer, temporary.path]
        let child: ChildProcess
        do { child = try ChildProcess(executable: ffmpeg, arguments: arguments) } catch {
            if error is CancellationError { throw .interrupted }
            throw .ffmpegFailed(status: "did not start", reason: "\(error)")
        }
        close(child.input)
        let status = child.wait()
        let log = child.errorOutput()
        guard status == 0 else {
            let reason = FFmpegEncoder.reason(fromErrorOutput: log)
            throw .ffmpegFailed(status: ChildProcess.describe(status), reason: reason.isEmpty ? "it stopped without saying why" : reason)
        }
        // ffmpeg mends timestamps that go back in time by moving them, which no longer shows
        // each frame when the parts did.
        if let bent = log.split(whereSeparator: \.isNewline).first(where: { $0.contains("Non-monoton") }) {
            throw .notFrameExact(reason: "ffmpeg had to change timestamps: " + FFmpegEncoder.reason(fromErrorOutput: String(bent)))
        }
        try verify(temporary, frames: total, rate: rate)
        do { try AtomicFile.replace(destination, with: temporary) } catch { throw .writeFailed(outputError(error, destination)) }
        done = true
        return total
    }

    /// Reads every part and checks that it can follow the first; refuses repeated parts,
    /// `--out` among them and a container that cannot hold their codec. The first problem in
    /// the parts' order is the error.
    private static func probe(_ parts: [String], container: VideoContainer, output: String,
                              isCancelled: @escaping @Sendable () -> Bool) throws(VideoJoinError) -> [VideoPart] {
        // ffprobe spends most of its time starting up: the parts are read a few at a time.
        // Once a part fails, the parts after it need not be read.
        let lock = NSLock()
        nonisolated(unsafe) var results = [Result<VideoPart, VideoJoinError>?](repeating: nil, count: parts.count)
        nonisolated(unsafe) var firstFailure = parts.count
        let workers = min(parts.count, max(2, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: parts.count, by: workers) {
                if lock.withLock({ index > firstFailure }) || isCancelled() { return }
                let path = parts[index]
                let result: Result<VideoPart, VideoJoinError> = path.contains(where: \.isNewline) ? .failure(.unlistableName(part: path))
                    : Result { () throws(VideoJoinError) in try VideoPart(probing: path) }
                lock.withLock {
                    results[index] = result
                    if case .failure = result { firstFailure = min(firstFailure, index) }
                }
            }
        }
        guard !isCancelled() else { throw .interrupted }
        var seen: [FileIdentity: String] = [:]
        let outputIdentity = FileIdentity(path: output)
        var probed: [VideoPart] = []
        for (path, result) in zip(parts, results) {
            // Unread parts come only after a failed one, which throws first.
            guard let result else { break }
            let part = try result.get()
            if let identity = FileIdentity(path: path) {
                guard seen[identity] == nil else { throw .repeated(part: path) }
                if identity == outputIdentity { throw .outputIsAPart(output: output, part: path) }
                seen[identity] = path
            }
            if let first = probed.first {
                if let difference = part.difference(from: first) {
                    throw .incompatible(part: path, first: first.path, difference: difference)
                }
            } else if !container.codecs.contains(part.codec) {
                throw .containerMismatch(output: output, container: container, codec: part.codec)
            }
            probed.append(part)
        }
        return probed
    }

    /// The ffconcat list: each part as a `file:` URL (quoted, so any name but one with a line
    /// break is read back as written) with its exact duration.
    ///
    /// Durations are differences of the parts' end times in whole microseconds (the list's
    /// precision), each end time rounded from the exact fraction, so the parts' start times are
    /// exact to half a microsecond however many parts there are: far below a tick of any time
    /// base the parts use (1/15360 s at 30 fps, 1/30000 at 30000/1001, 1/1000 for WebM).
    static func concatList(_ parts: [VideoPart]) -> String {
        var lines = ["ffconcat version 1.0"]
        var frames = 0, previousEnd = 0
        for part in parts {
            frames += part.frameCount
            let end = microseconds(frames: frames, rate: part.frameRate)
            let absolute = URL(fileURLWithPath: part.path).standardizedFileURL.path
            lines.append("file '" + ("file:" + absolute).replacingOccurrences(of: "'", with: #"'\''"#) + "'")
            let duration = end - previousEnd
            lines.append(String(format: "duration %d.%06d", duration / 1_000_000, duration % 1_000_000))
            previousEnd = end
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `frames` frames at `rate`, in microseconds rounded to the nearest, in integers.
    static func microseconds(frames: Int, rate: FrameRate) -> Int {
        let scaled = frames * rate.seconds
        let whole = scaled / rate.frames, remainder = scaled % rate.frames
        return whole * 1_000_000 + (remainder * 2_000_000 + rate.frames) / (2 * rate.frames)
    }

    /// The `setts` filter that gives packet *n* the decoding time (*n* − depth) frames, for
    /// parts whose frames are reordered (H.264 with B-frames); nil when decoding order is
    /// display order, where the parts' own decoding times already follow one another.
    ///
    /// Valid whatever each part's own delay: a decoder holding back at most `depth` frames
    /// shows packet *n* no earlier than frame *n* − depth, so decoding times stay at or before
    /// presentation times and strictly increase.
    static func decodingTimeFilter(_ parts: [VideoPart]) -> String? {
        let depth = parts.map(\.reorderDepth).max() ?? 0
        guard depth > 0, let ticks = ticksPerFrame(parts[0]) else { return nil }
        let frameTicks = ticks.denominator == 1 ? "\(ticks.numerator)" : "\(ticks.numerator)/\(ticks.denominator)"
        return "setts=pts=PTS:dts=(N-\(depth))*\(frameTicks)"
    }

    /// A frame's length in the part's time base, as a reduced fraction (512 at 30 fps in 1/15360).
    static func ticksPerFrame(_ part: VideoPart) -> (numerator: Int, denominator: Int)? {
        let fields = part.timeBase.split(separator: "/")
        guard fields.count == 2, let num = Int(fields[0]), let den = Int(fields[1]), num > 0, den > 0 else { return nil }
        // (seconds / frames) / (num / den)
        let n = part.frameRate.seconds * den, d = part.frameRate.frames * num
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        let divisor = gcd(n, d)
        return (n / divisor, d / divisor)
    }

    /// Writes the concat list to a registered temporary file.
    private static func writeList(_ text: String, to list: URL, for destination: URL) throws(VideoJoinError) {
        do {
            let fd = try TemporaryFiles.shared.create(list, for: destination)
            defer { close(fd) }
            let bytes = Array(text.utf8)
            try AtomicFile.writeAll(fd, bytes, bytes.count, to: destination)
        } catch {
            unlink(list.path)
            TemporaryFiles.shared.forget(list)
            throw error is CancellationError ? .interrupted : .writeFailed(outputError(error, destination))
        }
    }

    /// Counts the joined video's frames and checks its length: the parts' frames, each once,
    /// and their length to within half a frame (WebM states lengths in milliseconds).
    private static func verify(_ file: URL, frames: Int, rate: FrameRate) throws(VideoJoinError) {
        let joined: VideoPart
        do { joined = try VideoPart(probing: file.path) } catch {
            throw .notFrameExact(reason: "ffprobe cannot read what ffmpeg wrote: \(error)")
        }
        guard joined.frameCount == frames else {
            throw .notFrameExact(reason: "it has \(joined.frameCount) frames, the parts \(frames)")
        }
        let expected = Double(frames) * Double(rate.seconds) / Double(rate.frames)
        if let duration = joined.duration, abs(duration - expected) > 0.5 / rate.value {
            throw .notFrameExact(reason: "it lasts \(duration) s, the parts \(expected) s")
        }
    }

    /// `error` as an `OutputError` about `destination`.
    private static func outputError(_ error: any Error, _ destination: URL) -> OutputError {
        error as? OutputError ?? .failed(destination.path, errno: EIO)
    }
}
