/// Why a file a scene names was not read, one case per cause: refused (outside the root),
/// missing, or not readable as asked.
package enum AssetError: Error, Hashable, Sendable {
    /// What became of the file, for callers that answer each differently (a missing string
    /// table is skipped, a refused one is an error).
    package enum Kind: Hashable, Sendable {
        /// The path leads out of the asset root; nothing outside was looked at or read.
        case outside
        /// Nothing is there (inside the root).
        case missing
        /// Something is there but cannot be read as asked (a folder, a FIFO, too large, …).
        case unreadable
    }

    /// The path leads out of the asset root (`why` says how; `rule` says what is allowed).
    case refused(why: String, rule: String)
    /// Nothing is there.
    case missing
    /// A font folder was asked for, and this is not a folder.
    case notAFolder
    /// The path has a NUL character, at which the C calls would stop.
    case nulCharacter
    /// A font folder holds more entries than fontconfig is let to scan.
    case tooManyEntries(limit: Int)
    /// Something inside a font folder is not a regular file (fontconfig would block on it).
    case notRegularInFolder(shown: String)
    /// The path names a folder.
    case folder
    /// The path names a FIFO.
    case fifo
    /// The path names a device.
    case device
    /// The path names a socket.
    case socket
    /// The path names something else that is not a regular file.
    case notRegular
    /// Opening found a socket or a device (`ENXIO`).
    case socketOrDevice
    /// The file is larger than the limit (said as `64 MB`, …).
    case tooLarge(limit: String)
    /// Permission denied.
    case permissionDenied
    /// Symbolic links loop, or one changed while the file was read.
    case linkLoop
    /// `read` failed with the system's message.
    case readFailed(String)
    /// Another system error, with its message.
    case system(String)

    package var kind: Kind {
        switch self {
        case .refused: .outside
        case .missing: .missing
        default: .unreadable
        }
    }

    /// Words that finish "cannot be read (…)", e.g. "no such file".
    package var reason: String {
        switch self {
        case .refused(let why, let rule): "\(why); \(rule)"
        case .missing: "no such file"
        case .notAFolder: "not a folder"
        case .nulCharacter: "the path contains a NUL character"
        case .tooManyEntries(let limit): "it holds more than \(limit) files and folders"
        case .notRegularInFolder(let shown): "\"\(shown)\" in it is not a regular file (a FIFO or device would block fontconfig)"
        case .folder: "it is a folder"
        case .fifo: "it is a FIFO, not a regular file"
        case .device: "it is a device, not a regular file"
        case .socket: "it is a socket, not a regular file"
        case .notRegular: "it is not a regular file"
        case .socketOrDevice: "it is a socket or device, not a regular file"
        case .tooLarge(let limit): "larger than \(limit); not read"
        case .permissionDenied: "permission denied"
        case .linkLoop: "symbolic links loop, or one changed while it was read"
        case .readFailed(let message): "read failed: \(message)"
        case .system(let message): message
        }
    }
}
