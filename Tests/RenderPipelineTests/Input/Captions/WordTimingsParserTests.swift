import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Word timings as whisper, WhisperX and whisper.cpp print them.
    @Suite struct WordTimingsParserTests {
        @Test func openAIWhisper() throws {
            let track = try Captions.words("""
                {"text": " Hello world. Bye.", "language": "en", "segments": [
                  {"id": 0, "seek": 0, "start": 0.0, "end": 1.5, "text": " Hello world.", "tokens": [50364, 2425],
                   "words": [{"word": " Hello", "start": 0.0, "end": 0.62, "probability": 0.93},
                             {"word": " world.", "start": 0.62, "end": 1.4, "probability": 0.88}]},
                  {"id": 1, "seek": 0, "start": 1.5, "end": 2.0, "text": " Bye."}]}
                """)
            #expect(track.format == .wordTimings && track.language == "en")
            #expect(track.cues.map(\.text) == ["Hello world.", "Bye."])
            #expect(track.cues.map(\.id) == ["0", "1"])
            let words = track.cues[0].words
            #expect(words.map(\.text) == ["Hello", "world."])
            #expect(words.map(\.start.milliseconds) == [0, 620])
            #expect(words.map(\.end.milliseconds) == [620, 1400])
            #expect(words.map(\.range) == [0..<5, 6..<12])
            #expect(words.map(\.confidence) == [0.93, 0.88])
            #expect(track.cues[1].words.isEmpty)
        }

        @Test func whisperTimestampedNamesTheWordText() throws {
            let track = try Captions.words("""
                {"text": "Bonjour tout le monde", "segments": [{"id": 0, "start": 0.5, "end": 2.1, "text": " Bonjour tout le monde",
                  "words": [{"text": "Bonjour", "start": 0.5, "end": 1.02, "confidence": 0.9}, {"text": "tout", "start": 1.02, "end": 1.3, "confidence": 0.8},
                            {"text": "le", "start": 1.3, "end": 1.5, "confidence": 0.99}, {"text": "monde", "start": 1.5, "end": 2.1, "confidence": 0.97}]}]}
                """)
            let words = track.cues[0].words
            #expect(track.cues.map(\.text) == ["Bonjour tout le monde"])
            #expect(words.map(\.text) == ["Bonjour", "tout", "le", "monde"])
            #expect(words.map(\.range) == [0..<7, 8..<12, 13..<15, 16..<21])
            #expect(words.map(\.start.milliseconds) == [500, 1020, 1300, 1500])
            #expect(words.map(\.confidence) == [0.9, 0.8, 0.99, 0.97])
        }

        @Test func whisperXWithUnalignedNumbersAndSpeakers() throws {
            let track = try Captions.words("""
                {"segments": [{"start": 10.0, "end": 13.0, "text": "In 2023 we shipped it.", "speaker": "SPEAKER_00",
                  "words": [{"word": "In", "start": 10.0, "end": 10.2, "score": 0.9},
                            {"word": "2023"},
                            {"word": "we", "start": 11.0, "end": 11.2, "score": 0.8},
                            {"word": "shipped", "start": 11.2, "end": 11.7},
                            {"word": "it."}]}],
                 "word_segments": []}
                """)
            let cue = track.cues[0]
            #expect(cue.text == "In 2023 we shipped it.")
            #expect(cue.runs.map(\.voice) == ["SPEAKER_00"])
            #expect(cue.words.map(\.text) == ["In", "2023", "we", "shipped", "it."])
            // "2023" takes the gap between "In" and "we"; "it." the rest of the segment.
            #expect(cue.words[1].start.milliseconds == 10_200 && cue.words[1].end.milliseconds == 11_000)
            #expect(cue.words[4].start.milliseconds == 11_700 && cue.words[4].end.milliseconds == 13_000)
            #expect(cue.words.map(\.isInterpolated) == [false, true, false, false, true])
            #expect(cue.words.map(\.range) == [0..<2, 3..<7, 8..<10, 11..<18, 19..<22])
        }

        @Test func untimedWordsShareTheGapByLengthOrTakeANeighbour() {
            let filled = WordTimingsParser.fillTimes([(Captions.ms(0), Captions.ms(100), 2), (nil, nil, 1), (nil, nil, 3), (Captions.ms(500), Captions.ms(600), 2)],
                                                     start: .zero, end: Captions.ms(1000))
            #expect(filled.map { [$0.0.milliseconds, $0.1.milliseconds] } == [[0, 100], [100, 200], [200, 500], [500, 600]])
            let touching = WordTimingsParser.fillTimes([(Captions.ms(0), Captions.ms(100), 2), (nil, nil, 4), (Captions.ms(100), Captions.ms(300), 2)],
                                                       start: .zero, end: Captions.ms(1000))
            #expect(touching.map { [$0.0.milliseconds, $0.1.milliseconds] } == [[0, 100], [0, 100], [100, 300]])
            let allMissing = WordTimingsParser.fillTimes([(nil, nil, 1), (nil, nil, 1)], start: Captions.ms(1000), end: Captions.ms(2000))
            #expect(allMissing.map { [$0.0.milliseconds, $0.1.milliseconds] } == [[1000, 1500], [1500, 2000]])
        }

        @Test func whisperXWordSegmentsOnly() throws {
            let track = try Captions.words(#"{"word_segments": [{"word": "Hi", "start": 0.5, "end": 0.8}, {"word": "there", "start": 0.8, "end": 1.1}]}"#)
            #expect(track.cues.map(\.text) == ["Hi", "there"])
            #expect(track.cues.map(\.words.count) == [1, 1])
        }

        @Test func whisperCpp() throws {
            let track = try Captions.words("""
                {"systeminfo": "AVX = 1", "model": {"type": "base"}, "result": {"language": "en"},
                 "transcription": [
                  {"timestamps": {"from": "00:00:00,000", "to": "00:00:02,500"}, "offsets": {"from": 0, "to": 2500},
                   "text": " And so my fellow",
                   "tokens": [{"text": "[_BEG_]", "offsets": {"from": 0, "to": 0}, "p": 0.9},
                              {"text": " And", "offsets": {"from": 0, "to": 320}, "p": 0.8},
                              {"text": " so", "offsets": {"from": 320, "to": 700}, "p": 0.9},
                              {"text": " my", "offsets": {"from": 700, "to": 1000}, "p": 0.9},
                              {"text": " fell", "offsets": {"from": 1000, "to": 1700}, "p": 0.7},
                              {"text": "ow", "offsets": {"from": 1700, "to": 2400}, "p": 0.95},
                              {"text": "[_TT_125]", "offsets": {"from": 2500, "to": 2500}, "p": 0.1}]},
                  {"offsets": {"from": 2500, "to": 4000}, "text": " Americans"}]}
                """)
            #expect(track.language == "en")
            #expect(track.cues.map(\.text) == ["And so my fellow", "Americans"])
            let words = track.cues[0].words
            #expect(words.map(\.text) == ["And", "so", "my", "fellow"])
            #expect(words.map(\.start.milliseconds) == [0, 320, 700, 1000])
            #expect(words.map(\.end.milliseconds) == [320, 700, 1000, 2400])
            #expect(words.last?.confidence == 0.7)
            #expect(track.cues[1].start.milliseconds == 2500 && track.cues[1].end.milliseconds == 4000)
        }

        @Test func wordsNotInTheTextRebuildIt() throws {
            let track = try Captions.words(#"{"segments": [{"start": 0, "end": 1, "text": "something else", "words": [{"word": " Hi", "start": 0, "end": 0.5}, {"word": " you", "start": 0.5, "end": 1}]}]}"#)
            #expect(track.cues[0].text == "Hi you")
            #expect(track.cues[0].words.map(\.range) == [0..<2, 3..<6])
        }

        @Test func smallOvershootStretchesTheCue() throws {
            let track = try Captions.words(#"{"segments": [{"start": 1, "end": 2, "text": "a b", "words": [{"word": "a", "start": 0.8, "end": 1.5}, {"word": "b", "start": 1.5, "end": 2.3}]}]}"#)
            #expect(track.cues[0].start.milliseconds == 800 && track.cues[0].end.milliseconds == 2300)
        }

        @Test func atMostAHundredSegmentsAreOnScreenAtOnce() {
            let segments = (0...100).map { _ in #"{"start": 1, "end": 5, "text": "x"}"# }.joined(separator: ", ")
            #expect(Captions.errors(#"{"segments": [\#(segments)]}"#, format: .wordTimings)
                == ["t.json: segments[100]: this cue starts at 00:00:01.000 while 100 others are still on screen, more than a file may show at once (100); check the cues' end times"])
        }

        @Test func oneSegmentOfManyWordsIsReadInLinearTime() throws {
            // 100,000 timed words, some without times (shared out between their neighbours).
            let words = (0..<100_000).map { i in
                i % 7 == 3 ? #"{"word": " w\#(i)"}"# : #"{"word": " w\#(i)", "start": \#(Double(i) * 0.3), "end": \#(Double(i) * 0.3 + 0.25)}"#
            }
            let text = (0..<100_000).map { " w\($0)" }.joined()
            let json = #"{"segments": [{"start": 0, "end": 30000, "text": "\#(text)", "words": [\#(words.joined(separator: ","))]}]}"#
            var track: CaptionTrack?
            let elapsed = try ContinuousClock().measure { track = try Captions.words(json) }
            let cue = try #require(track?.cues.first)
            #expect(cue.words.count == 100_000)
            #expect(cue.words.last?.range == cue.text.count - 6..<cue.text.count)
            #expect(elapsed < .seconds(60), "\(elapsed)")
        }

        @Test func errorsNameThePath() {
            #expect(Captions.errors(#"{"segments": [{"start": 1, "end": "2"}]}"#, format: .wordTimings, fileName: "talk.words.json")
                == [#"talk.words.json: segments[0].end: expected a number, found a string "2""#])
            #expect(Captions.errors(#"{"segments": [{"start": 2, "end": 1, "text": "x"}]}"#, format: .wordTimings)
                == ["t.json: segments[0].end: the segment ends before it starts (00:00:01.000 < 00:00:02.000)"])
            #expect(Captions.errors(#"{"segments": [{"start": -1, "end": 1}]}"#, format: .wordTimings).count == 1)
            #expect(Captions.errors(#"{"segments": [{"start": 0, "end": 1, "words": [{"word": "x", "start": 0.5, "end": 0.2}]}]}"#, format: .wordTimings)
                == ["t.json: segments[0].words[0].end: the word ends before it starts (00:00:00.200 < 00:00:00.500)"])
            #expect(Captions.errors(#"{"segments": [{"start": 0, "end": 1, "words": [{"word": "x", "start": 0.5, "end": 5}]}]}"#, format: .wordTimings)
                == ["t.json: segments[0].words[0]: the word ends at 00:00:05.000, more than a second after its segment (00:00:01.000)"])
            #expect(Captions.errors(#"{"cues": []}"#, format: .wordTimings).first?.hasPrefix("t.json: is not a word-timings file") == true)
            let syntax = Captions.errors("{\"segments\": [\n  {\"start\": 1,, }]}", format: .wordTimings)
            // file:line:column, as for SubRip and WebVTT problems: the second comma, column 15.
            #expect(syntax == ["t.json:2:15: not valid JSON: invalid value"])
        }
    }
}
