import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Random mutations of valid files: every parser returns a track or a `CaptionError`, never
    /// crashes or hangs, and what it returns is consistent (cues end after they start, word
    /// ranges lie inside the text). Inputs stay small so the test runs in well under a second.
    @Suite struct CaptionFuzzTests {
        /// A small deterministic generator (SplitMix64), so a failure can be replayed.
        struct Generator: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        static let seeds: [(CaptionFormat, String)] = [
            (.webVTT, "WEBVTT\n\nREGION\nid:r lines:2\n\nid\n00:00:01.000 --> 00:00:04.000 region:r line:-1,end position:10%,line-left size:50% align:left\n<v.a Ana>Hi <00:00:02.000><b>there</b> &amp; <ruby>x<rt>y</rt></ruby> <lang fr><i>oui</i></lang>\n\n00:05.000 --> 00:06.000\n<c.yellow>two</c>\n"),
            (.subRip, "1\r\n00:00:01,000 --> 00:00:04,000\r\n<b>Hi</b> <font color=\"red\">there</font>\r\n{\\an8}top\r\n\r\n2\r\n00:00:05,000 --> 00:00:06,000\r\ntwo\r\n"),
            (.wordTimings, #"{"segments": [{"start": 0.5, "end": 2, "text": " Hi there", "words": [{"word": " Hi", "start": 0.5, "end": 1}, {"word": " there"}]}], "transcription": []}"#),
            (.wordTimings, #"{"transcription": [{"offsets": {"from": 0, "to": 900}, "text": " a b", "tokens": [{"text": " a", "offsets": {"from": 0, "to": 400}}, {"text": "b", "offsets": {"from": 400, "to": 900}}]}]}"#),
        ]

        static let fragments: [[UInt8]] = ["-->", "<", ">", "</", "&", "&#", ";", ":", ".", ",", "\n", "\r", "\n\n", "<00:", "<v ", "<c.", "<ruby><rt>",
                                           "99:99.999", "00:00.000", "WEBVTT", "NOTE", "STYLE", "REGION", "{\\an", "\"", "{", "}", "[", "]", "%", "-", "\u{FEFF}", "\u{0}"]
            .map { Array($0.utf8) }

        static func mutate(_ bytes: [UInt8], _ g: inout Generator) -> [UInt8] {
            var b = bytes
            for _ in 0..<Int.random(in: 1...8, using: &g) {
                let i = b.isEmpty ? 0 : Int.random(in: 0..<b.count, using: &g)
                switch Int.random(in: 0..<6, using: &g) {
                case 0 where !b.isEmpty: b.remove(at: i)
                case 1: b.insert(UInt8.random(in: 0...255, using: &g), at: i)
                case 2 where !b.isEmpty: b[i] = UInt8.random(in: 0...255, using: &g)
                case 3: b.insert(contentsOf: fragments.randomElement(using: &g)!, at: i)
                case 4 where !b.isEmpty: // duplicate a slice
                    let j = min(b.count, i + Int.random(in: 1...40, using: &g))
                    b.insert(contentsOf: b[i..<j], at: i)
                default: if !b.isEmpty { b.removeSubrange(i..<min(b.count, i + Int.random(in: 1...10, using: &g))) }
                }
            }
            return Array(b.prefix(4000))
        }

        @Test func mutatedFilesNeverCrash() {
            var g = Generator(state: 20_251_123)
            var parsed = 0, rejected = 0
            for round in 0..<1500 {
                let (format, seed) = Self.seeds[round % Self.seeds.count]
                let bytes = Self.mutate(Array(seed.utf8), &g)
                do {
                    let track = try CaptionTrack(data: Data(bytes), fileName: "fuzz", format: format)
                    parsed += 1
                    for cue in track.cues {
                        let count = cue.text.count
                        #expect(cue.end >= cue.start)
                        for word in cue.words {
                            #expect(word.range.lowerBound >= 0 && word.range.upperBound <= count, "\(bytes)")
                            #expect(word.end >= word.start)
                        }
                        for run in cue.runs { #expect(run.range.upperBound <= cue.text.count + 8) }
                    }
                } catch let error as CaptionError {
                    rejected += 1
                    #expect(!error.problems.isEmpty)
                    #expect(!error.description.isEmpty)
                } catch {
                    Issue.record("unexpected error type \(error)")
                }
            }
            #expect(parsed > 100 && rejected > 100)
        }

        @Test func randomBytesNeverCrash() {
            var g = Generator(state: 7)
            for round in 0..<300 {
                let bytes = (0..<Int.random(in: 0...600, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }
                let format = CaptionFormat.allCases[round % 3]
                _ = try? CaptionTrack(data: Data((format == .webVTT ? Array("WEBVTT\n".utf8) : []) + bytes), fileName: "r", format: format)
            }
        }

        /// Pathological but bounded inputs finish quickly (no quadratic blow-up on long lines or tags).
        @Test func longLinesAndDeepTags() throws {
            let longLine = String(repeating: "<b>a", count: 20_000)
            let track = try Captions.vtt("00:01.000 --> 00:02.000\n\(longLine)\n")
            #expect(track.cues[0].text.count == 20_000)
            let ampersands = String(repeating: "&#x", count: 20_000) + String(repeating: "1", count: 10_000)
            _ = try Captions.vtt("00:01.000 --> 00:02.000\n\(ampersands)\n")
            let longTime = "WEBVTT\n\n" + String(repeating: "9", count: 50_000) + ":00:00.000 --> 00:01.000\nx\n"
            #expect(Captions.errors(longTime, format: .webVTT).count == 1)
            let srtTags = "00:00:01,000 --> 00:00:02,000\n" + String(repeating: "<i>{b}<font color=red>", count: 5_000)
            _ = try Captions.srt(srtTags)
        }
    }
}
