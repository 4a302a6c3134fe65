import Foundation

/// Why an output file or folder could not be written, said in one plain line.
///
/// Each case carries the path concerned; descriptions show it relative to the current folder
/// when it is inside it, as a user would have typed it.
package enum OutputError: Error, CustomStringConvertible, Equatable {
    /// A folder on the way to the output does not exist (and could not be created).
    case folderMissing(String)
    /// Something on the way to the output is a file where a folder is needed.
    case notAFolder(String)
    /// The output should be one file, but a folder has that name.
    case isAFolder(String)
    /// The disk (or the user's quota) is full.
    case noSpace(String)
    /// The folder is on a file system mounted read-only.
    case readOnly(String)
    /// The user may not write there.
    case permissionDenied(String)
    /// Any other failure of the system, with its `errno`.
    case failed(String, errno: Int32)
    /// An animation format needs ffmpeg, which is not on `PATH`.
    case ffmpegMissing(format: AnimationFormat)
    /// ffmpeg stopped with an error; `reason` is its own explanation, or what became of it.
    case ffmpegFailed(status: String, reason: String)

    /// The error for `errno` from writing `url`.
    package init(errno code: Int32, writing url: URL) {
        let path = url.path, folder = url.deletingLastPathComponent().path
        switch code {
        case ENOSPC, EDQUOT: self = .noSpace(path)
        case EROFS: self = .readOnly(path)
        case EACCES, EPERM: self = .permissionDenied(path)
        case ENOENT: self = .folderMissing(folder)
        case ENOTDIR: self = .notAFolder(folder)
        case EISDIR: self = .isAFolder(path)
        default: self = .failed(path, errno: code)
        }
    }

    public var description: String {
        switch self {
        case .folderMissing(let path): "the folder \(Self.display(path)) does not exist"
        case .notAFolder(let path): "\(Self.display(path)) is a file, not a folder"
        case .isAFolder(let path): "\(Self.display(path)) is a folder, not a file"
        case .noSpace(let path): "no space left on device writing \(Self.display(path))"
        case .readOnly(let path): "read-only file system: cannot write \(Self.display(path))"
        case .permissionDenied(let path): "permission denied writing \(Self.display(path))"
        case .failed(let path, let code): "cannot write \(Self.display(path)): \(String(cString: strerror(code)))"
        case .ffmpegMissing(let format):
            "--format \(format.rawValue) needs ffmpeg, which is not installed; install it with: apt-get install ffmpeg"
        case .ffmpegFailed(let status, let reason): "ffmpeg failed (\(status)): \(reason)"
        }
    }

    /// `path`, relative to the current folder when it is inside it.
    package static func display(_ path: String) -> String {
        let path = URL(fileURLWithPath: path, isDirectory: false).standardizedFileURL.path
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : path
    }
}
