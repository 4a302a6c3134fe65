import Foundation
import TextEffects

extension RenderCommand {
    /// The most pages one render writes (`--page-height`), PNG files or PDF pages alike: a PDF's
    /// page limit.
    static var maximumPages: Int { VectorFormat.maximumPDFPages }

    /// Refuses, before any work and as the input's fault, a paged render that cannot be made:
    /// pages are cut from one frame, whole, into image files or one PDF.
    func checkPages(_ pageHeight: Double, scene: Scene, drawnCount: Int, format: AnimationFormat) throws {
        guard pageHeight.isFinite, pageHeight > 0 else {
            throw CommandFailure.input("--page-height: \(pageHeight) is not a page height: give the height of a page in points, above 0")
        }
        var page = scene.canvas
        page.height = pageHeight
        page.isHeightAuto = false
        if let problem = page.pixelSizeProblem(format: format) {
            throw CommandFailure.input("--page-height: a page of \(JSONNode.format(pageHeight)) points \(problem)")
        }
        guard [.png, .jpg, .webp, .pdf].contains(format) else {
            throw CommandFailure.input("--page-height: --format \(format.rawValue) does not take pages; pages are PNG, JPEG or WebP files, or one PDF (--format pdf)")
        }
        if drawnCount != 1 {
            let why = scene.animatedBy.map { "\($0) makes the scene animated" } ?? "--frames, --fps or --frame-range asks for them"
            throw CommandFailure.input("--page-height: pages are cut from one frame, and this render has \(drawnCount) (\(why)); choose one with --frame-range N")
        }
        if scene.viewport != nil {
            throw CommandFailure.input("--page-height: pages show the whole canvas a slice at a time, and the scene has a viewport (\(self.scene): viewport); remove one of them")
        }
        if scene.captions != nil {
            throw CommandFailure.input("--page-height: captions are drawn over a frame, not a document; a scene with captions cannot be paged")
        }
        if links.file != nil || links.overlay || links.noFrames {
            throw CommandFailure.input("--page-height: the link report describes frames, not pages; leave out --links, --links-overlay and --no-frames (a PDF's pages keep their links)")
        }
        if sharding.shard != nil {
            throw CommandFailure.input("--page-height: one frame's pages are not split into shards; leave out --shard")
        }
    }

    /// Draws frame `frame` of `renderer`'s scene as pages `pageHeight` points tall: image files
    /// (`--out NAME.png` gives `NAME-1.png`, `NAME-2.png`, …; a folder `page_0001.png`, …) or one
    /// PDF of them (text as text, each page's links as link annotations). The breaks are worked
    /// out, and refused, before anything is written; each file goes in place by a rename.
    func renderPages(_ renderer: SceneRenderer, pageHeight: Double, frame: Int, destination: URL, format: AnimationFormat,
                     still: AnimationFormat?, workers: Int) throws {
        let breaks: PageBreaks
        do { breaks = try renderer.pageBreaks(pageHeight: pageHeight, pageLimit: Self.maximumPages) } catch let problem as PageBreaks.Problem {
            throw CommandFailure.input("--page-height: " + Self.message(for: problem, pageHeight: pageHeight))
        }
        let pages = breaks.pages.map { renderer.page($0, pageHeight: pageHeight) }
        let progress = progressOptions.reporter(total: pages.count, quiet: quiet)
        do {
            if format == .pdf {
                try OutputPlace.createFolder(destination.deletingLastPathComponent())
                let document = try VectorDocument(format: .pdf, width: pages[0].scene.canvas.pixelWidth, height: pages[0].scene.canvas.pixelHeight)
                for page in pages {
                    if Interruption.isRequested { throw CancellationError() }
                    page.drawVectorPage(frame, into: document, links: LinkTracker(page))
                    progress.advance()
                }
                try AtomicFile.write(try document.finish(), to: destination)
            } else {
                let urls = Self.pageFiles(count: pages.count, destination: destination, isFile: still != nil, format: still ?? format)
                try OutputPlace.createFolder(still != nil ? destination.deletingLastPathComponent() : destination)
                let encoding = self.still.encoding(png: png.compression)
                let failure = NSLock()
                nonisolated(unsafe) var firstError: Error?
                DispatchQueue.concurrentPerform(iterations: max(1, min(workers, pages.count))) { worker in
                    var index = worker
                    while index < pages.count, failure.withLock({ firstError == nil }), !Interruption.isRequested {
                        do {
                            let surface = try pages[index].renderFrame(frame)
                            try AtomicFile.write(try encoding.encode(surface, as: still ?? format), to: urls[index])
                            progress.advance()
                        } catch {
                            failure.withLock { if firstError == nil { firstError = error } }
                        }
                        index += workers
                    }
                }
                if Interruption.isRequested { throw CancellationError() }
                if let firstError { throw firstError }
            }
        } catch {
            try Interruption.exitIfRequested()
            throw CommandFailure.run(error)
        }
        progress.finish(format == .pdf ? "wrote \(pages.count) page\(pages.count == 1 ? "" : "s") to \(destination.path)"
                        : "wrote \(pages.count) page\(pages.count == 1 ? "" : "s") \(still != nil ? "beside" : "to") \(destination.path)")
    }

    /// The files `count` pages go to: `NAME-1.EXT`, `NAME-2.EXT`, … for a file `destination`
    /// (`NAME.EXT`), or `page_0001.EXT`, … in a folder (at least four digits, as frames have, from 1).
    static func pageFiles(count: Int, destination: URL, isFile: Bool, format: AnimationFormat) -> [URL] {
        let digits = max(4, String(count).count)
        return (1...count).map { number in
            if isFile { return URL(fileURLWithPath: path(destination.path, suffix: String(number))) }
            let text = String(number)
            return destination.appendingPathComponent("page_" + String(repeating: "0", count: digits - text.count) + text + "." + format.fileExtension)
        }
    }

    /// What is wrong with `--page-height` for this scene, after the option's name.
    static func message(for problem: PageBreaks.Problem, pageHeight: Double) -> String {
        switch problem {
        case .noRoom(let margin):
            return "a page of \(JSONNode.format(pageHeight)) points has no room for content between the scene's margins (\(JSONNode.format(margin)) points above and below, the highest text block's y); give a taller page"
        case .lineTooTall(let y, let height, let room):
            return "the line at y \(JSONNode.format((y * 100).rounded() / 100)) is \(JSONNode.format((height * 100).rounded() / 100)) points tall, and a page of \(JSONNode.format(pageHeight)) holds \(JSONNode.format((room * 100).rounded() / 100)) between its margins; pages never cut a line: give a taller page"
        case .tooManyPages(let limit):
            return "this document needs more than \(limit) pages of \(JSONNode.format(pageHeight)) points, and a render writes at most \(limit); give a taller page"
        }
    }
}
