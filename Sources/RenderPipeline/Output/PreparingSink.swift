/// A sink that lets a closure draw on each frame (an overlay, a watermark) before passing it on.
package struct PreparingSink: FrameSink {
    let base: any FrameSink
    let prepare: @Sendable (ImageSurface, Int) -> Void

    public init(_ base: any FrameSink, prepare: @escaping @Sendable (ImageSurface, Int) -> Void) {
        self.base = base
        self.prepare = prepare
    }

    public var needsOrderedFrames: Bool { base.needsOrderedFrames }

    public func write(_ surface: ImageSurface, frame index: Int) throws {
        prepare(surface, index)
        try base.write(surface, frame: index)
    }

    public func finish() throws { try base.finish() }
    public func cancel() { base.cancel() }
}
