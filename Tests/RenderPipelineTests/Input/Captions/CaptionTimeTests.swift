import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Exact millisecond times and exact frame numbers at rational frame rates.
    @Suite struct CaptionTimeTests {
        @Test func componentsAndDescription() {
            let t = CaptionTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 45)
            #expect(t.milliseconds == 3_723_045)
            #expect(t.description == "01:02:03.045")
            #expect(CaptionTime(hours: 123).description == "123:00:00.000")
            #expect(CaptionTime(milliseconds: -1500).description == "-00:00:01.500")
        }

        @Test func secondsRoundToTheNearestMillisecond() {
            #expect(CaptionTime(seconds: 1.23)?.milliseconds == 1230)
            #expect(CaptionTime(seconds: 0.0005)?.milliseconds == 1)
            #expect(CaptionTime(seconds: 3599.999)?.milliseconds == 3_599_999)
            #expect(CaptionTime(seconds: .nan) == nil)
            #expect(CaptionTime(seconds: 1e12) == nil)
        }

        /// Adding many small steps over more than an hour stays exact (a Double of seconds drifts).
        @Test func noDriftOverHours() {
            var t = CaptionTime.zero
            for _ in 0..<(2 * 3600 * 10) { t = t + CaptionTime(milliseconds: 100) }
            #expect(t == CaptionTime(hours: 2))
            var seconds = 0.0
            for _ in 0..<(2 * 3600 * 10) { seconds += 0.1 }
            #expect(seconds != 7200) // why times are integers
        }

        @Test func firstFrameAtIntegerAndNTSCRates() {
            #expect(CaptionTime(milliseconds: 0).firstFrame(atOrAfterRate: 30) == 0)
            #expect(CaptionTime(milliseconds: 1000).firstFrame(atOrAfterRate: 30) == 30)
            #expect(CaptionTime(milliseconds: 1001).firstFrame(atOrAfterRate: 30) == 31)
            // 30000/1001: frame 30 is at exactly 1.001 s; 1.000 s falls between frames 29 and 30.
            #expect(CaptionTime(milliseconds: 1001).firstFrame(atOrAfterRate: 30000, per: 1001) == 30)
            #expect(CaptionTime(milliseconds: 1000).firstFrame(atOrAfterRate: 30000, per: 1001) == 30)
            #expect(CaptionTime(milliseconds: 967).firstFrame(atOrAfterRate: 30000, per: 1001) == 29)
            // An hour in: frame 107892 is at 107892 × 1001 / 30000 = 3599.9964 s.
            #expect(CaptionTime(milliseconds: 3_599_996).firstFrame(atOrAfterRate: 30000, per: 1001) == 107_892)
            #expect(CaptionTime(milliseconds: 3_599_997).firstFrame(atOrAfterRate: 30000, per: 1001) == 107_893)
            // The latest time a file may hold still computes without overflow.
            #expect(CaptionTime.maximum.firstFrame(atOrAfterRate: 240_000, per: 1001) > 0)
        }
    }
}
