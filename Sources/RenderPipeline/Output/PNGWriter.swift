import CDeflate
import Foundation

/// Encodes image surfaces as PNG and writes them atomically (temporary name, then rename).
///
/// Cairo's own writer spends ~60 ms of a 1080×1920 frame in libpng's adaptive filter search at
/// zlib level 6. Text frames compress best unfiltered, so this writer emits filter-0 scanlines
/// (RGB when the frame is opaque, straight-alpha RGBA otherwise) and lets libdeflate compress
/// them in one call: about 5× faster, files about 15 % smaller. The output is deterministic.
public enum PNGWriter {
    /// libdeflate's level: 1 fastest … 12 smallest. 2 is the knee of the curve for text frames.
    public static let defaultCompressionLevel: Int32 = 2

    /// Encodes `surface` into PNG bytes.
    public static func encode(_ surface: ImageSurface, compressionLevel: Int32 = defaultCompressionLevel) throws -> Data {
        let width = surface.width, height = surface.height
        return try surface.withPixels { pixels -> Data in
            let source = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self)
            let stride = surface.stride
            let opaque = surface.isKnownOpaque || isOpaque(source, width: width, height: height, stride: stride)
            let channels = opaque ? 3 : 4
            let rowBytes = 1 + width * channels
            let inputSize = rowBytes * height
            let buffers = ScratchBuffers.shared.take(input: inputSize, compressionLevel: compressionLevel)
            defer { ScratchBuffers.shared.give(buffers) }
            let raw = buffers.input
            for y in 0..<height {
                let row = source + y * stride
                var out = raw + y * rowBytes
                out.pointee = 0  // filter type None
                out += 1
                if opaque {
                    // Cairo's ARGB32 is a native-endian 0xAARRGGBB word per pixel.
                    let words = UnsafeRawPointer(row).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<width {
                        let argb = words[x]
                        out[0] = UInt8(truncatingIfNeeded: argb >> 16)
                        out[1] = UInt8(truncatingIfNeeded: argb >> 8)
                        out[2] = UInt8(truncatingIfNeeded: argb)
                        out += 3
                    }
                } else {
                    for x in 0..<width {
                        let p = row + x * 4
                        let a = Int(p[3])
                        if a == 0 {
                            out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0
                        } else {
                            // Undo premultiplication, rounding to nearest.
                            out[0] = UInt8((Int(p[2]) * 255 + a / 2) / a)
                            out[1] = UInt8((Int(p[1]) * 255 + a / 2) / a)
                            out[2] = UInt8((Int(p[0]) * 255 + a / 2) / a)
                            out[3] = UInt8(a)
                        }
                        out += 4
                    }
                }
            }
            guard let compressor = buffers.compressor else { throw RenderError("libdeflate could not allocate a compressor") }
            let bound = libdeflate_zlib_compress_bound(compressor, inputSize)
            var png = Data(capacity: bound + 64)
            png.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            var header = Data()
            header.appendBigEndian(UInt32(width))
            header.appendBigEndian(UInt32(height))
            header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0])
            appendChunk("IHDR", header, to: &png)
            let compressed = buffers.output(capacity: bound)
            let size = libdeflate_zlib_compress(compressor, raw, inputSize, compressed, bound)
            guard size > 0 else { throw RenderError("libdeflate could not compress a \(width)×\(height) frame") }
            appendChunk("IDAT", Data(bytesNoCopy: compressed, count: size, deallocator: .none), to: &png)
            appendChunk("IEND", Data(), to: &png)
            return png
        }
    }

    /// Gets buffers for `count` encoders of `width` × `height` frames ready in the background.
    public static func prepare(width: Int, height: Int, count: Int) {
        DispatchQueue.global(qos: .userInitiated).async {
            ScratchBuffers.shared.prepare(width: width, height: height, count: count)
        }
    }

    /// Writes `surface` to `url` so that the file is either absent or complete.
    public static func write(_ surface: ImageSurface, to url: URL) throws {
        try AtomicFile.write(encode(surface), to: url)
    }

    private static func isOpaque(_ pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let words = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= words[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }

    /// Length, type, data, and the CRC-32 of type and data.
    private static func appendChunk(_ type: String, _ data: Data, to png: inout Data) {
        png.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: typeBytes)
        png.append(data)
        var crc = typeBytes.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        png.appendBigEndian(crc)
    }
}

extension Data {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}

/// Scanline and output buffers and libdeflate compressors kept between frames: each encoding
/// thread takes a set and gives it back, so frames do not fault in fresh megabytes each time.
final class ScratchBuffers: @unchecked Sendable {
    static let shared = ScratchBuffers()

    final class Set {
        let level: Int32
        let compressor: OpaquePointer?
        private(set) var input: UnsafeMutablePointer<UInt8>
        private(set) var inputCapacity: Int
        private var outputBuffer: UnsafeMutablePointer<UInt8>?
        private var outputCapacity = 0

        init(input capacity: Int, level: Int32) {
            self.level = level
            compressor = libdeflate_alloc_compressor(level)
            input = .allocate(capacity: capacity)
            inputCapacity = capacity
        }

        func reserveInput(_ capacity: Int) {
            guard capacity > inputCapacity else { return }
            input.deallocate()
            input = .allocate(capacity: capacity)
            inputCapacity = capacity
        }

        func output(capacity: Int) -> UnsafeMutablePointer<UInt8> {
            if let outputBuffer, capacity <= outputCapacity { return outputBuffer }
            outputBuffer?.deallocate()
            let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            outputBuffer = buffer
            outputCapacity = capacity
            return buffer
        }

        deinit {
            input.deallocate()
            outputBuffer?.deallocate()
            if let compressor { libdeflate_free_compressor(compressor) }
        }
    }

    private var free: [Set] = []
    private let lock = NSLock()

    func take(input capacity: Int, compressionLevel: Int32) -> Set {
        lock.lock()
        let index = free.firstIndex { $0.level == compressionLevel }
        let set = index.map { free.remove(at: $0) }
        lock.unlock()
        let result = set ?? Set(input: capacity, level: compressionLevel)
        result.reserveInput(capacity)
        return result
    }

    /// Makes `count` sets for `width` × `height` frames ahead of time, touching their memory, so
    /// the first frames do not wait for the system to map it; run it while layout happens.
    func prepare(width: Int, height: Int, count: Int, compressionLevel: Int32 = PNGWriter.defaultCompressionLevel) {
        let input = (1 + width * 4) * height
        for _ in 0..<count {
            let set = Set(input: input, level: compressionLevel)
            set.input.initialize(repeating: 0, count: input)
            if let compressor = set.compressor {
                let output = set.output(capacity: libdeflate_zlib_compress_bound(compressor, input))
                output.initialize(repeating: 0, count: libdeflate_zlib_compress_bound(compressor, input))
            }
            give(set)
        }
    }

    func give(_ set: Set) {
        lock.lock()
        // Keep a few: one per encoding thread is all a render uses.
        if free.count < 8 { free.append(set) }
        lock.unlock()
    }
}
