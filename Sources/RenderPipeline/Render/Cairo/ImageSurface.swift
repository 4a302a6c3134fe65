import CCairo
import Foundation

/// An ARGB32 (premultiplied, native-endian BGRA bytes) Cairo image surface that owns its reference.
public final class ImageSurface: @unchecked Sendable {
    private let surface: OpaquePointer
    public let width: Int
    public let height: Int

    /// Set by whoever drew an opaque background over all of it (OVER keeps alpha at 1), so
    /// encoders can skip looking for transparency.
    package var isKnownOpaque = false

    /// Rows known to hold only zero pixels: found by the PNG encoder after the last drawing, so
    /// the next `clear()` need not write them again (a caption overlay is mostly such rows).
    /// Forgotten as soon as anything may draw (a drawing target, `withPixels`).
    package var knownBlankRows: [Range<Int>] = []

    /// A transparent surface of `width` × `height` pixels.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw RenderError.sizeOutOfRange(width: width, height: height)
        }
        let surface = Self.makeSurface(width: width, height: height)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError(status: status, while: "creating a \(width)×\(height) image")
        }
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// A zeroed (transparent) ARGB32 surface: a frame-sized one over `FrameMemory` (huge pages,
    /// few page faults), which Cairo's last reference to the surface gives back; a smaller one,
    /// or one the system will not map, from Cairo's own allocation. The stride is Cairo's either way.
    private static func makeSurface(width: Int, height: Int) -> OpaquePointer {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
        let byteCount = stride * height
        guard stride > 0, byteCount >= FrameMemory.threshold, let memory = FrameMemory.allocate(byteCount: byteCount) else {
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        }
        let surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(width), Int32(height), Int32(stride))!
        let owner = UnsafeMutablePointer<(memory: UnsafeMutableRawPointer, byteCount: Int)>.allocate(capacity: 1)
        owner.initialize(to: (memory, byteCount))
        // Tied to Cairo's reference count, not to this object: a pattern or context may hold
        // the surface after the ImageSurface is gone.
        let attached = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
            && cairo_surface_set_user_data(surface, frameMemoryKey, owner, releaseFrameMemory) == CAIRO_STATUS_SUCCESS
        guard attached else {
            owner.deallocate()
            cairo_surface_destroy(surface)
            FrameMemory.deallocate(memory, byteCount: byteCount)
            return cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        }
        return surface
    }

    /// Finishes Cairo's pending drawing into the surface, before its pixels are read or composited.
    func flush() {
        cairo_surface_flush(surface)
    }

    /// Lends the Cairo surface to `body`; the pointer is valid only inside it.
    func withUnsafeCairoSurface<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(surface) }
    }

    /// Makes every pixel transparent.
    public func clear() {
        let blank = knownBlankRows
        guard !blank.isEmpty else {
            withPixels { bytes in _ = memset(bytes.baseAddress!, 0, bytes.count) }
            return
        }
        var y = 0
        for run in blank {
            clear(rows: y..<run.lowerBound)
            y = run.upperBound
        }
        clear(rows: y..<height)
    }

    /// Makes every pixel of `rows` transparent.
    package func clear(rows: Range<Int>) {
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty else { return }
        withPixels { bytes in _ = memset(bytes.baseAddress! + rows.lowerBound * stride, 0, rows.count * stride) }
    }

    /// Copies `rows` of `other`, a surface of the same size, over this one's.
    package func copyRows(_ rows: Range<Int>, from other: ImageSurface) {
        precondition(other.width == width && other.height == height, "copying rows between surfaces of different sizes")
        let rows = rows.clamped(to: 0..<height)
        guard !rows.isEmpty else { return }
        let source = other.pixelsForReading()
        let count = stride
        precondition(other.stride == count)
        withPixels { bytes in _ = memcpy(bytes.baseAddress! + rows.lowerBound * count, source + rows.lowerBound * count, rows.count * count) }
    }

    /// Bytes from one row to the next.
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// Scoped access to the pixels (premultiplied BGRA bytes on little-endian machines).
    public func withPixels<T>(_ body: (UnsafeMutableRawBufferPointer) throws -> T) rethrows -> T {
        knownBlankRows = []
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        defer { cairo_surface_mark_dirty(surface) }
        return try body(UnsafeMutableRawBufferPointer(start: data, count: stride * height))
    }

    /// The pixels, for reading only, as they are after everything drawn so far. Valid while
    /// the surface lives; rows nobody draws into any more may be read from another thread.
    package func pixelsForReading() -> UnsafePointer<UInt8> {
        cairo_surface_flush(surface)
        return UnsafePointer(cairo_image_surface_get_data(surface)!)
    }

    /// The pixel at (x, y) as straight-alpha color, for tests and probes.
    public func pixel(x: Int, y: Int) -> Color {
        withPixels { bytes in
            let offset = y * stride + x * 4
            let b = Double(bytes[offset]), g = Double(bytes[offset + 1]), r = Double(bytes[offset + 2]), a = Double(bytes[offset + 3])
            guard a > 0 else { return .clear }
            return Color(red: r / a, green: g / a, blue: b / a, alpha: a / 255)
        }
    }

    /// A copy of the surface that no other thread draws from, named `name` for documents
    /// (`te_surface_name_content`): what a vector page records instead of a surface other threads
    /// draw from too, since Cairo keeps a recorded source's snapshots in a list on the source
    /// surface and changes that list without a lock.
    package func documentCopy(named name: String) -> ImageSurface? {
        guard let copy = try? ImageSurface(width: width, height: height) else { return nil }
        let cr = cairo_create(copy.surface)!
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(copy.surface)
        te_surface_name_content(copy.surface, name)
        return copy
    }

    /// Names a decoded image for the documents it is drawn into, once (`te_surface_name_content`),
    /// with the `jpeg` it was decoded from when its pixels are that file's own, which a PDF or
    /// SVG then embeds as it is. Under the Pango lock: other threads draw from the image too.
    package func nameForDocuments(_ name: @autoclosure () -> String, jpeg: @autoclosure () -> Data?) {
        PangoLock.withLock {
            guard te_surface_has_content_name(surface) == 0 else { return }
            if let jpeg = jpeg() {
                jpeg.withUnsafeBytes { bytes in
                    _ = te_surface_attach_jpeg(surface, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count))
                }
            }
            te_surface_name_content(surface, name())
        }
    }

    /// Reads a PNG file.
    public convenience init(png path: String) throws {
        let loaded = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(loaded) }
        try RenderError.check(cairo_surface_status(loaded), "reading \(path)")
        try self.init(width: Int(cairo_image_surface_get_width(loaded)), height: Int(cairo_image_surface_get_height(loaded)))
        let cr = cairo_create(surface)!
        cairo_set_source_surface(cr, loaded, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
    }
}

/// The key under which a surface over `FrameMemory` keeps what to unmap when Cairo destroys it.
nonisolated(unsafe) private let frameMemoryKey: UnsafeMutablePointer<cairo_user_data_key_t> = {
    let key = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    key.initialize(to: cairo_user_data_key_t())
    return key
}()

/// Cairo's destroy callback for that key: unmaps the pixels once nothing references the surface.
private func releaseFrameMemory(_ data: UnsafeMutableRawPointer?) {
    guard let owner = data?.assumingMemoryBound(to: (memory: UnsafeMutableRawPointer, byteCount: Int).self) else { return }
    FrameMemory.deallocate(owner.pointee.memory, byteCount: owner.pointee.byteCount)
    owner.deallocate()
}
