import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// The sample talk in `Scenes/captions/` (the files later caption steps render): each format
    /// reads without problems and the three agree on the cues' times and text.
    @Suite struct CaptionSampleTests {
        static func track(_ name: String) throws -> CaptionTrack {
            try CaptionTrack(contentsOf: Captions.samples.appendingPathComponent(name))
        }

        static let starts = [500, 3400, 7000, 10_300, 13_800, 17_200, 20_600, 24_100, 27_700]

        @Test func subRip() throws {
            let track = try Self.track("talk.srt")
            #expect(track.format == .subRip && track.warnings.isEmpty)
            #expect(track.cues.map(\.start.milliseconds) == Self.starts)
            #expect(track.cues.map(\.id) == (1...9).map(String.init))
            #expect(track.cues[1].runs.first { $0.text == "text on video" }?.isItalic == true)
            #expect(track.cues[5].settings.line == .lineNumber(0))
            #expect(track.cues[5].runs.first?.color != nil)
            #expect(track.duration == CaptionTime(seconds: 30))
        }

        @Test func webVTT() throws {
            let track = try Self.track("talk.vtt")
            #expect(track.format == .webVTT)
            #expect(track.warnings.isEmpty, "\(track.warnings)")
            #expect(track.cues.map(\.start.milliseconds) == Self.starts)
            #expect(track.cues.first?.id == "intro" && track.cues.last?.id == "outro")
            #expect(track.regions.map(\.id) == ["lower"] && track.styleSheets.count == 1)
            #expect(track.cues[0].settings.region == "lower")
            #expect(track.cues[0].words.count == 8)
            #expect(track.cues[0].words.map(\.text).joined(separator: " ") == "Good morning, everyone, and thank you for coming.")
            #expect(track.cues[0].runs.allSatisfy { $0.voice == "Maya" })
            #expect(track.cues[1].settings.line == .lineNumber(-2))
            #expect(track.cues[4].settings.line == .percentage(85) && track.cues[4].settings.lineAlignment == .end)
            #expect(track.cues[5].settings.position == 10 && track.cues[5].settings.positionAlignment == .lineLeft)
            #expect(track.cues[6].text.contains("readable & clear"))
            #expect(track.cues[6].runs.contains { $0.language == "fr" })
            // Every inline timestamp is inside its cue and in order, so all of them timed a word.
            for cue in track.cues where !cue.words.isEmpty {
                #expect(zip(cue.words, cue.words.dropFirst()).allSatisfy { $0.end == $1.start && $0.start < $1.start })
            }
        }

        @Test func wordTimings() throws {
            let track = try Self.track("talk.words.json")
            #expect(track.format == .wordTimings && track.language == "en")
            #expect(track.cues.map(\.start.milliseconds) == Self.starts)
            let srt = try Self.track("talk.srt")
            #expect(track.cues.map(\.text) == srt.cues.map { $0.text.replacingOccurrences(of: "\n", with: " ") })
            for cue in track.cues {
                #expect(!cue.words.isEmpty)
                #expect(cue.words.allSatisfy { cue.start <= $0.start && $0.end <= cue.end && $0.start < $0.end })
                #expect(cue.words.map { String(Array(cue.text)[$0.range]) } == cue.words.map(\.text))
            }
        }

        /// A word's highlight starts and ends on exact frames at 30000/1001 fps.
        @Test func wordFramesAtNTSCRate() throws {
            let word = try Self.track("talk.vtt").cues[0].words[1] // "morning," 0.900–1.400 s
            #expect(word.text == "morning,")
            #expect(word.start.firstFrame(atOrAfterRate: 30000, per: 1001) == 27) // 27 × 1001/30000 = 0.9009 s
            #expect(word.end.firstFrame(atOrAfterRate: 30000, per: 1001) == 42)   // 41 is at 1.3680 s, 42 at 1.4014 s
        }

        @Test func formatsFromNamesAndContent() {
            #expect(CaptionFormat(fileName: "talk.words.json") == .wordTimings)
            #expect(CaptionFormat(fileName: "a.VTT") == .webVTT)
            #expect(CaptionFormat(fileName: "a.srt") == .subRip)
            #expect(CaptionFormat(fileName: "a.txt") == nil)
            #expect(CaptionFormat(sniffing: "\u{FEFF}WEBVTT\n") == .webVTT)
            #expect(CaptionFormat(sniffing: "  {\"segments\"") == .wordTimings)
            #expect(CaptionFormat(sniffing: "1\n00:00:01,000") == .subRip)
        }

        @Test func unreadableFile() {
            #expect(throws: CaptionError.self) { try CaptionTrack(contentsOf: URL(fileURLWithPath: "/nonexistent/x.vtt")) }
        }
    }
}
