extension RichText {
    /// The text's first `utf8Count` bytes, spans cut where needed.
    func prefix(utf8 utf8Count: Int) -> RichText {
        slice(utf8: 0..<utf8Count)
    }

    /// The text from byte `start` to the end.
    func suffix(fromUTF8 start: Int) -> RichText {
        slice(utf8: start..<Int.max)
    }

    /// The spans covering a byte range of the plain text, cut at its ends.
    func slice(utf8 range: Range<Int>) -> RichText {
        var result: [Span] = []
        var offset = 0
        for span in spans {
            let text = span.text
            let length = text.utf8.count
            defer { offset += length }
            let lower = max(range.lowerBound - offset, 0)
            let upper = min(range.upperBound - offset, length)
            guard lower < upper else { continue }
            // An image or tag is one character: it is kept whole or not at all.
            guard case .text = span.content else { result.append(span); continue }
            var piece = span
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: lower)
            let end = utf8.index(utf8.startIndex, offsetBy: upper)
            piece.content = .text(String(text[start..<end]))
            result.append(piece)
        }
        return RichText(spans: result, baseStyle: baseStyle)
    }

    /// The span holding the byte at `offset` (the last span when past the end).
    func span(atUTF8 offset: Int) -> Span? {
        var position = 0
        for span in spans {
            let length = span.text.utf8.count
            if offset < position + length { return span }
            position += length
        }
        return spans.last
    }

    /// This text followed by `other`'s spans (which keep their own styles over this base style).
    func appending(_ other: [Span]) -> RichText {
        RichText(spans: spans + other, baseStyle: baseStyle)
    }
}
