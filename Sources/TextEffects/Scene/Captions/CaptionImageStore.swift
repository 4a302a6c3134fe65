import Foundation

/// The images caption pages are cut from (``CaptionPageCut``), made on first use and kept for
/// the few pages most recently drawn.
///
/// Frames render in order on a few threads, so the pages on screen are the ones just used: a
/// handful of pages' images (about a megabyte each at 1080p) is all an hour of captions holds
/// at once. Each image is made once, by whichever thread first needs it; others needing it
/// meanwhile wait for it rather than drawing it again. Images never change once made, so the
/// pixels are the same whatever thread made them.
final class CaptionImageStore: @unchecked Sendable {
    /// Pages whose images are kept.
    let capacity: Int

    private final class Page: @unchecked Sendable {
        let lock = NSLock()
        var images: [CaptionPageCut.Key: ImageSurface] = [:]
        var lastUse = 0
    }

    private let lock = NSLock()
    private var pages: [Int: Page] = [:]
    private var uses = 0

    init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
    }

    /// Page `page`'s image for `key`, made by `make` unless already there; nil when `make` fails.
    func image(page: Int, key: CaptionPageCut.Key, make: () -> ImageSurface?) -> ImageSurface? {
        let entry = self.entry(page)
        entry.lock.lock()
        defer { entry.lock.unlock() }
        if let image = entry.images[key] { return image }
        guard let image = make() else { return nil }
        entry.images[key] = image
        return image
    }

    /// How many pages have images kept, for tests.
    var pageCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return pages.count
    }

    private func entry(_ page: Int) -> Page {
        lock.lock()
        defer { lock.unlock() }
        uses += 1
        if let entry = pages[page] {
            entry.lastUse = uses
            return entry
        }
        if pages.count >= capacity, let oldest = pages.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            pages[oldest] = nil
        }
        let entry = Page()
        entry.lastUse = uses
        pages[page] = entry
        return entry
    }
}
