import Foundation
import TextEffects

/// The served folder: maps a request path to a template scene in it, and reads each template
/// once, again when its file changes.
///
/// Only names made of ASCII letters, digits, `_`, `-` and `.` are looked up, folder by folder,
/// none starting with `.`; anything percent-encoded, a backslash or an empty part never reaches
/// the file system. The file found must be a regular file inside the folder once links are
/// followed.
final class CardFolder: @unchecked Sendable {
    /// The folder, its links resolved.
    let root: String
    /// The formats a card is served in, by extension.
    static let formats = ["png", "jpg", "webp", "svg", "pdf"]

    /// The `Content-Type` of a card in `format` (one of `formats`).
    static func contentType(of format: String) -> String {
        switch format {
        case "jpg": "image/jpeg"
        case "webp": "image/webp"
        case "svg": "image/svg+xml"
        case "pdf": "application/pdf"
        default: "image/png"
        }
    }
    /// Templates kept read at once (each keeps its images and fonts); the least recently used
    /// go first.
    static let maximumTemplates = 32
    /// Folders a path may go down.
    static let maximumDepth = 8

    private let decoder: SceneDecoder
    private let fontCheck: FontCheck?
    private let lock = NSLock()
    private var templates: [String: Entry] = [:]
    private var clock: UInt64 = 0

    private struct Entry {
        var stamp: FileStamp
        var outcome: Result<CardTemplate, CardRequestError>
        var used: UInt64
    }

    /// Serves the templates in `folder`, each read with `decoder`'s settings and fonts held to `fontCheck`.
    init(folder: URL, decoder: SceneDecoder, fontCheck: FontCheck?) throws {
        guard let real = realpath(folder.path, nil) else { throw CardRequestError.notFound("\(folder.path): no such folder") }
        root = String(cString: real)
        free(real)
        self.decoder = decoder
        self.fontCheck = fontCheck
    }

    /// The template and format for the URL path `path` (as sent, not decoded), read or re-read
    /// as needed. A template that cannot be read is a 500 naming its problem.
    func template(at path: String) throws(CardRequestError) -> (template: CardTemplate, format: String) {
        let (name, format) = try Self.parse(path)
        let file = root + "/" + name + ".json"
        // The file as it is now (links followed): a template read from it before, inside the
        // folder, is used again without resolving the path anew; a file or link changed since
        // has another stamp.
        guard let current = FileStamp(path: file) else { throw .notFound("no template \(name)") }
        if let known: Result<CardTemplate, CardRequestError> = lock.withLock({
            guard var entry = templates[name], entry.stamp == current else { return nil }
            clock += 1
            entry.used = clock
            templates[name] = entry
            return entry.outcome
        }) {
            return (try known.get(), format)
        }
        guard let real = realpath(file, nil) else { throw .notFound("no template \(name)") }
        let resolved = String(cString: real)
        free(real)
        guard resolved.hasPrefix(root + "/"), let stamp = FileStamp(path: resolved), stamp.isRegularFile,
              FileManager.default.isReadableFile(atPath: resolved) else {
            throw .notFound("no template \(name)")
        }
        let outcome: Result<CardTemplate, CardRequestError>
        do {
            outcome = .success(try CardTemplate(name: name, file: URL(fileURLWithPath: resolved), decoder: decoder, fontCheck: fontCheck))
        } catch let error as SceneError where error.problems.contains(where: { $0.path == "parameters" }) && error.problems.count == 1 {
            // A scene without parameters is not a template: nothing to serve, rather than broken.
            outcome = .failure(.notFound("\(name) is a scene, not a template (it has no \"parameters\")"))
        } catch {
            outcome = .failure(CardRequestError(status: 500, message: "the template \(name) cannot be used: \(Self.describe(error))"))
        }
        lock.withLock {
            clock += 1
            templates[name] = Entry(stamp: stamp, outcome: outcome, used: clock)
            while templates.count > Self.maximumTemplates, let oldest = templates.min(by: { $0.value.used < $1.value.used })?.key {
                templates[oldest] = nil
            }
        }
        return (try outcome.get(), format)
    }

    /// Forgets `template` (a file it read changed), so that the next request reads it again.
    func forget(_ template: CardTemplate) {
        lock.withLock {
            if case .success(let kept)? = templates[template.name]?.outcome, kept === template { templates[template.name] = nil }
        }
    }

    /// The template's name (its path in the folder without `.json`) and the format asked for.
    static func parse(_ path: String) throws(CardRequestError) -> (name: String, format: String) {
        guard path.hasPrefix("/") else { throw .notFound("no such path") }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        guard (1...maximumDepth + 1).contains(parts.count) else { throw .notFound("no such path") }
        for part in parts {
            guard !part.isEmpty, part.first != ".", part.utf8.allSatisfy(isNameByte) else {
                throw .notFound("no such path (names are letters, digits, _, - and ., none starting with .)")
            }
        }
        let last = parts.last!
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { throw .notFound("no such path (a card is NAME.png, .jpg, .webp, .svg or .pdf)") }
        let format = String(last[last.index(after: dot)...])
        guard formats.contains(format) else {
            throw .notFound("no such format .\(format.prefix(16)); cards are served as \(formats.map { ".\($0)" }.joined(separator: ", "))")
        }
        let name = (parts.dropLast().map(String.init) + [String(last[..<dot])]).joined(separator: "/")
        return (name, format)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."): true
        default: false
        }
    }

    /// A template's problem in one line (a scene's problems joined).
    static func describe(_ error: any Error) -> String {
        if let error = error as? SceneError {
            return error.problems.map(\.description).joined(separator: "; ")
        }
        return "\(error)"
    }
}
