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
