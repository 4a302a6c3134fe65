import RenderPipeline

/// Runs rise into place one after another, fading in and coming into focus, each on a spring.
///
/// The pattern of the appear transition in Apple's "Creating visual effects with SwiftUI": a
/// renderer driven by `elapsedTime` (its `animatableData`), a per-run delay, `Spring.value`
/// for the motion, `UnitCurve` for opacity and blur, and `.disablesSubpixelQuantization` while
/// glyphs move. A run whose time is up is drawn as it is laid out.
///
/// Asserted (`StaggeredAppearRendererTests`): run 0 shows before runs 1 and 2, rising from below; at
/// the end, the plain text byte for byte.
struct StaggeredAppearRenderer: TextRenderer {
    var elapsedTime: TimeInterval
    var runDuration: TimeInterval = 0.5
    var runDelay: TimeInterval = 0.25

    var animatableData: Double {
        get { elapsedTime }
        set { elapsedTime = newValue }
    }

    var spring: Spring { .snappy(duration: runDuration, extraBounce: 0.2) }

    /// When the last of `runCount` runs has finished appearing.
    func totalDuration(runCount: Int) -> TimeInterval {
        Double(max(runCount - 1, 0)) * runDelay + runDuration
    }

    func draw(layout: Text.Layout, in ctx: inout GraphicsContext) {
        let runs = layout.flatMap { line in line }
        for (index, run) in runs.enumerated() {
            let time = elapsedTime - Double(index) * runDelay
            if time >= runDuration {
                ctx.draw(run)
                continue
            }
            guard time > 0 else { continue }
            let progress = time / runDuration
            let bounds = run.typographicBounds
            var copy = ctx
            let rise = spring.value(fromValue: bounds.ascent / 2, toValue: 0, initialVelocity: 0, time: time)
            copy.translateBy(x: 0, y: rise)
            copy.opacity = UnitCurve.easeIn.value(at: min(1, progress * 1.5))
            copy.addFilter(.blur(radius: bounds.ascent / 10 * (1 - UnitCurve.easeOut.value(at: progress))))
            for slice in run {
                copy.draw(slice, options: .disablesSubpixelQuantization)
            }
        }
    }
}
