import Foundation

extension SceneRenderer {
    /// Draws frame `index` as the next page of `document` (its links as annotations or
    /// anchors when `links` is given): text as text, shapes and gradients as vectors, filtered
    /// layers as images at the frame's pixels.
    package func drawVectorPage(_ index: Int, into document: VectorDocument, links: LinkTracker?) {
        let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
        document.page(width: width, height: height) { cairo in
            var root = GraphicsContext(vectorPage: cairo, pixelWidth: width, pixelHeight: height,
                                       scale: scene.canvas.scale, time: scene.time(ofFrame: index))
            root.fonts = fonts
            root.textEnvironment = scene.environment
            draw(frame: index, time: root.time, in: root)
            if document.format == .pdf, let links {
                VectorLinks(links.frame(index), tracker: links, scale: scene.canvas.scale).tagPDF(on: cairo)
            }
        }
    }

    /// Frame `index` as one SVG file's bytes, with an `<a>` over each visible link.
    package func svgData(ofFrame index: Int, links: LinkTracker? = nil) throws -> Data {
        let document = try VectorDocument(format: .svg, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        drawVectorPage(index, into: document, links: links)
        let data = try document.finish()
        guard let links else { return data }
        return VectorLinks(links.frame(index), tracker: links, scale: scene.canvas.scale).addingAnchors(to: data)
    }

    /// `frames` as one PDF document's bytes, a page each, with link annotations.
    package func pdfData<Frames: Sequence<Int>>(ofFrames frames: Frames, links: LinkTracker? = nil,
                                                 isCancelled: () -> Bool = { false }, pageDone: () -> Void = {}) throws -> Data {
        let document = try VectorDocument(format: .pdf, width: scene.canvas.pixelWidth, height: scene.canvas.pixelHeight)
        for index in frames {
            if isCancelled() { throw CancellationError() }
            drawVectorPage(index, into: document, links: links)
            pageDone()
        }
        return try document.finish()
    }
}

extension SceneRenderer {
    /// Frame `index` drawn as vectors into a recording, for a document made elsewhere (a
    /// batch's combined PDF): safe to call on any thread.
    package func recordPage(_ index: Int, links: LinkTracker?) -> RecordedPage {
        let (width, height) = (scene.canvas.pixelWidth, scene.canvas.pixelHeight)
        var finish: (@Sendable (CairoContext) -> Void)?
        if let links {
            let pageLinks = VectorLinks(links.frame(index), tracker: links, scale: scene.canvas.scale)
            finish = { cairo in pageLinks.tagPDF(on: cairo) }
        }
        return RecordedPage(width: width, height: height, finish: finish) { cairo in
            var root = GraphicsContext(vectorPage: cairo, pixelWidth: width, pixelHeight: height,
                                       scale: scene.canvas.scale, time: scene.time(ofFrame: index))
            root.fonts = fonts
            root.textEnvironment = scene.environment
            draw(frame: index, time: root.time, in: root)
        }
    }
}
