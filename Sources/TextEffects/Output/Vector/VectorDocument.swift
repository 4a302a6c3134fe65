import CCairo
import Foundation

/// An SVG file or a PDF document being drawn, held in memory until `finish()`: a PDF gets one
/// page per `page(width:height:draw:)`, an SVG exactly one.
///
/// Device units are the frame's pixels, so a page is as many units wide as the PNG frame is
/// pixels: an SVG's user unit is a CSS pixel, a PDF's a point (1/72 in).
package final class VectorDocument {
    package let format: VectorFormat
    private let surface: OpaquePointer
    private let output: Output
    package private(set) var pageCount = 0

    /// The bytes Cairo writes, collected by its stream callback.
    private final class Output {
        var data = Data()
    }

    /// A document whose first page is `width` × `height` pixels.
    package init(format: VectorFormat, width: Int, height: Int) throws {
        self.format = format
        let output = Output()
        self.output = output
        let closure = Unmanaged.passUnretained(output).toOpaque()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Output>.fromOpaque(closure).takeUnretainedValue().data.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        switch format {
        case .svg:
            surface = cairo_svg_surface_create_for_stream(write, closure, Double(width), Double(height))!
            // Pixels, not Cairo's default points: the SVG is the PNG's size in a browser.
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(write, closure, Double(width), Double(height))!
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "texteffects")
            // No creation date (Cairo stamps the current time): the same scene gives the same bytes,
            // as its PNG does, so a PDF card's ETag and a re-render's checksum hold.
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError(status: status, while: "creating a \(width)×\(height) \(format.rawValue.uppercased()) document")
        }
    }

    deinit { cairo_surface_destroy(surface) }

    /// Draws the next page, `width` × `height` pixels, with `draw` given a context on it.
    func page(width: Int, height: Int, draw: (CairoContext) throws -> Void) rethrows {
        precondition(format == .pdf || pageCount == 0, "an SVG file holds one frame")
        if format == .pdf { cairo_pdf_surface_set_size(surface, Double(width), Double(height)) }
        let cairo = CairoContext(vectorSurface: surface)
        try draw(cairo)
        if format == .pdf { cairo.withUnsafeCairoContext { cairo_show_page($0) } }
        pageCount += 1
    }

    /// Adds `page`, drawn earlier (on another thread), as the next page, with its links.
    package func append(_ page: RecordedPage) {
        self.page(width: page.width, height: page.height) { cairo in
            cairo.withUnsafeCairoContext { cr in
                page.withUnsafeRecordingSurface { cairo_set_source_surface(cr, $0, 0, 0) }
                cairo_paint(cr)
            }
            page.finish?(cairo)
        }
    }

    /// Adds a PDF link annotation with Cairo's tag `attributes` (`uri='…' rect=[x y w h …]`,
    /// page units) to the page `cairo` draws.
    static func tagLink(attributes: String, on cairo: CairoContext) {
        cairo.withUnsafeCairoContext { cr in
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        }
    }

    /// Ends the document and returns its bytes.
    package func finish() throws -> Data {
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError(status: status, while: "writing the \(format.rawValue.uppercased()) document")
        }
        return format == .svg ? SVGIdentifiers.renumbered(output.data) : output.data
    }
}
