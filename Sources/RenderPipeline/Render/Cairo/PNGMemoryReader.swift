import CCairo
import Foundation

/// Decodes a PNG held in memory with Cairo (libpng), as `cairo_image_surface_create_from_png`
/// does for a file name: images are read once, by `RegularFile`, and decoded from the bytes.
enum PNGMemoryReader {
    /// Lends `body` the decoded surface, destroyed after; a damaged PNG gives a surface whose
    /// `cairo_surface_status` is an error, as from a file.
    static func withSurface<R, E: Error>(from data: Data, _ body: (OpaquePointer) throws(E) -> R) throws(E) -> R {
        let cursor = PNGByteCursor(data)
        let surface = withExtendedLifetime(cursor) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                return Unmanaged<PNGByteCursor>.fromOpaque(closure).takeUnretainedValue().read(into: buffer, count: Int(length))
            }, Unmanaged.passUnretained(cursor).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        return try body(surface)
    }

    /// Why a PNG held in memory could not be decoded.
    enum Failure: Error {
        /// libpng refused it, in these words ("damaged or truncated" for its usual cause).
        case invalid(detail: String)
        /// No surface of its size could be made.
        case noSurface(RenderError)
    }

    /// Decodes `data` into a new ARGB32 surface of its size.
    static func decode(_ data: Data) throws(Failure) -> ImageSurface {
        try withSurface(from: data) { (loaded) throws(Failure) -> ImageSurface in
            let status = cairo_surface_status(loaded)
            guard status == CAIRO_STATUS_SUCCESS else {
                // libpng failures surface as Cairo's read or memory errors; name the usual cause.
                let detail = status == CAIRO_STATUS_NO_MEMORY || status == CAIRO_STATUS_READ_ERROR
                    ? "damaged or truncated" : String(cString: cairo_status_to_string(status))
                throw .invalid(detail: detail)
            }
            let width = Int(cairo_image_surface_get_width(loaded)), height = Int(cairo_image_surface_get_height(loaded))
            let surface: ImageSurface
            do { surface = try ImageSurface(width: width, height: height) } catch {
                throw .noSurface(error as? RenderError ?? .other("\(error)"))
            }
            CairoContext(surface: surface).withUnsafeCairoContext { cr in
                cairo_set_source_surface(cr, loaded, 0, 0)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
            }
            return surface
        }
    }
}

/// The bytes libpng has not read yet.
private final class PNGByteCursor {
    let data: Data
    var offset: Int

    init(_ data: Data) {
        self.data = data
        offset = data.startIndex
    }

    /// Copies the next `count` bytes; a read past the end is a truncated file.
    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard data.endIndex - offset >= count else { return CAIRO_STATUS_READ_ERROR }
        data.copyBytes(to: buffer, from: offset..<offset + count)
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}
