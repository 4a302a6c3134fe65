import Foundation
import TextEffects

/// Cards kept on disk by ETag (`--cache DIR`), up to a byte budget (`--cache-size`), the least
/// recently used removed first. It outlives the server: an ETag is a digest of everything the
/// card is made from, so a file found under it is that card.
///
/// A card's file is named by its ETag and its format (`<64 hex digits>.png`, `.jpg`, `.webp`,
/// `.svg` or `.pdf`), so the folder can be read, served or copied as it is. Each card is written
/// under a hidden temporary name and renamed into place; other files are never read nor removed.
final class CardDiskCache: @unchecked Sendable {
    let folder: URL
    let byteBudget: Int
    private let lock = NSLock()
    private var entries: [String: (size: Int, used: UInt64)] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    /// Opens (creating it if missing) the cache in `folder`, taking in the cards already there
    /// in the order they were last used; beyond `byteBudget` the oldest are removed.
    init(folder: URL, byteBudget: Int) throws {
        self.folder = folder
        self.byteBudget = byteBudget
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var found: [(name: String, size: Int, time: Int64)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where Self.isCardFile(name) {
            guard let stamp = FileStamp(path: folder.appendingPathComponent(name).path) else { continue }
            found.append((name, Int(stamp.size), stamp.modified))
        }
        for card in found.sorted(by: { ($0.time, $0.name) < ($1.time, $1.name) }) {
            clock += 1
            entries[card.name] = (card.size, clock)
            bytes += card.size
        }
        lock.withLock { evict() }
    }

    /// The card with this ETag in `format` (`png`, `jpg`, `webp`, `svg` or `pdf`), if kept.
    func card(etag: String, format: String) -> Data? {
        let name = Self.fileName(etag: etag, format: format)
        let known = lock.withLock {
            guard let entry = entries[name] else { return false }
            clock += 1
            entries[name] = (entry.size, clock)
            return true
        }
        guard known else { return nil }
        let url = folder.appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            lock.withLock { if let gone = entries.removeValue(forKey: name) { bytes -= gone.size } }
            return nil
        }
        // Its time is its last use, so that a restarted server removes the right ones first.
        utimensat(AT_FDCWD, url.path, nil, 0)
        return data
    }

    /// Keeps `data` as the card with this ETag in `format`.
    func keep(_ data: Data, etag: String, format: String) {
        let name = Self.fileName(etag: etag, format: format)
        guard data.count <= byteBudget, (try? AtomicFile.write(data, to: folder.appendingPathComponent(name))) != nil else { return }
        lock.withLock {
            clock += 1
            if let replaced = entries.updateValue((data.count, clock), forKey: name) { bytes -= replaced.size }
            bytes += data.count
            evict()
        }
    }

    /// Bytes of cards on disk now.
    var storedBytes: Int { lock.withLock { bytes } }

    /// With the lock held.
    private func evict() {
        while bytes > byteBudget, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            entries[oldest.key] = nil
            bytes -= oldest.value.size
            unlink(folder.appendingPathComponent(oldest.key).path)
        }
    }

    /// The formats a card is kept in, as their file name extensions.
    static let formats: Set<String> = ["png", "jpg", "webp", "svg", "pdf"]

    /// `<etag>.<format>`.
    static func fileName(etag: String, format: String) -> String { etag + "." + format }

    /// `<64 lowercase hex digits>.<one of formats>`.
    static func isCardFile(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        guard utf8.count > 65, utf8[64] == UInt8(ascii: "."), formats.contains(String(name.dropFirst(65))) else { return false }
        return utf8.prefix(64).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }
}
