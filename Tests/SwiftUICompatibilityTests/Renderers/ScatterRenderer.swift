import RenderPipeline

/// Scatters glyphs away from their places and fades them; `strength` 0 is the text as laid out.
///
/// The animatable-renderer pattern with a `Double` as `animatableData`: SwiftUI interpolates
/// `strength` between two renderers, and every in-between value is a valid frame. Each glyph's
/// direction is fixed by its index so frames agree.
///
/// Asserted (`ScatterRendererTests`): `animatableData` 0 is the plain text; 1 and 0.5 move each glyph
/// by that much of its displacement.
struct ScatterRenderer: TextRenderer {
    var strength: Double
    var distance: CGFloat = 12

    var animatableData: Double {
        get { strength }
        set { strength = newValue }
    }

    /// Where glyph `index` goes at full strength, relative to its place.
    func displacement(ofGlyph index: Int) -> CGSize {
        let angle = Angle.degrees(Double(index) * 137.5)
        return CGSize(width: distance * cos(angle.radians), height: distance * sin(angle.radians))
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        let slices = layout.flatMap { line in line }.flatMap { run in run }
        for (index, slice) in slices.enumerated() {
            let away = displacement(ofGlyph: index)
            var copy = ctx
            copy.translateBy(x: away.width * strength, y: away.height * strength)
            copy.opacity = 1 - 0.5 * strength
            copy.draw(slice, options: .disablesSubpixelQuantization)
        }
    }
}
