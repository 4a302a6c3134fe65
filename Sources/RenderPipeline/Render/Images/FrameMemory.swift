#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Zeroed memory for frame-sized buffers (a frame surface's pixels, a PNG's scanlines), mapped
/// on its own, aligned to 2 MB, and on Linux asked to be backed by transparent huge pages.
///
/// A 1080×1920 frame is 8 MB, which the kernel otherwise faults in as 2,025 pages of 4 KB on
/// first touch: ~4.7 ms of system time a buffer on the bench machine, against ~0.4 ms for four
/// 2 MB pages (Debian's default THP mode, `madvise`, gives them only to memory that asks). A
/// render keeps a surface and a scanline buffer per worker, so this is most of what its system
/// time was beyond the reference renderer's, and every later pass over the pixels takes fewer
/// TLB misses. Where the kernel gives no huge pages (THP off, memory fragmented) the mapping is
/// plain pages, as malloc's would be. The bytes stored are the same either way.
package enum FrameMemory {
    /// Smaller buffers come from malloc: less than one huge page gains nothing.
    package static let threshold = 2 << 20

    /// The huge page size the mapping is aligned to, so that whole 2 MB extents can be huge pages.
    static let alignment = 2 << 20

    /// `byteCount` zeroed bytes aligned to `alignment`, or nil when the system refuses the
    /// mapping (the caller then allocates as it otherwise would). Give them back with `deallocate`.
    package static func allocate(byteCount: Int) -> UnsafeMutableRawPointer? {
        guard byteCount > 0 else { return nil }
        let length = rounded(byteCount)
        // Over-map by one alignment and trim both ends, so the start is aligned on any kernel.
        let mapped = length + alignment
        guard let raw = mmap(nil, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              UInt(bitPattern: raw) != UInt.max else { return nil }
        let start = (UInt(bitPattern: raw) + UInt(alignment - 1)) & ~UInt(alignment - 1)
        let head = Int(start - UInt(bitPattern: raw))
        if head > 0 { munmap(raw, head) }
        let tail = mapped - head - length
        if tail > 0 { munmap(raw + head + length, tail) }
        let memory = raw + head
        #if os(Linux)
        // Advice only: a kernel without THP ignores it, and the memory is as good without.
        _ = madvise(memory, length, MADV_HUGEPAGE)
        #endif
        return memory
    }

    /// Unmaps memory `allocate(byteCount:)` returned for the same `byteCount`.
    package static func deallocate(_ memory: UnsafeMutableRawPointer, byteCount: Int) {
        munmap(memory, rounded(byteCount))
    }

    private static func rounded(_ byteCount: Int) -> Int {
        (byteCount + alignment - 1) / alignment * alignment
    }
}
