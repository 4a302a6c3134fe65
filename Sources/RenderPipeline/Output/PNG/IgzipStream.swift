import CIsal

/// One ISA-L igzip compressor (level 1) and the level buffer it works in, reused for many
/// segments of raw DEFLATE data, each compressed from a fresh state.
///
/// A segment either ends on a sync flush (byte-aligned and not final, so more segments can
/// follow it in one stream) or ends the stream with its final block. igzip's level 1 on SSE4.2,
/// AVX2 and AVX-512 machines shares one algorithm and CRC-32C hash, so a segment's bytes are the
/// same on all of them (checked under QEMU's CPU models: see docs/performance.md); only a CPU
/// without SSE4.2 runs igzip's portable code, which hashes differently.
final class IgzipStream {
    /// The isal_zstream, kept untyped: a stored `UnsafeMutablePointer<isal_zstream>` (or a generic
    /// call such as `allocate(capacity:)` on one) makes Swift emit the C struct's type metadata, whose
    /// value witnesses for its large fixed arrays were ~235 KB of code in every debug build.
    private let storage: UnsafeMutableRawPointer
    private var stream: UnsafeMutablePointer<isal_zstream> { storage.assumingMemoryBound(to: isal_zstream.self) }
    private let levelBuffer: UnsafeMutableRawPointer
    private let levelBufferSize = Int(te_isal_level1_buffer_size)

    init() {
        // Zeroed raw memory bound to the type, as `allocate(capacity:)` and `initialize(to:
        // isal_zstream())` made it, without their generic calls (see `storage`).
        let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<isal_zstream>.size,
                                                   alignment: MemoryLayout<isal_zstream>.alignment)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<isal_zstream>.size)
        raw.bindMemory(to: isal_zstream.self, capacity: 1)
        storage = raw
        levelBuffer = .allocate(byteCount: levelBufferSize, alignment: 64)
        isal_deflate_init(stream)
        // Kept by isal_deflate_reset, which clears only the stream's state.
        stream.pointee.level = 1
        stream.pointee.level_buf = levelBuffer.assumingMemoryBound(to: UInt8.self)
        stream.pointee.level_buf_size = UInt32(levelBufferSize)
        stream.pointee.gzip_flag = UInt16(IGZIP_DEFLATE)
    }

    deinit {
        levelBuffer.deallocate()
        // Plain C data: nothing to deinitialize.
        storage.deallocate()
    }

    /// The most bytes a segment of `count` input bytes can take: igzip stores what does not
    /// compress in stored blocks (5 bytes of header per 64 KiB), plus its block headers and flush.
    static func bound(_ count: Int) -> Int {
        count + (count >> 12) + 5 * (count >> 16) + 1024
    }

    /// Compresses `count` bytes at `bytes` into `output` (at least `bound(count)` bytes) as one
    /// segment, final or ending on a sync flush, and returns how many bytes it took.
    func compress(_ bytes: UnsafePointer<UInt8>, count: Int, final: Bool, into output: UnsafeMutableRawBufferPointer) throws(RenderError) -> Int {
        guard count <= Int(UInt32.max), output.count >= Self.bound(count) else { throw RenderError.deflateFailed(count: count) }
        isal_deflate_reset(stream)
        stream.pointee.flush = UInt16(final ? NO_FLUSH : SYNC_FLUSH)
        stream.pointee.end_of_stream = final ? 1 : 0
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes)
        stream.pointee.avail_in = UInt32(count)
        stream.pointee.next_out = output.baseAddress!.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_out = UInt32(min(output.count, Int(UInt32.max)))
        let status = isal_deflate(stream)
        // With room to spare one call takes all input and flushes or ends the stream.
        let done = final ? stream.pointee.internal_state.state == ZSTATE_END : stream.pointee.internal_state.state == ZSTATE_NEW_HDR
        guard status == COMP_OK, stream.pointee.avail_in == 0, stream.pointee.avail_out > 0, done else {
            throw RenderError.igzipFailed(count: count, status: status)
        }
        return Int(stream.pointee.total_out)
    }
}
