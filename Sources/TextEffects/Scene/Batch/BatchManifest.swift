import Foundation

/// A batch's `manifest.jsonl`, written as rows finish: one JSON line per row, in row order
/// whatever order the workers finish in.
///
/// Lines go to a hidden temporary file that becomes the manifest when the batch ends, also when
/// it is interrupted (its lines are then the rows that were done). A run that is killed outright
/// leaves the outputs it finished, each complete, and the next run writes a new manifest.
package final class BatchManifest: @unchecked Sendable {
    package let url: URL
    private let temporary: URL
    private let handle: FileHandle
    private let lock = NSLock()
    /// Entries that finished before an earlier one, by their place in the run.
    private var waiting: [Int: BatchManifestEntry] = [:]
    private var nextPlace = 0
    private var finished = false

    package init(url: URL) throws {
        self.url = url
        temporary = AtomicFile.temporaryURL(for: url)
        let fd = try TemporaryFiles.shared.create(temporary, for: url)
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// Records the entry of the `place`-th row this run took (0, 1, 2, … each once); lines are
    /// written as soon as every earlier place has been recorded, and `written` is called for each
    /// entry then, in row order.
    package func record(_ entry: BatchManifestEntry, place: Int, written: (BatchManifestEntry) -> Void = { _ in }) throws {
        try lock.withLock {
            waiting[place] = entry
            var lines = Data()
            var ready: [BatchManifestEntry] = []
            while let next = waiting.removeValue(forKey: nextPlace) {
                lines += Data((next.jsonLine + "\n").utf8)
                ready.append(next)
                nextPlace += 1
            }
            if !lines.isEmpty { try handle.write(contentsOf: lines) }
            ready.forEach(written)
        }
    }

    /// Puts the manifest in place, with the lines recorded so far; later calls do nothing.
    package func finish() throws {
        try lock.withLock {
            guard !finished else { return }
            finished = true
            try handle.synchronize()
            try handle.close()
            try AtomicFile.replace(url, with: temporary)
            TemporaryFiles.shared.forget(temporary)
        }
    }
}
