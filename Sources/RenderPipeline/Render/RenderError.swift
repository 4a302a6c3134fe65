/// Why pixels could not be drawn or compressed: a Cairo failure, a surface of an impossible
/// size, or a compressor (libdeflate, zlib, igzip) refusing its work.
///
/// Every case is a failure of the run, not of the scene: the scene's limits keep sizes in range
/// before anything is drawn.
package enum RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Cairo reported `status` (its own words, e.g. "out of memory") while `doing` something.
    case cairo(doing: String, status: String)
    /// A surface was asked for with a side of 0 or more than Cairo's 32767 pixels.
    case sizeOutOfRange(width: Int, height: Int)
    /// zlib or libdeflate (`library`) could not allocate a compressor.
    case compressorUnavailable(library: String)
    /// libdeflate could not compress `count` bytes of scanlines.
    case deflateFailed(count: Int)
    /// zlib could not compress `count` bytes of scanlines, with the status it returned.
    case zlibFailed(count: Int, status: Int32)
    /// zlib could not compress the rows of one colour that a frame's blank runs reuse.
    case uniformRowsFailed
    /// zlib could not reset its stream for the next frame.
    case zlibResetFailed
    /// igzip could not compress `count` bytes of scanlines, with the status it returned.
    case igzipFailed(count: Int, status: Int32)
    /// A part of a PNG whose compression never ran: what each part holds before it does.
    case notCompressed
    /// Any other error met while compressing, in its own words.
    case other(String)

    public var description: String {
        switch self {
        case .cairo(let doing, let status): "\(doing): \(status)"
        case .sizeOutOfRange(let width, let height): "image size \(width)×\(height) is out of range (1–32767 pixels a side)"
        case .compressorUnavailable(let library): "\(library) could not allocate a compressor"
        case .deflateFailed(let count): "libdeflate could not compress \(count) bytes of scanlines"
        case .zlibFailed(let count, let status): "zlib could not compress \(count) bytes of scanlines (status \(status))"
        case .uniformRowsFailed: "zlib could not compress rows of one colour"
        case .zlibResetFailed: "zlib could not reset its stream"
        case .igzipFailed(let count, let status): "igzip could not compress \(count) bytes of scanlines (status \(status))"
        case .notCompressed: "not compressed"
        case .other(let message): message
        }
    }
}
