/// Where a text holds URLs and e-mail addresses: stretches that are never hyphenated, as code is
/// not (a hyphen inside `https://ex-ample.com` would change what a reader copies).
///
/// A URL is a stretch without white space that has a scheme (`https://`, `mailto:`) or starts
/// with `www.`; an address is such a stretch with an `@` between a name and a dotted domain.
/// Trailing sentence punctuation (`.`, `,`, `)` …) is not part of it, as GitHub's autolinks leave it out.
enum URLRanges {
    /// Whether `token` (no white space in it) is a URL or an e-mail address.
    static func isURL<S: StringProtocol>(_ token: S) -> Bool {
        let lower = token.drop { "(<[\"'".contains($0) }.lowercased()
        if lower.hasPrefix("www.") || lower.hasPrefix("mailto:") { return true }
        if let scheme = lower.firstASCIIRange(of: "://") {
            let name = lower[lower.startIndex..<lower.utf8.index(lower.startIndex, offsetBy: scheme.lowerBound)]
            return !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
        }
        if let at = lower.firstIndex(of: "@"), at != lower.startIndex {
            let domain = lower[lower.index(after: at)...]
            return domain.contains(".") && !domain.hasPrefix(".") && domain.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        }
        return false
    }

    /// The UTF-8 byte ranges of the URLs in `text`.
    static func ranges(in text: String) -> [Range<Int>] {
        // Cheap refusal: every URL has one of these.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "@") }) else {
            return []
        }
        var result: [Range<Int>] = []
        let bytes = Array(text.utf8)
        var start = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C }
        while start < bytes.count {
            if isSpace(bytes[start]) {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, !isSpace(bytes[end]) { end += 1 }
            var trimmedEnd = end
            while trimmedEnd > start, ".,;:!?)]}'\"".utf8.contains(bytes[trimmedEnd - 1]) { trimmedEnd -= 1 }
            if trimmedEnd > start, isURL(String(decoding: bytes[start..<trimmedEnd], as: UTF8.self)) {
                result.append(start..<trimmedEnd)
            }
            start = end
        }
        return result
    }
}
