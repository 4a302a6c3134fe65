import RenderPipeline

/// Casts a soft coloured shadow down and to the right of every line.
///
/// The `.shadow(color:radius:x:y:)` filter pattern: added to a copy of the context, so each line
/// is drawn with its shadow under it.
///
/// Asserted (`LongShadowRendererTests`): the shadow lies down and right by the offset, under the text.
struct LongShadowRenderer: TextRenderer {
    var color: Color = .blue
    var radius: CGFloat = 2
    var offset = CGSize(width: 8, height: 8)

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        var copy = ctx
        copy.addFilter(.shadow(color: color, radius: radius, x: offset.width, y: offset.height))
        for line in layout {
            copy.draw(line)
        }
    }
}
