import Testing
@testable import RenderPipeline

/// Searching UTF-8 bytes for ASCII markers finds what a character search finds.
@Suite struct StringByteSearchTests {
    @Test func findsMarkersWhereverTheyAre() {
        #expect("> [!NOTE] read".containsASCII("[!"))
        #expect("[!".containsASCII("[!"))
        #expect("ends with [!".containsASCII("[!"))
        #expect(!"[ ! apart".containsASCII("[!"))
        #expect(!"".containsASCII("[!"))
        // A partial match just before the real one.
        #expect("[[!WARNING]".firstASCIIRange(of: "[!") == 1..<3)
        #expect("::/://".firstASCIIRange(of: "://") == 3..<6)
    }

    @Test func countsOffsetsInBytesPastMultiByteCharacters() {
        // "é" is two bytes, "🎉" four: the marker starts after six bytes.
        #expect("é🎉https://x".firstASCIIRange(of: "https") == 6..<11)
        #expect("naïve \\(x\\)".containsASCII("\\("))
        #expect(!"naïve \\x".containsASCII("\\("))
    }

    @Test func worksOnSubstrings() {
        let text = "skip://this then mailto"
        let tail = text[text.firstIndex(of: "t")!...]
        #expect(tail.firstASCIIRange(of: "://") == nil)
        #expect(text.dropFirst(2).firstASCIIRange(of: "://") == 2..<5)
    }

    @Test func anEmptyMarkerIsFoundAtTheStart() {
        #expect("abc".firstASCIIRange(of: "") == 0..<0)
    }
}
