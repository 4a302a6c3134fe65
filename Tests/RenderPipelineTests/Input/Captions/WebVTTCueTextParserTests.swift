import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// The cue text parsing rules: every tag, classes and annotations, character references, inline
    /// timestamps, and the tokenizer's recovery.
    @Suite struct WebVTTCueTextParserTests {
        static func nodes(_ text: String) -> [CueNode] { WebVTTCueTextParser.parse(text).nodes }
        static func span(_ kind: CueNode.Kind, _ classes: [String] = [], _ children: CueNode...) -> CueNode {
            .span(kind, classes: classes, children: children)
        }

        @Test func simpleTags() {
            #expect(Self.nodes("<b>b</b><i>i</i><u>u</u>") == [Self.span(.bold, [], .text("b")), Self.span(.italic, [], .text("i")),
                                                              Self.span(.underline, [], .text("u"))])
            #expect(Self.nodes("a <b><i>bi</i></b> c") == [.text("a "), Self.span(.bold, [], Self.span(.italic, [], .text("bi"))), .text(" c")])
        }

        @Test func classesOnAnyTag() {
            #expect(Self.nodes("<c.yellow.bg_blue>x</c>") == [Self.span(.class, ["yellow", "bg_blue"], .text("x"))])
            #expect(Self.nodes("<b.loud>x</b>") == [Self.span(.bold, ["loud"], .text("x"))])
            #expect(Self.nodes("<c>x</c>") == [Self.span(.class, [], .text("x"))])
            // Empty class names are dropped.
            #expect(Self.nodes("<c..a.>x</c>") == [Self.span(.class, ["a"], .text("x"))])
        }

        @Test func voices() {
            #expect(Self.nodes("<v Esme>Hi</v>") == [Self.span(.voice("Esme"), [], .text("Hi"))])
            // The annotation is trimmed and its whitespace collapsed; the end tag may be left out.
            #expect(Self.nodes("<v.first.loud   Mary   Ann >It's me") == [Self.span(.voice("Mary Ann"), ["first", "loud"], .text("It's me"))])
            #expect(Self.nodes("<v>anonymous</v>") == [Self.span(.voice(""), [], .text("anonymous"))])
            #expect(Self.nodes("<v Tom &amp; Jerry>x") == [Self.span(.voice("Tom & Jerry"), [], .text("x"))])
        }

        @Test func languages() throws {
            #expect(Self.nodes("<lang en-GB>colour</lang>") == [Self.span(.language("en-GB"), [], .text("colour"))])
            let cue = try Captions.cue("00:01.000 --> 00:02.000", "<lang fr>un <i>mot</i></lang> word")
            #expect(cue.runs.map(\.language) == ["fr", "fr", nil])
        }

        @Test func ruby() {
            #expect(Self.nodes("<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>")
                == [Self.span(.ruby, [], .text("漢"), Self.span(.rubyText, [], .text("かん")), .text("字"), Self.span(.rubyText, [], .text("じ")))])
            // </ruby> closes an open <rt> too.
            #expect(Self.nodes("<ruby>a<rt>b</ruby>c") == [Self.span(.ruby, [], .text("a"), Self.span(.rubyText, [], .text("b"))), .text("c")])
            // <rt> outside <ruby> is ignored.
            let outside = WebVTTCueTextParser.parse("<rt>x</rt>")
            #expect(outside.nodes == [.text("x")] && outside.warnings == ["<rt> outside <ruby> is ignored"])
        }

        @Test func characterReferences() {
            #expect(Self.nodes("&amp; &lt; &gt; &lrm; &rlm; &nbsp;") == [.text("& < > \u{200E} \u{200F} \u{A0}")])
            #expect(Self.nodes("&#65;&#x42;&#X43;&#x1F600;") == [.text("ABC😀")])
            // HTML's recovery: missing semicolons on legacy names and numbers, unknown names as written.
            #expect(Self.nodes("&amp &lt5 &#65 &bogus; & x &") == [.text("& <5 A &bogus; & x &")])
            #expect(Self.nodes("&#0; &#x110000; &#xD800; &#128;") == [.text("\u{FFFD} \u{FFFD} \u{FFFD} €")])
            #expect(Self.nodes("R&amp;D <b>&lt;b&gt;</b>") == [.text("R&D "), Self.span(.bold, [], .text("<b>"))])
        }

        @Test func inlineTimestamps() {
            #expect(Self.nodes("a <00:00:01.500>b <00:02.000>c")
                == [.text("a "), .timestamp(Captions.ms(1500)), .text("b "), .timestamp(Captions.ms(2000)), .text("c")])
            // Not exactly a timestamp: dropped, with a warning.
            let (nodes, warnings) = WebVTTCueTextParser.parse("a<00:01.5>b<00:01.500x>c<1:00.000>d")
            #expect(nodes == [.text("a"), .text("b"), .text("c"), .text("d")])
            #expect(warnings.count == 3)
        }

        @Test func tokenizerRecovery() {
            // Unknown tags are ignored, their text kept; unmatched end tags are ignored.
            #expect(Self.nodes("<font color=red>x</font>") == [.text("x")])
            #expect(Self.nodes("a</b>b") == [.text("a"), .text("b")])
            // Mis-nested: </b> does not close <i>; the spans close at the end of the cue.
            #expect(Self.nodes("<b><i>x</b>y") == [Self.span(.bold, [], Self.span(.italic, [], .text("x"), .text("y")))])
            // Unterminated tags at the end of the text.
            // A start tag cut off by the end still opens its span (the specification emits it).
            #expect(Self.nodes("x<b") == [.text("x"), Self.span(.bold)])
            #expect(Self.nodes("x<") == [.text("x")])
            #expect(Self.nodes("x</") == [.text("x")])
            #expect(Self.nodes("<>x< b>y") == [.text("x"), .text("y")])
            // A line break inside a start tag starts its annotation.
            #expect(Self.nodes("<v\nAna>x") == [Self.span(.voice("Ana"), [], .text("x"))])
        }

        @Test func nestingIsLimited() {
            let depth = CaptionLimits.maximumNestingDepth + 10
            let text = String(repeating: "<b>", count: depth) + "deep" + String(repeating: "</b>", count: depth)
            let (nodes, warnings) = WebVTTCueTextParser.parse(text)
            func depthOf(_ nodes: [CueNode]) -> Int {
                nodes.map { if case .span(_, _, let c) = $0 { return 1 + depthOf(c) } else { return 0 } }.max() ?? 0
            }
            #expect(depthOf(nodes) == CaptionLimits.maximumNestingDepth)
            #expect(nodes.map(\.plainText).joined() == "deep")
            #expect(!warnings.isEmpty)
        }

        @Test func timestampsBecomeWordTimings() throws {
            let cue = try Captions.cue("00:01.000 --> 00:04.000", "<v Ana>Never <00:01.500>drink <00:02.000><b>liquid</b> <00:03.000>nitrogen.")
            #expect(cue.text == "Never drink liquid nitrogen.")
            #expect(cue.words.map(\.text) == ["Never", "drink", "liquid", "nitrogen."])
            #expect(cue.words.map(\.start.milliseconds) == [1000, 1500, 2000, 3000])
            #expect(cue.words.map(\.end.milliseconds) == [1500, 2000, 3000, 4000])
            #expect(cue.words.map(\.range) == [0..<5, 6..<11, 12..<18, 19..<28])
            #expect(cue.runs.map(\.spokenFrom?.milliseconds) == [nil, 1500, 2000, 2000, 3000])
            #expect(cue.runs.map(\.isBold) == [false, false, true, false, false])
        }

        @Test func outOfOrderTimestampsAreLeftOutOfWordTimings() throws {
            let track = try Captions.vtt("00:01.000 --> 00:04.000\na <00:02.000>b <00:01.500>c <00:05.000>d <00:03.000>e\n")
            let cue = track.cues[0]
            #expect(cue.words.map(\.text) == ["a", "b c d", "e"])
            #expect(cue.words.map(\.start.milliseconds) == [1000, 2000, 3000])
            #expect(track.warnings.count == 2)
            // No timestamps: no word timings.
            #expect(try Captions.cue("00:01.000 --> 00:02.000", "plain").words.isEmpty)
        }
    }
}
