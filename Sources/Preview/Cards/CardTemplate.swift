import Foundation
import TextEffects

/// One template scene of the served folder, read once: what its cards share (the parsed file,
/// decoded images, fonts), and the version of every file its cards have read so far.
///
/// A card names its files only as its scene is read (an image parameter may name any picture),
/// so each card notes what it read; a file that has changed since this template first saw it
/// makes the template stale, and the folder reads it again with empty caches.
final class CardTemplate: @unchecked Sendable {
    /// The URL path without its extension: `social/card` for `DIR/social/card.json`.
    let name: String
    let file: URL
    /// The template file as it was read.
    let stamp: FileStamp
    /// The digest of the template file's bytes.
    let digest: String
    let batch: BatchTemplate
    private let lock = NSLock()
    /// Every file a card of this template read, as it was when first read (nil: missing).
    private var seen: [String: FileStamp?] = [:]
    /// Content digests of those files, by path and stamp.
    private var contentDigests: [String: (stamp: FileStamp?, digest: String)] = [:]

    /// Reads the template at `file`: throws the `SceneError` (or font error) that makes it unusable.
    init(name: String, file: URL, decoder: SceneDecoder, fontCheck: FontCheck?) throws {
        self.name = name
        self.file = file
        (stamp, digest, batch) = try Self.read(file, decoder: decoder)
        if let fontCheck {
            try batch.checkFonts(with: fontCheck)
            batch.fontCheck = fontCheck
        }
        guard batch.frameCount == 1 else { throw CardTemplateError.animated(frames: batch.frameCount) }
    }

    /// The template's stamp, the digest of its bytes, and the template read from them. The bytes
    /// are read twice (for the digest, then by the template): a save in between shows as a
    /// different stamp, and the reading is tried again.
    private static func read(_ file: URL, decoder: SceneDecoder) throws -> (FileStamp, String, BatchTemplate) {
        var attempt = 0
        while true {
            attempt += 1
            guard let before = FileStamp(path: file.path) else { throw CardTemplateError.missing }
            let bytes = try Data(contentsOf: file)
            let batch = try BatchTemplate(url: file, displayName: file.lastPathComponent, decoder: decoder)
            if FileStamp(path: file.path) == before || attempt == 3 {
                return (before, CardDigest.hexadecimal(of: bytes), batch)
            }
        }
    }

    /// The scene of one card and its ETag, or `nil` when a file it read changed since this
    /// template first saw it (then the template is read again). Throws the `SceneError` naming
    /// what in `values` does not fit. `encoding` (PNG's compression, JPEG's and WebP's quality)
    /// is part of the ETag: other settings, other bytes.
    func card(values: [String: String], format: String, encoding: StillEncoding, version: String) throws -> PreparedCard? {
        if let unknown = values.keys.sorted().first(where: { batch.parameters[$0] == nil }) {
            throw CardRequestError.badRequest("\(unknown) is not a parameter of \(name) (its parameters are \(batch.parameters.keys.sorted().joined(separator: ", ")))",
                                              parameter: unknown)
        }
        let log = AssetAccessLog()
        let scene = try batch.scene(values: values.mapValues(JSONValue.string), accessLog: log)
        guard scene.frameCount == 1 else { throw CardTemplateError.animated(frames: scene.frameCount) }
        let paths = log.paths.sorted()
        let now = FileStamp.stamps(of: paths)
        let digests: [String]? = lock.withLock {
            for path in paths {
                let stamp = now[path]!
                if let known = seen[path] {
                    if known != stamp { return nil }
                } else {
                    seen[path] = .some(stamp)
                }
            }
            return paths.map { path in
                let stamp = now[path]!
                if let known = contentDigests[path], known.stamp == stamp { return known.digest }
                let digest = Self.contentDigest(path: path, stamp: stamp)
                contentDigests[path] = (stamp, digest)
                return digest
            }
        }
        guard let digests else { return nil }
        let etag = CardDigest()
        etag.update(field: "texteffects \(version)")
        etag.update(field: format)
        etag.update(field: Self.settings(of: encoding, for: format))
        etag.update(field: digest)
        // Paths relative to the template, so that copies of one folder on other machines agree.
        let folder = file.deletingLastPathComponent().path + "/"
        for (path, content) in zip(paths, digests) {
            etag.update(field: path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path)
            etag.update(field: content)
        }
        for name in values.keys.sorted() {
            etag.update(field: name)
            etag.update(field: values[name]!)
        }
        return PreparedCard(template: self, scene: scene, format: format, encoding: encoding, etag: etag.hexadecimal(), files: now)
    }

