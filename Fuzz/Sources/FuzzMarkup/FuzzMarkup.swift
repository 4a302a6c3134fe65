import Foundation
@_spi(Fuzzing) import RenderPipeline

/// One input: Pango markup, converted into spans (as a block's `markup` field) and laid out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let markup = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    FuzzingEntryPoints.layOutMarkup(markup)
    return 0
}
