import Foundation
@_spi(Fuzzing) import RenderPipeline

/// One input: a caption file, read as each format in turn (SubRip, WebVTT, word-timings JSON)
/// and as the content says, as `texteffects captions` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCaptions(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    FuzzingEntryPoints.readCaptions(data)
    return 0
}
