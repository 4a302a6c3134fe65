import CDeflate
import CZlib
import Foundation

/// Scanline and output buffers and compressors kept between frames: each encoding thread takes
/// a set and gives it back, so frames do not fault in fresh megabytes each time.
package final class ScratchBuffers: @unchecked Sendable {
    package static let shared = ScratchBuffers()

    /// One encoder's memory: the scanlines, and for every part its own compressors and output
    /// buffer, since parts run on several threads.
    final class Set {
        private(set) var input: UnsafeMutablePointer<UInt8>
        private(set) var inputCapacity: Int
        /// What each part touches; a part uses only its own, so parts share no mutable state.
        let parts: [PartBuffers] = (0..<PNGWriter.maximumParts).map { _ in PartBuffers() }

        /// Whether `input` is `FrameMemory` (a frame's scanlines: huge pages, few page faults).
        private var inputIsFrameMemory: Bool

        init(input capacity: Int) {
            (input, inputIsFrameMemory) = Self.allocateInput(capacity)
            inputCapacity = capacity
        }

        func reserveInput(_ capacity: Int) {
            guard capacity > inputCapacity else { return }
            deallocateInput()
            (input, inputIsFrameMemory) = Self.allocateInput(capacity)
            inputCapacity = capacity
        }

        private static func allocateInput(_ capacity: Int) -> (UnsafeMutablePointer<UInt8>, Bool) {
            if capacity >= FrameMemory.threshold, let memory = FrameMemory.allocate(byteCount: capacity) {
                return (memory.assumingMemoryBound(to: UInt8.self), true)
            }
            return (.allocate(capacity: capacity), false)
        }

        private func deallocateInput() {
            if inputIsFrameMemory {
                FrameMemory.deallocate(input, byteCount: inputCapacity)
            } else {
                input.deallocate()
            }
        }

        /// Touches the scanline memory a `width` × `height` frame will fill and the output
        /// buffers its parts will use, so the first frames do not wait for the system to map it.
        func warmUp(width: Int, height: Int, opaque: Bool, oneOfMany: Bool) {
            let rowBytes = 1 + width * (opaque ? 3 : 4)
            input.initialize(repeating: 0, count: min(rowBytes * height, inputCapacity))
            for (index, part) in PNGEncoding.partRows(width: width, height: height, opaque: opaque, oneOfMany: oneOfMany).enumerated() {
                _ = parts[index].output.reserve(IgzipStream.bound(part.count * rowBytes))
            }
        }

        deinit { deallocateInput() }
    }

    /// One part's compressors, each made on first use, and output buffer.
    final class PartBuffers {
        let output = OutputBuffer()
        private lazy var igzip = IgzipStream()
        /// libdeflate's compressors, one per level used, made on first use.
        private var libdeflate: [Int32: OpaquePointer] = [:]
        private var zlib: UnsafeMutablePointer<z_stream>?

        /// `count` bytes as raw DEFLATE data that ends the stream (`final`) or ends on a sync
        /// flush (not final, byte-aligned, so more data can follow in the same stream). `portable`
        /// compression ends a stream with libdeflate at `level`, which writes only whole streams,
        /// and flushes with zlib; `fast` does both with igzip.
        func compressed(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, final: Bool,
                        with compression: PNGCompression, level: Int32 = 1) throws(RenderError) -> UnsafeMutableRawBufferPointer {
            switch compression {
            case .fast:
                let output = output.reserve(IgzipStream.bound(count))
                let size = try igzip.compress(bytes, count: count, final: final, into: output)
                return UnsafeMutableRawBufferPointer(rebasing: output[..<size])
            case .portable:
                return final ? try finalBlocks(bytes, count: count, level: level) : try syncFlushed(bytes, count: count)
            }
        }

        /// `count` bytes as the final raw deflate blocks of a stream: libdeflate at `level`.
        private func finalBlocks(_ bytes: UnsafeMutablePointer<UInt8>, count: Int, level: Int32) throws(RenderError) -> UnsafeMutableRawBufferPointer {
            if libdeflate[level] == nil { libdeflate[level] = libdeflate_alloc_compressor(level) }
            guard let libdeflate = libdeflate[level] else { throw RenderError.compressorUnavailable(library: "libdeflate") }
            let capacity = libdeflate_deflate_compress_bound(libdeflate, count)
            let output = output.reserve(capacity)
            let size = libdeflate_deflate_compress(libdeflate, bytes, count, output.baseAddress, capacity)
            guard size > 0 else { throw RenderError.deflateFailed(count: count) }
            return UnsafeMutableRawBufferPointer(rebasing: output[..<size])
        }

        /// `rows` rows of `rowBytes` scanline bytes each as raw deflate blocks that end on a sync
        /// flush (zlib level 1, as `compressed(_:count:final: false, with: .portable)`), packed
        /// by `pack` (rows relative to the first, and where to put them) `pieceRows` at a time
        /// into `scratch` and compressed while they are still in cache, with their Adler-32.
        ///
        /// Not the whole part packed first and then read again: a third of a 1080×1920 frame is
        /// 2 MB of scanlines, more than a core's L2. The bytes are those of one call over all the
        /// rows: zlib decides nothing with fewer than MIN_LOOKAHEAD (262) bytes ahead of it
        /// unless it is flushing, and takes each piece up to that point before asking for more.
        func syncFlushed(rows: Int, rowBytes: Int, pieceRows: Int, scratch: UnsafeMutablePointer<UInt8>,
                         pack: (Range<Int>, UnsafeMutablePointer<UInt8>) -> Void) throws(RenderError)
            -> (bytes: UnsafeMutableRawBufferPointer, adler: UInt32) {
            let count = rows * rowBytes
            let stream = try zlibStream()
            let capacity = Int(deflateBound(stream, uLong(count))) + 64
            let output = output.reserve(capacity)
            stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.pointee.avail_out = uInt(capacity)
            var adler: UInt32 = 1
            var row = 0
            repeat {
                let piece = row..<min(rows, row + pieceRows)
                pack(piece, scratch)
                let pieceCount = piece.count * rowBytes
                adler = libdeflate_adler32(adler, scratch, pieceCount)
                stream.pointee.next_in = scratch
                stream.pointee.avail_in = uInt(pieceCount)
                let last = piece.upperBound == rows
                let status = deflate(stream, last ? Z_SYNC_FLUSH : Z_NO_FLUSH)
                guard status == Z_OK, stream.pointee.avail_in == 0, stream.pointee.avail_out > 0 else {
                    throw RenderError.zlibFailed(count: count, status: status)
                }
                row = piece.upperBound
            } while row < rows
            return (bytes: UnsafeMutableRawBufferPointer(rebasing: output[..<(capacity - Int(stream.pointee.avail_out))]), adler: adler)
        }

        /// `count` bytes as raw deflate blocks that end on a sync flush: zlib level 1.
        private func syncFlushed(_ bytes: UnsafeMutablePointer<UInt8>, count: Int) throws(RenderError) -> UnsafeMutableRawBufferPointer {
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

        /// The zlib stream, made on first use and reset for every later one.
        private func zlibStream() throws(RenderError) -> UnsafeMutablePointer<z_stream> {
            if let zlib {
                guard deflateReset(zlib) == Z_OK else { throw RenderError.zlibResetFailed }
                return zlib
            }
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            guard te_deflate_init_raw(stream, 1) == Z_OK else {
                stream.deallocate()
                throw RenderError.compressorUnavailable(library: "zlib")
            }
            zlib = stream
            return stream
        }

        deinit {
            for compressor in libdeflate.values { libdeflate_free_compressor(compressor) }
            if let zlib {
                deflateEnd(zlib)
                zlib.deallocate()
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

    func take(input capacity: Int) -> Set {
        lock.lock()
        let set = free.popLast()
        lock.unlock()
        let result = set ?? Set(input: capacity)
        result.reserveInput(capacity)
        return result
    }

    /// Makes `count` sets for `width` × `height` frames ahead of time, touching their memory, so
    /// the first frames do not wait for the system to map it; run it while layout happens.
    package func prepare(width: Int, height: Int, count: Int, opaque: Bool, oneOfMany: Bool) {
        for _ in 0..<count {
            // An opaque frame of many is packed over its own pixels (`PNGEncoding`): no scanline memory.
            let set = Set(input: opaque && oneOfMany ? 0 : (1 + width * 4) * height)
            set.warmUp(width: width, height: height, opaque: opaque, oneOfMany: oneOfMany)
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
