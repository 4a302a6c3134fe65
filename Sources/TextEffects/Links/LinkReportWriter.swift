import Foundation

/// Writes the link report (`--links FILE`) frame by frame, so memory stays flat however many
/// frames there are: nothing per frame is kept, only the impression counters.
///
/// The report goes to a hidden temporary file beside `url` (registered in `TemporaryFiles`, so
/// an interruption removes it) and is renamed into place by `finish()`; a writer dropped or
/// cancelled before that leaves nothing behind. Failures are `OutputError`s naming `url`.
package final class LinkReportWriter {
    public let url: URL
    private let temporary: URL
    private let fd: Int32
    private var closed = false
    private var buffer = Data()
    private var counter: ImpressionCounter
    private var framesWritten = 0
    private var finished = false

    /// Starts the report for `frameCount` frames of `scene` whose links `tracker` follows;
    /// its folder must exist.
    public init(url: URL, scene: Scene, tracker: LinkTracker, frameCount: Int) throws {
        self.url = url
        try OutputPlace.checkFile(url, foldersMayBeMissing: false)
        temporary = AtomicFile.temporaryURL(for: url)
        fd = try TemporaryFiles.shared.create(temporary, for: url)
        counter = ImpressionCounter(links: tracker.links, analytics: scene.analytics, fps: tracker.fps)
        buffer.append(contentsOf: LinkReportJSON.header(fps: tracker.fps, frameCount: frameCount, canvas: scene.canvas,
                                                         viewport: tracker.viewport, analytics: scene.analytics).utf8)
        buffer.append(contentsOf: LinkReportJSON.open("links").utf8)
        for (i, link) in tracker.links.enumerated() {
            buffer.append(contentsOf: LinkReportJSON.item(LinkReportJSON.link(link), first: i == 0).utf8)
        }
        buffer.append(contentsOf: LinkReportJSON.close(empty: tracker.links.isEmpty, last: false).utf8)
        buffer.append(contentsOf: LinkReportJSON.open("frames").utf8)
    }

    deinit {
        if !finished { cancel() }
    }

    /// Adds the next frame (frames come in order from 0).
    public func append(_ frame: LinkFrame) throws {
        counter.add(frame)
        buffer.append(contentsOf: LinkReportJSON.item(LinkReportJSON.frame(frame), first: framesWritten == 0).utf8)
        framesWritten += 1
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes the impressions, closes the file and renames it into place.
    public func finish() throws {
        buffer.append(contentsOf: LinkReportJSON.close(empty: framesWritten == 0, last: false).utf8)
        buffer.append(contentsOf: LinkReportJSON.open("impressions").utf8)
        for (i, impression) in counter.impressions.enumerated() {
            buffer.append(contentsOf: LinkReportJSON.item(LinkReportJSON.impression(impression), first: i == 0).utf8)
        }
        buffer.append(contentsOf: LinkReportJSON.close(empty: counter.impressions.isEmpty, last: true).utf8)
        do {
            try flush()
            closed = true
            guard close(fd) == 0 else { throw OutputError(errno: errno, writing: url) }
            try AtomicFile.replace(url, with: temporary)
        } catch {
            cancel()
            throw error
        }
        finished = true
        TemporaryFiles.shared.forget(temporary)
    }

    /// Abandons the report, removing the temporary file.
    public func cancel() {
        finished = true
        if !closed {
            closed = true
            close(fd)
        }
        unlink(temporary.path)
        TemporaryFiles.shared.forget(temporary)
    }

    private func flush() throws {
        do {
            try buffer.withUnsafeBytes { bytes in
                if let base = bytes.baseAddress { try AtomicFile.writeAll(fd, base, bytes.count, to: url) }
            }
        } catch {
            cancel()
            throw error
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
