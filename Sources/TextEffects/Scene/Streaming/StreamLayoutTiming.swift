import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A developer tool (`texteffects stream-timing`, hidden; the bench's streaming row): how long
/// each arrival of a streamed block takes to lay out, incrementally (as frames are drawn) and
/// whole (the arrived text laid out again at each arrival, as before ``IncrementalMarkdownLayout``).
///
/// An arrival's cost is what a frame that first shows it pays: settling the arrived text, laying
/// it out and its drawing geometry (``StreamedBlockLayouts``' state), on the calling thread. Both
/// ways first run once unmeasured, so fonts, Pango's caches and the code colours' disk cache are
/// warm as they are a few frames into a render; then `passes` measured passes alternate the two.
package enum StreamLayoutTiming {
    /// One streamed block's timings.
    package struct Report: Encodable, Sendable {
        /// The block's `id`.
        package var id: String
        /// The UTF-8 length of the arrived text after each arrival.
        package var bytes: [Int]
        package var incremental: Way
        package var full: Way
    }

    /// The timings of one way of laying out, per measured pass, one number per arrival.
    package struct Way: Encodable, Sendable {
        /// Seconds of this thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): the cost on one core,
        /// whatever else the machine runs.
        package var cpuSeconds: [[Double]] = []
        /// Seconds of wall-clock time (monotonic).
        package var wallSeconds: [[Double]] = []
        /// Top-level blocks laid out over a pass: a whole layout counts each block of the arrived
        /// text (the incremental way's fallback to a whole layout, for footnotes and the like, one).
        package var blocksLaidOut = 0
    }

    /// Times every streamed block of `scene`.
    package static func measure(_ scene: Scene, fonts: FontLibrary, passes: Int) -> [Report] {
        scene.blocks.compactMap { block in
            guard let stream = block.stream else { return nil }
            let make = { (incremental: Bool) in
                StreamedBlockLayouts(block: block, stream: stream, environment: scene.environment, fonts: fonts, fps: scene.fps,
                                     layoutsIncrementally: incremental)
            }
            var report = Report(id: block.id, bytes: stream.arrivals.map(\.end), incremental: Way(), full: Way())
            // What the whole way lays out at each arrival: every top-level block of the settled text.
            let wholeBlocks = (0..<stream.arrivals.count).reduce(0) { sum, index in
                sum + MarkdownParser.topLevelBlocks(in: MarkdownSettler.settle(stream.prefix(utf8Length: stream.arrivals[index].end)).text).count
            }
            for pass in -1..<passes {
                // Alternating the order spreads the machine's drift over both ways alike.
                for incremental in pass % 2 == 0 ? [true, false] : [false, true] {
                    let layouts = make(incremental)
                    var cpu: [Double] = [], wall: [Double] = []
                    cpu.reserveCapacity(stream.arrivals.count)
                    wall.reserveCapacity(stream.arrivals.count)
                    for count in 1..<(stream.arrivals.count + 1) {
                        let (cpu0, wall0) = (threadCPUTime(), DispatchTime.now().uptimeNanoseconds)
                        _ = layouts.state(arrivedCount: count)
                        cpu.append(threadCPUTime() - cpu0)
                        wall.append(Double(DispatchTime.now().uptimeNanoseconds - wall0) / 1e9)
                    }
                    guard pass >= 0 else { continue }
                    let laidOut = layouts.blocksLaidOut ?? wholeBlocks
                    if incremental {
                        report.incremental.cpuSeconds.append(cpu)
                        report.incremental.wallSeconds.append(wall)
                        report.incremental.blocksLaidOut = laidOut
                    } else {
                        report.full.cpuSeconds.append(cpu)
                        report.full.wallSeconds.append(wall)
                        report.full.blocksLaidOut = laidOut
                    }
                }
            }
            return report
        }
    }

    /// This thread's CPU time in seconds.
    private static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
