import Foundation

/// One of `count` parts of a piece of work (frames of a video, rows of a batch), `number` from
/// 1 to `count` as `--shard 2/4` writes it: the parts are contiguous, in order, cover the work
/// exactly once, and differ in size by at most one item, so rendering every shard does the same
/// work as rendering once.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// 1…`count`.
    public let number: Int
    public let count: Int

    /// Shards in one run: far above any cluster's array size, so a typo is caught.
    public static let maximumCount = 100_000

    public init?(number: Int, count: Int) {
        guard (1...Self.maximumCount).contains(count), (1...count).contains(number) else { return nil }
        self.number = number
        self.count = count
    }

    /// Reads `K/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(number: k, count: n)
    }

    /// This shard's part of `items`: the `number`-th of `count` contiguous slices.
    public func part(of items: Range<Int>) -> Range<Int> {
        let total = items.count
        let start = items.lowerBound + total * (number - 1) / count
        let end = items.lowerBound + total * number / count
        return start..<end
    }

    public var description: String { "\(number)/\(count)" }
}
