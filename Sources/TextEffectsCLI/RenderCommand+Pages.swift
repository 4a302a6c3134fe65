// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation
import TextEffects

extension RenderCommand {
    /// The most pages one render writes (`--page-height`), PNG files or PDF pages alike: a PDF's
    /// page limit.
    static var maximumPages: Int { VectorFormat.maximumPDFPages }

    /// Refuses, before any work and as the input's fault, a paged render that cannot be made:
    /// pages are cut from one frame, whole, into image files or one PDF.
    func checkPages(_ pageHeight: Double, scene: Scene, drawnCount: Int, format: AnimationFormat) throws {
        if let problem = scene.canvas.pageProblem(pageHeight: pageHeight, format: format) {
            throw CommandFailure.input("--page-height: " + problem)
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
            throw CommandFailure.input("--page-height: " + problem.message(pageHeight: pageHeight))
        }
        let pages = renderer.pages(breaks, pageHeight: pageHeight)
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
                try Interruption.forEach(0..<pages.count, workers: workers) { index in
                    let surface = try pages[index].renderFrame(frame)
                    try AtomicFile.write(try encoding.encode(surface, as: still ?? format, oneOfMany: urls.count > 1), to: urls[index])
                    progress.advance()
                }
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
}
#endif
