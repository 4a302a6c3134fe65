import CInotify
import Foundation

/// Calls back when any of a set of files changes: saved in place, replaced by a rename (as
/// editors save), created or deleted.
///
/// inotify watches the folder of each file, since a file saved by rename is a new file; the
/// events of a save come in bursts, so the callback runs once the folder has been quiet for
/// `quiet` seconds (at most `longestWait` after the first). A folder among the paths (a font
/// folder) counts a change of anything directly in it. The thread blocks in `poll` between
/// events: a watcher costs no CPU while nothing changes.
package final class FileWatcher: @unchecked Sendable {
    package static let quiet: Double = 0.03
    package static let longestWait: Double = 0.25

    private let descriptor: Int32
    private let stopPipe: (read: Int32, write: Int32)
    private let onChange: @Sendable () -> Set<String>
    private let lock = NSLock()
    /// Per watch descriptor: its folder, and the names in it that matter (nil: any name).
    private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]
    private var thread: Thread?

    package enum WatchError: Error, CustomStringConvertible {
        case cannotStart(String)
        package var description: String {
            switch self {
            case .cannotStart(let reason): "cannot watch files: \(reason)"
            }
        }
    }

    /// Starts watching nothing yet. `onChange` runs on the watcher's own thread and returns
    /// the paths to watch from then on (a reload may name other files).
    package init(onChange: @escaping @Sendable () -> Set<String>) throws {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError.cannotStart(String(cString: strerror(errno))) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            close(descriptor)
            throw WatchError.cannotStart(String(cString: strerror(errno)))
        }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        stopPipe = (fds[0], fds[1])
        self.onChange = onChange
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "texteffects.preview.watch"
        self.thread = thread
        thread.start()
    }

    deinit {
        close(descriptor)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// Watches exactly `paths` (absolute) from now on.
    package func watch(_ paths: Set<String>) {
        var wanted: [String: Set<String>?] = [:]
        for path in paths {
            var url = URL(fileURLWithPath: path).standardizedFileURL
            // A file in a folder not made yet: watch the nearest folder there is for the next step.
            while url.pathComponents.count > 2, !FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path) {
                url = url.deletingLastPathComponent()
            }
            let folder = url.deletingLastPathComponent().path
            if case .some(.some(var names)) = wanted[folder] {
                names.insert(url.lastPathComponent)
                wanted[folder] = .some(names)
            } else if wanted[folder] == nil {
                wanted[folder] = .some([url.lastPathComponent])
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
                wanted[url.path] = .some(nil)
            }
        }
        lock.withLock {
            // Adding a folder already watched returns its watch: nothing is missed in between.
            var updated: [Int32: (folder: String, names: Set<String>?)] = [:]
            let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
            for (folder, names) in wanted {
                let wd = inotify_add_watch(descriptor, folder, mask | UInt32(IN_ONLYDIR))
                guard wd >= 0 else { continue }  // a folder that is not there (yet): nothing to watch
                if let existing = updated[wd] {
                    // Two spellings of one folder: one watch for both.
                    updated[wd] = (folder, existing.names.flatMap { a in names.map { a.union($0) } })
                } else {
                    updated[wd] = (folder, names)
                }
            }
            for wd in watches.keys where updated[wd] == nil { inotify_rm_watch(descriptor, wd) }
            watches = updated
        }
    }

    /// The folders watched now (for tests).
    package var watchedFolders: Set<String> { lock.withLock { Set(watches.values.map(\.folder)) } }

    /// Stops the thread; no callback runs after this returns.
    package func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
        thread = nil
        while lock.withLock({ running }) { usleep(1000) }
    }

    private var running = true

    private func loop() {
        defer { lock.withLock { running = false } }
        var changedSince: Date?
        while true {
            // Block until an event or the stop byte; while a change waits to settle, only as
            // long as the quiet period.
            var timeout: Int32 = -1
            if let first = changedSince {
                let left = min(Self.quiet, Self.longestWait - Date().timeIntervalSince(first))
                timeout = Int32(max(0, left) * 1000)
            }
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno == EINTR { continue }
            if fds[1].revents != 0 { return }
            if ready > 0, fds[0].revents != 0 {
                if readEvents(), changedSince == nil { changedSince = Date() }
                if let first = changedSince, Date().timeIntervalSince(first) < Self.longestWait { continue }
            }
            if changedSince != nil {
                changedSince = nil
                watch(onChange())
            }
        }
    }

    /// Reads every pending event; whether any concerns a watched file.
    private func readEvents() -> Bool {
        var relevant = false
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return relevant }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let name = event.len > 0
                    ? String(cString: (buffer + offset + header).assumingMemoryBound(to: CChar.self)) : ""
                offset += header + Int(event.len)
                if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    relevant = true
                    continue
                }
                lock.withLock {
                    if event.mask & UInt32(IN_IGNORED) != 0 {
                        watches[event.wd] = nil
                    } else if let watch = watches[event.wd], watch.names?.contains(name) ?? true {
                        relevant = true
                    }
                }
            }
        }
    }
}
