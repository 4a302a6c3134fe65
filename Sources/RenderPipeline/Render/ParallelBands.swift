import Foundation

/// Splits `0..<count` rows (or columns) into `bands` contiguous ranges and runs `body` on each,
/// on as many threads: how the blur and the colour filters spread a large layer over the cores.
/// The ranges depend only on `count` and `bands`, so the result is the same on any machine.
enum ParallelBands {
    static func forEach(of count: Int, bands: Int, _ body: @Sendable (Range<Int>) -> Void) {
        guard bands > 1 else { return body(0..<count) }
        let size = (count + bands - 1) / bands
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let start = band * size
            if start < count { body(start..<min(start + size, count)) }
        }
    }
}
