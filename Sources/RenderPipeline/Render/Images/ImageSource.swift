import CRsvg
import Foundation

/// A decoded PNG, JPEG, WebP or SVG file, read once and drawn by every frame that shows it.
///
/// PNGs, JPEGs and WebPs are kept as a Cairo surface and scaled with Cairo's good filter; SVGs are kept as a
/// librsvg handle and rendered as vectors through the target's transform, so they are crisp at
/// any canvas scale or renderer transform. Drawing is safe from many threads at once.
package final class ImageSource: @unchecked Sendable {
    enum Kind: String, Sendable { case png, jpeg, webp, svg }

    let path: String
    let kind: Kind
    /// The image's own size in points (pixels of a PNG, JPEG or WebP, the SVG's width and height).
    let size: CGSize
    /// Whether the SVG's every shape takes the default fill (no fill, stroke or paint of its own,
    /// as a formula from dvisvgm or an Octicon): as a template on a vector page it is then drawn
    /// as its paths in the text's colour (`drawFilled`). Set by whoever made the SVG.
    let isMonochrome: Bool
    /// A PNG's, JPEG's or WebP's pixels while they are held; nil for an SVG, and once
    /// ``releasePixels()`` let them go (the next draw decodes `encoded` again). Guarded by
    /// `bitmapLock`.
    private var heldBitmap: ImageSurface?
    /// The file's bytes, kept for a bitmap so its pixels can be released and decoded again:
    /// a few kilobytes of JPEG hold megabytes of pixels.
    private let encoded: Data?
    private let bitmapLock = NSLock()
    private let svg: RSVGHandle?
    /// An `RsvgHandle` renders from one thread at a time.
    private let svgLock = NSLock()
    /// The image's pixels as last rendered, each with the transform and rectangle it was
    /// rendered for, the most recent last: frames, bands of a still and a batch's cards that show
    /// it alike composite them instead of rendering again (scaling a photo down with the GOOD
    /// filter costs more than the rest of a card's drawing). Guarded by `svgLock`.
    private var rasters: [(key: RasterKey, image: ImageSurface)] = []

    /// What a raster's pixels depend on: the transform it is drawn through, moved to its pixel
    /// area's corner, the image's rectangle, and the area's size. Two places a whole number of
    /// pixels apart share one.
    private struct RasterKey: Equatable {
        var xx, yy, x0, y0: Double
        var rect: CGRect
        var width, height: Int
    }

    /// The SVG recorded as Cairo's commands at each size it was drawn at on a vector page, the
    /// most recent last: librsvg renders it once, and every card of a batch's PDF replays it, so
    /// the document holds it once (`contentName`). Guarded by `svgLock`.
    private var recordings: [(size: CGSize, recording: CairoVectorSurface)] = []
    /// Names an SVG's bytes for documents (`CairoVectorSurface.nameContent`): the same image decoded twice
    /// (a batch's image cache let it go and a later row read it again) is still one object in a
    /// document. A bitmap's is made the first time a document asks (`contentName`).
    private let contentID: String?
    /// A bitmap's `contentName` once made; guarded by `bitmapLock`.
    private var bitmapContentID: String?

    /// Recordings kept of one SVG: a card shows an image at one or two sizes.
    static let maximumRecordings = 4

    /// Rasters kept of one image: the newest always, older ones while they fit in `rasterBytes`.
    static let maximumRasters = 4
    static let rasterBytes = 8 << 20

    /// The largest image file read (a PNG this large is far past the pixel limit anyway).
    package static let maximumFileSize = 64_000_000

    /// Reads and decodes `path` (a regular file only), choosing the format by its first bytes.
    convenience init(contentsOfFile path: String) throws(ImageError) {
        let data: Data
        do { data = try RegularFile.read(path, limit: Self.maximumFileSize) } catch {
            throw ImageError.unreadable(path: path, reason: error.reason)
        }
        try self.init(data: data, path: path)
    }

    /// Decodes a file's bytes, choosing the format by the first ones; `path` names it.
    ///
    /// Every format decodes from memory (JPEG and WebP in JPEGDecoder and WebPDecoder): librsvg gets no file name, so it has no base to
    /// resolve a reference against and loads no other file (nor anything from the network).
    init(data: Data, path: String, monochrome: Bool = false) throws(ImageError) {
        self.path = path
        isMonochrome = monochrome
        let head = data.prefix(512)
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            kind = .png
            // The size is in the IHDR chunk that opens every PNG: refuse a huge one before
            // libpng allocates it (a few hundred kilobytes of file can declare gigabytes).
            // A damaged header (no IHDR first, or sizes PNG does not allow) is libpng's to report.
            if let declared = Self.declaredPNGSize(data),
               let problem = Self.sizeProblem(width: declared.width, height: declared.height, path: path) {
                throw problem
            }
            let surface: ImageSurface
            do { surface = try PNGMemoryReader.decode(data) } catch {
                switch error {
                case .invalid(let detail): throw ImageError.invalidPNG(path: path, detail: detail)
                case .noSurface(let failure): throw ImageError.noSurface(path: path, failure)
                }
            }
            heldBitmap = surface
            encoded = data
            svg = nil
            contentID = nil
            size = CGSize(width: surface.width, height: surface.height)
        } else if JPEGDecoder.isJPEG(data) || WebPDecoder.isWebP(data) {
            // Their headers are read and their sizes checked against the limits before decoding.
            kind = JPEGDecoder.isJPEG(data) ? .jpeg : .webp
            let surface = try kind == .jpeg ? JPEGDecoder.decode(data, path: path) : WebPDecoder.decode(data, path: path)
            heldBitmap = surface
            encoded = data
            svg = nil
            contentID = nil
            size = CGSize(width: surface.width, height: surface.height)
        } else if String(decoding: head, as: UTF8.self).contains("<svg") || path.lowercased().hasSuffix(".svg") {
            kind = .svg
            let rsvg: SVGLibrary
            switch SVGLibrary.shared {
            case .success(let library): rsvg = library
            case .failure(let failure): throw ImageError.svgUnavailable(path: path, reason: failure.description)
            }
            guard !data.isEmpty else { throw ImageError.emptySVG(path: path) }
            var error: UnsafeMutablePointer<GError>?
            let raw = data.withUnsafeBytes { bytes in
                rsvg.newFromData(bytes.bindMemory(to: guint8.self).baseAddress, gsize(bytes.count), &error)
            }
            guard let raw else {
                let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
                if let error { g_error_free(error) }
                throw ImageError.invalidSVG(path: path, message: message)
            }
            let reference = RSVGHandle(taking: raw, library: rsvg)
            var width = 0.0, height = 0.0
            reference.withUnsafeMutableRsvgHandle { handle in
                if rsvg.intrinsicSizeInPixels(handle, &width, &height) == 0 {
                    // No width/height: fall back to the viewBox, as browsers size such an SVG.
                    var hasWidth: gboolean = 0, hasHeight: gboolean = 0, hasViewBox: gboolean = 0
                    var w = TERsvgLength(), h = TERsvgLength(), viewBox = TERsvgRectangle()
                    rsvg.intrinsicDimensions(handle, &hasWidth, &w, &hasHeight, &h, &hasViewBox, &viewBox)
                    if hasViewBox != 0 { width = viewBox.width; height = viewBox.height }
                }
            }
            guard width > 0, height > 0 else {
                throw ImageError.svgWithoutSize(path: path)
            }
            if let problem = Self.sizeProblem(width: width, height: height, path: path) {
                throw problem
            }
            heldBitmap = nil
            encoded = nil
            svg = reference
            contentID = Self.contentName(of: data, kind: .svg)
            size = CGSize(width: width, height: height)
        } else {
            throw ImageError.unsupportedFormat(path: path)
        }
    }

    /// The bitmap's pixels: those held, or decoded again from the file's bytes after
    /// ``releasePixels()`` (decoding is deterministic, so the pixels are the same); nil for an SVG.
    func bitmap() -> ImageSurface? {
        guard let encoded else { return nil }
        return bitmapLock.withLock {
            if let heldBitmap { return heldBitmap }
            let decoded: ImageSurface?
            switch kind {
            case .png: decoded = try? PNGMemoryReader.decode(encoded)
            case .jpeg: decoded = try? JPEGDecoder.decode(encoded, path: path)
            case .webp: decoded = try? WebPDecoder.decode(encoded, path: path)
            case .svg: decoded = nil
            }
            heldBitmap = decoded
            return decoded
        }
    }

    /// Lets a bitmap's decoded pixels go until it is drawn again, as `validate` does with every
    /// image once it has decoded and checked it: a scene's images are then held one at a time,
    /// not all at once. Scaled copies kept for drawing go too.
    package func releasePixels() {
        bitmapLock.withLock { if encoded != nil { heldBitmap = nil } }
        svgLock.withLock { rasters.removeAll() }
        tileLock.withLock { tiles.removeAll() }
    }

    /// Whether the decoded pixels are held now (tests).
    var holdsPixels: Bool { bitmapLock.withLock { heldBitmap != nil } }

    /// The width and height a PNG's `IHDR` chunk declares, or nil when `data` does not open
    /// with one (a damaged header is libpng's to report).
    static func declaredPNGSize(_ data: Data) -> CGSize? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard be32(16) < 1 << 31, be32(20) < 1 << 31 else { return nil }
        return CGSize(width: be32(16), height: be32(20))
    }

    /// The width and height a bitmap's header declares (a PNG's `IHDR`, a JPEG's frame header,
    /// a WebP's), read without decoding; nil for an SVG, another format or a damaged header
    /// (which decoding reports).
    package static func declaredBitmapSize(_ data: Data) -> CGSize? {
        if JPEGDecoder.isJPEG(data) { return JPEGDecoder.declaredSize(data) }
        if WebPDecoder.isWebP(data) { return WebPDecoder.declaredSize(data) }
        return declaredPNGSize(data)
    }

    /// Why an image of `width` × `height` pixels (as its header declares) is refused, or nil:
    /// `SceneLimits.maximumImageSide` a side and `SceneLimits.maximumImagePixels` in all.
    package static func sizeProblem(width: Double, height: Double, path: String) -> ImageError? {
        let side = Double(SceneLimits.maximumImageSide), pixels = Double(SceneLimits.maximumImagePixels)
        guard !(width <= side && height <= side && width * height <= pixels) else { return nil }
        return .tooLarge(path: path, width: width, height: height)
    }

    /// Draws the image filling `rect` (current user coordinates of `cairo`).
    func draw(in rect: CGRect, on cairo: CairoContext) {
        guard rect.width > 0, rect.height > 0, encoded != nil || svg != nil else { return }
        drawRastered(in: rect, on: cairo)
    }

    /// Draws the bitmap filling `rect`, scaled by Cairo. On a vector page the bitmap is named for
    /// the document first, so a PDF holds it once even after its pixels were released and decoded
    /// again, and a JPEG shown upright as it was stored goes in as its own bytes.
    private func drawBitmap(_ bitmap: ImageSurface, in rect: CGRect, on cairo: CairoContext) {
        if cairo.imageTargetSize == nil {
            // Worked out once a bitmap: a named one is not named again.
            bitmap.nameForDocuments(contentName, jpeg: kind == .jpeg && encoded.map { ExifOrientation(jpeg: $0) == .up } == true ? encoded : nil)
        }
        cairo.paint(bitmap, stretchedOver: rect)
    }

    /// Renders the image filling `rect`. Where the transform only scales and moves, the whole
    /// image is rendered first into a surface of its pixels on the target (whatever the clip),
    /// then composited: librsvg sizes its intermediate surfaces by the clip, and Cairo's GOOD
    /// filter samples a scaled bitmap from where the clip starts, so either would come out a
    /// level apart in a still drawn in bands and in the frame drawn whole.
    private func drawRastered(in rect: CGRect, on cairo: CairoContext) {
        do {
            let m = cairo.matrix
            guard let target = cairo.imageTargetSize else {
                if !drawRecorded(in: rect, on: cairo) { renderContent(in: rect, on: cairo) }
                return
            }
            guard m.xy == 0, m.yx == 0, m.xx > 0, m.yy > 0 else {
                renderContent(in: rect, on: cairo)
                return
            }
            let surfaceRect = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
            let x0 = Int((m.xx * rect.minX + m.x0).rounded(.down)), y0 = Int((m.yy * rect.minY + m.y0).rounded(.down))
            let x1 = Int((m.xx * rect.maxX + m.x0).rounded(.up)), y1 = Int((m.yy * rect.maxY + m.y0).rounded(.up))
            let area = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersection(surfaceRect)
            guard !area.isEmpty, let image = raster(in: rect, matrix: m, area: area) else { return }
            cairo.withSavedState { cairo.paint(image, atDeviceX: Double(area.x), y: Double(area.y)) }
        }
    }

    /// The image rendered through `matrix` into the pixels of `area`: a kept raster made for
    /// the same transform (moved to the area), rectangle and area size, else a new one.
    private func raster(in rect: CGRect, matrix m: CairoMatrix, area: PixelRect) -> ImageSurface? {
        var shifted = m
        shifted.x0 -= Double(area.x)
        shifted.y0 -= Double(area.y)
        let key = RasterKey(xx: shifted.xx, yy: shifted.yy, x0: shifted.x0, y0: shifted.y0, rect: rect, width: area.width, height: area.height)
        let kept: ImageSurface? = svgLock.withLock {
            guard let index = rasters.lastIndex(where: { $0.key == key }) else { return nil }
            let hit = rasters.remove(at: index)
            rasters.append(hit)
            return hit.image
        }
        if let kept { return kept }
        guard let image = try? ImageSurface(width: area.width, height: area.height) else { return nil }
        let offscreen = CairoContext(surface: image)
        offscreen.matrix = shifted
        renderContent(in: rect, on: offscreen)
        svgLock.withLock {
            rasters.append((key, image))
            var bytes = rasters.reduce(0) { $0 + $1.image.stride * $1.image.height }
            while rasters.count > 1, rasters.count > Self.maximumRasters || bytes > Self.rasterBytes {
                let oldest = rasters.removeFirst().image
                bytes -= oldest.stride * oldest.height
            }
        }
        return image
    }

    /// Names the image's bytes for documents (`CairoVectorSurface.nameContent`), whatever its format.
    var contentName: String {
        if let contentID { return contentID }
        return bitmapLock.withLock {
            if let bitmapContentID { return bitmapContentID }
            let name = Self.contentName(of: encoded ?? Data(), kind: kind)
            bitmapContentID = name
            return name
        }
    }

    /// A name for `data` in this process: every byte hashed (`Data`'s own hash reads only the
    /// first 80, which two SVGs that differ in a colour further on share) and the length.
    static func contentName(of data: Data, kind: Kind) -> String {
        var hasher = Hasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        return "texteffects-\(kind.rawValue)-\(UInt(bitPattern: hasher.finalize()))-\(data.count)"
    }

    /// Draws the SVG filling `rect` on a vector page from a recording of it at that size: kept,
    /// or made now by librsvg; false, drawing nothing, for a bitmap.
    private func drawRecorded(in rect: CGRect, on cairo: CairoContext) -> Bool {
        guard let contentID else { return false }
        let kept: CairoVectorSurface? = svgLock.withLock {
            guard let index = recordings.lastIndex(where: { $0.size == rect.size }) else { return nil }
            let hit = recordings.remove(at: index)
            recordings.append(hit)
            return hit.recording
        }
        let recording: CairoVectorSurface
        if let kept {
            recording = kept
        } else {
            recording = CairoVectorSurface(recordingWidth: rect.width, height: rect.height)
            renderContent(in: CGRect(origin: .zero, size: rect.size), on: recording.makeContext())
            recording.nameContent("\(contentID)-\(rect.width)x\(rect.height)")
            svgLock.withLock {
                recordings.append((rect.size, recording))
                if recordings.count > Self.maximumRecordings { recordings.removeFirst() }
            }
        }
        cairo.paint(recording, at: rect.origin)
        return true
    }

    /// The tiles image paints made of this image, the most recent last (see `tile(…)`), and
    /// the lock that guards them.
    var tiles: [(key: TileKey, tile: Tile)] = []
    let tileLock = NSLock()

    /// How many rasters of the image are kept now.
    var keptRasters: Int { svgLock.withLock { rasters.count } }

    /// Draws a monochrome SVG filling `rect` as its own paths, every shape filled with `color`
    /// (a user stylesheet, set for this drawing only); false, drawing nothing, for any other
    /// image or where librsvg has no stylesheets (before 2.48).
    func drawFilled(in rect: CGRect, color: Color, on cairo: CairoContext) -> Bool {
        guard isMonochrome, let svg, case .success(let rsvg) = SVGLibrary.shared, let setStylesheet = rsvg.setStylesheet,
              rect.width > 0, rect.height > 0 else { return false }
        func channel(_ value: Double) -> String { String(format: "%.4f%%", Swift.min(Swift.max(value, 0), 1) * 100) }
        // Opaque shapes, the colour's alpha over the whole (as the raster template's mask has it):
        // where two shapes overlap, they do not show darker.
        let css = "* { fill: rgb(\(channel(color.red)), \(channel(color.green)), \(channel(color.blue))) !important; "
            + "fill-opacity: 1 !important; stroke: none !important }"
        var viewport = TERsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
        svgLock.lock()
        defer { svgLock.unlock() }
        return PangoLock.withLock {
            svg.withUnsafeMutableRsvgHandle { handle in
                func apply(_ sheet: String) -> Bool {
                    var error: UnsafeMutablePointer<GError>?
                    let done = Array(sheet.utf8).withUnsafeBufferPointer { setStylesheet(handle, $0.baseAddress, gsize($0.count), &error) }
                    if let error { g_error_free(error) }
                    return done != 0
                }
                guard apply(css) else { return false }
                // Back to none afterwards: the raster path renders the same handle.
                defer { _ = apply("") }
                var error: UnsafeMutablePointer<GError>?
                cairo.withSavedState {
                    _ = cairo.fading(by: color.alpha) { cr in rsvg.renderDocument(handle, cr, &viewport, &error) }
                }
                if let error { g_error_free(error) }
                return true
            }
        }
    }

    /// Draws the bitmap or the SVG filling `rect` straight onto `cairo`.
    func renderContent(in rect: CGRect, on cairo: CairoContext) {
        do {
            if let bitmap = bitmap() {
                drawBitmap(bitmap, in: rect, on: cairo)
                return
            }
            guard let svg, case .success(let rsvg) = SVGLibrary.shared else { return }
            var viewport = TERsvgRectangle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
            svgLock.lock()
            defer { svgLock.unlock() }
            var error: UnsafeMutablePointer<GError>?
            // librsvg draws SVG text with Pango and Cairo fonts: under the same lock as ours.
            PangoLock.withLock {
                cairo.withSavedState {
                    _ = cairo.withUnsafeCairoContext { cr in svg.withUnsafeMutableRsvgHandle { rsvg.renderDocument($0, cr, &viewport, &error) } }
                }
            }
            if let error { g_error_free(error) }
        }
    }
}
