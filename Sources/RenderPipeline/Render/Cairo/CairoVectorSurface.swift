import CCairo
import Foundation

/// Owns a Cairo vector surface: an SVG file or a PDF document written into memory, or a
/// recording surface that keeps drawing as Cairo's own commands to be replayed onto one.
///
/// Device units are the frame's pixels: an SVG's user unit is a CSS pixel, a PDF's a point.
package final class CairoVectorSurface: @unchecked Sendable {
    /// The document formats Cairo writes.
    package enum DocumentFormat: String, Sendable {
        case svg = "SVG", pdf = "PDF"
    }

    private let surface: OpaquePointer
    /// The bytes Cairo writes through its stream callback; nil for a recording.
    private let output: Output?

    private final class Output {
        var data = Data()
    }

    /// A document whose first page is `width` × `height` pixels.
    package init(document format: DocumentFormat, width: Int, height: Int) throws(RenderError) {
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
            throw RenderError(status: status, while: "creating a \(width)×\(height) \(format.rawValue) document")
        }
    }

    /// A recording surface `width` × `height` pixels.
    package convenience init(recordingWidth width: Int, height: Int) {
        self.init(recordingWidth: Double(width), height: Double(height))
    }

    /// A recording surface `width` × `height` units from the origin.
    package init(recordingWidth width: Double, height: Double) {
        var extents = cairo_rectangle_t(x: 0, y: 0, width: width, height: height)
        surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
        output = nil
    }

    /// Names what was drawn on the recording for the documents it is drawn into: a document
    /// holds every recording named alike once (`te_surface_name_content`). Call it once the
    /// drawing is done.
    package func nameContent(_ name: String) {
        te_surface_name_content(surface, name)
    }

    // A surface never finished is finished by its destruction (see `finish`).
    deinit {
        PangoLock.withLock {
            DefaultInstanceFaces.unvaryAll()
            cairo_surface_destroy(surface)
        }
    }

    /// Sets the size of the PDF page drawn next.
    package func setPDFPageSize(width: Int, height: Int) {
        cairo_pdf_surface_set_size(surface, Double(width), Double(height))
    }

    /// A new context drawing onto the surface (which it keeps alive).
    package func makeContext() -> CairoContext {
        CairoContext(vectorSurface: surface)
    }

    /// Ends the document and returns its bytes (none for a recording).
    package func finish(_ doing: @autoclosure () -> String) throws(RenderError) -> Data {
        // Finishing a document subsets and measures every font it used: a use of Cairo's scaled
        // fonts like drawing glyphs, so under the same lock (`TextRasterizer.withFont`), from
        // faces at the instance the text was shown in (`DefaultInstanceFaces`).
        PangoLock.withLock {
            DefaultInstanceFaces.unvaryAll()
            cairo_surface_finish(surface)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError(status: status, while: doing()) }
        return output?.data ?? Data()
    }

    /// Lends the surface to `body`; the pointer is valid only inside it.
    func withUnsafeCairoSurface<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(surface) }
    }
}

extension CairoContext {
    /// Ends the PDF page drawn and starts the next.
    ///
    /// Cairo draws a page's recorded glyphs only now, mapping each into the document's font
    /// subsets from the FreeType face that Pango and other threads' drawing share: under the
    /// Pango lock (`TextRasterizer.withFont`), from faces at the instance the text was shown in.
    package func showPage() {
        PangoLock.withLock {
            DefaultInstanceFaces.unvaryAll()
            withUnsafeCairoContext { cairo_show_page($0) }
        }
    }

    /// Replays what `recording` holds onto this context, at the origin: its glyphs are drawn
    /// again with their scaled fonts, so under the Pango lock as any glyph drawing.
    package func paint(_ recording: CairoVectorSurface) {
        paint(recording, at: .zero)
    }

    /// Replays what `recording` holds onto this context with its origin at `origin` (user
    /// coordinates): on a document page, a recording of named content goes in once as an object
    /// that every page showing it refers to.
    package func paint(_ recording: CairoVectorSurface, at origin: CGPoint) {
        PangoLock.withLock {
            withSavedState {
                withUnsafeCairoContext { cr in
                    cairo_translate(cr, origin.x, origin.y)
                    recording.withUnsafeCairoSurface { cairo_set_source_surface(cr, $0, 0, 0) }
                    cairo_paint(cr)
                }
            }
        }
    }

    /// Adds a PDF link annotation with Cairo's tag `attributes` (`uri='…' rect=[x y w h …]`,
    /// page units) to the page drawn.
    package func tagLink(attributes: String) {
        withUnsafeCairoContext { cr in
            cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
            cairo_tag_end(cr, CAIRO_TAG_LINK)
        }
    }
}
