import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// SubRip as real files write it: CRLF, a BOM, missing indices, extra blank lines, tags.
    @Suite struct SubRipParserTests {
        static let basic = "1\n00:00:01,000 --> 00:00:04,000\nHello\nworld\n\n2\n00:00:05,500 --> 00:00:07,250\nSecond\n"

        @Test func basicFile() throws {
            let track = try Captions.srt(Self.basic)
            #expect(track.format == .subRip)
            #expect(track.cues.map(\.id) == ["1", "2"])
            #expect(track.cues.map(\.text) == ["Hello\nworld", "Second"])
            #expect(track.cues.map(\.start.milliseconds) == [1000, 5500])
            #expect(track.cues.map(\.end.milliseconds) == [4000, 7250])
            #expect(track.cues.map(\.sourceLine) == [2, 7])
            #expect(track.warnings.isEmpty)
        }

        @Test func crlfBOMAndCR() throws {
            let crlf = "\u{FEFF}" + Self.basic.replacingOccurrences(of: "\n", with: "\r\n")
            #expect(try Captions.srt(crlf).cues == Captions.srt(Self.basic).cues)
            let cr = Self.basic.replacingOccurrences(of: "\n", with: "\r")
            #expect(try Captions.srt(cr).cues == Captions.srt(Self.basic).cues)
        }

        @Test func utf16AndWindows1252() throws {
            var utf16 = Data([0xFF, 0xFE])
            for unit in "1\n00:00:01,000 --> 00:00:02,000\nÇa va\n".utf16 { utf16.append(UInt8(unit & 0xFF)); utf16.append(UInt8(unit >> 8)) }
            #expect(try CaptionTrack(data: utf16, fileName: "a.srt").cues.map(\.text) == ["Ça va"])
            var latin = Data("1\n00:00:01,000 --> 00:00:02,000\n".utf8)
            latin.append(contentsOf: [0x43, 0x61, 0x66, 0xE9, 0x20, 0x80, 0x0A]) // "Café €" in Windows-1252
            let track = try CaptionTrack(data: latin, fileName: "a.srt")
            #expect(track.cues.map(\.text) == ["Café €"])
            #expect(track.warnings.map(\.message) == ["is not UTF-8; read as Windows-1252 (save it as UTF-8 to be sure)"])
        }

        @Test func missingIndicesAndExtraBlankLines() throws {
            let track = try Captions.srt("\n\n00:00:01,000 --> 00:00:02,000\none\n\n\n\n00:00:03,000 --> 00:00:04,000\n\ntwo\n\nthree\n\n\n7\n\n00:00:05,000 --> 00:00:06,000\nfour\n\n\n")
            #expect(track.cues.map(\.text) == ["one", "two\nthree", "four"])
            #expect(track.cues.map(\.id) == ["", "", "7"])
        }

        @Test func looseTimes() throws {
            let track = try Captions.srt("00:00:01.5 --> 0:0:2,25\na\n\n100:00:00,000 --> 100:00:00,001 X1:100 X2:600 Y1:10 Y2:50\nb\n")
            #expect(track.cues.map(\.start.milliseconds) == [1500, 360_000_000])
            #expect(track.cues.map(\.end.milliseconds) == [2250, 360_000_001])
        }

        @Test func tags() throws {
            let cue = try Captions.srt("1\n00:00:01,000 --> 00:00:02,000\n<b>bold</b> <I>it</I> {u}under{/u} <s>gone</s> <font color=\"#FF0000\" face=\"Arial\">red</font> a < b\n").cues[0]
            #expect(cue.text == "bold it under gone red a < b")
            let runs = cue.runs
            #expect(runs.first { $0.text == "bold" }?.isBold == true)
            #expect(runs.first { $0.text == "it" }?.isItalic == true)
            #expect(runs.first { $0.text == "under" }?.isUnderlined == true)
            #expect(runs.first { $0.text == "red" }?.color == Color(red: 1, green: 0, blue: 0))
            #expect(runs.first { $0.text == "gone" }.map { !$0.isBold && !$0.isItalic } == true)
            // Colour names and bare hex; unclosed tags end with the cue; stray closers are ignored.
            let more = try Captions.srt("00:00:01,000 --> 00:00:02,000\n<font color=yellow>y</font><font color='00ff00'>g</font></i><b>open\n").cues[0]
            #expect(more.runs.map(\.color) == [Color(parsing: "yellow"), Color(red: 0, green: 1, blue: 0), nil])
            #expect(more.runs.last?.isBold == true)
        }

        @Test func assAlignmentOverrides() throws {
            let top = try Captions.srt("00:00:01,000 --> 00:00:02,000\n{\\an8}Top centre\n").cues[0]
            #expect(top.text == "Top centre")
            #expect(top.settings.line == .lineNumber(0) && top.settings.textAlignment == .center)
            let left = try Captions.srt("00:00:01,000 --> 00:00:02,000\n{\\an1}{\\i1}Bottom left\n").cues[0]
            #expect(left.text == "Bottom left" && left.settings.line == .auto && left.settings.textAlignment == .left)
            let middle = try Captions.srt("00:00:01,000 --> 00:00:02,000\n{\\an6}x\n").cues[0]
            #expect(middle.settings.line == .percentage(50) && middle.settings.textAlignment == .right)
        }

        @Test func errors() throws {
            #expect(Captions.errors("1\n00:00:01,000 -> 00:00:02,000\nx\n", format: .subRip, fileName: "talk.srt")
                == [#"talk.srt:2: "00:00:01,000 -> 00:00:02,000" is not a timing line (write "00:00:01,000 --> 00:00:04,000": the times with "-->" between them)"#])
            #expect(Captions.errors("1\n00:00:01: --> 00:00:02,000\nx\n", format: .subRip)
                == [#"t.srt:2:9: expected "-->" after the start time, found ":""#])
            #expect(Captions.errors("1\n00:01 --> 00:00:02,000\nx\n", format: .subRip)
                == [#"t.srt:2: "00:01" is not a timestamp (use hh:mm:ss,ttt)"#])
            #expect(Captions.errors("1\n00:00:01,000 --> 00:00:02,000x\nx\n", format: .subRip)
                == [#"t.srt:2:18: "00:00:02,000x" is not a timestamp (use hh:mm:ss,ttt)"#])
            #expect(Captions.errors("1\n00:00:01,000 --> 00:61:02,000\nx\n", format: .subRip)
                == [#"t.srt:2:18: "00:61:02,000" is not a timestamp: minutes and seconds go from 00 to 59"#])
            // Whole seconds without a fraction, as hand-made files write them; a cue of no length is skipped.
            let loose = try Captions.srt("0\n00:00:04 --> 00:00:07\nfour to seven\n\n1\n00:00:08,000 --> 00:00:08,000\nnever\n\n2\n00:00:09.5 --> 00:00:10\nnine and a half\n")
            #expect(loose.cues.map { [$0.start.milliseconds, $0.end.milliseconds] } == [[4000, 7000], [9500, 10000]])
            #expect(loose.warnings.map(\.description) == ["6: the cue ends when it starts (00:00:08.000); it is skipped"])
            // A text line that starts with a time is still text.
            #expect(try Captions.srt("1\n00:00:01,000 --> 00:00:02,000\n10:30:00 is when we meet\n").cues.first?.text == "10:30:00 is when we meet")
            #expect(Captions.errors("1\n00:00:03,000 --> 00:00:02,000\nx\n", format: .subRip)
                == ["t.srt:2: the cue ends at 00:00:02.000, before it starts (00:00:03.000): it would never show"])
            #expect(Captions.errors("just some text\nno timings\n", format: .subRip)
                == [#"t.srt:1: no cues: a SubRip cue has a timing line such as "00:00:01,000 --> 00:00:04,000""#])
            #expect(try Captions.srt("").cues.isEmpty)
            #expect(try Captions.srt("\n\n  \n").cues.isEmpty)
        }

        @Test func textBeforeTheFirstCueIsAWarning() throws {
            let track = try Captions.srt("Subtitles by someone\n\n1\n00:00:01,000 --> 00:00:02,000\nx\n")
            #expect(track.cues.map(\.id) == ["1"])
            #expect(track.warnings.map(\.description) == ["1: text before the first cue's timing line is ignored"])
        }

        @Test func atMostAHundredCuesAreOnScreenAtOnce() {
            let cues = (1...101).map { "\($0)\n00:00:01,000 --> 00:00:0\($0 == 101 ? 2 : 5),000\nx\n" }.joined(separator: "\n")
            #expect(Captions.errors(cues, format: .subRip)
                == ["t.srt:402: this cue starts at 00:00:01.000 while 100 others are still on screen, more than a file may show at once (100); check the cues' end times"])
            #expect(Captions.errors(cues.replacingOccurrences(of: "00:00:01,000 --> 00:00:05,000", with: "00:00:00,500 --> 00:00:01,000"),
                                    format: .subRip) == ["no error"])
        }
    }
}
