import Foundation
import RenderPipeline

/// One input: a caption file, read as each format in turn (SubRip, WebVTT, word-timings JSON)
/// and as the content says, as `texteffects captions` reads it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCaptions(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    for format in [CaptionFormat.subRip, .webVTT, .wordTimings, nil] {
        _ = try? CaptionTrack(data: data, fileName: "fuzz", format: format)
    }
    return 0
}
