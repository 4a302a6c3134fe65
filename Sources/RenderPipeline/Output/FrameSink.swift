/// Where rendered frames go: PNG files, an ffmpeg pipe, a report.
public protocol FrameSink: Sendable {
    /// Whether frames must arrive in order (a video stream) or may come in any order (files).
    var needsOrderedFrames: Bool { get }
    /// Takes one finished frame; called from rendering threads.
    func write(_ surface: ImageSurface, frame index: Int) throws
    /// Completes the output after the last frame (closing files, moving them into place).
    func finish() throws
    /// Abandons the output, leaving nothing half-written behind (frames already complete may
    /// stay). Called after a failed or interrupted render, possibly more than once.
    func cancel()
}

extension PNGFrameWriter: FrameSink {
    public var needsOrderedFrames: Bool { false }
    public func finish() throws {}
    public func cancel() {}
}

/// Drops every frame: renders for timing or checking without writing anything.
package struct DiscardingSink: FrameSink {
    public init() {}
    public var needsOrderedFrames: Bool { false }
    public func write(_ surface: ImageSurface, frame index: Int) throws {}
    public func finish() throws {}
    public func cancel() {}
}

/// Hands frames to a closure, in any order; nothing to finish or cancel.
package struct ClosureSink: FrameSink {
    let deliver: @Sendable (Int, ImageSurface) throws -> Void
    package init(deliver: @escaping @Sendable (Int, ImageSurface) throws -> Void) { self.deliver = deliver }
    package var needsOrderedFrames: Bool { false }
    package func write(_ surface: ImageSurface, frame index: Int) throws { try deliver(index, surface) }
    package func finish() throws {}
    package func cancel() {}
}
