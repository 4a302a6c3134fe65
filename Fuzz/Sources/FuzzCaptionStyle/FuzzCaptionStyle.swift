import Foundation
@_spi(Fuzzing) import RenderPipeline

/// Two cues, the first with word timings, so a style's karaoke and line settings are drawn.
private let captions = """
    WEBVTT

    00:00.000 --> 00:00.500
    Every word <00:00.100>lands <00:00.300>on time

    00:00.500 --> 00:01.000 line:0 align:start
    <b>second</b> cue, a longer line that wraps
    """

/// One input: a caption style file (`captions --style FILE`), decoded and, when valid, drawn on
/// a frame of each cue.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCaptionStyle(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    FuzzingEntryPoints.drawCaptionStyle(data, captions: captions, frames: [2, 7])
    return 0
}
