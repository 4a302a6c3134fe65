import CCairo
import Foundation

/// Names what a surface holds for the SVG and PDF documents it is drawn into: every surface
/// named alike is one object in a document (Cairo's `CAIRO_MIME_TYPE_UNIQUE_ID`; a PDF's image
/// or Form XObject), however many of them are drawn, on however many pages.
///
/// Name a surface once its drawing is done: Cairo forgets the name as soon as anything draws on it.
enum DocumentContentName {
    static func set(_ name: String, on surface: OpaquePointer) {
        guard let bytes = strdup(name) else { return }
        // Cairo keeps the pointer and frees it with the surface (or at once if it cannot attach it).
        cairo_surface_set_mime_data(surface, CAIRO_MIME_TYPE_UNIQUE_ID, UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self),
                                    UInt(strlen(bytes)), { free($0) }, bytes)
    }
}
