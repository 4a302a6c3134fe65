import Foundation
import TextEffects

/// `GET /files/PATH`: a file of the scene's folder, and nothing outside it.
///
/// The path is refused before anything is looked at when a component is empty, `.` or `..`,
/// hidden (a dot first: `.git`, `.env`) or holds a NUL or a slash once percent-decoded; then
/// the scene's own confinement applies (`AssetRoot`): a symbolic link that leads out is
/// refused, as is one that leads to a hidden file or folder inside, and only regular files are read.
/// The file is opened here, by the real path those checks passed (a link swapped in since is
/// refused), and sent from that descriptor in pieces: never held whole.
struct SceneFolderFiles {
    /// The largest file served.
    static let maximumSize = 64 << 20

    let folder: URL

    enum Outcome {
        case file(OpenedFile, type: String)
        case refused(String)
        case missing
    }

    /// The file at `path`, the part of the URL after `/files/`, still percent-encoded.
    func file(at path: Substring) -> Outcome {
        var components: [String] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: false) {
            guard let component = String(raw).removingPercentEncoding else { return .refused("the path is not valid percent-encoding") }
            if component.isEmpty || component == "." || component == ".." {
                return .refused("the path must name a file inside the scene's folder, without empty, \".\" or \"..\" parts")
            }
            if component.hasPrefix(".") { return .refused("hidden files are not served") }
            if component.contains("/") || component.contains("\0") { return .refused("a path part holds a slash or a NUL") }
            components.append(component)
        }
        guard !components.isEmpty else { return .refused("no file named") }
        let root = AssetRoot(policy: AssetPolicy(root: folder), baseDirectory: folder)
        let path = components.joined(separator: "/")
        do {
            // A visible link to a hidden file (`env -> .env`) is refused like the hidden file.
            let real = try root.resolve(path)
            let inside = real.dropFirst(root.root.count).split(separator: "/")
            if inside.contains(where: { $0.hasPrefix(".") }) { return .refused("hidden files are not served") }
            // What `root.read` does, but keeping the descriptor: the real path, not followed if it
            // is a link by now, a regular file of at most the limit.
            let opened = try RegularFile.openForReading(real, limit: Self.maximumSize, followsLinks: false)
            return .file(OpenedFile(descriptor: opened.descriptor, size: opened.size), type: Self.contentType(of: components.last!))
        } catch {
            switch error.kind {
            case .outside: return .refused("the file is outside the scene's folder")
            case .missing: return .missing
            case .unreadable: return .refused("the file cannot be read (\(error.reason))")
            }
        }
    }

    /// The content type for a file name's extension; anything unknown as plain bytes.
    static func contentType(of name: String) -> String {
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "json": "application/json"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "webp": "image/webp"
        case "gif": "image/gif"
        case "md", "txt", "vtt", "srt", "csv", "tsv", "strings": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
