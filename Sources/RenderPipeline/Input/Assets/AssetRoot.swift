import Foundation

/// The folder a scene's files must be inside, and the one place they are resolved and read:
/// every image, font folder, caption file and string table a scene names goes through here.
///
/// A path is refused before anything is looked at when it is absolute or when a `..` climbs
/// out of the root at any step. After that its real path (every symbolic link followed) must
/// be inside the root's real path; a link that leads out and a link that leads nowhere get the
/// same message, so a scene cannot learn whether a file outside exists. Files are then read by
/// `RegularFile`, which reads nothing but regular files. With `AssetPolicy.allowsAnyPath`
/// only that last rule applies.
package struct AssetRoot {
    package let policy: AssetPolicy
    /// The real path of the folder relative paths resolve against (the scene's folder).
    package let base: String
    /// The real path of the folder named files must be inside.
    package let root: String

    /// At most this many files and folders are looked at in one font folder (with its subfolders).
    static let maximumFontFolderEntries = 10_000

    /// - Parameter baseDirectory: the scene file's folder; `nil`: the current folder.
    package init(policy: AssetPolicy, baseDirectory: URL?) {
        self.policy = policy
        base = Self.realPath(baseDirectory?.path ?? FileManager.default.currentDirectoryPath)
        root = policy.root.map { Self.realPath($0.path) } ?? base
    }

    /// The real path of the file or folder `path` names, refused when it is outside the root.
    package func resolve(_ path: String) throws(AssetError) -> String {
        // The C calls below would stop at a NUL and open another file than the one named.
        guard !path.contains("\0") else { throw AssetError.nulCharacter }
        guard !policy.allowsAnyPath else {
            let absolute = path.hasPrefix("/") ? path : base + "/" + path
            policy.accessLog?.record(absolute)
            return absolute
        }
        guard !path.hasPrefix("/") else { throw refusal("it is an absolute path") }
        guard Self.isInside(base, root) else { throw refusal("the scene's folder is not inside the asset root") }
        var components = base.split(separator: "/")
        for component in path.split(separator: "/") {
            switch component {
            case ".": continue
            case "..":
                guard !components.isEmpty else { throw refusal("\"..\" leads out of \(rootName)") }
                components.removeLast()
                guard Self.isInside("/" + components.joined(separator: "/"), root) else {
                    throw refusal("\"..\" leads out of \(rootName)")
                }
            default: components.append(component)
            }
        }
        let joined = base + "/" + path
        policy.accessLog?.record(joined)
        guard let real = Self.realPathIfExists(joined) else {
            let code = errno
            // Nothing there: say so only when no link is on the way (a link may lead anywhere).
            if involvesLink(path) { throw linkRefusal }
            throw RegularFile.error(code)
        }
        guard Self.isInside(real, root) else { throw linkRefusal }
        if real != joined { policy.accessLog?.record(real) }
        return real
    }

    /// The bytes of the regular file `path` names (at most `limit`).
    package func read(_ path: String, limit: Int) throws(AssetError) -> Data {
        let real = try resolve(path)
        return try RegularFile.read(real, limit: limit, followsLinks: policy.allowsAnyPath)
    }

    /// The names in the folder `path` names (empty when it cannot be listed).
    package func folderEntries(_ path: String) throws(AssetError) -> [String] {
        let real = try resolve(path)
        var info = stat()
        guard stat(real, &info) == 0 else { throw RegularFile.error(errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder }
        return ((try? FileManager.default.contentsOfDirectory(atPath: real)) ?? []).sorted()
    }

    /// The real path of a font folder, for fontconfig, once every file fontconfig would open in
    /// it (and in its subfolders, through links too) is a regular file inside the root.
    ///
    /// fontconfig opens every file it finds, whatever its name, and blocks forever on a FIFO
    /// (`x.ttf` or `readme`, in a subfolder or behind a link alike); it skips names that start
    /// with a dot, and so does this check.
    package func fontFolder(_ path: String) throws(AssetError) -> String {
        let real = try resolve(path)
        var info = stat()
        guard stat(real, &info) == 0 else { throw RegularFile.error(errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder }
        var visited: Set<String> = [real]
        var pending = [(real: real, shown: path)]
        var count = 0
        while let folder = pending.popLast() {
            // A folder fontconfig cannot list is one it skips.
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.real)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                count += 1
                guard count <= Self.maximumFontFolderEntries else {
                    throw AssetError.tooManyEntries(limit: Self.maximumFontFolderEntries)
                }
                var full = folder.real + "/" + name
                let shown = folder.shown + "/" + name
                guard lstat(full, &info) == 0 else { continue }
                if info.st_mode & S_IFMT == S_IFLNK {
                    let target = Self.realPathIfExists(full)
                    if !policy.allowsAnyPath, target.map({ !Self.isInside($0, root) }) ?? true {
                        throw AssetError.refused(why: "\"\(shown)\" in it is \(linkDescription)", rule: rule)
                    }
                    // fontconfig skips a link to nothing.
                    guard let target, stat(target, &info) == 0 else { continue }
                    full = target
                }
                switch info.st_mode & S_IFMT {
                case S_IFREG: break
                case S_IFDIR: if visited.insert(full).inserted { pending.append((full, shown)) }
                default:
                    throw AssetError.notRegularInFolder(shown: shown)
                }
            }
        }
        return real
    }

    // MARK: - Messages

    private var rootName: String { policy.root == nil ? "the scene's folder" : "the asset root (--asset-root)" }
    private var rule: String {
        "a scene's files are read only inside \(policy.root == nil ? "its folder" : "the asset root (--asset-root)") unless --allow-any-path is given"
    }
    private var linkDescription: String { "a symbolic link that leads out of \(rootName) or to nothing" }
    private func refusal(_ what: String) -> AssetError { .refused(why: what, rule: rule) }
    private var linkRefusal: AssetError { refusal("a symbolic link on its way leads out of \(rootName) or to nothing") }

    // MARK: - Paths

    /// Whether a symbolic link is among the components of `path` that exist (walking from the
    /// base, inside the root: `resolve` checked each `..` step before this is called).
    private func involvesLink(_ path: String) -> Bool {
        var current = base
        var info = stat()
        for component in path.split(separator: "/") where component != "." {
            current = component == ".." ? (current as NSString).deletingLastPathComponent : current + "/" + component
            guard lstat(current, &info) == 0 else { return false }
            if info.st_mode & S_IFMT == S_IFLNK { return true }
        }
        return false
    }

    static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// `path` with every symbolic link, `.` and `..` resolved; `nil` (and `errno`) when
    /// something on the way does not exist.
    static func realPathIfExists(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `path`, as a scene names it, is looked for: made absolute against `baseDirectory`
    /// (nil: the current folder) with `.` and `..` tidied, links not followed. A leading `~` is a
    /// folder's name like any other, as `resolve` reads it, never the home folder of the account
    /// rendering (`URL(fileURLWithPath:)` expands it, which messages must not show).
    package static func lookedUpPath(_ path: String, relativeTo baseDirectory: URL?) -> String {
        let joined = path.hasPrefix("/") ? path : (baseDirectory?.path ?? FileManager.default.currentDirectoryPath) + "/" + path
        var components: [Substring] = []
        for component in joined.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// `path` resolved as far as it exists; otherwise made absolute and tidied as written.
    static func realPath(_ path: String) -> String {
        realPathIfExists(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
