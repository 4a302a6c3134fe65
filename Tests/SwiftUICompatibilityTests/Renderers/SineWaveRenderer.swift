import RenderPipeline

/// Moves every glyph up or down along a sine wave that travels as `phase` changes.
///
/// The wavy-text pattern: each slice's vertical offset is a sine of its horizontal position,
/// applied with `translateBy` on a copy of the context; `phase` is the `animatableData`.
///
/// Asserted (`SineWaveRendererTests`): each glyph's ink moves by the wave's offset at its centre.
struct SineWaveRenderer: TextRenderer {
    var amplitude: CGFloat = 8
    var wavelength: CGFloat = 120
    var phase: Double = 0

    var animatableData: Double {
        get { phase }
        set { phase = newValue }
    }

    /// How far the wave moves a glyph whose typographic box is centred at `x`.
    func offset(atX x: CGFloat) -> CGFloat {
        amplitude * sin(phase + 2 * .pi * x / wavelength)
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            for run in line {
                for slice in run {
                    var copy = ctx
                    copy.translateBy(x: 0, y: offset(atX: slice.typographicBounds.rect.midX))
                    copy.draw(slice, options: .disablesSubpixelQuantization)
                }
            }
        }
    }
}
