import Foundation
import Testing
@testable import Preview

/// The watcher calls back for saves of the files it watches, in any way editors save, and not
/// for other files beside them: with inotify, and polling modification times (what it does
/// where there is no inotify).
@Suite("file watcher", .serialized)
struct FileWatcherTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }

        /// Waits until the count reaches `target` (or `timeout`); the count then.
        func wait(for target: Int, timeout: TimeInterval = 3) -> Int {
            let deadline = Date().addingTimeInterval(timeout)
            while count < target, Date() < deadline { usleep(5_000) }
            return count
        }
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("in-place writes, renames over the file, deletion and creation each call back once, after the burst",
          arguments: [false, true])
    func saves(polling: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = folder.appendingPathComponent("scene.json")
        try Data("{}".utf8).write(to: scene)
        let changes = Counter()
        let paths = Set([scene.path])
        let watcher = try FileWatcher(polling: polling) {
            changes.increment()
            return paths
        }
        defer { watcher.stop() }
        #expect(watcher.isPolling == polling)
        watcher.watch(paths)

        // A burst of small writes (an editor writing in pieces) calls back once it settles,
        // not once a write (two at most when a loaded machine spreads the burst out).
        let handle = try FileHandle(forWritingTo: scene)
        for _ in 0..<20 { handle.write(Data("x".utf8)) }
        try handle.close()
        #expect(changes.wait(for: 1) >= 1)
        usleep(300_000)
        #expect((1...2).contains(changes.count), "a burst of 20 writes called back \(changes.count) times")

        // Saved by rename, as vim and most editors do; then deleted; then made anew.
        var seen = changes.count
        let temporary = folder.appendingPathComponent(".scene.json.tmp")
        try Data("{\"a\": 1}".utf8).write(to: temporary)
        #expect(rename(temporary.path, scene.path) == 0)
        #expect(changes.wait(for: seen + 1) == seen + 1, "a rename over the file was missed")
        seen = changes.count
        try FileManager.default.removeItem(at: scene)
        #expect(changes.wait(for: seen + 1) == seen + 1, "a deletion was missed")
        seen = changes.count
        try Data("{}".utf8).write(to: scene)
        #expect(changes.wait(for: seen + 1) >= seen + 1, "a creation was missed")

        // Other files in the folder are not the scene's.
        usleep(300_000)
        seen = changes.count
        try Data("other".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        usleep(300_000)
        #expect(changes.count == seen, "a file the scene does not read caused a reload")
    }

    @Test("a file in a folder not made yet is watched through the nearest folder there is", arguments: [false, true])
    func missingFolders(polling: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("art/icons/dot.svg")
        let changes = Counter()
        let watcher = try FileWatcher(polling: polling) {
            changes.increment()
            return [image.path]
        }
        defer { watcher.stop() }
        watcher.watch([image.path])
        #expect(watcher.watchedFolders == [folder.standardizedFileURL.path])
        try FileManager.default.createDirectory(at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(changes.wait(for: 1) == 1)
        // The callback named the image again: now its own folder is watched.
        let icons = image.deletingLastPathComponent().standardizedFileURL.path
        let deadline = Date().addingTimeInterval(2)
        while watcher.watchedFolders != [icons], Date() < deadline { usleep(5_000) }
        #expect(watcher.watchedFolders == [icons])
        try Data("<svg/>".utf8).write(to: image)
        #expect(changes.wait(for: 2) == 2)
    }

    @Test("stop ends the thread: no callback after it", arguments: [false, true])
    func stops(polling: Bool) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.json")
        try Data().write(to: file)
        let changes = Counter()
        let watcher = try FileWatcher(polling: polling) {
            changes.increment()
            return [file.path]
        }
        watcher.watch([file.path])
        watcher.stop()
        try Data("1".utf8).write(to: file)
        usleep(200_000)
        #expect(changes.count == 0)
    }
}
