import RenderPipeline

/// Turns and scales each line about the centre of its typographic box.
///
/// The animatable-renderer pattern with two values: `animatableData` is an `AnimatablePair` of
/// the angle in degrees and the scale, so SwiftUI animates both at once; `rotate(by: Angle)` and
/// `scaleBy` between two `translateBy` calls pivot about the centre.
///
/// Asserted (`SpinZoomRendererTests`): (0°, 1) is the plain text; (90°, 1) turns the ink box; (0°, 2)
/// doubles it.
struct SpinZoomRenderer: TextRenderer {
    var angle: Angle = .zero
    var scale: CGFloat = 1

    var animatableData: AnimatablePair<Double, CGFloat> {
        get { AnimatablePair(angle.degrees, scale) }
        set {
            angle = .degrees(newValue.first)
            scale = newValue.second
        }
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        for line in layout {
            let box = line.typographicBounds.rect
            var copy = ctx
            copy.translateBy(x: box.midX, y: box.midY)
            copy.rotate(by: angle)
            copy.scaleBy(x: scale, y: scale)
            copy.translateBy(x: -box.midX, y: -box.midY)
            copy.draw(line)
        }
    }
}
