import Foundation

/// Whether the workers of one render take turns drawing their frames, and the turn itself.
///
/// Glyphs are drawn under the one Pango lock (`TextRasterizer.withFont`), a run at a time. Two
/// workers that draw text at once hand the lock back and forth on every run, each handover a
/// sleep and a wake-up, with Cairo's glyph caches moving between the cores; and since their
/// drawing then ends together, so does their encoding, and they meet again on the next frame.
/// Drawn one at a time, a worker draws while the other encodes, and they stay apart: the corpus
/// wave's 30 PNG frames took about 8 % less CPU time (1,474 context switches down to 124) in the
/// same wall time.
///
/// Taking turns costs wall time only when drawing a frame takes longer than writing one, which
/// heavy filters (a blurred full frame) do: the workers then draw at once, as before. Each
/// worker's drawing and writing are timed, and turns are kept while the frames' drawing has
/// taken no longer than their writing. Only the order of the work changes, never its pixels.
final class DrawingTurns: @unchecked Sendable {
    private let turn = NSLock()
    private let lock = NSLock()
    private let workers: Int
    private var drawing: UInt64 = 0
    private var writing: UInt64 = 0

    init(workers: Int) {
        self.workers = workers
    }

    /// Whether a frame is drawn in turn: with more than one worker, while drawing has taken no
    /// longer than writing.
    private var takingTurns: Bool {
        guard workers > 1 else { return false }
        return lock.withLock { drawing <= writing }
    }

    /// Draws a frame (`body`), in turn or at once.
    func draw(_ body: () -> Void) {
        if takingTurns {
            turn.withLock { timed(body, into: \.drawing) }
        } else {
            timed(body, into: \.drawing)
        }
    }

    /// Writes a frame (`body`), timed to compare with its drawing.
    func write(_ body: () throws -> Void) rethrows {
        try timed(body, into: \.writing)
    }

    private func timed(_ body: () throws -> Void, into total: ReferenceWritableKeyPath<DrawingTurns, UInt64>) rethrows {
        guard workers > 1 else { return try body() }
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            lock.withLock { self[keyPath: total] += elapsed }
        }
        try body()
    }
}
