import Foundation

/// Results of a pure function of a string, kept by the string's exact UTF-8 bytes: a batch asks
/// the same questions of its template's strings for every row (where its placeholders are, whether
/// a number format is usable), and the answers cannot change.
///
/// Keys compare byte for byte, not by Swift's canonical equivalence, so a string only ever gets the
/// answer computed for exactly its bytes (positions in it included). Safe from many threads; keeps
/// at most `capacity` answers and then forgets them all, so memory stays bounded whatever is asked.
final class ExactTextMemo<Value>: @unchecked Sendable {
    /// A string that equals only the same bytes.
    private struct Key: Hashable {
        let text: String

        static func == (lhs: Key, rhs: Key) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            if hashed == nil {
                for byte in text.utf8 { hasher.combine(byte) }
            }
        }
    }

    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The answer for `text`, from `compute` the first time it is asked.
    func value(for text: String, compute: (String) -> Value) -> Value {
        let key = Key(text: text)
        if let known = lock.withLock({ values[key] }) { return known }
        let value = compute(text)
        lock.withLock {
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }
}
