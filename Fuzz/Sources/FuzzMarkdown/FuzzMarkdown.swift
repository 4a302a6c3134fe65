import Foundation
@_spi(Fuzzing) import RenderPipeline

/// One input: Markdown, converted to inline spans (as `Text(markdown:)`) and laid out as a
/// document (as a block's `markdown` field) in a narrow column.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let markdown = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    FuzzingEntryPoints.layOutMarkdown(markdown)
    return 0
}
