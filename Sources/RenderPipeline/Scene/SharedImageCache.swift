import Foundation

/// Decoded images kept across the scenes of a batch, so a logo or photo that many rows name is
/// read and decoded once (and an SVG keeps its last raster) rather than once a row.
///
/// Bounded, least recently used first out, so memory stays flat however many rows name
/// different files. Only images that loaded are kept: a file that failed is tried again by the
/// next row that names it. Entries are keyed by the resolved path; the scenes sharing a cache
/// must share their folder and `AssetPolicy` (one template's rows do), since a hit skips the
/// confinement check the first load passed.
package final class SharedImageCache: @unchecked Sendable {
    /// How many images are kept.
    package let capacity: Int
    private let lock = NSLock()
    private var images: [String: (image: Image, used: UInt64)] = [:]
    private var clock: UInt64 = 0

    package init(capacity: Int = 32) {
        self.capacity = max(1, capacity)
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

    /// Keeps `image`, loaded from `path`, dropping the least recently used beyond `capacity`.
    package func keep(_ image: Image, at path: String) {
        lock.withLock {
            clock += 1
            images[path] = (image, clock)
            if images.count > capacity, let oldest = images.min(by: { $0.value.used < $1.value.used })?.key {
                images[oldest] = nil
            }
        }
    }

    /// How many images are kept now.
    package var count: Int { lock.withLock { images.count } }
}
