import Foundation

/// What identifies a version of a file without reading it: device, inode, size, and change
/// and modification times to the nanosecond (`nil` for a missing file). A save, a replace by
/// rename and a touch all change it.
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64
    /// Whether it is a regular file (not a folder, device or FIFO).
    var isRegularFile: Bool

    /// The stamp of the file or folder at `path` now; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        isRegularFile = info.st_mode & S_IFMT == S_IFREG
    }

    /// The stamps of `paths` now, missing files as nil.
    static func stamps(of paths: some Sequence<String>) -> [String: FileStamp?] {
        var stamps: [String: FileStamp?] = [:]
        for path in paths { stamps[path] = .some(FileStamp(path: path)) }
        return stamps
    }
}
