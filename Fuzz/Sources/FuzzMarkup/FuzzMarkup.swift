import Foundation
import RenderPipeline

/// One input: Pango markup, converted into spans (as a block's `markup` field) and laid out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    let markup = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let text = try? Text(markup: markup) else { return 0 }
    _ = TextLayout(text, options: LayoutOptions(width: 320))
    return 0
}
