import CJPEG
import Foundation

/// Decodes JPEG files with libjpeg-turbo's TurboJPEG API, the only file that touches it.
///
/// TurboJPEG rather than the libjpeg API: libjpeg's default error handler calls `exit()`, and a
/// handler of one's own has to `longjmp` out of the library, which Swift cannot do. TurboJPEG
/// does that inside C and returns -1 with a message, so a damaged file is an `ImageError`.
///
/// The EXIF orientation (1–8) is applied after decoding (`ExifOrientation`), so a phone's
/// portrait photo stands upright. Not done: colour profiles (the pixels are taken as sRGB).
/// CMYK and YCCK JPEGs are refused.
enum JPEGDecoder {
    /// What a JPEG's header declares, read before any pixel is decoded.
    struct Header {
        var width: Int
        var height: Int
        var colorspace: TJCS
    }

    /// The decoding flags:
    /// - `TJFLAG_ACCURATEDCT`: the accurate integer inverse DCT (libjpeg's `JDCT_ISLOW`). TurboJPEG
    ///   calls the default "implementation-specific"; this one gives the same pixels for the same
    ///   file on every machine (its SIMD code is bit-exact with its C code; the float DCT is not).
    /// - `TJFLAG_STOPONWARNING`: a warning (e.g. "Premature end of JPEG file", which libjpeg would
    ///   answer by filling the rest of the image with grey) fails the decoding.
    /// - `TJFLAG_LIMITSCANS`: a progressive JPEG of more than 500 scans (a few kilobytes that
    ///   take minutes to decode) is refused.
    static let flags = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS

    /// Whether `data` opens as a JPEG does (SOI and the next marker's `FF`).
    static func isJPEG(_ data: Data) -> Bool { data.prefix(3).elementsEqual([0xFF, 0xD8, 0xFF]) }

    /// The width and height the header declares, or nil when TurboJPEG cannot read it (the
    /// decoding then reports why).
    static func declaredSize(_ data: Data) -> CGSize? {
        guard let decompressor = TurboJPEGDecompressor(), case .success(let header) = decompressor.header(of: data) else { return nil }
        return CGSize(width: header.width, height: header.height)
    }

    /// Decodes `data` into an ARGB32 surface (premultiplied, native-endian; JPEGs are opaque).
    /// The size is checked against `SceneLimits` from the header, before decoding.
    static func decode(_ data: Data, path: String) throws(ImageError) -> ImageSurface {
        guard let decompressor = TurboJPEGDecompressor() else { throw ImageError.invalidJPEG(path: path, detail: "TurboJPEG could not start") }
        let header: Header
        switch decompressor.header(of: data) {
        case .success(let read): header = read
        case .failure(let message): throw ImageError.invalidJPEG(path: path, detail: message.text)
        }
        if let problem = ImageSource.sizeProblem(width: Double(header.width), height: Double(header.height), path: path) {
            throw problem
        }
        guard header.colorspace != TJCS_CMYK, header.colorspace != TJCS_YCCK else { throw ImageError.cmykJPEG(path: path) }
        let surface: ImageSurface
        do { surface = try ImageSurface(width: header.width, height: header.height) } catch {
            throw ImageError.noSurface(path: path, error as? RenderError ?? .other("\(error)"))
        }
        if let message = decompressor.decode(data, into: surface) {
            throw ImageError.invalidJPEG(path: path, detail: message)
        }
        do { return try ExifOrientation(jpeg: data).applied(to: surface) } catch {
            throw ImageError.noSurface(path: path, error as? RenderError ?? .other("\(error)"))
        }
    }
}

/// A TurboJPEG decompressor handle, destroyed with the object.
final class TurboJPEGDecompressor {
    private let handle: tjhandle

    init?() {
        guard let handle = tjInitDecompress() else { return nil }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// The header of `data`, or TurboJPEG's message saying why it cannot be read.
    func header(of data: Data) -> Result<JPEGDecoder.Header, JPEGMessage> {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBytes { bytes in
            tjDecompressHeader3(handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        guard status == 0 else { return .failure(lastMessage) }
        guard width > 0, height > 0 else { return .failure(JPEGMessage("it declares no pixels")) }
        return .success(JPEGDecoder.Header(width: Int(width), height: Int(height), colorspace: TJCS(UInt32(colorspace))))
    }

    /// Decodes `data` into `surface`'s pixels (of the header's size); nil, or the message
    /// saying why it failed (a warning fails too, see `JPEGDecoder.flags`).
    func decode(_ data: Data, into surface: ImageSurface) -> String? {
        #if _endian(little)
        let format = TJPF_BGRA  // Cairo's ARGB32 in memory: B, G, R, A (TurboJPEG sets A to 255)
        #else
        let format = TJPF_ARGB
        #endif
        let status = data.withUnsafeBytes { bytes in
            surface.withPixels { pixels in
                tjDecompress2(handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count),
                              pixels.bindMemory(to: UInt8.self).baseAddress, Int32(surface.width), Int32(surface.stride),
                              Int32(surface.height), Int32(format.rawValue), JPEGDecoder.flags)
            }
        }
        return status == 0 ? nil : lastMessage.text
    }

    /// TurboJPEG's last message for this handle, without the name of its function.
    private var lastMessage: JPEGMessage {
        guard let raw = tjGetErrorStr2(handle) else { return JPEGMessage("unknown error") }
        var text = String(cString: raw)
        if text.hasPrefix("tj"), let range = text.range(of: "(): ") { text = String(text[range.upperBound...]) }
        return JPEGMessage(text)
    }
}

/// A message from TurboJPEG, as a `Result`'s failure.
struct JPEGMessage: Error {
    var text: String
    init(_ text: String) { self.text = text }
}
