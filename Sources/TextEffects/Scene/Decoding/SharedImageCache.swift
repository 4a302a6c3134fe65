import Foundation

/// Decoded images kept across the scenes of a batch, so a logo or photo that many rows name is
/// read and decoded once (and an SVG keeps its last raster) rather than once a row.
///
/// Bounded by count and by bytes, least recently used first out, so memory stays flat however
/// many rows name different files (and however large they are). Only images that loaded are kept: a file that failed is tried again by the
/// next row that names it. Entries are keyed by the resolved path; the scenes sharing a cache
/// must share their folder and `AssetPolicy` (one template's rows do), since a hit skips the
/// confinement check the first load passed.
package final class SharedImageCache: @unchecked Sendable {
    /// How many images are kept.
    package let capacity: Int
    /// How many bytes of decoded pixels are kept (``Image/estimatedBytes``).
    package let byteBudget: Int
    private let lock = NSLock()
    private var images: [String: (image: Image, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    package init(capacity: Int = 32, byteBudget: Int = 256_000_000) {
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
    }

    /// The image loaded from `path` before, if still kept.
    package func image(at path: String) -> Image? {
        lock.withLock {
            guard let entry = images[path] else { return nil }
            clock += 1
            images[path] = (entry.image, clock)
            return entry.image
        }
    }

    /// Keeps `image`, loaded from `path`, dropping the least recently used beyond `capacity`
    /// images or `byteBudget` bytes; an image larger than the budget alone is not kept.
    package func keep(_ image: Image, at path: String) {
        guard image.estimatedBytes <= byteBudget else { return }
        lock.withLock {
            clock += 1
            if let replaced = images.updateValue((image, clock), forKey: path) { bytes -= replaced.image.estimatedBytes }
            bytes += image.estimatedBytes
            while images.count > capacity || bytes > byteBudget, let oldest = images.min(by: { $0.value.used < $1.value.used })?.key {
                bytes -= images.removeValue(forKey: oldest)?.image.estimatedBytes ?? 0
            }
        }
    }

    /// How many images are kept now.
    package var count: Int { lock.withLock { images.count } }
}
