import Effects
import Foundation
import Testing
@testable import RenderPipeline

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
