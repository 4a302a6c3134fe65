import Foundation

/// Cards drawn lately, by request, kept in memory up to a byte budget (least recently used out).
///
/// A hit is good only while the files the card read are unchanged (``CardTemplate/unchanged(_:)``):
/// a template or image saved on disk takes effect at the next request.
final class CardMemoryCache: @unchecked Sendable {
    struct Card: Sendable {
        let etag: String
        let bytes: Data
        let files: [String: FileStamp?]
        /// The template's stamp when the card was drawn.
        let template: FileStamp
    }

    let byteBudget: Int
    private let lock = NSLock()
    private var cards: [String: (card: Card, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    init(byteBudget: Int) {
        self.byteBudget = byteBudget
    }

    /// The request key: the template and its values, in a form no two requests share.
    static func key(template: String, format: String, values: [String: String]) -> String {
        let digest = CardDigest()
        digest.update(field: template)
        digest.update(field: format)
        for name in values.keys.sorted() {
            digest.update(field: name)
            digest.update(field: values[name]!)
        }
        return digest.hexadecimal()
    }

    func card(for key: String) -> Card? {
        lock.withLock {
            guard let entry = cards[key] else { return nil }
            clock += 1
            cards[key] = (entry.card, clock)
            return entry.card
        }
    }

    func keep(_ card: Card, for key: String) {
        guard card.bytes.count <= byteBudget else { return }
        lock.withLock {
            clock += 1
            if let replaced = cards.updateValue((card, clock), forKey: key) { bytes -= replaced.card.bytes.count }
            bytes += card.bytes.count
            while bytes > byteBudget, let oldest = cards.min(by: { $0.value.used < $1.value.used })?.key {
                bytes -= cards.removeValue(forKey: oldest)?.card.bytes.count ?? 0
            }
        }
    }

    /// Bytes kept now.
    var storedBytes: Int { lock.withLock { bytes } }
}
