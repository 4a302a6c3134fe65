import CJPEG

/// A TurboJPEG compressor handle, destroyed with the object.
final class TurboJPEGCompressor {
    private let handle: tjhandle

    init?() {
        guard let handle = tjInitCompress() else { return nil }
        self.handle = handle
    }

    deinit { tjDestroy(handle) }

    /// Compresses `height` rows of `width` pixels (`pitch` bytes apart, in TurboJPEG's `format`)
    /// into JPEG bytes, or throws TurboJPEG's message.
    func compress(_ pixels: UnsafePointer<UInt8>, width: Int, pitch: Int, height: Int, format: TJPF,
                  subsampling: TJSAMP, quality: Int, flags: Int32) throws(StillEncodingError) -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, pixels, Int32(width), Int32(pitch), Int32(height), Int32(format.rawValue),
                                 &buffer, &size, Int32(subsampling.rawValue), Int32(quality), flags)
        defer { if let buffer { tjFree(buffer) } }
        guard status == 0, let buffer else {
            let message = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
            throw StillEncodingError(format: "JPEG", reason: message)
        }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }
}
