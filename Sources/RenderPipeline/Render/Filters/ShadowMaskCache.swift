import Foundation

/// Blurred shadow masks kept to be drawn again: a shape or text that casts the same shadow on
/// every card of a batch (an avatar's ring, a card's plate) is blurred once, not on every row.
///
/// A shadow's pixels depend only on the alpha it is cast from, the layer's size, the blur's
/// standard deviation in pixels and whether the alpha is inverted (an inner shadow): the mask
/// is drawn through its alpha alone, and the box blur treats each channel on its own. So that
/// is the key, the alpha compared byte for byte (a hash only finds the candidates): a kept mask
/// is the mask a fresh blur would make, and output does not depend on what was drawn before.
///
/// A mask is kept the second time its key is seen within the last `recentKeys` shadows, so
/// one-off shadows (an animated text's, every frame different) cost a hash of their alpha, no
/// copies. Memory is bounded: masks of at most `largestMask` pixels, `byteLimit` bytes in all,
/// the least recently used let go first. Safe to use from several threads.
final class ShadowMaskCache: @unchecked Sendable {
    static let shared = ShadowMaskCache()

    /// What a shadow mask's pixels depend on, with a hash of the alpha to find candidates.
    struct Key: Hashable {
        var width: Int
        var height: Int
        var sigma: Double
        var invertsAlpha: Bool
        var alphaHash: Int
    }

    /// A kept mask: the alpha it was blurred from (to confirm a match) and the blurred mask's
    /// bytes (an A8 surface's rows, stride included).
    private final class Entry {
        let alpha: [UInt8]
        let pixels: [UInt8]
        var lastUse: UInt64

        init(alpha: [UInt8], pixels: [UInt8], lastUse: UInt64) {
            self.alpha = alpha
            self.pixels = pixels
            self.lastUse = lastUse
        }

        var bytes: Int { alpha.count + pixels.count }
    }

    /// The most bytes of kept masks (their alpha and their pixels).
    let byteLimit: Int
    /// The most pixels of a mask that is kept.
    let largestMask: Int
    /// How many of the latest shadows' keys are remembered to tell a repeated shadow.
    let recentKeys: Int

    private let lock = NSLock()
    private var entries: [Key: [Entry]] = [:]
    private var recent: [Key] = []
    private var bytes = 0
    private var clock: UInt64 = 0
    /// Masks given from the cache, and shadows blurred afresh: for tests.
    private(set) var hits = 0, misses = 0

    init(byteLimit: Int = 24 << 20, largestMask: Int = 1 << 20, recentKeys: Int = 64) {
        self.byteLimit = byteLimit
        self.largestMask = largestMask
        self.recentKeys = recentKeys
    }

    /// The alpha of `pixels` (premultiplied 4-byte pixels, `stride` bytes a row), one byte a pixel.
    static func alpha(of pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: width * height) { buffer, count in
            for y in 0..<height {
                let row = pixels + y * stride
                let out = y * width
                // The alpha byte of a native-endian ARGB32 word.
                for x in 0..<width { buffer[out + x] = UInt8(truncatingIfNeeded: UnsafeRawPointer(row + 4 * x).loadUnaligned(as: UInt32.self) >> 24) }
            }
            count = width * height
        }
    }

    /// Whether a `width` × `height` shadow blurred by `sigma` pixels may be kept (not too
    /// large, a blur at all): else its alpha is not even read.
    func mayKeep(width: Int, height: Int, sigma: Double) -> Bool {
        width * height <= largestMask && sigma > 0 && sigma.isFinite
    }

    /// The key of a `width` × `height` shadow of `alpha` blurred by `sigma` pixels; nil when
    /// such a mask is never kept.
    func key(alpha: [UInt8], width: Int, height: Int, sigma: Double, invertsAlpha: Bool) -> Key? {
        guard mayKeep(width: width, height: height, sigma: sigma) else { return nil }
        var hasher = Hasher()
        alpha.withUnsafeBytes { hasher.combine(bytes: $0) }
        return Key(width: width, height: height, sigma: sigma, invertsAlpha: invertsAlpha, alphaHash: hasher.finalize())
    }

    /// The kept mask for `key` made from exactly `alpha`, if any; notes the key as seen.
    func mask(for key: Key, alpha: [UInt8]) -> [UInt8]? {
        lock.withLock {
            clock += 1
            if let entry = entries[key]?.first(where: { Self.same($0.alpha, alpha) }) {
                entry.lastUse = clock
                hits += 1
                return entry.pixels
            }
            misses += 1
            return nil
        }
    }

    /// Keeps the mask `pixels` gives, blurred from `alpha`, when its key was seen before among
    /// the latest ones (else only remembers the key, and `pixels` is not called); lets the least
    /// recently used masks go past the limit.
    func keep(for key: Key, alpha: [UInt8], pixels: () -> [UInt8]) {
        lock.withLock {
            guard recent.contains(key) else {
                recent.append(key)
                if recent.count > recentKeys { recent.removeFirst() }
                return
            }
            // Another thread may have kept it meanwhile.
            if entries[key]?.contains(where: { Self.same($0.alpha, alpha) }) == true { return }
            let entry = Entry(alpha: alpha, pixels: pixels(), lastUse: clock)
            guard entry.bytes <= byteLimit else { return }
            entries[key, default: []].append(entry)
            bytes += entry.bytes
            while bytes > byteLimit, let (oldestKey, index) = oldest() {
                bytes -= entries[oldestKey]![index].bytes
                entries[oldestKey]!.remove(at: index)
                if entries[oldestKey]!.isEmpty { entries[oldestKey] = nil }
            }
        }
    }

    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.count == b.count && (a.isEmpty || a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } })
    }

    /// The least recently used entry; call with the lock held. A scan: few masks are kept.
    private func oldest() -> (Key, Int)? {
        var best: (Key, Int, UInt64)?
        for (key, list) in entries {
            for (index, entry) in list.enumerated() where best == nil || entry.lastUse < best!.2 {
                best = (key, index, entry.lastUse)
            }
        }
        return best.map { ($0.0, $0.1) }
    }

    /// How many masks are kept, and their bytes: for tests.
    var kept: (count: Int, bytes: Int) {
        lock.withLock { (entries.values.reduce(0) { $0 + $1.count }, bytes) }
    }
}
