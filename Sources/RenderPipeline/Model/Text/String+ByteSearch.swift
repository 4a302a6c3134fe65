/// Searching a string's UTF-8 bytes for ASCII markers.
///
/// `String.contains(_:)` and `range(of:)` with a string argument go through Foundation's
/// `NSString` search, which converts the text to UTF-16 on every call: for the short ASCII
/// markers the Markdown passes look for (`[!`, `://`, `\(`) that conversion cost more than
/// the rest of the check (a tenth of measuring a thousand chat answers). A marker of ASCII
/// bytes cannot match inside a multi-byte character, so a byte search finds what a
/// character search finds.
extension StringProtocol {
    /// Whether the UTF-8 bytes of `marker`, an ASCII string, occur in this text.
    func containsASCII(_ marker: StaticString) -> Bool {
        firstASCIIRange(of: marker) != nil
    }

    /// The UTF-8 offsets of the first occurrence of `marker` (an ASCII string), or nil.
    func firstASCIIRange(of marker: StaticString) -> Range<Int>? {
        let needle = UnsafeBufferPointer(start: marker.utf8Start, count: marker.utf8CodeUnitCount)
        guard let first = needle.first else { return 0..<0 }
        let bytes = utf8
        var offset = 0
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == first {
                var candidate = bytes.index(after: index), matched = 1
                while matched < needle.count, candidate != bytes.endIndex, bytes[candidate] == needle[matched] {
                    matched += 1
                    candidate = bytes.index(after: candidate)
                }
                if matched == needle.count { return offset..<offset + needle.count }
            }
            offset += 1
            index = bytes.index(after: index)
        }
        return nil
    }
}
