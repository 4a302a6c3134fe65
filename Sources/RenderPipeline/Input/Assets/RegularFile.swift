import Foundation

/// The one way files a scene names are opened and read: only regular files, never blocking.
///
/// A FIFO opened the usual way blocks until a writer comes (forever), a device such as
/// `/dev/zero` never ends and `/dev/stdin` reads the terminal, so the kind is checked before
/// opening (opening some devices has effects) and again on the open descriptor, which is
/// opened non-blocking in case the path changed in between; then at most `limit` bytes are read.
package enum RegularFile {
    /// The bytes of the regular file at `path` (absolute).
    ///
    /// - Parameters:
    ///   - limit: the largest file read; a larger one is an error, not a truncated read.
    ///   - followsLinks: whether a symbolic link as the last component is followed; `false`
    ///     for a path already resolved to its real path, so a link swapped in is refused.
    package static func read(_ path: String, limit: Int, followsLinks: Bool = true) throws(AssetError) -> Data {
        let (fd, size) = try openForReading(path, limit: limit, followsLinks: followsLinks)
        defer { close(fd) }
        var data = Data(count: size)
        var filled = 0
        // The file may grow after fstat: read to its end, but never past the limit.
        while true {
            if filled == data.count {
                guard data.count <= limit else { throw tooLarge(limit) }
                data.count = min(max(data.count * 2, 4096), limit + 1)
            }
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(fd, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw AssetError.readFailed(String(cString: strerror(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw tooLarge(limit) }
        data.count = filled
        return data
    }

    /// An open descriptor of the regular file at `path` and its size, for reading it in pieces
    /// (data rows, which may be larger than memory); the caller closes it.
    ///
    /// - Parameters:
    ///   - limit: the largest size accepted, checked before and after opening.
    ///   - followsLinks: as for ``read(_:limit:followsLinks:)``.
    package static func openForReading(_ path: String, limit: Int = .max,
                                       followsLinks: Bool = true) throws(AssetError) -> (descriptor: Int32, size: Int) {
        var info = stat()
        guard (followsLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { throw error(errno) }
        try check(info, limit: limit)
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followsLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { throw error(errno) }
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw error(code)
        }
        do { try check(info, limit: limit) } catch {
            close(fd)
            throw error
        }
        return (fd, Int(info.st_size))
    }

    /// Refuses anything but a regular file of at most `limit` bytes.
    private static func check(_ info: stat, limit: Int) throws(AssetError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw AssetError.folder
        case S_IFIFO: throw AssetError.fifo
        case S_IFCHR, S_IFBLK: throw AssetError.device
        case S_IFSOCK: throw AssetError.socket
        default: throw AssetError.notRegular
        }
        guard Int(info.st_size) <= limit else { throw tooLarge(limit) }
    }

    private static func tooLarge(_ limit: Int) -> AssetError {
        AssetError.tooLarge(limit: sizeDescription(limit))
    }

    /// `64 MB`, `16 MB`, … for a limit in bytes.
    static func sizeDescription(_ bytes: Int) -> String {
        bytes % 1_000_000 == 0 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }

    /// The reason for a failed `stat`, `lstat` or `open`.
    static func error(_ code: Int32) -> AssetError {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case EACCES, EPERM: .permissionDenied
        // Also O_NOFOLLOW meeting a link: the path changed after it was resolved.
        case ELOOP: .linkLoop
        case ENXIO: .socketOrDevice
        default: .system(String(cString: strerror(code)))
        }
    }
}
