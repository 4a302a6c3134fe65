import Foundation

/// Collects what `LinkReporter`s draw, from any number of frames rendering in parallel.
package final class LinkRecorder: @unchecked Sendable {
    /// One link fragment as drawn in one frame.
    public struct Entry: Hashable, Sendable {
        /// The frame's time, in seconds.
        public var time: Double
        /// The link's index in its layout's `links`.
        public var occurrence: Int
        public var url: String
        public var lineIndex: Int
        /// Where the fragment was drawn, in frame points (not clipped to the viewport).
        public var rect: CGRect
    }

    // Frames draw on several threads at once; the lock keeps the list whole.
    private let lock = NSLock()
    private var recorded: [Entry] = []

    public init() {}

    func record(_ entries: [Entry]) {
        guard !entries.isEmpty else { return }
        lock.lock()
        recorded.append(contentsOf: entries)
        lock.unlock()
    }

    /// Everything recorded so far, in the order it was drawn (frames interleave when parallel).
    public var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// What was drawn in the frame at `time`.
    public func entries(atTime time: Double) -> [Entry] {
        entries.filter { abs($0.time - time) < 1e-9 }
    }

    /// Forgets everything recorded.
    public func reset() {
        lock.lock()
        recorded.removeAll()
        lock.unlock()
    }
}
