import CRsvg
import Foundation

/// librsvg's entry points, loaded from `librsvg-2.so.2` on the first SVG image rather than
/// linked, so runs without SVGs do not pay for loading it and the libraries it brings.
struct SVGLibrary: @unchecked Sendable {
    /// `rsvg_handle_new_from_data`: SVGs are parsed from memory, never from a file name, so
    /// librsvg has no base URL and refuses every `href` to another file or the network.
    let newFromData: TERsvgNewFromData
    let intrinsicSizeInPixels: TERsvgGetIntrinsicSizeInPixels
    let intrinsicDimensions: TERsvgGetIntrinsicDimensions
    let renderDocument: TERsvgRenderDocument
    /// `rsvg_handle_set_stylesheet` (librsvg 2.48+; nil before): recolours a monochrome SVG on a vector page.
    let setStylesheet: TERsvgSetStylesheet?
    /// `g_object_unref`, from the GObject librsvg itself loads, for dropping a handle.
    let unref: @convention(c) (UnsafeMutableRawPointer?) -> Void

    /// The library, or why it could not be loaded (loaded once, on first use).
    static let shared: Result<SVGLibrary, SVGLibraryError> = load()

    private static func load() -> Result<SVGLibrary, SVGLibraryError> {
        let name = "librsvg-2.so.2"
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.missing(library: name, reason: dlerror().map { String(cString: $0) } ?? "not found"))
        }
        // The handle stays open for the life of the process, as a linked library would.
        func symbol<T>(_ symbolName: String, as type: T.Type) -> T? {
            dlsym(handle, symbolName).map { unsafeBitCast($0, to: type) }
        }
        guard let newFromData = symbol("rsvg_handle_new_from_data", as: TERsvgNewFromData.self),
              let intrinsicSizeInPixels = symbol("rsvg_handle_get_intrinsic_size_in_pixels", as: TERsvgGetIntrinsicSizeInPixels.self),
              let intrinsicDimensions = symbol("rsvg_handle_get_intrinsic_dimensions", as: TERsvgGetIntrinsicDimensions.self),
              let renderDocument = symbol("rsvg_handle_render_document", as: TERsvgRenderDocument.self),
              let unref = symbol("g_object_unref", as: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)
        else {
            return .failure(.tooOld(library: name))
        }
        return .success(SVGLibrary(newFromData: newFromData, intrinsicSizeInPixels: intrinsicSizeInPixels,
                                   intrinsicDimensions: intrinsicDimensions, renderDocument: renderDocument,
                                   setStylesheet: symbol("rsvg_handle_set_stylesheet", as: TERsvgSetStylesheet.self), unref: unref))
    }
}
