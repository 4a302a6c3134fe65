#if os(Linux)
import CInotify
#endif
import Foundation

/// Calls back when any of a set of files changes: saved in place, replaced by a rename (as
/// editors save), created or deleted.
///
/// On Linux, inotify watches the folder of each file, since a file saved by rename is a new
/// file; the thread blocks in `poll` between events, so a watcher costs no CPU while nothing
/// changes. Where there is no inotify (macOS, the BSDs, Windows) or it cannot start (the
/// per-user limit of instances reached), the watcher polls instead: every `pollInterval` it
/// compares each watched file's modification time, size and file number (and a watched
/// folder's listing) with the last look. Either way the events of a save come in bursts, so
/// the callback runs once the files have been quiet for `quiet` seconds (at most `longestWait`
/// after the first change). A folder among the paths (a font folder) counts a change of
/// anything directly in it.
package final class FileWatcher: @unchecked Sendable {
    package static let quiet: Double = 0.03
    package static let longestWait: Double = 0.25
    /// How often the polling watcher looks (a few `stat` calls a look).
    package static let pollInterval: Double = 0.1

    /// The inotify descriptor; nil when polling.
    private let descriptor: Int32?
    private let stopPipe: (read: Int32, write: Int32)
    private let onChange: @Sendable () -> Set<String>
    private let lock = NSLock()
    /// Per inotify watch descriptor: its folder, and the names in it that matter (nil: any name).
    private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]
    /// Polling: per folder, the names in it that matter (nil: any name), and what they were at the last look.
    private var polled: [String: (names: Set<String>?, stamps: [String: Stamp])] = [:]
    private var thread: Thread?

    package enum WatchError: Error, CustomStringConvertible {
        case cannotStart(String)
        package var description: String {
            switch self {
            case .cannotStart(let reason): "cannot watch files: \(reason)"
            }
        }
    }

    /// Whether this watcher polls modification times rather than being told by the system.
    package var isPolling: Bool { descriptor == nil }

    /// Starts watching nothing yet. `onChange` runs on the watcher's own thread and returns
    /// the paths to watch from then on (a reload may name other files). `polling` forces the
    /// polling watcher where inotify is there (for tests).
    package init(polling: Bool = false, onChange: @escaping @Sendable () -> Set<String>) throws {
        #if os(Linux)
        let fd = polling ? -1 : inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        descriptor = fd >= 0 ? fd : nil
        #else
        descriptor = nil
        #endif
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            if let descriptor { close(descriptor) }
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
        if let descriptor { close(descriptor) }
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
        #if os(Linux)
        if let descriptor {
            watchWithInotify(wanted, descriptor: descriptor)
            return
        }
        #endif
        watchByPolling(wanted)
    }

    /// The folders watched now (for tests).
    package var watchedFolders: Set<String> {
        lock.withLock { isPolling ? Set(polled.keys) : Set(watches.values.map(\.folder)) }
    }

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
            // Block until an event or the stop byte (polling: until the next look); while a
            // change waits to settle, only as long as the quiet period.
            var timeout: Int32 = isPolling ? Int32(Self.pollInterval * 1000) : -1
            if let first = changedSince {
                let left = min(Self.quiet, Self.longestWait - Date().timeIntervalSince(first))
                timeout = Int32(max(0, left) * 1000)
            }
            var fds = [pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, descriptor == nil ? 1 : 2, timeout)
            if ready < 0, errno == EINTR { continue }
            if fds[0].revents != 0 { return }
            // Polling: every wake is a look; with inotify, only a wake with events to read.
            let woken = isPolling || (ready > 0 && fds[1].revents != 0)
            if woken {
                if readChanges() {
                    if changedSince == nil { changedSince = Date() }
                    if let first = changedSince, Date().timeIntervalSince(first) < Self.longestWait { continue }
                } else if !isPolling, let first = changedSince, Date().timeIntervalSince(first) < Self.longestWait {
                    continue  // inotify events of other files: the quiet period goes on
                }
            }
            if changedSince != nil {
                changedSince = nil
                watch(onChange())
            }
        }
    }

    /// Whether anything watched changed since the last call.
    private func readChanges() -> Bool {
        #if os(Linux)
        if let descriptor { return readEvents(descriptor) }
        #endif
        return lookForChanges()
    }

    // MARK: - Polling

    /// What a file was at a look: enough to tell a save (in place or by rename) from no change.
    private struct Stamp: Equatable {
        var modified: Date?
        var size: UInt64?
        var fileNumber: UInt64?
        /// A watched folder's names (nil for a file).
        var names: Set<String>?
    }

    private static func stamp(_ path: String, listing: Bool) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        return Stamp(modified: attributes[.modificationDate] as? Date,
                     size: (attributes[.size] as? NSNumber)?.uint64Value,
                     fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value,
                     names: listing ? (try? FileManager.default.contentsOfDirectory(atPath: path)).map(Set.init) : nil)
    }

    /// The stamps of a folder's watched names, or of everything directly in it (and of its listing).
    private static func stamps(folder: String, names: Set<String>?) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        if let names {
            for name in names { result[name] = stamp(folder + "/" + name, listing: false) }
        } else {
            result[""] = stamp(folder, listing: true)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                result[name] = stamp(folder + "/" + name, listing: false)
            }
        }
        return result
    }

    private func watchByPolling(_ wanted: [String: Set<String>?]) {
        // Folders not there (yet) are kept too: a look sees them appear, as it sees files.
        // What was watched before keeps its last look, so a change in between is not missed.
        lock.withLock {
            var updated: [String: (names: Set<String>?, stamps: [String: Stamp])] = [:]
            for (folder, names) in wanted {
                if let existing = polled[folder], existing.names == names {
                    updated[folder] = existing
                } else {
                    var stamps = Self.stamps(folder: folder, names: names)
                    if let old = polled[folder]?.stamps {
                        for (name, stamp) in old where names?.contains(name) ?? true { stamps[name] = stamp }
                    }
                    updated[folder] = (names, stamps)
                }
            }
            polled = updated
        }
    }

    /// Looks at every watched file again; whether any differs from the last look.
    private func lookForChanges() -> Bool {
        let current = lock.withLock { polled }
        var changed = false
        var looked: [String: [String: Stamp]] = [:]
        for (folder, watched) in current {
            let stamps = Self.stamps(folder: folder, names: watched.names)
            if stamps != watched.stamps { changed = true }
            looked[folder] = stamps
        }
        lock.withLock {
            for (folder, stamps) in looked where polled[folder] != nil { polled[folder]?.stamps = stamps }
        }
        return changed
    }

    // MARK: - inotify

    #if os(Linux)
    private func watchWithInotify(_ wanted: [String: Set<String>?], descriptor: Int32) {
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

    /// Reads every pending event; whether any concerns a watched file.
    private func readEvents(_ descriptor: Int32) -> Bool {
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
    #endif
}
