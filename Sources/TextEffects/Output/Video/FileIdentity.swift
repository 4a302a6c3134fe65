import Foundation

/// A file's device and inode number: two paths that name the same file (through `..`, a link
/// or another spelling) have the same identity.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path`, following symbolic links; nil when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
