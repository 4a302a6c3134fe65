import CDeflate
import CZlib
import Foundation

/// Scanline and output buffers and compressors kept between frames: each encoding thread takes
/// a set and gives it back, so frames do not fault in fresh megabytes each time.
final class ScratchBuffers: @unchecked Sendable {
    static let shared = ScratchBuffers()

    /// One encoder's memory: the scanlines, libdeflate's compressor for the last part, and for
    /// every part its own output buffer (and zlib stream), since parts run on several threads.
    final class Set {
        let level: Int32
        let compressor: OpaquePointer?
        private(set) var input: UnsafeMutablePointer<UInt8>
        private(set) var inputCapacity: Int
        /// What each part touches; a part uses only its own, so parts share no mutable state.
        let parts: [PartBuffers] = (0..<PNGWriter.maximumParts).map { _ in PartBuffers() }

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

        /// `count` bytes as the final raw deflate blocks of a stream, in `part`'s buffer.
        func finalBlocks(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, part: Int) throws -> UnsafeMutableRawBufferPointer {
            guard let compressor else { throw RenderError.compressorUnavailable(library: "libdeflate") }
            let capacity = libdeflate_deflate_compress_bound(compressor, count)
            let output = parts[part].output.reserve(capacity)
            let size = libdeflate_deflate_compress(compressor, bytes, count, output.baseAddress, capacity)
            guard size > 0 else { throw RenderError.deflateFailed(count: count) }
            return UnsafeMutableRawBufferPointer(rebasing: output[..<size])
        }

        /// Makes the compressors and output buffers a `width` × `height` frame needs, and touches
        /// the scanline memory it will fill (compressed output is a small part of its buffers).
        func warmUp(width: Int, height: Int, opaque: Bool) {
            let rowBytes = 1 + width * (opaque ? 3 : 4)
            input.initialize(repeating: 0, count: min(rowBytes * height, inputCapacity))
            let rows = PNGEncoding.partRows(width: width, height: height, opaque: opaque)
            guard let compressor, rows.count > 1 else { return }
            for (index, part) in rows.enumerated() {
                let count = part.count * rowBytes
                if index < rows.count - 1 {
                    parts[index].warmUp(count: count)
                } else {
                    _ = parts[index].output.reserve(libdeflate_deflate_compress_bound(compressor, count))
                }
            }
        }

        deinit {
            input.deallocate()
            if let compressor { libdeflate_free_compressor(compressor) }
        }
    }

    /// One part's output buffer and, for a part that is not the last, its zlib stream.
    final class PartBuffers {
        let output = OutputBuffer()
        private var stream: UnsafeMutablePointer<z_stream>?

        /// `count` bytes as raw deflate blocks that end on a sync flush: not final, byte-aligned,
        /// so more blocks can follow in the same stream. zlib level 1.
        func syncFlushed(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) throws -> UnsafeMutableRawBufferPointer {
            let stream = try zlibStream()
            let capacity = Int(deflateBound(stream, uLong(count))) + 64
            let output = output.reserve(capacity)
            stream.pointee.next_in = bytes
            stream.pointee.avail_in = uInt(count)
            stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(capacity)
            let status = deflate(stream, Z_SYNC_FLUSH)
            // With room to spare a single call takes all input and flushes; anything else is a failure.
            guard status == Z_OK, stream.pointee.avail_in == 0, stream.pointee.avail_out > 0 else {
                throw RenderError.zlibFailed(count: count, status: status)
            }
            return UnsafeMutableRawBufferPointer(rebasing: output[..<(capacity - Int(stream.pointee.avail_out))])
        }

        /// Makes the zlib stream and an output buffer for `count` bytes of scanlines.
        func warmUp(count: Int) {
            guard let stream = try? zlibStream() else { return }
            _ = output.reserve(Int(deflateBound(stream, uLong(count))) + 64)
        }

        /// The zlib stream, made on first use and reset for every later one.
        private func zlibStream() throws -> UnsafeMutablePointer<z_stream> {
            if let stream {
                guard deflateReset(stream) == Z_OK else { throw RenderError.zlibResetFailed }
                return stream
            }
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard te_deflate_init_raw(stream, 1) == Z_OK else {
                stream.deallocate()
                throw RenderError.compressorUnavailable(library: "zlib")
            }
            self.stream = stream
            return stream
        }

        deinit {
            if let stream {
                deflateEnd(stream)
                stream.deallocate()
            }
        }
    }

    /// Memory one part's compressed bytes go to, grown as frames need.
    final class OutputBuffer {
        private var buffer: UnsafeMutableRawBufferPointer?

        func reserve(_ capacity: Int) -> UnsafeMutableRawBufferPointer {
            if let buffer, buffer.count >= capacity { return buffer }
            buffer?.deallocate()
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
            buffer = grown
            return grown
        }

        deinit { buffer?.deallocate() }
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
    func prepare(width: Int, height: Int, count: Int, opaque: Bool, compressionLevel: Int32 = PNGWriter.defaultCompressionLevel) {
        for _ in 0..<count {
            let set = Set(input: (1 + width * 4) * height, level: compressionLevel)
            set.warmUp(width: width, height: height, opaque: opaque)
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
