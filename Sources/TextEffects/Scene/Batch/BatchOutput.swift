import Foundation

/// One row's output: its path inside the batch's folder and how it is written.
///
/// A still in `png`, `jpg` or `webp` is one file (`NAME.png`); several frames in `png` or `jpg`
/// are a folder of frames (`NAME/frame_0000.png`, …, the name without `.png`), filled under a hidden name and renamed
/// into place whole; an animation is one file, which ffmpeg writes under a hidden name. So an
/// output that exists is complete, which is what resuming relies on.
struct BatchOutput {
    enum Kind {
        case still, frames, animation
        /// An SVG file (a still) or a PDF (a page per frame, or per page with `--page-height`).
        case vector
        /// A folder of a still's pages (`--page-height`): `NAME/page_0001.png`, ….
        case pages
    }

    /// What is at the output's place already.
    enum Existing {
        /// Nothing: the row is to be rendered.
        case none
        /// This row's output, complete (an earlier run's).
        case complete
        /// Something this batch would not write there, which it leaves alone.
        case other(String)
    }

    /// The longest file or folder name an output may have, in bytes: `NAME_MAX` (255) less what
    /// the hidden name it is written under adds.
    static let maximumNameBytes = 200

    /// Relative to the batch's folder.
    let path: String
    let kind: Kind
    let format: AnimationFormat

    /// The output for a row named `name` whose scene has `frameCount` frames; `paged`: cut
    /// into pages (`--page-height`), a folder of page images or one PDF.
    init(name: String, format: AnimationFormat, frameCount: Int, paged: Bool = false) throws(BatchNameError) {
        self.format = format
        // `.jpeg` is a JPEG's other extension: kept as written.
        let ext = format == .jpg && name.lowercased().hasSuffix(".jpeg") ? ".jpeg" : "." + format.fileExtension
        let hasExtension = name.lowercased().hasSuffix(ext)
        switch format {
        case .png where paged, .jpg where paged, .webp where paged:
            // A folder, as a row's frames are: it is renamed into place whole, so an output
            // that exists holds every page, which resuming relies on.
            kind = .pages
            path = hasExtension ? String(name.dropLast(ext.count)) : name
        case .png where frameCount == 1, .jpg where frameCount == 1, .webp where frameCount == 1:
            // A still WebP is libwebp's own file, not a one-frame animation.
            kind = .still
            path = hasExtension ? name : name + ext
        case .png, .jpg:
            kind = .frames
            path = hasExtension ? String(name.dropLast(ext.count)) : name
        case .svg where frameCount != 1:
            throw BatchNameError("an SVG file holds one frame and this row's scene has \(frameCount); write a PDF of a page per frame (--format pdf)")
        case .svg, .pdf:
            kind = .vector
            path = hasExtension ? name : name + ext
        default:
            kind = .animation
            path = hasExtension ? name : name + ext
        }
        let last = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard !last.isEmpty, !last.hasPrefix(".") else {
            throw BatchNameError("the output name \(JSONValue.string(path).description) is empty or hidden (starts with .); outputs are ordinary files and folders")
        }
        guard last.utf8.count <= Self.maximumNameBytes else {
            throw BatchNameError("the output name \(JSONValue.string(String(last.prefix(40))).description)… is longer than \(Self.maximumNameBytes) bytes")
        }
    }

