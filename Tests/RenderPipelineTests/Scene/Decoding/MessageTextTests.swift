import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Problems stay one printable line each, and malformed JSON says where it broke.
@Suite struct MessageTextTests {
    let minimalBlocks = #""blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "Hi"}]"#

    @Test func controlCharactersAreEscaped() {
        #expect("a\nb\tc\u{1B}[31m\u{7F}\u{85}\u{2028}".escapingControlCharacters == #"a\nb\tc\u{1B}[31m\u{7F}\u{85}\u{2028}"#)
        #expect("plain — ünïcödé 😀".escapingControlCharacters == "plain — ünïcödé 😀")
    }

    @Test func longValuesAreCutSayingHowLong() {
        let cut = String(repeating: "x", count: 5_000).cutForMessages(after: 80)
        #expect(cut == String(repeating: "x", count: 80) + "… (5000 characters)")
        #expect("short".cutForMessages(after: 80) == "short")
    }

    @Test func oneHugeCharacterIsCutByBytesAtAScalarsEnd() {
        // "a" and 50,000 combining acute accents: one Character of 100,001 bytes.
        let huge = "a" + String(repeating: "\u{301}", count: 50_000)
        #expect(huge.count == 1)
        let cut = huge.cutForMessages(after: 80)
        // Only short pieces in expectations: a failure must not print the 100 KB value.
        let cutBytes = cut.utf8.count
        #expect(cutBytes <= 80 * 3 + 40)
        let cutEnd = Self.scalars(cut.unicodeScalars.suffix(20))
        #expect(cutEnd.hasSuffix("… (100001 bytes)"))
        let kept = cut.unicodeScalars.prefix { $0 != "…" }
        let keptCount = kept.count
        #expect(kept.first == "a" && kept.dropFirst().allSatisfy { $0 == "\u{301}" })
        #expect(keptCount == 1 + (240 - 1) / 2)
        // Emoji: 80 characters would be 320 bytes; the cut keeps whole scalars within 240.
        let emoji = String(repeating: "😀", count: 100).cutForMessages(after: 80)
        #expect(emoji == String(repeating: "😀", count: 60) + "… (100 characters)")

        // (Prefixes are compared by scalars: "a" and one mark is not the Character "a" and many.)
        let line = "captions.style: \"\(huge)\" is not a color"
        let shown = line.oneMessageLine()
        let shownBytes = shown.utf8.count
        #expect(shownBytes <= 3_000 + 60)
        let shownStart = Self.scalars(shown.unicodeScalars.prefix(19)), shownEnd = Self.scalars(shown.unicodeScalars.suffix(16))
        #expect(shownStart == "captions.style: \"a\u{301}" && shownEnd == "\" is not a color")
        let saysBytesLeftOut = shown.contains("bytes left out")
        #expect(saysBytesLeftOut)
        let plain = String(repeating: "\u{301}", count: 5_000).oneMessageLine()
        let plainBytes = plain.utf8.count, plainSaysBytes = plain.contains("bytes left out")
        #expect(plainBytes <= 3_000 + 60 && plainSaysBytes)
    }

    @Test func anUnknownCaptionPresetIsQuotedCut() throws {
        let problems = SceneProblems()
        let name = "x" + String(repeating: "\u{301}", count: 50_000) + String(repeating: "y", count: 10_000)
        _ = JSONNode(value: .object(["preset": .string(name)]), path: "captions.style", problems: problems).captionStyle()
        let lines = problems.items.map(\.description)
        #expect(lines.count == 1)
        let line = lines.first ?? ""
        let start = Self.scalars(line.unicodeScalars.prefix(26)), end = Self.scalars(line.unicodeScalars.suffix(80)), bytes = line.utf8.count
        #expect(start == "captions.style.preset: \"x\u{301}")
        #expect(end.hasSuffix("is not a caption style preset (known: bold-pop, broadcast, karaoke)"))
        #expect(bytes < 400)
    }

    static func scalars(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    @Test func overlongLinesKeepTheirStartAndEnd() {
        let line = "blocks[0].text: " + String(repeating: "y", count: 100_000) + " is not a color"
        let shown = line.oneMessageLine()
        #expect(shown.count <= 1_000)
        #expect(shown.hasPrefix("blocks[0].text: yyy") && shown.hasSuffix("yyy is not a color"))
        #expect(shown.contains("characters left out"))
    }

    @Test func malformedJSONNamesLineAndColumn() {
        let json = "{\n  \"canvas\": {\"width\": 100, \"height\": 50},\n  \"blocks\": [1,, 2]\n}"
        #expect(sceneProblemLines(json) == ["s.json: not valid JSON at line 3, column 16: invalid value"])
        #expect(sceneProblemLines("{\"canvas\": {\"width\": 100,\n") == ["s.json: not valid JSON at line 2, column 1: unexpected end of file during JSON parse"])
        let deep = String(repeating: "[", count: 100_000)
        #expect(sceneProblemLines(deep).first?.contains("too many nested arrays or dictionaries") == true)
    }

    @Test func aMegabyteValueIsNotEchoedWhole() {
        let huge = String(repeating: "z", count: 1_000_000)
        let lines = sceneProblemLines(#"{"canvas": {"width": 100, "height": 50, "background": "\#(huge)"}, \#(minimalBlocks)}"#)
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("s.json: canvas.background: \"zzz"))
        #expect(lines[0].utf8.count < 400, "\(lines[0].prefix(400))")
        #expect(lines[0].contains("characters)"))
    }

    @Test func controlCharactersInValuesAndKeysStayOnOneLine() {
        let lines = sceneProblemLines(#"{"canvas": {"width": 100, "height": 50, "background": "\u001b[2J\nred", "x\ny": 1}, \#(minimalBlocks)}"#)
        #expect(lines.count == 2)
        for line in lines { #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "\(line)") }
        #expect(lines.contains { $0.hasPrefix(#"s.json: canvas.x\ny: unknown field"#) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix(#"s.json: canvas.background: "\u001b[2J\nred" is not a color"#) }, "\(lines)")
    }

    @Test func nulInTextIsAnErrorNotACut() {
        let lines = sceneProblemLines(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"text": "before\u0000after"}]}]}"#)
        #expect(lines == ["s.json: blocks[0].text[0].text: contains U+0000 (NUL), which text cannot hold; remove it"])
        // An escaped backslash before "u0000" is not a NUL.
        let fine = sceneProblemLines(#"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "C:\\u0000"}]}"#)
        #expect(fine.isEmpty)
    }
}
