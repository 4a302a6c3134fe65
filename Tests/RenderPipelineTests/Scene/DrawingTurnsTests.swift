import Foundation
import Testing
@testable import TextEffects

/// The workers of a render take turns drawing while drawing a frame is quicker than writing it,
/// and draw at once when it is slower.
@Suite struct DrawingTurnsTests {
    /// The most workers inside `draw` at one time, two workers drawing and writing `frames`
    /// frames each, with drawing and writing taking the given times.
    static func mostDrawingAtOnce(frames: Int, drawing: Double, writing: Double) -> Int {
        let turns = DrawingTurns(workers: 2)
        let count = Occupancy()
        // Threads of their own: a dispatch pool may run both workers one after the other.
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                for _ in 0..<frames {
                    turns.draw {
                        count.enter()
                        Thread.sleep(forTimeInterval: drawing)
                        count.leave()
                    }
                    turns.write { Thread.sleep(forTimeInterval: writing) }
                }
                done.signal()
            }.start()
        }
        done.wait()
        done.wait()
        return count.most
    }

    /// How many are inside, and the most there ever were.
    final class Occupancy: @unchecked Sendable {
        private let lock = NSLock()
        private var inside = 0
        private(set) var most = 0

        func enter() {
            lock.withLock {
                inside += 1
                most = max(most, inside)
            }
        }

        func leave() { lock.withLock { inside -= 1 } }
    }

    @Test func quickDrawingIsDoneInTurns() {
        #expect(Self.mostDrawingAtOnce(frames: 5, drawing: 0.001, writing: 0.030) == 1)
    }

    /// Drawing slower than writing (a blurred full frame) would leave a worker waiting.
    @Test func slowDrawingIsDoneAtOnce() {
        #expect(Self.mostDrawingAtOnce(frames: 5, drawing: 0.030, writing: 0.001) == 2)
    }

    /// One worker has no one to take turns with, and nothing is timed.
    @Test func oneWorkerDrawsAlone() {
        let turns = DrawingTurns(workers: 1)
        var drawn = 0
        for _ in 0..<3 { turns.draw { drawn += 1 } }
        #expect(drawn == 3)
    }
}
