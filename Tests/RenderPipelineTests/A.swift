import Testing
import Foundation
import CPango
import CCairo
@testable import RenderPipeline

@Test func scratch() throws {
    let text = RichText(spans: [Span("Hello, world! Привет мир. 你好世界 office ffi", style: Style(font: FontDescriptor(family: "DejaVu Sans", size: 20)))])
    let options = LayoutOptions(width: 300)
    let layout = TextLayout(text, options: options)
    let surface = try ImageSurface(width: 300, height: 100)
    var ctx = GraphicsContext(surface: surface)
    ctx.fill(Path(CGRect(x: 0, y: 0, width: 300, height: 100)), with: .white)
    DefaultTextRenderer().draw(layout: layout, in: &ctx)
    try PNGWriter.write(surface, to: URL(fileURLWithPath: "/tmp/scratch.png"))
    let ref = try ImageSurface(width: 300, height: 100)
    PangoLayoutBuilder(text: text, options: options, fonts: .system).withPangoLayout { pl in
        let cr = cairo_create(ref.surface)!
        cairo_set_source_rgb(cr, 1, 1, 1); cairo_paint(cr); cairo_set_source_rgb(cr, 0, 0, 0)
        pango_cairo_show_layout(cr, pl)
        cairo_destroy(cr)
    }
    try PNGWriter.write(ref, to: URL(fileURLWithPath: "/tmp/ref.png"))
}
