extension TextLayout {
    /// The position of a character in the laid-out text, as SwiftUI's `Text.Layout.CharacterIndex`:
    /// for comparing where elements came from, not for indexing a string.
    ///
    /// It counts UTF-8 bytes from the start of the text, as `characterRange` values do.
    public struct CharacterIndex: Hashable, Comparable, Strideable, Sendable {
        /// The UTF-8 offset of the character in the layout's `text`.
        public var utf8Offset: Int

        public init(utf8Offset: Int) { self.utf8Offset = utf8Offset }

        public static func < (lhs: CharacterIndex, rhs: CharacterIndex) -> Bool { lhs.utf8Offset < rhs.utf8Offset }

        public func distance(to other: CharacterIndex) -> Int { other.utf8Offset - utf8Offset }

        public func advanced(by n: Int) -> CharacterIndex { CharacterIndex(utf8Offset: utf8Offset + n) }
    }
}