    /// What is at `url` already.
    func existing(at url: URL) -> Existing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return .none }
        switch kind {
        case .still, .animation, .vector:
            return isDirectory.boolValue ? .other("\(path) is a folder") : .complete
        case .frames, .pages:
            let what = kind == .frames ? "frames" : "pages", prefix = kind == .frames ? "frame_" : "page_"
            guard isDirectory.boolValue else { return .other("\(path) is a file, not a folder of \(what)") }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            let strangers = names.filter { !($0.hasPrefix(prefix) && $0.hasSuffix("." + format.fileExtension)) }
            return strangers.isEmpty ? .complete : .other("\(path) holds other files than \(what) (\(strangers.sorted().prefix(3).joined(separator: ", ")))")
        }
    }

    /// The page files of a complete `.pages` output at `url`, relative to the batch's folder, in page order.
    func pageFiles(at url: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        // page_0001 … page_9999, then page_10000: by number, not by spelling.
        return names.sorted { ($0.count, $0) < ($1.count, $1) }.map { path + "/" + $0 }
    }

    /// Cuts frame 0 of `renderer` (a still's, laid out without the auto height's limit) into
    /// pages `pageHeight` points tall and writes them into `url`: a folder of page images,
    /// filled under a hidden name and renamed into place whole, or one PDF. Returns the number of
    /// pages and the page files relative to the batch's folder (none for a PDF: it is the output); a row whose pages cannot be cut
    /// (a line taller than a page, more than `pageLimit` pages) throws a ``BatchRowError``
    /// naming `--page-height`, with nothing written.
    func writePages(_ renderer: SceneRenderer, pageHeight: Double, pageLimit: Int, to url: URL, encoding: StillEncoding,
                    isCancelled: @escaping @Sendable () -> Bool) throws -> (count: Int, files: [String]) {
        let breaks: PageBreaks
        do { breaks = try renderer.pageBreaks(pageHeight: pageHeight, pageLimit: pageLimit) } catch {
            throw BatchRowError(message: "--page-height: " + error.message(pageHeight: pageHeight))
        }
        let pages = renderer.pages(breaks, pageHeight: pageHeight)
        try OutputPlace.createFolder(url.deletingLastPathComponent())
        if kind == .vector {
            let document = try VectorDocument(format: .pdf, width: pages[0].scene.canvas.pixelWidth, height: pages[0].scene.canvas.pixelHeight)
            for page in pages {
                if isCancelled() { throw CancellationError() }
                page.drawVectorPage(0, into: document, links: LinkTracker(page))
            }
            try AtomicFile.write(try document.finish(), to: url)
            return (pages.count, [])
        }
        let digits = max(4, String(pages.count).count)
        let names = (1...pages.count).map { number in
            "page_" + String(repeating: "0", count: digits - String(number).count) + String(number) + "." + format.fileExtension
        }
        try writeFolder(at: url) { temporary in
            try OutputPlace.createFolder(temporary)
            for (page, name) in zip(pages, names) {
                if isCancelled() { throw CancellationError() }
                try AtomicFile.write(try encoding.encode(try page.renderFrame(0), as: format, oneOfMany: true), to: temporary.appendingPathComponent(name))
            }
        }
        return (pages.count, names.map { path + "/" + $0 })
    }

    /// Renders `frames` of `renderer` into `url`, on the calling thread; nothing is left at `url`
    /// or beside it unless the whole output is. The frame surface goes back to the pool after,
    /// for the worker's next row: these sinks are done with a surface when `write` returns.
    func write(_ renderer: SceneRenderer, to url: URL, frames: Range<Int>, encoding: StillEncoding,
               isCancelled: @escaping @Sendable () -> Bool) throws {
        let compression = encoding.pngCompression, format = format
        try OutputPlace.createFolder(url.deletingLastPathComponent())
        let scene = renderer.scene
        switch kind {
        case .still:
            try renderer.render(frames, to: ClosureSink { _, surface in try AtomicFile.write(encoding.encode(surface, as: format, oneOfMany: true), to: url) },
                                concurrency: 1, isCancelled: isCancelled, givingBackSurfaces: true)
        case .animation:
            let encoder = try FFmpegEncoder(format: format, destination: url, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight,
                                            fps: scene.fps, opaque: scene.canvas.isOpaque)
            try renderer.render(frames, to: encoder, concurrency: 1, isCancelled: isCancelled, givingBackSurfaces: true)
        case .vector:
            let links = LinkTracker(renderer)
            let data = format == .pdf ? try renderer.pdfData(ofFrames: frames, links: links, isCancelled: isCancelled)
                : try renderer.svgData(ofFrame: frames.lowerBound, links: links)
            try AtomicFile.write(data, to: url)
        case .pages:
            preconditionFailure("pages are written by writePages")
        case .frames:
            try writeFolder(at: url) { temporary in
                let writer: any FrameSink = format == .jpg
                    ? try EncodedFrameWriter(directory: temporary, frameCount: frames.count, format: .jpg, encoding: encoding)
                    : try PNGFrameWriter(directory: temporary, frameCount: frames.count, compression: compression)
                try renderer.render(frames, to: writer, concurrency: 1, isCancelled: isCancelled, givingBackSurfaces: true)
            }
        }
    }

    /// Fills a row's folder (frames or pages) under a temporary name with `fill`, then puts it
    /// at `url` whole; nothing is left beside it if `fill` throws.
    private func writeFolder(at url: URL, fill: (URL) throws -> Void) throws {
        let temporary = AtomicFile.temporaryURL(for: url)
        // Registered first, so an interruption removes the folder with whatever it holds.
        try TemporaryFiles.shared.add(temporary)
        defer { TemporaryFiles.shared.forget(temporary) }
        do {
            try fill(temporary)
            if case .complete = existing(at: url) {
                // --force over this row's old folder: it goes aside first, so the folder is
                // never half old, half new. (Anything else there has refused the row.)
                let old = AtomicFile.temporaryURL(for: url)
                try AtomicFile.replace(old, with: url)
                try? FileManager.default.removeItem(at: old)
            }
            try AtomicFile.replace(url, with: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
