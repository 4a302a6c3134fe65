import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// The WebVTT file parser: the signature, blocks, identifiers, the "stop at -->" rule, and which
    /// malformed input is an error (a cue would be lost) and which the specification's recovery keeps.
    @Suite struct WebVTTParserTests {
        // MARK: Signature and header

        @Test func signatureVariants() throws {
            #expect(try Captions.vtt("", header: "WEBVTT").cues.isEmpty)
            #expect(try Captions.vtt("", header: "WEBVTT\n").cues.isEmpty)
            #expect(try Captions.vtt("00:01.000 --> 00:02.000\nx\n", header: "WEBVTT - title\n\n").cues.count == 1)
            #expect(try Captions.vtt("00:01.000 --> 00:02.000\nx\n", header: "WEBVTT\ttitle\n\n").cues.count == 1)
            #expect(try Captions.vtt("00:01.000 --> 00:02.000\nx\n", header: "\u{FEFF}WEBVTT\n\n").cues.count == 1)
            // Header lines right after the signature (legacy metadata) are skipped, up to a blank line.
            #expect(try Captions.vtt("00:01.000 --> 00:02.000\nx\n", header: "WEBVTT\nKind: captions\nLanguage: en\n\n").cues.count == 1)
            // A cue right after the signature line (no blank line) still starts a cue.
            #expect(try Captions.vtt("00:01.000 --> 00:02.000\nx\n", header: "WEBVTT\n").cues.map(\.text) == ["x"])
        }

        @Test func missingOrWrongSignatureIsAnError() {
            #expect(Captions.errors("00:01.000 --> 00:02.000\nx\n", format: .webVTT, fileName: "talk.vtt")
                == [#"talk.vtt:1: a WebVTT file starts with a line "WEBVTT", not "00:01.000 --> 00:02.000""#])
            #expect(Captions.errors("WEBVTTX\n", format: .webVTT).first?.hasPrefix("t.vtt:1: a WebVTT file starts") == true)
            #expect(Captions.errors("webvtt\n", format: .webVTT).count == 1)
            #expect(Captions.errors("", format: .webVTT) == [#"t.vtt:1: a WebVTT file starts with a line "WEBVTT" (this one starts with an empty line)"#])
            #expect(Captions.errors("WEBVT", format: .webVTT).count == 1)
        }

        @Test func lineEndingsAndNulls() throws {
            let track = try Captions.vtt("00:01.000 --> 00:02.000\r\na\u{0}b\r\nc\rd\n", header: "WEBVTT\r\n\r\n")
            #expect(track.cues[0].text == "a\u{FFFD}b\nc\nd")
        }

        // MARK: Blocks

        @Test func identifiersNotesStylesAndRegions() throws {
            let track = try Captions.vtt("""
                NOTE this is a comment
                spanning lines

                STYLE
                ::cue { color: yellow }

                REGION
                id:fred width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90% scroll:up

                NOTE
                00:05.000 -> inside a note: not a cue, not an error

                first cue
                00:00:01.000 --> 00:00:02.000 region:fred
                Hello

                00:00:03.000 --> 00:00:04.000
                World

                """)
            #expect(track.cues.map(\.id) == ["first cue", ""])
            #expect(track.cues.map(\.text) == ["Hello", "World"])
            #expect(track.styleSheets == ["::cue { color: yellow }"])
            #expect(track.regions.count == 1)
            let region = try #require(track.regions.first)
            #expect(region.id == "fred" && region.width == 40 && region.lines == 3 && region.scrollsUp)
            #expect(region.regionAnchor == (0, 100) && region.viewportAnchor == (10, 90))
            #expect(track.cues[0].settings.region == "fred")
            #expect(track.warnings.isEmpty)
        }

        @Test func regionDefaultsAndBadRegionSettings() throws {
            let track = try Captions.vtt("REGION\nid:r lines:x width:120% scroll:down\n\n00:01.000 --> 00:02.000 region:nope\nx\n")
            let region = try #require(track.regions.first)
            #expect(region.id == "r" && region.lines == 3 && region.width == 100 && !region.scrollsUp)
            #expect(region.regionAnchor == (0, 100) && region.viewportAnchor == (0, 100))
            #expect(track.warnings.count == 4)
            #expect(track.cues[0].settings.region == nil)
        }

        @Test func styleAndRegionAfterACueAreIgnored() throws {
            let track = try Captions.vtt("00:01.000 --> 00:02.000\nx\n\nSTYLE\n::cue {}\n")
            #expect(track.styleSheets.isEmpty)
            #expect(track.warnings.map(\.description) == ["6: a STYLE block after the first cue is ignored (they go before the cues)"])
        }

        @Test func cueTextStopsAtAnArrowLine() throws {
            // The specification: a line containing "-->" ends the cue text and starts the next block.
            let track = try Captions.vtt("00:01.000 --> 00:02.000\none\n00:03.000 --> 00:04.000\ntwo\n")
            #expect(track.cues.map(\.text) == ["one", "two"])
            // An identifier, then the arrow line, then text; a second arrow line ends the cue.
            let withID = try Captions.vtt("id\n00:01.000 --> 00:02.000\nline 1\nline 2\nid2\n00:03.000 --> 00:04.000\nthree\n")
            #expect(withID.cues.map(\.text) == ["line 1\nline 2\nid2", "three"])
            #expect(withID.cues.map(\.id) == ["id", ""])
        }

        @Test func manyBlankLinesAndNoFinalNewline() throws {
            let track = try Captions.vtt("\n\n\n00:01.000 --> 00:02.000\nx\n\n\n\n00:02.000 --> 00:03.000\ny")
            #expect(track.cues.map(\.text) == ["x", "y"])
            #expect(try Captions.vtt("00:01.000 --> 00:02.000").cues.map(\.text) == [""])
        }

        @Test func cuesAreInDisplayOrder() throws {
            let track = try Captions.vtt("b\n00:05.000 --> 00:06.000\nb\n\na\n00:01.000 --> 00:02.000\na\n\nlong\n00:05.000 --> 00:09.000\nl\n")
            #expect(track.cues.map(\.id) == ["a", "long", "b"])
            #expect(track.cues(at: Captions.ms(5500)).map(\.id) == ["long", "b"])
            #expect(track.cues(at: Captions.ms(6000)).map(\.id) == ["long"])
            #expect(track.duration == Captions.ms(9000))
        }

        @Test func overAnHourWithoutDrift() throws {
            let track = try Captions.vtt("01:59:59.999 --> 02:00:00.001\nx\n\n10:00:00.000 --> 10:00:00.001\ny\n")
            #expect(track.cues[0].start.milliseconds == 7_199_999)
            #expect(track.cues[0].end.milliseconds == 7_200_001)
            #expect(track.cues[1].start.milliseconds == 36_000_000)
        }

        // MARK: Errors and recovery

        @Test func badTimestampsAreErrorsWithLineAndColumn() {
            #expect(Captions.errors("WEBVTT\n\n00:01:02.5 --> 00:01:05.000\nbad\n", format: .webVTT, fileName: "talk.vtt")
                == [#"talk.vtt:3: "00:01:02.5" is not a timestamp (use hh:mm:ss.ttt or mm:ss.ttt)"#])
            #expect(Captions.errors("WEBVTT\n\n00:01.000 --> 00:01:5.000\nbad\n", format: .webVTT)
                == [#"t.vtt:3:15: "00:01:5.000" is not a timestamp (use hh:mm:ss.ttt or mm:ss.ttt)"#])
            #expect(Captions.errors("WEBVTT\n\n00:61.000 --> 01:05.000\nbad\n", format: .webVTT)
                == [#"t.vtt:3: "00:61.000" is not a timestamp: minutes and seconds go from 00 to 59"#])
            #expect(Captions.errors("WEBVTT\n\n --> 00:02.000\nx\n", format: .webVTT)
                == [#"t.vtt:3:2: a cue timing line needs a start time before "-->""#])
            #expect(Captions.errors("WEBVTT\n\n00:01.000 -->\nx\n", format: .webVTT)
                == [#"t.vtt:3:14: a cue timing line needs an end time after "-->""#])
            #expect(Captions.errors("WEBVTT\n\n00:01.000 00:02.000 --> 00:03.000\nx\n", format: .webVTT)
                == [#"t.vtt:3:11: expected "-->" after the start time, found "00:02.000""#])
        }

        @Test func mistypedArrowsAreErrors() {
            // Without "-->" the specification skips the block as "not a cue": the caption would be lost.
            for arrow in ["->", "—>", "=>", "- ->", "→"] {
                #expect(Captions.errors("WEBVTT\n\nid\n00:01.000 \(arrow) 00:02.000\nx\n", format: .webVTT)
                    == [#"t.vtt:4:11: expected "-->" after the start time, found "\#(arrow.split(separator: " ").first!)""#], "\(arrow)")
            }
            #expect(Captions.errors("WEBVTT\n\n00:01.000 00:02.000\nx\n", format: .webVTT).count == 1)
        }

        @Test func everyProblemIsReported() {
            let lines = Captions.errors("WEBVTT\n\n00:01.00 --> 00:02.000\na\n\n00:03.000 --> 00:02.000\nb\n\n00:04.000 --> 00:04.000\nc\n",
                                        format: .webVTT)
            #expect(lines == [
                #"t.vtt:3: "00:01.00" is not a timestamp (use hh:mm:ss.ttt or mm:ss.ttt)"#,
                "t.vtt:6: the cue ends at 00:00:02.000, before it starts (00:00:03.000): it would never show",
            ])
        }

        @Test func aCueOfNoLengthIsSkippedWithAWarning() throws {
            let track = try Captions.vtt("00:01.000 --> 00:02.000\na\n\n00:04.000 --> 00:04.000\nc\n\n00:05.000 --> 00:06.000\nd\n")
            #expect(track.cues.map { $0.text } == ["a", "d"])
            #expect(track.warnings.map(\.description) == ["6: the cue ends when it starts (00:00:04.000); it is skipped"])
        }

        @Test func lenientCasesKeepTheSpecificationsRecovery() throws {
            // Unknown settings, unknown tags, unterminated tags, text blocks: warnings, the cue is kept.
            let track = try Captions.vtt("""
                00:01.000 --> 00:02.000 colour:red line:abc
                <b>unterminated <font>tag

                just some text

                """)
            #expect(track.cues.map(\.text) == ["unterminated tag"])
            #expect(track.warnings.map(\.description) == [
                #"3: cue setting "colour:red" is not understood (settings: vertical:rl|lr, line:N|N%[,start|center|end], position:N%[,line-left|center|line-right], size:N%, align:start|center|end|left|right, region:ID); it is ignored"#,
                #"3: cue setting "line:abc" is not understood (settings: vertical:rl|lr, line:N|N%[,start|center|end], position:N%[,line-left|center|line-right], size:N%, align:start|center|end|left|right, region:ID); it is ignored"#,
                "4: <font> is not a WebVTT tag (known: b, i, u, c, v, lang, ruby, rt); it is ignored",
                "6: this block is not a cue (it has no \"start --> end\" line) and is ignored",
            ])
        }

        @Test func limitsAreErrorsNotCrashes() {
            let big = Data(count: CaptionLimits.maximumFileSize + 1)
            #expect(throws: CaptionError.self) { try CaptionTrack(data: big, fileName: "big.vtt") }
            let many = "WEBVTT\n\n" + String(repeating: "00:01.000 --> 00:02.000\nx\n\n", count: CaptionLimits.maximumCueCount + 1)
            #expect(Captions.errors(many, format: .webVTT).first?.contains("more than 100000 cues") == true)
        }

        @Test func atMostAHundredCuesAreOnScreenAtOnce() throws {
            let cue = "00:01.000 --> 00:05.000\nx\n\n"
            #expect(try Captions.vtt(String(repeating: cue, count: CaptionLimits.maximumCuesOnScreen)).cues.count == 100)
            // The 101st cue's timing line: after the signature, a blank line and 100 cues of three lines.
            #expect(Captions.errors("WEBVTT\n\n" + String(repeating: cue, count: 101), format: .webVTT)
                == ["t.vtt:303: this cue starts at 00:00:01.000 while 100 others are still on screen, more than a file may show at once (100); check the cues' end times"])
            // Cues that end free the screen: 100,000 of them, ten at a time, are read.
            let many = (0..<100_000).map { "\(CaptionTime(milliseconds: 300 * $0)) --> \(CaptionTime(milliseconds: 300 * $0 + 2999))\nx\n" }
            #expect(try Captions.vtt(many.joined(separator: "\n")).cues.count == 100_000)
        }

        @Test func atMostAHundredProblemsAreListed() {
            let text = "WEBVTT\n\n" + String(repeating: "00:01.0 --> 00:02.000\nx\n\n", count: 150)
            let lines = Captions.errors(text, format: .webVTT)
            #expect(lines.count == 101)
            #expect(lines.last == "t.vtt: … and 50 more problems")
        }
    }
}
