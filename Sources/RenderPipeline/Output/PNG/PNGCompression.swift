/// Which DEFLATE compressor writes a PNG's pixels: the same bytes on every machine, or several
/// times quicker (`--png-compression`).
///
/// Both give the same pixels. `portable` is libdeflate at level 1 (level 2 for large frames,
/// `PNGWriter.libdeflateLevel`), plain C whose output is the same on every CPU. `fast` is
/// ISA-L's igzip at level 1: about 5× quicker to compress (a 1200×630 card in 0.7 ms against
/// 3.7 ms) and files about 15 % larger, but igzip has its own
/// code for each instruction set, and the bytes it writes are the same on every x86-64 machine
/// with SSE4.2 (every server since about 2010) and different on ARM64 and on x86-64 without
/// SSE4.2. So shards of one render joined across such machines are the same pixels, not the
/// same files.
package enum PNGCompression: String, CaseIterable, Sendable {
    case portable
    case fast
}
