import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// The developer tool behind the bench's streaming row: one time per arrival each way, and the
/// incremental way laying out only the block that changed.
@Suite struct StreamLayoutTimingTests {
    @Test func timesEveryArrivalAndTheIncrementalWayLaysOutOnlyTheNewBlock() throws {
        let scene = try SceneDecoder(effects: .builtIn).decode(Data(#"""
        {"canvas": {"width": 200, "height": 100}, "fps": 10,
         "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 200},
           "stream": {"chunks": [{"t": 0, "text": "One.\n\n"}, {"t": 0.1, "text": "Two.\n\n"},
                                 {"t": 0.2, "text": "Three"}, {"t": 0.3, "text": " more."}]}}]}
        """#.utf8), displayName: "s.json")
        let reports = StreamLayoutTiming.measure(scene, fonts: try FontLibrary.forScene(addingDirectories: []), passes: 2)
        let report = try #require(reports.first)
        #expect(reports.count == 1 && report.id == "a")
        #expect(report.bytes == [6, 12, 17, 23])
        for way in [report.incremental, report.full] {
            #expect(way.cpuSeconds.count == 2 && way.wallSeconds.count == 2)
            #expect(way.cpuSeconds.allSatisfy { $0.count == 4 && $0.allSatisfy { $0 >= 0 } })
        }
        // Incrementally each arrival lays out its last block only; whole, 1 + 2 + 3 + 3 blocks.
        #expect(report.incremental.blocksLaidOut == 4)
        #expect(report.full.blocksLaidOut == 9)
    }
}
