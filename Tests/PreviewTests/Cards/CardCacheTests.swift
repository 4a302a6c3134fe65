import Foundation
import Testing
@testable import Preview

@Suite("card caches")
struct CardCacheTests {
    @Test("the disk cache keeps cards by ETag within its budget, oldest use out first, and takes them in again on restart")
    func disk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-card-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = String(repeating: "a", count: 64), b = String(repeating: "b", count: 64), c = String(repeating: "c", count: 64)
        var cache = try CardDiskCache(folder: folder, byteBudget: 250)
        cache.keep(Data(repeating: 1, count: 100), etag: a, format: "png")
        cache.keep(Data(repeating: 2, count: 100), etag: b, format: "png")
        #expect(cache.card(etag: a, format: "png") == Data(repeating: 1, count: 100))
        // a was used last: b goes.
        cache.keep(Data(repeating: 3, count: 100), etag: c, format: "png")
        #expect(cache.card(etag: b, format: "png") == nil)
        #expect(cache.storedBytes == 200)
        try Data("not a card".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        #expect(Set(TemporaryFolderListing.names(folder)) == ["\(a).png", "\(c).png", "notes.txt"])
        // A card larger than the whole budget is not kept.
        cache.keep(Data(repeating: 4, count: 300), etag: b, format: "png")
        #expect(cache.card(etag: b, format: "png") == nil)
        // Restarted with a smaller budget: the card used longest ago goes, other files stay.
        _ = cache.card(etag: c, format: "png")
        usleep(20_000)
        _ = cache.card(etag: a, format: "png")
        cache = try CardDiskCache(folder: folder, byteBudget: 150)
        #expect(cache.card(etag: a, format: "png") == Data(repeating: 1, count: 100))
        #expect(cache.card(etag: c, format: "png") == nil)
        #expect(Set(TemporaryFolderListing.names(folder)) == ["\(a).png", "notes.txt"])
    }

    @Test("the disk cache names each card by its ETag and format, and takes every format in again on restart")
    func diskFormats() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-card-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let d = String(repeating: "d", count: 64), e = String(repeating: "e", count: 64)
        var cache = try CardDiskCache(folder: folder, byteBudget: 1_000)
        cache.keep(Data("jpeg".utf8), etag: d, format: "jpg")
        cache.keep(Data("svg".utf8), etag: e, format: "svg")
        cache.keep(Data("pdf".utf8), etag: e, format: "pdf")
        #expect(Set(TemporaryFolderListing.names(folder)) == ["\(d).jpg", "\(e).svg", "\(e).pdf"])
        // A card is found in the format it was kept in only.
        #expect(cache.card(etag: d, format: "png") == nil)
        cache = try CardDiskCache(folder: folder, byteBudget: 1_000)
        #expect(cache.card(etag: d, format: "jpg") == Data("jpeg".utf8))
        #expect(cache.card(etag: e, format: "pdf") == Data("pdf".utf8))
        #expect(cache.storedBytes == 10)
        #expect(CardDiskCache.isCardFile("\(d).webp"))
        #expect(!CardDiskCache.isCardFile("\(d).gif"))
        #expect(!CardDiskCache.isCardFile("\(d)x.png"))
        #expect(!CardDiskCache.isCardFile(String(d.dropLast()) + "g.png"))
    }

    @Test("the memory cache keeps cards within its byte budget, least recently used out")
    func memory() {
        let cache = CardMemoryCache(byteBudget: 250)
        func card(_ byte: UInt8) -> CardMemoryCache.Card {
            .init(etag: String(byte), bytes: Data(repeating: byte, count: 100), files: [:], template: FileStamp(path: "/")!)
        }
        cache.keep(card(1), for: "one")
        cache.keep(card(2), for: "two")
        _ = cache.card(for: "one")
        cache.keep(card(3), for: "three")
        #expect(cache.card(for: "two") == nil)
        #expect(cache.card(for: "one")?.etag == "1")
        #expect(cache.card(for: "three")?.etag == "3")
        #expect(cache.storedBytes == 200)
        // Keys differ with any value, name or template, and do not run values together.
        #expect(CardMemoryCache.key(template: "t", format: "png", values: ["a": "bc"]) != CardMemoryCache.key(template: "t", format: "png", values: ["ab": "c"]))
        #expect(CardMemoryCache.key(template: "t", format: "png", values: ["a": "1", "b": "2"]) == CardMemoryCache.key(template: "t", format: "png", values: ["b": "2", "a": "1"]))
    }

    @Test("the digest is SHA-256 (GLib's)")
    func digest() {
        #expect(CardDigest.hexadecimal(of: Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

/// The names in a folder.
enum TemporaryFolderListing {
    static func names(_ folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }
}
