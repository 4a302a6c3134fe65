import CCairo
import Foundation

/// Writes image surfaces as PNG files, atomically: to a temporary name beside the target, then renamed.
public enum PNGWriter {
    /// Encodes `surface` into PNG bytes.
    public static func encode(_ surface: ImageSurface) throws -> Data {
        final class Sink { var data = Data() }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface.surface, { closure, bytes, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.data.append(bytes!, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        try RenderError.check(status, "encoding PNG")
        return sink.data
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    public static func write(_ surface: ImageSurface, to url: URL) throws {
        try AtomicFile.write(encode(surface), to: url)
    }
}
