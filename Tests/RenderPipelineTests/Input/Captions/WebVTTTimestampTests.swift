import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// "Collect a WebVTT timestamp", case by case from the specification.
    @Suite struct WebVTTTimestampTests {
        static func time(_ text: String) -> CaptionTime? {
            let s = ArraySlice(Array(text.unicodeScalars))
            var p = s.startIndex
            guard case .success(let t) = WebVTTTimestamp.collect(s, at: &p), p == s.endIndex else { return nil }
            return t
        }

        @Test func hoursAreOptional() {
            #expect(Self.time("00:01.500") == Captions.ms(1500))
            #expect(Self.time("01:02.003") == Captions.ms(62_003))
            #expect(Self.time("00:00:01.500") == Captions.ms(1500))
            #expect(Self.time("01:00:00.000") == CaptionTime(hours: 1))
            // Two or more digits of hours; more than two is fine.
            #expect(Self.time("100:00:00.001") == CaptionTime(hours: 100, milliseconds: 1))
            // A first field that is not two digits, or above 59, is hours: minutes must follow.
            #expect(Self.time("1:02:03.004") == CaptionTime(hours: 1, minutes: 2, seconds: 3, milliseconds: 4))
            #expect(Self.time("1:02.003") == nil)
            #expect(Self.time("60:00.000") == nil)
            #expect(Self.time("60:00:00.000") == CaptionTime(hours: 60))
        }

        @Test func exactlyTwoDigitsOfMinutesAndSecondsAndThreeOfMilliseconds() {
            for bad in ["00:1.000", "00:01.5", "00:01.5000", "00:01", "00:01,500", "0:00:1.000", "00:00:001.000", ":01.000",
                        "aa:bb.ccc", "00:00:60.000", "00:60:00.000", "00:60.000", "-00:01.000", ""] {
                #expect(Self.time(bad) == nil, "\(bad)")
            }
        }

        /// Each field is exact: no floating point anywhere, even many hours in.
        @Test func manyHoursInIsExact() {
            #expect(Self.time("9999:59:59.999")?.milliseconds == 9999 * 3_600_000 + 3_599_999)
            #expect(Self.time("02:46:39.999")?.milliseconds == 9_999_999)
            #expect(Self.time("99999999999:00:00.000") == nil) // beyond 10,000 hours
        }
    }
}
