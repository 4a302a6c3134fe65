import Foundation

/// An SVG file or a PDF document being drawn, held in memory until `finish()`: a PDF gets one
/// page per `page(width:height:draw:)`, an SVG exactly one.
///
/// Device units are the frame's pixels, so a page is as many units wide as the PNG frame is
/// pixels: an SVG's user unit is a CSS pixel, a PDF's a point (1/72 in).
package final class VectorDocument {
    package let format: VectorFormat
    private let surface: CairoVectorSurface
    package private(set) var pageCount = 0

    /// A document whose first page is `width` × `height` pixels.
    package init(format: VectorFormat, width: Int, height: Int) throws {
        self.format = format
        surface = try CairoVectorSurface(document: format == .svg ? .svg : .pdf, width: width, height: height)
    }

    /// Draws the next page, `width` × `height` pixels, with `draw` given a context on it.
    func page(width: Int, height: Int, draw: (CairoContext) throws -> Void) rethrows {
        precondition(format == .pdf || pageCount == 0, "an SVG file holds one frame")
        if format == .pdf { surface.setPDFPageSize(width: width, height: height) }
        let cairo = surface.makeContext()
        try draw(cairo)
        if format == .pdf { cairo.showPage() }
        pageCount += 1
    }

    /// Adds `page`, drawn earlier (on another thread), as the next page, with its links.
    package func append(_ page: RecordedPage) {
        self.page(width: page.width, height: page.height) { cairo in
            cairo.paint(page.recording)
            page.finish?(cairo)
        }
    }

    /// Adds a PDF link annotation with Cairo's tag `attributes` (`uri='…' rect=[x y w h …]`,
    /// page units) to the page `cairo` draws.
    static func tagLink(attributes: String, on cairo: CairoContext) {
        cairo.tagLink(attributes: attributes)
    }

    /// Ends the document and returns its bytes.
    package func finish() throws -> Data {
        let data = try surface.finish("writing the \(format.rawValue.uppercased()) document")
        return format == .svg ? SVGIdentifiers.renumbered(data) : data
    }
}
