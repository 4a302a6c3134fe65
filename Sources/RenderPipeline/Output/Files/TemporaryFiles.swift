import Foundation

/// The files to remove if the process is interrupted: hidden temporary files that become
/// outputs only when renamed into place.
///
/// A file is created and registered under one lock, and `removeAll()` takes the same lock and
/// closes the registry, so there is no moment at which a temporary file exists unregistered:
/// after an interruption every temporary file is either removed or was already renamed into
/// place whole. Thread-safe.
package final class TemporaryFiles: @unchecked Sendable {
    /// The process's registry, swept by the command line's interruption handler.
    package static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var closed = false

    package init() {}

    /// Creates `url` for writing (it must not exist yet) and registers it; returns the open file
    /// descriptor. Errors name `output`, the file the temporary one stands for.
    package func create(_ url: URL, for output: URL) throws -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw CancellationError() }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OutputError(errno: errno, writing: output) }
        paths.insert(url.path)
        return fd
    }

    /// Registers `url`, which another program (ffmpeg) will write, or a folder to be filled.
    package func add(_ url: URL) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw CancellationError() }
        paths.insert(url.path)
    }

    /// Forgets `url`: it was renamed into place or removed by its owner.
    package func forget(_ url: URL) {
        lock.lock()
        paths.remove(url.path)
        lock.unlock()
    }

    /// The registered files, for tests.
    package var registered: Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return paths
    }

    /// Removes every registered file and refuses new ones from now on (they throw
    /// `CancellationError`): the process is stopping.
    package func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        closed = true
        for path in paths where unlink(path) != 0 && (errno == EISDIR || errno == EPERM) {
            // A folder filled under a hidden name (a batch row's frames), with what it holds.
            try? FileManager.default.removeItem(atPath: path)
        }
        paths.removeAll()
    }
}