    /// What of `encoding` makes a difference to a card in `format`'s bytes.
    static func settings(of encoding: StillEncoding, for format: String) -> String {
        switch AnimationFormat(rawValue: format) {
        case .jpg: "quality \(encoding.quality)"
        case .webp: encoding.lossless ? "lossless" : "quality \(encoding.quality)"
        case .svg, .pdf: ""
        default: "compression \(encoding.pngCompression.rawValue)"
        }
    }

    /// Whether every file in `files` still has its stamp: a cached card of them is still good.
    static func unchanged(_ files: [String: FileStamp?]) -> Bool {
        files.allSatisfy { FileStamp(path: $0.key) == $0.value }
    }

    /// What a file holds, as a digest: its bytes; for a folder, its entries' names and sizes;
    /// `missing` when there is none.
    private static func contentDigest(path: String, stamp: FileStamp?) -> String {
        guard stamp != nil else { return "missing" }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "missing" }
        if isFolder.boolValue {
            let digest = CardDigest()
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() {
                digest.update(field: entry)
                digest.update(field: FileStamp(path: path + "/" + entry).map { String($0.size) } ?? "-")
            }
            return digest.hexadecimal()
        }
        // Files a scene reads are bounded by the decoder's limits; read in pieces all the same.
        guard let handle = FileHandle(forReadingAtPath: path) else { return "unreadable" }
        defer { try? handle.close() }
        let digest = CardDigest()
        while let piece = try? handle.read(upToCount: 1 << 20), !piece.isEmpty { digest.update(piece) }
        return digest.hexadecimal()
    }
}

/// A card ready to draw: its scene and the ETag of what it is made from.
struct PreparedCard: @unchecked Sendable {
    let template: CardTemplate
    let scene: Scene
    /// `png`, `jpg`, `webp`, `svg` or `pdf`.
    let format: String
    /// How PNG, JPEG and WebP cards are encoded (`--png-compression`, `--quality`, `--lossless`).
    let encoding: StillEncoding
    /// A digest of the program's version, the format, the template's bytes, every file the
    /// scene read and the values: equal ETags, equal bytes.
    let etag: String
    /// The files the card read, as they were: the cached card is good while they stay so.
    let files: [String: FileStamp?]

    /// The card's bytes in its format: `render --set … --out NAME.png` (`.jpg`, `.webp`, `.svg`,
    /// `.pdf`)'s with the same `--quality`/`--lossless`/`--png-compression`, byte for byte (SVG
    /// and PDF with their links, as render writes them).
    func encoded() throws -> Data {
        let renderer = try template.batch.renderer(for: scene)
        let format = AnimationFormat(rawValue: format) ?? .png
        switch format {
        case .svg: return try renderer.svgData(ofFrame: 0, links: LinkTracker(renderer))
        case .pdf: return try renderer.pdfData(ofFrames: [0], links: LinkTracker(renderer))
        default: return try encoding.encode(try renderer.renderFrame(0), as: format, oneOfMany: false)
        }
    }
}

/// Why a template cannot serve cards, apart from its scene's own problems.
enum CardTemplateError: Error, CustomStringConvertible {
    case missing
    case animated(frames: Int)

    var description: String {
        switch self {
        case .missing: "the file is gone"
        case .animated(let frames): "it has \(frames) frames; serve draws stills (no fps, no duration, nothing animated)"
        }
    }
}
